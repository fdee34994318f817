#include "core/sqlitelint/lint_run.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/sqlitelint/checkers.h"

namespace mxi::core::sqlitelint {

StatusOr<LintReport> lintDatabase(const LintDatabase& db, const std::vector<LintStatement>& statements,
                                  const LintOptions& options) {
  LintReport report;
  report.database = db.path();
  report.sqliteVersion = sqliteVersion();
  ASSIGN_OR_RETURN(const std::vector<TableInfo> tables, db.readSchema());
  const LintContext ctx{db.path(), &options.whitelist, options.nowMs};
  std::vector<LintIssue> issues;
  checkAutoIncrement(tables, ctx, issues);
  checkWithoutRowIdBetter(tables, ctx, issues);
  checkRedundantIndexes(tables, ctx, issues);

  std::map<std::string, size_t> shapeIndex;
  std::vector<ShapedStatement> shaped;
  for (const LintStatement& st : statements) {
    const std::string shape = statementShape(st.sql);
    if (shape.empty()) continue;
    auto [it, added] = shapeIndex.try_emplace(shape, report.statements.size());
    if (added) {
      report.statements.push_back({shape, 0, std::nullopt, std::nullopt, std::nullopt, {}});
      ShapedStatement s;
      s.sql = st.sql;
      s.shape = shape;
      s.facts = statementFacts(st.sql);
      shaped.push_back(std::move(s));
    }
    StatementSummary& sum = report.statements[it->second];
    ShapedStatement& s = shaped[it->second];
    ++sum.count;
    if (st.durationMs) {
      sum.totalMs = sum.totalMs.value_or(0) + *st.durationMs;
      sum.maxMs = std::max(sum.maxMs.value_or(0), *st.durationMs);
      s.timeCostMs = std::max<int64_t>(s.timeCostMs, std::llround(*st.durationMs));
    }
    if (st.mainThread) {
      sum.mainThread = sum.mainThread.value_or(false) || *st.mainThread;
      s.mainThread = s.mainThread || *st.mainThread;
    }
  }
  for (size_t i = 0; i < shaped.size(); ++i) {
    ShapedStatement& s = shaped[i];
    StatusOr<std::vector<PlanRow>> plan = db.explainQueryPlan(s.sql);
    if (!plan.ok()) {
      report.notChecked.push_back(
          {s.shape, "SQLite cannot prepare it against this schema: " + plan.status().message()});
      checkSelectAll(s, ctx, issues);
      continue;
    }
    s.plan = *plan;
    report.statements[i].plan = s.plan;
    checkQueryPlan(s, tables, ctx, issues);
    checkSelectAll(s, ctx, issues);
  }
  const bool anyTimed =
      std::any_of(statements.begin(), statements.end(), [](const LintStatement& st) { return st.timeMs.has_value(); });
  if (statements.empty()) {
    report.notChecked.push_back({"statements", "none given (--statements): only the schema was checked"});
  } else if (!anyTimed) {
    report.notChecked.push_back({kPreparedStatementBetterChecker,
                                 "no statement has the time it ran (SQLiteTime lines in -v threadtime give it)"});
  }
  checkPreparedStatementBetter(statements, ctx, issues);

  std::set<std::string> seen;
  for (LintIssue& issue : issues) {
    if (seen.insert(issue.id).second) report.issues.push_back(std::move(issue));
  }
  return report;
}

}  // namespace mxi::core::sqlitelint
