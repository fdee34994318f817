// The device side of the ADB protocol on a TCP port: what `adb connect 127.0.0.1:PORT` (or
// mxi's direct TCP transport) talks to. Each connection gets CNXN (after AUTH when keys are
// configured) and then serves shell/exec/sync/local sockets from the sandbox root.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/adb/adb_key.h"
#include "core/base/status.h"
#include "tests/device-sim/sim_context.h"

namespace mxi::sim {

struct SimOptions {
  uint16_t port = 0;  // 0: any free port
  std::string serial = "mxi-sim-0001";
  std::string root;
  std::string product = "mxi_sim";
  std::string model = "Matrix_Inspector_Simulator";
  std::string device = "mxisim";
  std::set<std::string> features = {"shell_v2", "cmd", "stat_v2", "ls_v2", "fixed_push_mkdir", "apex", "abb_exec"};
  std::vector<std::string> keyFiles;  // adbkey.pub files; non-empty turns AUTH on
  bool acceptOfferedKeys = false;     // simulate the user tapping "Allow" for an RSAPUBLICKEY
  uint32_t maxPayload = 1024 * 1024;
  std::string abi = hostAbi().name;  // arm64-v8a, armeabi-v7a or x86_64 (sim_abi.h)
  bool verbose = false;
  uint64_t dropAfterSyncBytes = 0;  // drop the connection once a push has sent this many bytes
  uint64_t dropAfterPullBytes = 0;  // drop the connection once a pull has received this many bytes
};

class DeviceSimulator {
 public:
  explicit DeviceSimulator(SimOptions options);
  ~DeviceSimulator();

  core::Status start();  // binds and listens; port() is valid afterwards
  uint16_t port() const { return m_port; }
  void run();  // accepts until stop()
  void stop();

 private:
  void serveConnection(int fd);
  bool isAuthorized(const std::string& token, const std::string& signature);

  SimOptions m_options;
  SimContext m_context;
  std::vector<core::adb::AdbPublicKey> m_keys;
  std::mutex m_keysMutex;
  int m_listenFd = -1;
  uint16_t m_port = 0;
  std::atomic<bool> m_stop{false};
};

}  // namespace mxi::sim
