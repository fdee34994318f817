#include "tests/support/programs.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace mxi::test {

namespace {

std::string keyOf(const std::string& entry) { return entry.substr(0, entry.find('=')); }

// This process's environment with `extra` on top; a later entry of `extra` wins over an earlier one.
std::vector<std::string> environmentWith(const std::vector<std::string>& extra) {
  std::vector<std::string> out;
  auto setByExtra = [&](const std::string& key, size_t from) {
    for (size_t j = from; j < extra.size(); ++j) {
      if (keyOf(extra[j]) == key) return true;
    }
    return false;
  };
  for (char** e = environ; *e != nullptr; ++e) {
    if (!setByExtra(keyOf(*e), 0)) out.emplace_back(*e);
  }
  for (size_t i = 0; i < extra.size(); ++i) {
    if (!setByExtra(keyOf(extra[i]), i + 1)) out.push_back(extra[i]);
  }
  return out;
}

std::string temporaryFile(int& fd) {
  char path[] = "/tmp/mxi-test-output-XXXXXX";
  fd = mkstemp(path);
  return fd < 0 ? std::string() : std::string(path);
}

std::vector<char*> pointersTo(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

RunningProgram::RunningProgram(const std::vector<std::string>& argv, const RunOptions& options) {
  int outFd = -1, errFd = -1;
  m_outPath = temporaryFile(outFd);
  if (!options.mergeStderr) m_errPath = temporaryFile(errFd);
  if (outFd < 0 || (!options.mergeStderr && errFd < 0)) {
    if (outFd >= 0) ::close(outFd);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, outFd, 1);
  posix_spawn_file_actions_adddup2(&actions, options.mergeStderr ? outFd : errFd, 2);
  const std::string input = options.stdinFile.empty() ? "/dev/null" : options.stdinFile.string();
  posix_spawn_file_actions_addopen(&actions, 0, input.c_str(), O_RDONLY, 0);
  std::vector<std::string> args = argv;
  std::vector<std::string> env = environmentWith(options.env);
  auto cargv = pointersTo(args);
  auto cenv = pointersTo(env);
  pid_t pid = 0;
  if (!args.empty() && posix_spawnp(&pid, cargv[0], &actions, nullptr, cargv.data(), cenv.data()) == 0) m_pid = pid;
  posix_spawn_file_actions_destroy(&actions);
  ::close(outFd);
  if (errFd >= 0) ::close(errFd);
}

RunningProgram::~RunningProgram() {
  if (m_pid > 0) wait(std::chrono::milliseconds(0));
  if (!m_outPath.empty()) ::unlink(m_outPath.c_str());
  if (!m_errPath.empty()) ::unlink(m_errPath.c_str());
}

std::string RunningProgram::output() const { return readFile(m_outPath); }

std::string RunningProgram::errorOutput() const { return m_errPath.empty() ? std::string() : readFile(m_errPath); }

bool RunningProgram::waitForOutput(const std::string& text, std::chrono::milliseconds timeout) const {
  return waitForOutput([&](const std::string& output) { return output.find(text) != std::string::npos; }, timeout);
}

bool RunningProgram::waitForOutput(const std::function<bool(const std::string&)>& seen,
                                   std::chrono::milliseconds timeout) const {
  const auto end = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (seen(output())) return true;
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

int RunningProgram::wait(std::chrono::milliseconds timeout) {
  if (m_pid <= 0) return -1;
  const bool forever = timeout == std::chrono::milliseconds::max();
  const auto end = std::chrono::steady_clock::now() + (forever ? std::chrono::milliseconds(0) : timeout);
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(m_pid, &status, forever ? 0 : WNOHANG);
    if (done == m_pid) break;
    if (done < 0 && errno != EINTR) return -1;
    if (!forever && done == 0 && std::chrono::steady_clock::now() >= end) {
      ::kill(m_pid, SIGKILL);  // past its deadline: never leave a test waiting
      while (waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
      }
      m_pid = -1;
      return -1;
    }
    if (!forever && done == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  m_pid = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

ProgramRun runProgram(const std::vector<std::string>& argv, const RunOptions& options) {
  RunningProgram program(argv, options);
  ProgramRun run;
  if (!program.started()) return run;
  if (options.whileRunning) options.whileRunning(program.pid());
  run.exitCode = program.wait();
  run.out = program.output();
  run.err = program.errorOutput();
  return run;
}

}  // namespace mxi::test
