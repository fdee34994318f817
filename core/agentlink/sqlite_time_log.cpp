#include "core/agentlink/sqlite_time_log.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "core/adb/shell.h"
#include "core/sqlitelint/statement_readers.h"

namespace mxi::core::agentlink {

namespace {

std::string lineOf(const std::string& text, size_t index) {
  size_t start = 0;
  for (size_t i = 0; i < index; ++i) {
    start = text.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  std::string line = text.substr(start, text.find('\n', start) - start);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

}  // namespace

StatusOr<SqliteTimeSwitch> SqliteTimeSwitch::turnOn(adb::AdbDevice& device, const adb::IoLimits& limits) {
  const std::string property = kSqliteTimeProperty;
  ASSIGN_OR_RETURN(
      const adb::ShellResult r,
      adb::runShell(device, "getprop " + property + "; date +%s; setprop " + property + " VERBOSE", {}, limits));
  SqliteTimeSwitch s;
  s.m_previous = lineOf(r.out, 0);
  s.m_onAtSeconds = std::atoll(lineOf(r.out, 1).c_str());
  const std::string refused = lineOf(r.err.empty() ? r.out : r.err, r.err.empty() ? 2 : 0);
  if ((r.exitCode && *r.exitCode != 0) || !refused.empty() || s.m_onAtSeconds <= 0) {
    return ioError("cannot set " + property + " on the device (" +
                   (refused.empty() ? "setprop exited with " + std::to_string(r.exitCode.value_or(-1)) : refused) +
                   ")");
  }
  return s;
}

std::string SqliteTimeSwitch::restoreShellCommand() const {
  return std::string("setprop ") + kSqliteTimeProperty + " " + adb::shellQuote(m_previous);
}

std::string SqliteTimeSwitch::restoreAdbCommand(const std::string& serial) const {
  // The shell command goes through adb's own quoting once more: quoted again for the user's shell.
  return "adb -s " + adb::shellQuote(serial) + " shell " + adb::shellQuote(restoreShellCommand());
}

Status SqliteTimeSwitch::restore(adb::AdbDevice& device, const adb::IoLimits& limits) const {
  ASSIGN_OR_RETURN(const adb::ShellResult r, adb::runShell(device, restoreShellCommand(), {}, limits));
  if (r.exitCode && *r.exitCode != 0) {
    return ioError("setprop " + std::string(kSqliteTimeProperty) + " failed: " + lineOf(r.err + r.out, 0));
  }
  return okStatus();
}

void SqliteTimeFollower::takeLine(const std::string& line) {
  if (line.find("SQLiteTime") == std::string::npos) return;
  if (line.find("/" + m_package + "/") == std::string::npos) return;  // another app's database
  auto read = sqlitelint::readSqliteTimeLog(line, "logcat");
  if (read.empty()) return;
  std::lock_guard lock(m_mutex);
  sqlitelint::LintStatement& s = read.front();
  if (s.timeMs) {
    if (*s.timeMs < m_sinceMs) return;
    if (*s.timeMs == m_sinceMs && !m_linesAtSince.insert(line).second) return;  // read before a restart
    if (*s.timeMs > m_sinceMs) {
      m_sinceMs = *s.timeMs;
      m_linesAtSince = {line};
    }
  }
  s.source = "logcat:" + std::to_string(++m_lines);
  m_statements.push_back(std::move(s));
}

void SqliteTimeFollower::run(adb::AdbDevice& device, const CancelToken& stop) {
  // Reads wait in short slices for `stop`; a silent log for ten minutes starts a new stream.
  const adb::IoLimits limits{std::chrono::minutes(10), &stop};
  while (!stop.isCancelled()) {
    int64_t since = 0;
    {
      std::lock_guard lock(m_mutex);
      since = m_sinceMs;
    }
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "%lld.%03lld", static_cast<long long>(since / 1000),
                  static_cast<long long>(since % 1000));
    std::string pending;
    adb::ShellOptions options;
    options.onStdout = [&](std::string_view data) {
      pending.append(data);
      size_t nl = 0;
      while ((nl = pending.find('\n')) != std::string::npos) {
        takeLine(pending.substr(0, nl));
        pending.erase(0, nl + 1);
      }
    };
    options.onStderr = [](std::string_view) {};
    (void)adb::runShell(device, std::string("logcat -v threadtime -v epoch -T ") + stamp + " -s SQLiteTime:V", options,
                        limits);
    const auto retryAt = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!stop.isCancelled() && std::chrono::steady_clock::now() < retryAt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

std::vector<sqlitelint::LintStatement> SqliteTimeFollower::statements() const {
  std::lock_guard lock(m_mutex);
  return m_statements;
}

}  // namespace mxi::core::agentlink
