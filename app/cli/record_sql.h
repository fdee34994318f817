// What `mxi record` does about the app's SQL (docs/SQLITE.md): with --sql-log, log.tag.SQLiteTime
// VERBOSE and the app restarted (said), the SQLiteTime lines followed beside the recording, and the
// property put back when it ends — at its normal end, after Ctrl-C, and after a lost device (tried
// again for a few seconds; else the session's mark and the last line give the command that puts
// it back); at the end (unless --no-sql-check) the app's databases copied and checked with the
// statements seen (SQLiteTime lines, else the recording's SQL records from the agent's dbinfo polls,
// else one `dumpsys dbinfo` capture), into the session as SQLiteLint issues and marks saying what
// was not checked. It is a sink of the recorder's stream to see those records.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/agentlink/device_agent.h"
#include "core/agentlink/sqlite_time_log.h"
#include "core/base/cancel_token.h"
#include "core/live/record_sink.h"
#include "core/session/session_format.h"
#include "core/sqlitelint/statement.h"

namespace mxi::cli {

class RecordSql final : public core::live::RecordSink {
 public:
  RecordSql(core::agentlink::DeviceAgent& agent, std::string package, bool sqlLog, bool check, bool tty)
      : m_agent(agent), m_package(std::move(package)), m_sqlLog(sqlLog), m_check(check), m_tty(tty) {}

  bool following() const { return m_switch.has_value(); }
  // --sql-log: the property turned on and the app restarted, each said; nothing without it.
  core::Status begin();
  // --sql-log: the SQLiteTime lines, until the recording closes (a task beside the recording).
  void follow();
  // The recorder's closing step: the follower stopped, the property put back, the databases checked.
  std::vector<core::session::SessionRecord> closingStep(int64_t deviceNowNs, int32_t appPid, bool captured);
  // After the recording, whatever happened: the property put back if the closing step could not.
  void finish();

  // The recorder's stream: its kSqlOperation records kept as statements to check (on the
  // recorder's thread, as the closing step).
  core::Status open(const core::session::SessionHeader&) override { return core::okStatus(); }
  core::Status push(std::span<const core::session::SessionRecord> records) override;

 private:
  // Puts the property back, trying for a few seconds while the device cannot be reached; the
  // failure's text (with the command to run) when it could not.
  std::optional<std::string> restore();
  std::vector<core::session::SessionRecord> check(int64_t deviceNowNs, int32_t appPid);
  void say(const std::string& text) const;

  core::agentlink::DeviceAgent& m_agent;
  const std::string m_package;
  const bool m_sqlLog, m_check, m_tty;
  std::optional<core::agentlink::SqliteTimeSwitch> m_switch;
  std::optional<core::agentlink::SqliteTimeFollower> m_follower;
  core::CancelToken m_stopFollowing;
  bool m_restoreTried = false;
  std::vector<core::sqlitelint::LintStatement> m_recorded;
};

}  // namespace mxi::cli
