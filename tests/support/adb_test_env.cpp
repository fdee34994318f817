#include "tests/support/adb_test_env.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include <openssl/evp.h>
#include <poll.h>
#include <sys/un.h>

#include "tests/support/test_paths.h"

extern char** environ;

namespace mxi::test {

namespace {

std::string simPath() {
  if (const char* env = std::getenv("MXI_DEVICE_SIM")) return env;
  const std::string built = build::deviceSim();
  return built.empty() ? "mxi-device-sim" : built;
}

}  // namespace

uint16_t freeTcpPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

bool adbAvailable() { return runProgram({"adb", "version"}).exitCode == 0; }

void writePatternFile(const std::filesystem::path& path, uint64_t size, uint32_t seed) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  std::string block(1 << 20, '\0');
  uint32_t x = seed | 1;
  for (uint64_t written = 0; written < size;) {
    for (size_t i = 0; i < block.size(); i += 4) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      std::memcpy(block.data() + i, &x, 4);
    }
    const size_t n = static_cast<size_t>(std::min<uint64_t>(block.size(), size - written));
    out.write(block.data(), static_cast<std::streamsize>(n));
    written += n;
  }
}

std::string sha256File(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
  std::string block(1 << 20, '\0');
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    EVP_DigestUpdate(ctx, block.data(), static_cast<size_t>(in.gcount()));
  }
  unsigned char digest[32];
  unsigned int length = 0;
  EVP_DigestFinal_ex(ctx, digest, &length);
  EVP_MD_CTX_free(ctx);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

AbstractEchoServer::AbstractEchoServer(std::string name) : m_name(std::move(name)) {
  m_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path + 1, m_name.data(), m_name.size());
  const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + m_name.size());
  if (::bind(m_fd, reinterpret_cast<sockaddr*>(&addr), len) != 0 || ::listen(m_fd, 64) != 0 || pipe(m_stopPipe) != 0) {
    ::close(m_fd);
    m_fd = -1;
    return;
  }
  m_thread = std::thread([this] {
    std::vector<std::thread> clients;
    for (;;) {
      pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_stopPipe[0], POLLIN, 0}};
      if (::poll(fds, 2, -1) <= 0) continue;
      if (fds[1].revents != 0) break;
      const int c = ::accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
      if (c < 0) continue;
      clients.emplace_back([c, stop = m_stopPipe[0]] {
        char buffer[65536];
        for (;;) {
          pollfd p[2] = {{c, POLLIN, 0}, {stop, POLLIN, 0}};
          if (::poll(p, 2, -1) <= 0 || p[1].revents != 0) break;
          const ssize_t n = ::read(c, buffer, sizeof buffer);
          if (n <= 0) break;
          ssize_t done = 0;
          while (done < n) {
            const ssize_t w = ::write(c, buffer + done, static_cast<size_t>(n - done));
            if (w <= 0) break;
            done += w;
          }
        }
        ::close(c);
      });
    }
    for (auto& t : clients) t.join();
  });
}

AbstractEchoServer::~AbstractEchoServer() {
  if (m_stopPipe[1] >= 0) (void)::write(m_stopPipe[1], "x", 1);
  if (m_thread.joinable()) m_thread.join();
  if (m_fd >= 0) ::close(m_fd);
  for (int fd : m_stopPipe) {
    if (fd >= 0) ::close(fd);
  }
}

SimProcess::SimProcess(std::vector<std::string> args, std::filesystem::path root, std::string program) {
  static int counter = 0;
  const std::string name = "device-sim-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  if (root.empty()) root = scratchDir(name);
  m_root = root;
  m_logFile = scratchDir(name + "-log") / "sim.log";
  std::vector<std::string> argv = {program.empty() ? simPath() : program, "--port", "0", "--root", m_root.string()};
  for (auto& a : args) argv.push_back(a);
  int pipeFds[2];
  if (pipe(pipeFds) != 0) return;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, m_logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const int rc = posix_spawn(&m_pid, cargv[0], &actions, nullptr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipeFds[1]);
  if (rc != 0) {
    m_pid = -1;
    close(pipeFds[0]);
    return;
  }
  std::string out;
  char c;
  while (read(pipeFds[0], &c, 1) == 1) {
    if (c != '\n') {
      out += c;
      continue;
    }
    const std::string prefix = "listening on 127.0.0.1:";
    if (out.rfind(prefix, 0) == 0) {
      m_port = static_cast<uint16_t>(std::stoi(out.substr(prefix.size())));
      break;
    }
    out.clear();
  }
  close(pipeFds[0]);  // the simulator ignores SIGPIPE; later lines are not needed
}

SimProcess::~SimProcess() { stop(); }

void SimProcess::stop() {
  if (m_pid <= 0) return;
  ::kill(m_pid, SIGTERM);
  int status = 0;
  for (int i = 0; i < 50; ++i) {
    if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
      m_pid = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(m_pid, SIGKILL);
  waitpid(m_pid, &status, 0);
  m_pid = -1;
}

std::string SimProcess::log() const { return readFile(m_logFile); }

PrivateAdbServer::PrivateAdbServer() {
  m_port = freeTcpPort();
  m_home = scratchDir("adb-home-" + std::to_string(m_port));
  std::filesystem::create_directories(m_home / ".android");
  m_started = adb({"start-server"}).exitCode == 0;
}

PrivateAdbServer::~PrivateAdbServer() { kill(); }

void PrivateAdbServer::kill() {
  if (!m_started) return;
  adb({"kill-server"});
  m_started = false;
  // `kill-server` can lose a race with a server still starting under load; a server left behind
  // would keep clients (a `devices --track`) waiting for ever. Its command line names the port.
  const std::string port = "tcp:" + std::to_string(m_port);
  for (int attempt = 0; attempt < 20; ++attempt) {
    bool found = false;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
      const std::string cmdline = readFile(e.path() / "cmdline");
      if (cmdline.find("fork-server") == std::string::npos || cmdline.find(port + '\0') == std::string::npos) continue;
      found = true;
      ::kill(std::atoi(e.path().filename().c_str()), SIGKILL);
    }
    if (!found) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

std::vector<std::string> PrivateAdbServer::environment() const {
  return {"HOME=" + m_home.string(), "ADB_SERVER_SOCKET=" + socketSpec(),
          "ANDROID_ADB_SERVER_PORT=" + std::to_string(m_port), "ANDROID_SERIAL="};
}

ProgramRun PrivateAdbServer::adb(const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {"adb", "-P", std::to_string(m_port)};
  argv.insert(argv.end(), args.begin(), args.end());
  return runProgram(argv, RunOptions().withEnv({"HOME=" + m_home.string()}).mergingStderr());
}

bool PrivateAdbServer::connect(const SimProcess& sim) const {
  if (adb({"connect", sim.hostPort()}).out.find("connected to") == std::string::npos) return false;
  for (int i = 0; i < 100; ++i) {
    if (adb({"-s", sim.hostPort(), "get-state"}).out.find("device") != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

}  // namespace mxi::test
