// shell (v1 and v2) and exec: a /bin/sh -c child in the sandbox with <root>/bin first on PATH.
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "core/adb/shell.h"
#include "core/adb/shell_protocol.h"
#include "tests/device-sim/sim_services.h"

extern char** environ;

namespace mxi::sim {

using core::adb::AdbStream;
using core::adb::encodeShellPacket;
using core::adb::IoLimits;
using core::adb::ShellPacketId;

namespace {
// abb arguments are NUL-separated; they become a `cmd` command line (the simulated tool).
std::string abbCommand(const std::string& args) {
  std::string out = "cmd";
  size_t i = 0;
  while (i <= args.size()) {
    size_t nul = args.find('\0', i);
    if (nul == std::string::npos) nul = args.size();
    if (nul > i) out += " " + core::adb::shellQuote(args.substr(i, nul - i));
    i = nul + 1;
  }
  return out;
}
}  // namespace

bool parseShellService(const std::string& service, ShellRequest& out) {
  if (service.rfind("abb_exec:", 0) == 0) {
    out.command = abbCommand(service.substr(9));
    return true;
  }
  if (service.rfind("abb:", 0) == 0) {
    out.command = abbCommand(service.substr(4));
    out.v2 = true;
    return true;
  }
  if (service.rfind("exec:", 0) == 0) {
    out.command = service.substr(5);
    return true;
  }
  if (service.rfind("shell", 0) != 0) return false;
  const size_t colon = service.find(':');
  if (colon == std::string::npos) return false;
  const std::string args = service.substr(5, colon - 5);  // ",v2,TERM=x,raw" or ""
  out.command = service.substr(colon + 1);
  out.pty = out.command.empty();  // adbd: interactive shells get a pty unless told "raw"
  size_t i = 0;
  while (i < args.size()) {
    size_t comma = args.find(',', i);
    if (comma == std::string::npos) comma = args.size();
    const std::string arg = args.substr(i, comma - i);
    if (arg == "v2")
      out.v2 = true;
    else if (arg == "raw")
      out.pty = false;
    else if (arg == "pty")
      out.pty = true;
    else if (arg.rfind("TERM=", 0) == 0)
      out.term = arg.substr(5);
    i = comma + 1;
  }
  return true;
}

namespace {

std::mutex g_childrenMutex;
std::set<pid_t> g_children;  // running shell commands, killed when the simulator exits

void trackChild(pid_t pid, bool running) {
  std::lock_guard lock(g_childrenMutex);
  if (running)
    g_children.insert(pid);
  else
    g_children.erase(pid);
}

constexpr IoLimits kStreamLimits{std::chrono::milliseconds(60000), nullptr};

// Everything the child needs, built before fork(): between fork and exec a multi-threaded
// process may only make async-signal-safe calls (no malloc, no setenv).
struct ChildLaunch {
  std::string root;
  std::vector<std::string> env;
  std::vector<std::string> args;
  std::vector<char*> envp;
  std::vector<char*> argv;
  bool newProcessGroup = false;

  ChildLaunch(const SimContext& ctx, const ShellRequest& request) : root(ctx.root), newProcessGroup(!request.pty) {
    const std::string command = runAsOnThePhone(rewriteDevicePaths(ctx, request.command), ctx.root, ctx.abi);
    args = command.empty() ? std::vector<std::string>{"sh", "-i"} : std::vector<std::string>{"sh", "-c", command};
    const char* hostPath = std::getenv("PATH");
    const std::map<std::string, std::string> overrides = {
        {"PATH", ctx.root + "/bin:" + ctx.root + "/system/bin:" + (hostPath ? hostPath : "/usr/bin:/bin")},
        {"MXI_SIM_ROOT", ctx.root},
        {"MXI_SIM_ABI", ctx.abi.name},  // the simulated tools' getprop and uname
        {"ANDROID_SERIAL", ctx.serial},
        {"ANDROID_DATA", ctx.root + "/data"},
        {"EXTERNAL_STORAGE", ctx.root + "/sdcard"},
        {"TMPDIR", ctx.root + "/data/local/tmp"},
        {"HOME", ctx.root},
        {"TERM", request.term.empty() ? std::string(std::getenv("TERM") ? std::getenv("TERM") : "dumb") : request.term},
    };
    for (char** e = environ; *e != nullptr; ++e) {
      const std::string entry = *e;
      if (overrides.count(entry.substr(0, entry.find('='))) == 0) env.push_back(entry);
    }
    for (const auto& [key, value] : overrides) env.push_back(key + "=" + value);
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
  }

