// -countMethod (Matrix task 4): per dex, the method ids of the app's own classes (internal) and
// of classes it only references (external: the framework, arrays), grouped by package (default)
// or by class (`--group class`), names deobfuscated through the mapping. The counting is
// core/dex's countMethods (docs/APK.md says how it differs from Matrix's).
#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"
#include "core/dex/method_count.h"

namespace mxi::core::apkcheck {

namespace {

nlohmann::ordered_json counted(const std::vector<dex::GroupCount>& groups) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const dex::GroupCount& g : groups) list.push_back({{"name", g.name}, {"methods", g.methods}});
  return list;
}

}  // namespace

void methodCountTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  out.error = dexErrors(in);
  out.countUnit = "methods";
  const bool byClass = param(params, "--group", "package") == "class";
  dex::CountOptions options;
  options.group = byClass ? dex::CountGroup::kClass : dex::CountGroup::kPackage;
  options.mapping = in.mapping.get();
  const dex::MethodCountReport report = dex::countMethods(in.dexes, options);
  nlohmann::ordered_json dexFiles = nlohmann::ordered_json::array();
  size_t i = 0;
  for (const DexEntry& d : in.dexFiles) {
    if (d.parsed < 0) continue;
    const dex::DexMethodCount& c = report.dexes[i++];
    nlohmann::ordered_json item;
    item["dex-file"] = d.name;
    item[byClass ? "internal-classes" : "internal-packages"] = counted(c.internal);
    item["total-internal-classes"] = c.internalClasses;
    item["total-internal-methods"] = c.internalMethods;
    item[byClass ? "external-classes" : "external-packages"] = counted(c.external);
    item["total-external-classes"] = c.externalClasses;
    item["total-external-methods"] = c.externalMethods;
    dexFiles.push_back(std::move(item));
    out.findings.push_back({d.name, c.internalMethods,
                            std::to_string(c.methodIds) + " method ids: " + std::to_string(c.internalMethods) +
                                " of the app's " + std::to_string(c.internalClasses) + " classes, " +
                                std::to_string(c.externalMethods) + " of " + std::to_string(c.externalClasses) +
                                " other classes" + (c.methodIds > 65536 ? " (over the 64K limit)" : "")});
  }
  out.fields["dex-files"] = std::move(dexFiles);
  out.verdict = std::to_string(report.total.methodIds) + " method ids in " + std::to_string(report.dexes.size()) +
                " dex files, " + std::to_string(report.total.internalMethods) + " of the app's own classes";
}

}  // namespace mxi::core::apkcheck
