// Running programs from tests: one way for every test (mxi, adb, java, a browser), argv only (no
// shell, so build paths with spaces or dashes mean nothing), extra environment entries, stdout and
// stderr captured through files (a daemon that keeps a pipe open cannot hang a test).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace mxi::test {

// A whole file's bytes ("" when it cannot be read).
std::string readFile(const std::filesystem::path& path);

struct ProgramRun {
  int exitCode = -1;  // -1: did not start, killed, or died of a signal
  std::string out;    // stdout (and stderr, with RunOptions::mergeStderr)
  std::string err;
};

// Built as RunOptions().withEnv(…).mergingStderr() (designated initializers would make GCC warn
// about every field left out).
struct RunOptions {
  std::vector<std::string> env;             // KEY=VALUE on top of this process's environment; a later entry wins
  bool mergeStderr = false;                 // stderr into `out`, interleaved as written
  std::filesystem::path stdinFile;          // what the program reads on stdin (default /dev/null)
  std::function<void(pid_t)> whileRunning;  // called with the child's pid before it is waited for

  RunOptions withEnv(std::vector<std::string> entries) const {
    RunOptions o = *this;
    o.env = std::move(entries);
    return o;
  }
  RunOptions mergingStderr() const {
    RunOptions o = *this;
    o.mergeStderr = true;
    return o;
  }
  RunOptions readingStdin(std::filesystem::path file) const {
    RunOptions o = *this;
    o.stdinFile = std::move(file);
    return o;
  }
  RunOptions calling(std::function<void(pid_t)> whileChildRuns) const {
    RunOptions o = *this;
    o.whileRunning = std::move(whileChildRuns);
    return o;
  }
};

// A program left running (mxi devices --track, an adb server): its output so far can be read and
// waited for, and it is killed if it outlives wait()'s deadline or the object.
class RunningProgram {
 public:
  explicit RunningProgram(const std::vector<std::string>& argv, const RunOptions& options = {});
  ~RunningProgram();
  RunningProgram(const RunningProgram&) = delete;
  RunningProgram& operator=(const RunningProgram&) = delete;

  bool started() const { return m_pid > 0; }
  pid_t pid() const { return m_pid; }
  std::string output() const;  // stdout (with stderr when merged) so far
  std::string errorOutput() const;
  // Whether `text` appeared in output() within `timeout`.
  bool waitForOutput(const std::string& text, std::chrono::milliseconds timeout) const;
  // Whether output() came to satisfy `seen` within `timeout`.
  bool waitForOutput(const std::function<bool(const std::string&)>& seen, std::chrono::milliseconds timeout) const;
  // The exit code; -1 when it had to be killed at the deadline (or died of a signal).
  int wait(std::chrono::milliseconds timeout = std::chrono::milliseconds::max());

 private:
  pid_t m_pid = -1;
  std::string m_outPath, m_errPath;
};

// Runs argv to its end.
ProgramRun runProgram(const std::vector<std::string>& argv, const RunOptions& options = {});

}  // namespace mxi::test