  // In the child, after the descriptors are in place.
  [[noreturn]] void exec() const {
    if (newProcessGroup) setpgid(0, 0);  // forkpty already made a new session
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &dfl, nullptr);  // the simulator ignores it; commands must not
    if (chdir(root.c_str()) != 0) _exit(127);
    execve("/bin/sh", argv.data(), envp.data());
    _exit(127);
  }
};

int waitChild(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 255;
}

// Reads host → device data: v2 packets to stdin (or EOF on close-stdin), raw bytes otherwise.
void pumpStdin(AdbStream& stream, int stdinFd, bool v2, std::atomic<bool>& hostGone, const std::atomic<bool>& reaped,
               pid_t child) {
  core::adb::ShellPacketParser parser;
  char buffer[64 * 1024];
  for (;;) {
    auto n = stream.read(buffer, sizeof buffer, IoLimits{std::chrono::milliseconds(0), nullptr});
    if (!n.ok() || *n == 0) break;
    if (!v2) {
      if (stdinFd >= 0 && write(stdinFd, buffer, *n) < 0) {
        close(stdinFd);
        stdinFd = -1;
      }
      continue;
    }
    if (!parser.feed(std::string_view(buffer, *n)).ok()) break;
    while (auto p = parser.next()) {
      if (p->id == ShellPacketId::kStdin && stdinFd >= 0) {
        if (write(stdinFd, p->data.data(), p->data.size()) < 0) {
          close(stdinFd);
          stdinFd = -1;
        }
      } else if (p->id == ShellPacketId::kCloseStdin && stdinFd >= 0) {
        close(stdinFd);
        stdinFd = -1;
      }
    }
  }
  if (stdinFd >= 0) close(stdinFd);
  // The host closed the stream: like adbd, hang up on the command.
  if (!reaped) {
    hostGone = true;
    kill(-child, SIGHUP);
  }
}

}  // namespace

void killShellChildren() {
  std::lock_guard lock(g_childrenMutex);
  for (pid_t pid : g_children) kill(-pid, SIGKILL);
}

void runShellService(std::shared_ptr<AdbStream> stream, ShellRequest request, const SimContext& ctx) {
  int inPipe[2] = {-1, -1}, outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1};
  int ptyMaster = -1;
  pid_t pid = -1;
  const ChildLaunch launch(ctx, request);
  if (request.pty) {
    pid = forkpty(&ptyMaster, nullptr, nullptr, nullptr);
    if (pid == 0) {
      launch.exec();
    }
  } else {
    if (pipe2(inPipe, O_CLOEXEC) != 0 || pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0) return;
    pid = fork();
    if (pid == 0) {
      dup2(inPipe[0], 0);
      dup2(outPipe[1], 1);
      // v1 and exec merge stderr into the one stream, as adbd does without the shell protocol.
      dup2(request.v2 ? errPipe[1] : outPipe[1], 2);
      launch.exec();
    }
    close(inPipe[0]);
    close(outPipe[1]);
    close(errPipe[1]);
  }
  if (pid < 0) return;
  trackChild(pid, true);
  const int stdinFd = request.pty ? dup(ptyMaster) : inPipe[1];
  std::atomic<bool> hostGone{false};
  std::atomic<bool> reaped{false};
  std::thread input([&stream, stdinFd, v2 = request.v2, &hostGone, &reaped, pid] {
    pumpStdin(*stream, stdinFd, v2, hostGone, reaped, pid);
  });

  pollfd fds[2] = {{request.pty ? ptyMaster : outPipe[0], POLLIN, 0}, {request.pty ? -1 : errPipe[0], POLLIN, 0}};
  char buffer[64 * 1024];
  bool writeFailed = false;
  while ((fds[0].fd >= 0 || fds[1].fd >= 0) && !writeFailed) {
    if (poll(fds, 2, 100) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {  // EOF (a pty reports EIO once the child is gone)
        close(fds[i].fd);
        fds[i].fd = -1;
        continue;
      }
      const std::string_view data(buffer, static_cast<size_t>(n));
      const auto s =
          request.v2 ? stream->write(encodeShellPacket(i == 0 ? ShellPacketId::kStdout : ShellPacketId::kStderr, data),
                                     kStreamLimits)
                     : stream->write(data, kStreamLimits);
      if (!s.ok()) writeFailed = true;
    }
  }
  for (auto& f : fds) {
    if (f.fd >= 0) close(f.fd);
  }
  if (writeFailed) kill(-pid, SIGHUP);
  const int code = waitChild(pid);
  trackChild(pid, false);
  reaped = true;
  if (request.v2 && !writeFailed && !hostGone) {
    (void)stream->write(encodeShellPacket(ShellPacketId::kExit, std::string(1, static_cast<char>(code & 0xff))),
                        kStreamLimits);
  }
  stream->close();  // also ends pumpStdin's read
  input.join();
}

}  // namespace mxi::sim
