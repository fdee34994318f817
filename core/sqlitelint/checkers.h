// Matrix SQLiteLint's six checkers (matrix-sqlite-lint/src/checker), rewritten over our schema,
// statement facts and plan rows. Each appends its issues; whitelisted targets are skipped as
// Matrix skips them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/sqlitelint/lint_database.h"
#include "core/sqlitelint/lint_issue.h"
#include "core/sqlitelint/statement.h"
#include "core/sqlitelint/whitelist.h"

namespace mxi::core::sqlitelint {

struct LintContext {
  std::string dbPath;
  const Whitelist* whitelist = nullptr;
  int64_t nowMs = 0;  // createTime of every issue
};

// One distinct statement shape with what was learned of its runs.
struct ShapedStatement {
  std::string sql;    // the first run's SQL
  std::string shape;  // statementShape(sql)
  StatementFacts facts;
  std::vector<PlanRow> plan;
  int64_t timeCostMs = 0;   // the slowest run, rounded, as Matrix's `long sqlTimeCost`
  bool mainThread = false;  // any run was on the main thread
};

// Matrix's identity of a statement: its wildcard form when literals were inlined, else its SQL.
std::string statementIdentity(const ShapedStatement& s);

// Type 4: a CREATE TABLE with AUTOINCREMENT.
void checkAutoIncrement(const std::vector<TableInfo>& tables, const LintContext& ctx, std::vector<LintIssue>& out);
// Type 6: a non-integer or composite PRIMARY KEY and no TEXT or BLOB column besides it.
void checkWithoutRowIdBetter(const std::vector<TableInfo>& tables, const LintContext& ctx, std::vector<LintIssue>& out);
// Type 8: an index whose columns lead another index of the same table (PK autoindexes included).
void checkRedundantIndexes(const std::vector<TableInfo>& tables, const LintContext& ctx, std::vector<LintIssue>& out);
// Type 5: `SELECT *`.
void checkSelectAll(const ShapedStatement& s, const LintContext& ctx, std::vector<LintIssue>& out);
// Types 1–3 for a SELECT: a scanned table with a WHERE (not a virtual table's own index, e.g.
// FTS MATCH), a temp B-tree for ORDER BY / GROUP BY / DISTINCT, and 1–3 WHERE columns of a
// searched table that the index used does not cover.
void checkQueryPlan(const ShapedStatement& s, const std::vector<TableInfo>& tables, const LintContext& ctx,
                    std::vector<LintIssue>& out);
// Type 7: statements with inlined literals and no bound parameter, the same shape run 3+ times
// in a row less than 100 ms apart. Statements without timeMs are not considered.
void checkPreparedStatementBetter(const std::vector<LintStatement>& statements, const LintContext& ctx,
                                  std::vector<LintIssue>& out);

}  // namespace mxi::core::sqlitelint
