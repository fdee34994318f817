#include "device-agent/src/process_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace mxi::agent {

namespace {

using Clock = std::chrono::steady_clock;

core::StatusOr<pid_t> spawnWithStdout(const std::string& path, const std::vector<std::string>& args, int& readFd,
                                      StderrTo stderrTo = StderrTo::kNull) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return core::ioError(std::string("pipe: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  if (stderrTo == StderrTo::kOutput) {
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  }
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    return core::ioError("cannot run " + path + ": " + std::strerror(rc));
  }
  readFd = fds[0];
  return pid;
}

void killAndReap(pid_t pid) {
  kill(pid, SIGTERM);
  for (int i = 0; i < 50; ++i) {
    if (waitpid(pid, nullptr, WNOHANG) == pid) return;
    usleep(10'000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
}

}  // namespace

core::StatusOr<CommandResult> runCommand(const std::string& path, const std::vector<std::string>& args,
                                         std::chrono::milliseconds timeout, size_t maxOutputBytes, StderrTo stderrTo) {
  int fd = -1;
  ASSIGN_OR_RETURN(const pid_t pid, spawnWithStdout(path, args, fd, stderrTo));
  CommandResult result;
  const auto deadline = Clock::now() + timeout;
  char buf[65536];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      result.timedOut = true;
      break;
    }
    pollfd p{fd, POLLIN, 0};
    const int n = poll(&p, 1, static_cast<int>(left));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) continue;
    const ssize_t got = read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    const size_t room = maxOutputBytes - std::min(maxOutputBytes, result.output.size());
    result.output.append(buf, std::min(room, static_cast<size_t>(got)));
  }
  close(fd);
  if (result.timedOut) {
    killAndReap(pid);
    return result;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

ChildProcess::~ChildProcess() { stop(); }

core::Status ChildProcess::start(const std::string& path, const std::vector<std::string>& args) {
  stop();
  int fd = -1;
  ASSIGN_OR_RETURN(m_pid, spawnWithStdout(path, args, fd));
  m_fd = fd;
  fcntl(m_fd, F_SETFL, fcntl(m_fd, F_GETFL) | O_NONBLOCK);
  return core::okStatus();
}

void ChildProcess::stop() {
  if (m_fd >= 0) close(m_fd);
  m_fd = -1;
  if (m_pid > 0) killAndReap(m_pid);
  m_pid = -1;
}

bool ChildProcess::reapIfExited() {
  if (m_pid <= 0) return true;
  if (waitpid(m_pid, nullptr, WNOHANG) == m_pid) {
    m_pid = -1;
    return true;
  }
  return false;
}

}  // namespace mxi::agent
