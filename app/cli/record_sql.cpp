#include "app/cli/record_sql.h"

#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "core/adb/shell.h"
#include "core/agentlink/app_presence.h"
#include "core/agentlink/database_check.h"
#include "core/dbinfo/dbinfo_text.h"
#include "core/sqlitelint/dbinfo_statements.h"

namespace mxi::cli {

namespace agentlink = core::agentlink;

namespace {

constexpr auto kRestoreTrying = std::chrono::seconds(10);

int64_t epochMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void RecordSql::say(const std::string& text) const {
  std::fprintf(stderr, "%smxi record: %s\n", m_tty ? "\r\033[K" : "", text.c_str());
}

core::Status RecordSql::begin() {
  if (!m_sqlLog) return core::okStatus();
  core::adb::AdbDevice& device = m_agent.device();
  ASSIGN_OR_RETURN(agentlink::SqliteTimeSwitch on, agentlink::SqliteTimeSwitch::turnOn(device, m_agent.limits()));
  m_switch = on;
  m_follower.emplace(m_package, on.turnedOnAtSeconds());
  say(std::string("--sql-log: ") + agentlink::kSqliteTimeProperty + " is VERBOSE until the recording ends (it was '" +
      on.previous() + "'); restarting " + m_package +
      " so that it logs every statement (am force-stop, then its "
      "launcher activity)");
  ASSIGN_OR_RETURN(const core::adb::ShellResult stopped,
                   core::adb::runShell(device, "am force-stop " + m_package, {}, m_agent.limits()));
  if (stopped.exitCode.value_or(0) != 0) {
    return core::ioError("am force-stop " + m_package + " failed: " + stopped.err + stopped.out);
  }
  return agentlink::launchApp(device, m_package, m_agent.limits());
}

void RecordSql::follow() {
  if (m_follower) m_follower->run(m_agent.device(), m_stopFollowing);
}

std::optional<std::string> RecordSql::restore() {
  m_restoreTried = true;
  const auto giveUpAt = std::chrono::steady_clock::now() + kRestoreTrying;
  const core::adb::IoLimits limits{std::chrono::milliseconds(2000), nullptr};
  core::Status restored;
  for (;;) {
    restored = m_switch->restore(m_agent.device(), limits);
    if (restored.ok()) return std::nullopt;
    if (std::chrono::steady_clock::now() >= giveUpAt) break;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return std::string(agentlink::kSqliteTimeProperty) + " is still VERBOSE on the device (" + restored.message() +
         "): put it back with: " + m_switch->restoreAdbCommand(m_agent.device().serial());
}

std::vector<core::session::SessionRecord> RecordSql::closingStep(int64_t deviceNowNs, int32_t appPid, bool captured) {
  std::vector<core::session::SessionRecord> out;
  m_stopFollowing.cancel();
  if (m_switch) {
    if (const auto failed = restore()) {
      say(*failed);
      out.push_back(core::session::textRecord(core::session::RecordType::kMark, deviceNowNs, *failed));
    } else {
      say(std::string(agentlink::kSqliteTimeProperty) + " put back to '" + m_switch->previous() + "'");
    }
  }
  // A recording that captured nothing is not kept: nothing to add the check to.
  if (m_check && captured) {
    auto checked = check(deviceNowNs, appPid);
    out.insert(out.end(), checked.begin(), checked.end());
  }
  return out;
}

core::Status RecordSql::push(std::span<const core::session::SessionRecord> records) {
  for (const core::session::SessionRecord& r : records) {
    if (r.type != core::session::RecordType::kSqlOperation) continue;
    core::sqlitelint::LintStatement s;
    s.sql = r.sql.sql;
    if (r.sql.durationMs >= 0) s.durationMs = static_cast<double>(r.sql.durationMs);
    if (r.sql.wallClockMs != 0) s.timeMs = r.sql.wallClockMs;
    s.source = "dumpsys dbinfo " + r.sql.timeText;
    s.database = r.sql.dbPath;
    m_recorded.push_back(std::move(s));
  }
  return core::okStatus();
}

std::vector<core::session::SessionRecord> RecordSql::check(int64_t deviceNowNs, int32_t appPid) {
  core::adb::AdbDevice& device = m_agent.device();
  const core::adb::IoLimits limits{std::chrono::milliseconds(10000), nullptr};
  std::vector<core::sqlitelint::LintStatement> statements;
  if (m_follower) {
    statements = m_follower->statements();
  } else if (!m_recorded.empty()) {
    statements = m_recorded;
  } else if (auto dbinfo = core::adb::runShell(device, "dumpsys dbinfo " + m_package, {}, limits); dbinfo.ok()) {
    statements = core::sqlitelint::dbinfoStatements(core::dbinfo::parseDbinfo(dbinfo->out), "dumpsys dbinfo");
  }
  agentlink::DatabaseCheckOptions options;
  options.package = m_package;
  options.lint.nowMs = epochMs();
  std::string scratch = (std::filesystem::temp_directory_path() / "mxi-sqlcheck-XXXXXX").string();
  if (mkdtemp(scratch.data()) == nullptr) {
    agentlink::DatabaseCheck failed;
    failed.notChecked.push_back({agentlink::databasesOf(m_package), "no scratch folder for their copies: " + scratch});
    return agentlink::databaseCheckRecords(failed, deviceNowNs, appPid);
  }
  options.scratchDir = scratch;
  core::NullProgress progress;
  const core::CancelToken never;  // a few files copied and checked: Ctrl-C already ended the recording
  auto checked = agentlink::checkAppDatabases(device, statements, options, limits, progress, never);
  std::error_code ignored;
  std::filesystem::remove_all(scratch, ignored);
  agentlink::DatabaseCheck check;
  if (checked.ok()) {
    check = std::move(checked).value();
  } else {
    check.notChecked.push_back({agentlink::databasesOf(m_package), checked.status().message()});
  }
  std::string line = "SQLiteLint: " + std::to_string(check.issues.size()) + " issue(s) in " +
                     std::to_string(check.checked.size()) + " database(s) of " + m_package + " (" +
                     std::to_string(statements.size()) + " statement(s) seen)";
  for (const auto& n : check.notChecked) line += "; not checked: " + n.what + ": " + n.why;
  say(line);
  return agentlink::databaseCheckRecords(check, deviceNowNs, appPid);
}

void RecordSql::finish() {
  m_stopFollowing.cancel();
  if (!m_switch || m_restoreTried) return;
  if (const auto failed = restore()) say(*failed);
}

}  // namespace mxi::cli
