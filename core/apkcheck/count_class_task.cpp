// -countClass (Matrix task 15): the classes each dex defines, grouped by package (Matrix's only
// grouping), names deobfuscated through the mapping; counted by core/dex's countClasses.
#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"
#include "core/dex/method_count.h"

namespace mxi::core::apkcheck {

void countClassTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  out.error = dexErrors(in);
  out.countUnit = "classes";
  const dex::ClassCountReport report = dex::countClasses(in.dexes, in.mapping.get());
  nlohmann::ordered_json dexFiles = nlohmann::ordered_json::array();
  size_t i = 0;
  for (const DexEntry& d : in.dexFiles) {
    if (d.parsed < 0) continue;
    const dex::DexClassCount& c = report.dexes[i++];
    nlohmann::ordered_json packages = nlohmann::ordered_json::array();
    for (const dex::PackageClasses& p : c.packages)
      packages.push_back({{"package", p.package}, {"classes", p.classes}});
    dexFiles.push_back({{"dex-file", d.name}, {"packages", std::move(packages)}});
    out.findings.push_back(
        {d.name, c.classes,
         std::to_string(c.classes) + " classes in " + std::to_string(c.packages.size()) + " packages"});
  }
  out.fields["dex-files"] = std::move(dexFiles);
  out.verdict = std::to_string(report.classes) + " classes in " + std::to_string(report.dexes.size()) + " dex files";
}

}  // namespace mxi::core::apkcheck
