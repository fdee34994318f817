// `mxi record --sql-log` (docs/SQLITE.md "SQLiteTime"): `log.tag.SQLiteTime` set to VERBOSE for
// the recording, so a process started afterwards logs every statement with its time and thread
// (SQLiteDebug.DEBUG_SQL_TIME is read once, when the process loads the class: the app must be
// restarted, which the caller says and does), and the previous value put back at the end — also
// after Ctrl-C or a lost device, or else the command that restores it is said. The lines are
// read on the desktop from their own logcat stream: the agent forwards only what it parses
// (Matrix issues, StrictMode, am_anr), and SQLiteTime lines are the desktop's to read.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "core/adb/adb_device.h"
#include "core/base/cancel_token.h"
#include "core/base/status.h"
#include "core/sqlitelint/statement.h"

namespace mxi::core::agentlink {

inline constexpr const char* kSqliteTimeProperty = "log.tag.SQLiteTime";

// The property turned on, remembering what it was.
class SqliteTimeSwitch {
 public:
  // One shell call: the previous value (getprop), the device's clock (date +%s, where the log
  // stream starts) and setprop VERBOSE. setprop's refusal is the error.
  static StatusOr<SqliteTimeSwitch> turnOn(adb::AdbDevice& device, const adb::IoLimits& limits);

  const std::string& previous() const { return m_previous; }
  // The device's clock when the property was set, in seconds since the epoch.
  int64_t turnedOnAtSeconds() const { return m_onAtSeconds; }
  // `setprop log.tag.SQLiteTime PREVIOUS` (an empty value when it was unset: as unset for
  // Log.isLoggable, which then uses the default INFO).
  std::string restoreShellCommand() const;
  // What the user runs when it could not be restored: "adb -s SERIAL shell setprop log.tag.SQLiteTime ''".
  std::string restoreAdbCommand(const std::string& serial) const;
  Status restore(adb::AdbDevice& device, const adb::IoLimits& limits) const;

 private:
  std::string m_previous;
  int64_t m_onAtSeconds = 0;
};

// The app's SQLiteTime lines, read from `logcat -v threadtime -v epoch -T SINCE -s SQLiteTime:V`
// while the recording runs (its own stream beside the agent's). Lines of other apps (every app
// started after the property was set logs them) are told apart by the database path, which holds
// the package (/data/user/N/PKG/… or /data/data/PKG/…).
class SqliteTimeFollower {
 public:
  SqliteTimeFollower(std::string package, int64_t sinceSeconds)
      : m_package(std::move(package)), m_sinceMs(sinceSeconds * 1000) {}

  // Follows until `stop` fires. A lost link or a logcat that ends is followed again a second later
  // from the newest line read (lines of that millisecond already read are not taken twice).
  void run(adb::AdbDevice& device, const CancelToken& stop);

  // Thread-safe: the statements read so far, oldest first.
  std::vector<sqlitelint::LintStatement> statements() const;

  // Exposed for tests: takes one logcat line.
  void takeLine(const std::string& line);

 private:
  std::string m_package;
  mutable std::mutex m_mutex;
  std::vector<sqlitelint::LintStatement> m_statements;
  int64_t m_sinceMs = 0;                 // where the next stream starts
  std::set<std::string> m_linesAtSince;  // the lines read in that millisecond
  size_t m_lines = 0;
};

}  // namespace mxi::core::agentlink
