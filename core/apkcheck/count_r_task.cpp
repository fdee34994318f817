// -countR (Matrix task 9): the R classes (R and its R$type inner classes, counted together under
// the outer class's name) with their fields. Every field is a constant R8 can inline and drop.
#include <algorithm>
#include <map>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"

namespace mxi::core::apkcheck {

void countRTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  out.error = dexErrors(in);
  out.countUnit = "fields";
  std::map<std::string, uint64_t> fields;  // "com.example.R" → fields of R and R$*
  for (const DexEntry& d : in.dexFiles) {
    if (!d.dex.ok()) continue;
    for (const dex::DexClassDef& c : d.dex->classes) {
      if (c.classIndex >= d.dex->types.size()) continue;
      const std::string name = in.className(d.dex->types[c.classIndex]);
      const std::string outer = name.substr(0, name.find('$'));
      if (outer != "R" && !outer.ends_with(".R")) continue;
      fields[outer] += uint64_t(c.staticFields) + c.instanceFields;
    }
  }
  std::vector<std::pair<std::string, uint64_t>> sorted(fields.begin(), fields.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  nlohmann::ordered_json classes = nlohmann::ordered_json::array();
  uint64_t total = 0;
  for (const auto& [name, n] : sorted) {
    classes.push_back({{"name", name}, {"field-count", n}});
    out.findings.push_back({name, n, std::to_string(n) + " fields"});
    total += n;
  }
  out.fields["R-count"] = sorted.size();
  out.fields["Field-counts"] = total;
  out.fields["R-classes"] = std::move(classes);
  out.verdict = std::to_string(sorted.size()) + " R classes with " + std::to_string(total) + " fields";
}

}  // namespace mxi::core::apkcheck
