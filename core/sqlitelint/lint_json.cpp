#include "core/sqlitelint/lint_json.h"

namespace mxi::core::sqlitelint {

namespace {

template <typename T>
nlohmann::ordered_json orNull(const std::optional<T>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

}  // namespace

nlohmann::ordered_json planToJson(const std::vector<PlanRow>& plan) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const PlanRow& r : plan) rows.push_back({{"id", r.id}, {"parent", r.parent}, {"detail", r.detail}});
  return rows;
}

nlohmann::ordered_json issueToJson(const LintIssue& i) {
  nlohmann::ordered_json content = {{"id", i.id},
                                    {"dbPath", i.dbPath},
                                    {"level", static_cast<int>(i.level)},
                                    {"type", static_cast<int>(i.type)},
                                    {"sql", i.sql},
                                    {"table", i.table},
                                    {"desc", i.desc},
                                    {"detail", i.detail},
                                    {"advice", i.advice},
                                    {"createTime", i.createTime},
                                    {"sqlTimeCost", i.sqlTimeCost},
                                    {"isInMainThread", i.isInMainThread},
                                    {"stack", i.stack},
                                    {"shape", i.shape},
                                    {"plan", planToJson(i.plan)}};
  return {{"tag", "SQLiteLint"}, {"type", static_cast<int>(i.type)}, {"checker", i.checker}, {"content", content}};
}

nlohmann::ordered_json lintReportToJson(const LintReport& report) {
  nlohmann::ordered_json issues = nlohmann::ordered_json::array();
  for (const LintIssue& i : report.issues) issues.push_back(issueToJson(i));
  nlohmann::ordered_json statements = nlohmann::ordered_json::array();
  for (const StatementSummary& s : report.statements) {
    statements.push_back({{"shape", s.shape},
                          {"count", s.count},
                          {"totalMs", orNull(s.totalMs)},
                          {"maxMs", orNull(s.maxMs)},
                          {"mainThread", orNull(s.mainThread)},
                          {"plan", planToJson(s.plan)}});
  }
  nlohmann::ordered_json notChecked = nlohmann::ordered_json::array();
  for (const NotChecked& n : report.notChecked) notChecked.push_back({{"what", n.what}, {"why", n.why}});
  return {{"database", report.database},
          {"sqliteVersion", report.sqliteVersion},
          {"issues", issues},
          {"statements", statements},
          {"notChecked", notChecked}};
}

}  // namespace mxi::core::sqlitelint
