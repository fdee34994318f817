#include "core/sqlitelint/live_issues.h"

#include "core/sqlitelint/statement.h"

namespace mxi::core::sqlitelint {

std::optional<AutomaticIndex> parseAutomaticIndex(std::string_view message) {
  constexpr std::string_view kOn = "automatic index on ";
  const size_t at = message.find(kOn);
  if (at == std::string_view::npos) return std::nullopt;
  const std::string_view rest = message.substr(at + kOn.size());
  const size_t open = rest.find('(');
  const size_t close = rest.rfind(')');
  if (open == 0 || open == std::string_view::npos || close == std::string_view::npos || close < open + 2) {
    return std::nullopt;
  }
  return AutomaticIndex{std::string(rest.substr(0, open)), std::string(rest.substr(open + 1, close - open - 1))};
}

std::optional<LintIssue> LiveIssues::operation(const std::string& dbPath, const std::string& sql, int64_t durationMs,
                                               int64_t timeMs) {
  if (m_slowMs <= 0 || durationMs < m_slowMs) return std::nullopt;  // 0: no slow-statement issues
  LintIssue i;
  i.shape = statementShape(sql);
  i.id = issueId(dbPath, kSlowStatementChecker, i.shape);
  if (!m_raised.insert(i.id).second) return std::nullopt;
  i.dbPath = dbPath;
  i.level = IssueLevel::kWarning;
  i.type = static_cast<IssueType>(kSlowStatementType);
  i.sql = sql;
  i.desc = "A statement took " + std::to_string(durationMs) + " ms (the slow threshold is " + std::to_string(m_slowMs) +
           " ms)";
  i.detail = "dumpsys dbinfo recorded " + std::to_string(durationMs) + " ms for: " + i.shape +
             ". It does not say on which thread; on the main thread this blocks drawing for that long.";
  i.advice =
      "Run it off the main thread, and check its plan (mxi sqlite lint DB --statements) for a table scan or "
      "a temporary B-tree an index would avoid.";
  i.createTime = timeMs;
  i.sqlTimeCost = durationMs;
  i.checker = kSlowStatementChecker;
  return i;
}

std::optional<LintIssue> LiveIssues::sqliteLog(std::string_view message, int64_t timeMs) {
  const auto index = parseAutomaticIndex(message);
  if (!index) return std::nullopt;
  const std::string identity = index->table + "(" + index->columns + ")";
  LintIssue i;
  i.id = issueId("", kAutomaticIndexChecker, identity);
  if (!m_raised.insert(i.id).second) return std::nullopt;
  i.level = IssueLevel::kWarning;
  i.type = static_cast<IssueType>(kAutomaticIndexType);
  i.table = index->table;
  i.desc = "SQLite built a temporary index on " + identity + " for a query";
  i.detail = std::string(message) +
             ": a query filters or joins on these columns and no index covers them, so SQLite indexed the table "
             "each time the query ran.";
  i.advice = "CREATE INDEX ON " + identity + " (or an index the query's WHERE/JOIN columns lead with).";
  i.createTime = timeMs;
  i.checker = kAutomaticIndexChecker;
  return i;
}

nlohmann::ordered_json liveIssueContent(const LintIssue& i) {
  nlohmann::ordered_json content = {{"id", i.id},
                                    {"dbPath", i.dbPath},
                                    {"level", static_cast<int>(i.level)},
                                    {"type", static_cast<int>(i.type)},
                                    {"checker", i.checker},
                                    {"sql", i.sql},
                                    {"table", i.table},
                                    {"desc", i.desc},
                                    {"detail", i.detail},
                                    {"advice", i.advice},
                                    {"createTime", i.createTime}};
  if (i.sqlTimeCost > 0 || i.type == static_cast<IssueType>(kSlowStatementType)) content["sqlTimeCost"] = i.sqlTimeCost;
  if (!i.shape.empty()) content["shape"] = i.shape;
  return content;
}

}  // namespace mxi::core::sqlitelint
