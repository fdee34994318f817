// Runs the agent's tools (dumpsys, logcat, am, ps, ...) by explicit path with posix_spawn: Android
// has no /bin/sh, and a shell would let arguments become commands. Never system()/popen().
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace mxi::agent {

struct CommandResult {
  int exitCode = -1;  // -1 when killed by a signal or timed out
  bool timedOut = false;
  std::string output;  // stdout (and stderr with StderrTo::kOutput; else it goes to /dev/null)
};

enum class StderrTo { kNull, kOutput };

// Runs `path argv...` with no shell, collects stdout up to `maxOutputBytes`, kills the child when
// it outlives `timeout`.
core::StatusOr<CommandResult> runCommand(const std::string& path, const std::vector<std::string>& args,
                                         std::chrono::milliseconds timeout, size_t maxOutputBytes = 16u << 20,
                                         StderrTo stderrTo = StderrTo::kNull);

// A long-running child whose stdout the caller reads (logcat -f style followers).
class ChildProcess {
 public:
  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  core::Status start(const std::string& path, const std::vector<std::string>& args);
  // Terminates (SIGTERM, then SIGKILL) and reaps the child.
  void stop();
  bool running() const { return m_pid > 0; }
  int stdoutFd() const { return m_fd; }
  // Reaps the child if it exited; returns true when it is gone.
  bool reapIfExited();

 private:
  pid_t m_pid = -1;
  int m_fd = -1;
};

}  // namespace mxi::agent
