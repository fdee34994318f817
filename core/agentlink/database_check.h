// The app's databases checked with Matrix SQLiteLint's six checkers (docs/SQLITE.md), at the end
// of `mxi record` and on request from the live view (synchronous, with progress and cancel: run it
// off the UI thread). The databases are copied (app_databases.h) and each is linted with the
// statements that ran on it — from whatever source the caller has: SQLiteTime lines
// (`--sql-log`), a `dumpsys dbinfo` capture, the recording's SQL records. The issues become the
// session's ordinary issue records (tag `SQLiteLint`, Matrix's type, key and content, once per
// Matrix id), and what could not be checked becomes marks that say why.
#pragma once

#include <string>
#include <vector>

#include "core/agentlink/app_databases.h"
#include "core/session/session_format.h"
#include "core/sqlitelint/lint_issue.h"
#include "core/sqlitelint/lint_run.h"
#include "core/sqlitelint/statement.h"

namespace mxi::core::agentlink {

struct DatabaseCheckOptions {
  std::string package;
  std::string scratchDir;  // the copies go here (it must exist; the caller removes it)
  sqlitelint::LintOptions lint;
};

struct DatabaseCheck {
  std::vector<std::string> checked;           // the databases linted, by file name
  std::vector<sqlitelint::LintIssue> issues;  // once per Matrix id, database by database
  std::vector<sqlitelint::NotChecked> notChecked;
};

// A Status error only when the device cannot be reached or `cancel` fired.
StatusOr<DatabaseCheck> checkAppDatabases(adb::AdbDevice& device,
                                          const std::vector<sqlitelint::LintStatement>& statements,
                                          const DatabaseCheckOptions& options, const adb::IoLimits& limits,
                                          ProgressSink& progress, const CancelToken& cancel);

// The statements that ran on the database `name` (a file name under databases/): those whose
// database is a path ending in "/databases/NAME", and those whose database is unknown.
std::vector<sqlitelint::LintStatement> statementsOn(const std::vector<sqlitelint::LintStatement>& statements,
                                                    const std::string& name);

// The session records of a check, all at `timeNs`: an issue record per issue (logged by `pid`),
// then a mark per thing not checked ("SQLiteLint: not checked: WHAT: WHY").
std::vector<session::SessionRecord> databaseCheckRecords(const DatabaseCheck& check, int64_t timeNs, int32_t pid);

}  // namespace mxi::core::agentlink
