// One lint run: the schema checkers over the database, then each distinct statement shape
// explained and checked, the timed statements checked for PreparedStatementBetter, and a table
// of the statements by shape. Issues with equal ids (Matrix's dedupe key) are reported once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/sqlitelint/lint_database.h"
#include "core/sqlitelint/lint_issue.h"
#include "core/sqlitelint/statement.h"
#include "core/sqlitelint/whitelist.h"

namespace mxi::core::sqlitelint {

struct StatementSummary {
  std::string shape;
  int count = 0;
  std::optional<double> totalMs;  // over the runs whose time is known
  std::optional<double> maxMs;
  std::optional<bool> mainThread;  // true if any run was on the main thread; unknown if no run says
  std::vector<PlanRow> plan;
};

struct NotChecked {
  std::string what;
  std::string why;
};

struct LintReport {
  std::string database;
  std::string sqliteVersion;
  std::vector<LintIssue> issues;
  std::vector<StatementSummary> statements;  // in order of first run
  std::vector<NotChecked> notChecked;
};

struct LintOptions {
  Whitelist whitelist;
  int64_t nowMs = 0;  // every issue's createTime
};

StatusOr<LintReport> lintDatabase(const LintDatabase& db, const std::vector<LintStatement>& statements,
                                  const LintOptions& options);

}  // namespace mxi::core::sqlitelint
