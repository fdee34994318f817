// The JSON view of a lint run (`mxi sqlite lint --format json`):
// {"database","sqliteVersion","issues":[{"tag":"SQLiteLint","type","checker","content":{Matrix's
// SQLiteLintIssue fields,"shape","plan"}}],"statements":[{"shape","count","totalMs","maxMs",
// "mainThread","plan":[…]}],"notChecked":[{"what","why"}]}. Unknown values are null.
#pragma once

#include <nlohmann/json.hpp>

#include "core/sqlitelint/lint_run.h"

namespace mxi::core::sqlitelint {

nlohmann::ordered_json planToJson(const std::vector<PlanRow>& plan);
nlohmann::ordered_json issueToJson(const LintIssue& issue);
nlohmann::ordered_json lintReportToJson(const LintReport& report);

}  // namespace mxi::core::sqlitelint
