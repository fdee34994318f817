// Real peers for adb tests: a private adb server (Debian's `adb`, on a free port, with its own
// HOME so the user's keys and default server on 5037 are never touched) and mxi-device-sim
// processes. Both are stopped by their destructors.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/programs.h"

namespace mxi::test {

uint16_t freeTcpPort();
bool adbAvailable();

// A deterministic pseudo-random file (xorshift) of `size` bytes.
void writePatternFile(const std::filesystem::path& path, uint64_t size, uint32_t seed);
// Lower-case hex SHA-256 of a file ("" when unreadable).
std::string sha256File(const std::filesystem::path& path);

// Echoes every connection's bytes back on an abstract unix socket (what an agent would serve).
class AbstractEchoServer {
 public:
  explicit AbstractEchoServer(std::string name);
  ~AbstractEchoServer();
  AbstractEchoServer(const AbstractEchoServer&) = delete;
  AbstractEchoServer& operator=(const AbstractEchoServer&) = delete;
  const std::string& name() const { return m_name; }
  bool listening() const { return m_fd >= 0; }

 private:
  std::string m_name;
  int m_fd = -1;
  int m_stopPipe[2] = {-1, -1};
  std::thread m_thread;
};

class SimProcess {
 public:
  // Starts mxi-device-sim with `args` (plus --port 0 and --root when not given) and waits for
  // its "listening on" line.
  // `program`: another mxi-device-sim than this build's (an installed one).
  explicit SimProcess(std::vector<std::string> args = {}, std::filesystem::path root = {}, std::string program = {});
  ~SimProcess();
  SimProcess(const SimProcess&) = delete;
  SimProcess& operator=(const SimProcess&) = delete;

  bool started() const { return m_port != 0; }
  uint16_t port() const { return m_port; }
  std::string hostPort() const { return "127.0.0.1:" + std::to_string(m_port); }
  const std::filesystem::path& root() const { return m_root; }
  // What the simulator printed on stderr so far.
  std::string log() const;
  void stop();

 private:
  pid_t m_pid = -1;
  uint16_t m_port = 0;
  std::filesystem::path m_root;
  std::filesystem::path m_logFile;
};

class PrivateAdbServer {
 public:
  PrivateAdbServer();   // picks a free port and starts `adb -P PORT start-server`
  ~PrivateAdbServer();  // `adb -P PORT kill-server`
  PrivateAdbServer(const PrivateAdbServer&) = delete;
  PrivateAdbServer& operator=(const PrivateAdbServer&) = delete;

  bool started() const { return m_started; }
  uint16_t port() const { return m_port; }
  std::string socketSpec() const { return "tcp:localhost:" + std::to_string(m_port); }
  // Environment for child processes (adb, mxi) that should use this server.
  std::vector<std::string> environment() const;
  // `adb -P PORT args…`
  ProgramRun adb(const std::vector<std::string>& args) const;
  // adb connect + wait until the device is listed as "device".
  bool connect(const SimProcess& sim) const;
  void kill();

 private:
  uint16_t m_port = 0;
  bool m_started = false;
  std::filesystem::path m_home;
};

}  // namespace mxi::test
