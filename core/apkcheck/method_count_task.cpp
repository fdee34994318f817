// -countMethod (Matrix task 4): per dex, the method ids of classes the dex defines (internal)
// and of classes it only references (external: the framework, other dex files), grouped by
// package (default) or by class (`--group class`), names deobfuscated through the mapping.
// As Matrix, classes in no package and array types are not counted.
#include <algorithm>
#include <map>
#include <unordered_set>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"

namespace mxi::core::apkcheck {

namespace {

nlohmann::ordered_json counted(const std::map<std::string, uint64_t>& counts) {
  std::vector<std::pair<std::string, uint64_t>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& [name, methods] : sorted) list.push_back({{"name", name}, {"methods", methods}});
  return list;
}

uint64_t sum(const std::map<std::string, uint64_t>& counts) {
  uint64_t total = 0;
  for (const auto& [name, n] : counts) total += n;
  return total;
}

std::map<std::string, uint64_t> byPackage(const std::map<std::string, uint64_t>& byClass) {
  std::map<std::string, uint64_t> out;
  for (const auto& [name, n] : byClass) out[packageOf(name)] += n;
  return out;
}

}  // namespace

void methodCountTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const bool byClass = param(params, "--group", "package") == "class";
  out.error = dexErrors(in);
  out.countUnit = "methods";
  nlohmann::ordered_json dexFiles = nlohmann::ordered_json::array();
  uint64_t allMethods = 0;
  for (const DexEntry& d : in.dexFiles) {
    if (!d.dex.ok()) continue;
    const dex::DexFile& dex = *d.dex;
    std::unordered_set<uint32_t> defined;
    for (const dex::DexClassDef& c : dex.classes) defined.insert(c.classIndex);
    std::map<std::string, uint64_t> internal, external;
    for (const dex::DexMethodId& m : dex.methods) {
      if (m.classIndex >= dex.types.size()) continue;
      const std::string& descriptor = dex.types[m.classIndex];
      if (!descriptor.starts_with('L')) continue;  // methods of arrays (clone) belong to no class
      const std::string name = in.className(descriptor);
      if (name.find('.') == std::string::npos) continue;
      (defined.contains(m.classIndex) ? internal : external)[name] += 1;
    }
    nlohmann::ordered_json item;
    item["dex-file"] = d.name;
    if (byClass) {
      item["internal-classes"] = counted(internal);
    } else {
      item["internal-packages"] = counted(byPackage(internal));
    }
    item["total-internal-classes"] = internal.size();
    item["total-internal-methods"] = sum(internal);
    if (byClass) {
      item["external-classes"] = counted(external);
    } else {
      item["external-packages"] = counted(byPackage(external));
    }
    item["total-external-classes"] = external.size();
    item["total-external-methods"] = sum(external);
    dexFiles.push_back(std::move(item));
    out.findings.push_back({d.name, sum(internal),
                            std::to_string(dex.methods.size()) + " method ids: " + std::to_string(sum(internal)) +
                                " in " + std::to_string(internal.size()) + " classes defined here, " +
                                std::to_string(sum(external)) + " referenced in " + std::to_string(external.size()) +
                                " other classes"});
    allMethods += dex.methods.size();
  }
  out.fields["dex-files"] = std::move(dexFiles);
  out.verdict = std::to_string(allMethods) + " method ids in " + std::to_string(out.findings.size()) + " dex files" +
                (allMethods > 65536 * out.findings.size() ? " (over 64K per dex)" : "");
}

}  // namespace mxi::core::apkcheck
