// -countR (Matrix task 9): the R classes (R and its R$type inner classes, counted together under
// the outer class's name) with their fields, from core/dex's countClasses. Every field is a
// constant R8 can inline and drop.
#include <algorithm>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/dex_errors.h"
#include "core/dex/method_count.h"

namespace mxi::core::apkcheck {

void countRTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  out.error = dexErrors(in);
  out.countUnit = "fields";
  std::vector<dex::RClassCount> rClasses = dex::countClasses(in.dexes, in.mapping.get()).rClasses;
  std::stable_sort(rClasses.begin(), rClasses.end(),
                   [](const dex::RClassCount& a, const dex::RClassCount& b) { return a.fields > b.fields; });
  nlohmann::ordered_json classes = nlohmann::ordered_json::array();
  uint64_t total = 0;
  for (const dex::RClassCount& r : rClasses) {
    classes.push_back({{"name", r.name}, {"field-count", r.fields}});
    out.findings.push_back({r.name, r.fields, std::to_string(r.fields) + " fields"});
    total += r.fields;
  }
  out.fields["R-count"] = rClasses.size();
  out.fields["Field-counts"] = total;
  out.fields["R-classes"] = std::move(classes);
  out.verdict = std::to_string(rClasses.size()) + " R classes with " + std::to_string(total) + " fields";
}

}  // namespace mxi::core::apkcheck
