// The one `logcat -v threadtime -v epoch -b main -b events -T <since>` the agent follows while a
// collector reads the log (Matrix issues, am_anr, StrictMode, Activity destroys): its child
// process, the partial line between two reads, and the newest line's time, where a logcat that
// died is followed again from.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/base/status.h"
#include "device-agent/src/logcat_parser.h"
#include "device-agent/src/process_runner.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

// Where logcat starts: the client's resume point, or now; never in the future and at most a day
// back (the logcat ring buffers hold far less).
uint64_t clampLogSince(uint64_t requestedMs, uint64_t nowMs);

class LogcatFollower {
 public:
  // `text` is the whole line (without its line end), `line` its parse; false: stop reading.
  using OnLine = std::function<bool(std::string_view text, const LogLine& line)>;

  // Follows the log from `sinceMs` (device wall clock, ms since the epoch).
  core::Status start(const ToolBox& tools, uint64_t sinceMs);
  void stop();
  bool running() const { return m_logcat.running(); }
  int fd() const { return m_logcat.stdoutFd(); }
  // True when logcat exited (buffer cleared, killed): the caller follows again from lastLineMs().
  bool exited() { return m_logcat.running() && m_logcat.reapIfExited(); }
  uint64_t lastLineMs() const { return m_lastLineMs; }
  // Reads what logcat wrote so far; `onLine` for each line that parses.
  void read(const OnLine& onLine);

 private:
  ChildProcess m_logcat;
  std::string m_buffer;
  uint64_t m_lastLineMs = 0;  // newest line's time: where a restarted logcat resumes
};

}  // namespace mxi::agent
