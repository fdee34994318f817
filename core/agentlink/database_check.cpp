#include "core/agentlink/database_check.h"

#include <set>

#include "core/agentlink/issue_record.h"
#include "core/json/json_writer.h"
#include "core/sqlitelint/lint_database.h"
#include "core/sqlitelint/lint_json.h"

namespace mxi::core::agentlink {

std::vector<sqlitelint::LintStatement> statementsOn(const std::vector<sqlitelint::LintStatement>& statements,
                                                    const std::string& name) {
  std::vector<sqlitelint::LintStatement> out;
  for (const sqlitelint::LintStatement& s : statements) {
    if (s.database.empty() || s.database.ends_with("/databases/" + name)) out.push_back(s);
  }
  return out;
}

namespace {

// The path the app opened the database by (its statements' label), else the one Context.getDatabasePath gives.
std::string devicePath(const std::vector<sqlitelint::LintStatement>& statements, const std::string& package,
                       const std::string& name) {
  for (const sqlitelint::LintStatement& s : statements) {
    if (s.database.ends_with("/databases/" + name)) return s.database;
  }
  return "/data/user/0/" + package + "/databases/" + name;
}

}  // namespace

StatusOr<DatabaseCheck> checkAppDatabases(adb::AdbDevice& device,
                                          const std::vector<sqlitelint::LintStatement>& statements,
                                          const DatabaseCheckOptions& options, const adb::IoLimits& limits,
                                          ProgressSink& progress, const CancelToken& cancel) {
  ASSIGN_OR_RETURN(DatabaseCopy copy,
                   copyAppDatabases(device, options.package, options.scratchDir, limits, progress, cancel));
  DatabaseCheck check;
  check.notChecked = std::move(copy.notCopied);
  std::set<std::string> ids;
  for (size_t i = 0; i < copy.databases.size(); ++i) {
    if (cancel.isCancelled() ||
        !progress.report("checking the app's databases", static_cast<int>(i * 1000 / copy.databases.size()))) {
      return cancelled();
    }
    const CopiedDatabase& copied = copy.databases[i];
    auto db = sqlitelint::LintDatabase::open(copied.localPath);
    // A corrupt or encrypted file ("file is not a database"): said for that file, the others go on.
    if (!db.ok()) {
      check.notChecked.push_back({copied.name, db.status().message()});
      continue;
    }
    auto report = sqlitelint::lintDatabase(*db, statementsOn(statements, copied.name), options.lint);
    if (!report.ok()) {
      check.notChecked.push_back({copied.name, report.status().message()});
      continue;
    }
    check.checked.push_back(copied.name);
    // Matrix's dbPath is where the app keeps it (the id counts only the file name, so it is the same).
    const std::string onDevice = devicePath(statements, options.package, copied.name);
    for (sqlitelint::LintIssue& issue : report->issues) {
      issue.dbPath = onDevice;
      if (ids.insert(issue.id).second) check.issues.push_back(std::move(issue));
    }
    for (sqlitelint::NotChecked& n : report->notChecked) {
      // lintDatabase words this for `mxi sqlite lint --statements`; a recording has another way.
      if (n.what == "statements")
        n.why = "none seen (mxi record --sql-log logs every one): only its schema was checked";
      check.notChecked.push_back({copied.name + ": " + n.what, std::move(n.why)});
    }
  }
  // Statements on databases that were not copied (gone, outside databases/, in memory): said once each.
  std::set<std::string> elsewhere;
  for (const sqlitelint::LintStatement& s : statements) {
    if (s.database.empty()) continue;
    bool onCopy = false;
    for (const CopiedDatabase& copied : copy.databases)
      onCopy = onCopy || s.database.ends_with("/databases/" + copied.name);
    if (!onCopy && elsewhere.insert(s.database).second) {
      check.notChecked.push_back(
          {s.database, "statements ran on it, but run-as copied no such file from the app's databases/"});
    }
  }
  progress.report("checking the app's databases", ProgressSink::kMax);
  return check;
}

std::vector<session::SessionRecord> databaseCheckRecords(const DatabaseCheck& check, int64_t timeNs, int32_t pid) {
  std::vector<session::SessionRecord> out;
  for (const sqlitelint::LintIssue& issue : check.issues) {
    protocol::MatrixIssue matrix;
    matrix.tag = "SQLiteLint";
    matrix.type = static_cast<int32_t>(issue.type);
    matrix.key = issue.id;
    matrix.pid = pid;
    matrix.logTimeMs = static_cast<uint64_t>(issue.createTime);
    matrix.kind = protocol::IssueKind::kSqlite;
    nlohmann::ordered_json content = sqlitelint::issueToJson(issue)["content"];
    content["checker"] = issue.checker;
    matrix.contentJson = json::dumpJson(content);
    out.push_back(session::textRecord(session::RecordType::kIssue, timeNs, issueRecordJson(matrix)));
  }
  for (const sqlitelint::NotChecked& n : check.notChecked) {
    out.push_back(
        session::textRecord(session::RecordType::kMark, timeNs, "SQLiteLint: not checked: " + n.what + ": " + n.why));
  }
  return out;
}

}  // namespace mxi::core::agentlink
