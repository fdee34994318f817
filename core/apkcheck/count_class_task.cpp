// -countClass (Matrix task 15): the classes each dex defines, grouped by package (Matrix's only
// grouping), names deobfuscated through the mapping.
#include <map>
#include <set>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"

namespace mxi::core::apkcheck {

void countClassTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  out.error = dexErrors(in);
  out.countUnit = "classes";
  nlohmann::ordered_json dexFiles = nlohmann::ordered_json::array();
  uint64_t total = 0;
  for (const DexEntry& d : in.dexFiles) {
    if (!d.dex.ok()) continue;
    const dex::DexFile& dex = *d.dex;
    std::map<std::string, std::set<std::string>> packages;
    for (const dex::DexClassDef& c : dex.classes) {
      if (c.classIndex >= dex.types.size()) continue;
      const std::string name = in.className(dex.types[c.classIndex]);
      packages[packageOf(name)].insert(name);
    }
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& [package, classes] : packages) list.push_back({{"package", package}, {"classes", classes}});
    dexFiles.push_back({{"dex-file", d.name}, {"packages", std::move(list)}});
    out.findings.push_back(
        {d.name, dex.classes.size(),
         std::to_string(dex.classes.size()) + " classes in " + std::to_string(packages.size()) + " packages"});
    total += dex.classes.size();
  }
  out.fields["dex-files"] = std::move(dexFiles);
  out.verdict = std::to_string(total) + " classes in " + std::to_string(out.findings.size()) + " dex files";
}

}  // namespace mxi::core::apkcheck
