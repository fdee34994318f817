// Test helpers: start the real mxi-agent binary against the simulated tools and talk to it over
// its abstract socket with the protocol codec.
#pragma once

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/protocol/frame_codec.h"
#include "core/protocol/message_codec.h"

extern char** environ;

namespace mxi::test {

class AgentProcess {
 public:
  AgentProcess(const std::string& binary, std::vector<std::string> args,
               const std::map<std::string, std::string>& env) {
    std::vector<std::string> envStrings;
    for (char** e = environ; *e; ++e) envStrings.emplace_back(*e);
    for (const auto& [k, v] : env) envStrings.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (auto& s : envStrings) envp.push_back(s.data());
    envp.push_back(nullptr);
    args.insert(args.begin(), binary);
    std::vector<char*> argv;
    for (auto& s : args) argv.push_back(s.data());
    argv.push_back(nullptr);
    if (posix_spawn(&m_pid, binary.c_str(), nullptr, nullptr, argv.data(), envp.data()) != 0) m_pid = -1;
  }
  ~AgentProcess() { kill(); }
  pid_t pid() const { return m_pid; }
  void kill() {
    if (m_pid > 0) {
      ::kill(m_pid, SIGTERM);
      waitpid(m_pid, nullptr, 0);
      m_pid = -1;
    }
  }
  // Exit code once it exits within `timeout`, nullopt if still running.
  std::optional<int> waitExit(std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      int status = 0;
      if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
        m_pid = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return std::nullopt;
  }

 private:
  pid_t m_pid = -1;
};

class AgentClient {
 public:
  // Connects to @mxi_<token>, retrying while the agent starts.
  bool connect(const std::string& token, std::chrono::milliseconds timeout = std::chrono::seconds(5)) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      m_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
      sockaddr_un addr{};
      addr.sun_family = AF_UNIX;
      const std::string name = "mxi_" + token;
      std::memcpy(addr.sun_path + 1, name.data(), name.size());
      const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
      if (::connect(m_fd, reinterpret_cast<sockaddr*>(&addr), len) == 0) return true;
      close(m_fd);
      m_fd = -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }
  ~AgentClient() {
    if (m_fd >= 0) close(m_fd);
  }
  void disconnect() {
    if (m_fd >= 0) close(m_fd);
    m_fd = -1;
  }
  bool send(const core::protocol::Message& m) {
    const auto bytes = core::protocol::encodeMessage(m);
    return ::send(m_fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
  }
  // The next message other than a Heartbeat; nullopt on timeout or when the agent closed the
  // connection (closed() then says so).
  std::optional<core::protocol::Message> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      auto f = m_decoder.next();
      if (!f.ok()) return std::nullopt;
      if (f->has_value()) {
        auto m = core::protocol::decodeMessage(**f);
        if (!m.ok()) return std::nullopt;
        if (std::holds_alternative<core::protocol::Heartbeat>(*m)) {
          ++m_heartbeats;
          continue;
        }
        return *m;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{m_fd, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      uint8_t buf[65536];
      const ssize_t n = recv(m_fd, buf, sizeof buf, 0);
      if (n <= 0) {
        m_closed = true;
        return std::nullopt;
      }
      m_decoder.feed(std::span(buf, static_cast<size_t>(n)));
    }
  }
  bool closed() const { return m_closed; }
  int heartbeats() const { return m_heartbeats; }

 private:
  int m_fd = -1;
  core::protocol::FrameDecoder m_decoder;
  bool m_closed = false;
  int m_heartbeats = 0;
};

}  // namespace mxi::test
