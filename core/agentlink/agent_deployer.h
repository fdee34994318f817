// Deployment of mxi-agent over adb (house rule D1): one shell call probes ABI, SDK, user and where
// the tools live; the agent matching the ABI is pushed to /data/local/tmp/mxi-agent unless the one
// there already reports this build's hash (re-pushed when it differs: version skew is the top
// complaint about such tools); it is started over `shell` with a fresh random token and reached
// through localabstract:mxi_<token>. Closing the shell stream hangs the agent up (cleanup).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/adb/adb_device.h"
#include "core/agentlink/agent_connection.h"
#include "core/base/progress.h"

namespace mxi::core::agentlink {

inline constexpr const char* kRemoteAgentPath = "/data/local/tmp/mxi-agent";
inline constexpr const char* kRemoteDataDir = "/data/local/tmp/mxi";

struct DeviceProbe {
  std::string abi;  // ro.product.cpu.abi
  int sdk = 0;
  std::string uid;      // id -u (2000 = shell)
  std::string toolDir;  // directory of dumpsys (/system/bin on a phone)
};
// Parses the probe command's output (4 lines); exposed for tests.
StatusOr<DeviceProbe> parseProbe(std::string_view output);
StatusOr<DeviceProbe> probeDevice(adb::AdbDevice& device, const adb::IoLimits& limits);

// "mxi-agent 0.1.0 ca203fc19e8b6265" → version and hash; present=false when absent or unrunnable.
struct RemoteAgent {
  bool present = false;
  std::string version, buildHash;
  std::string output;  // what --version printed (for error messages)
};
RemoteAgent parseVersionLine(std::string_view output);
StatusOr<RemoteAgent> remoteAgentStatus(adb::AdbDevice& device, const adb::IoLimits& limits);

// The local agent binary for an ABI: $MXI_AGENT_PATH, else <dir>/<abi>/mxi-agent for each
// search dir, else the host build when the ABI is the host's. Empty when none exists.
std::string findAgentBinary(const std::string& abi, const std::vector<std::string>& searchDirs);

struct DeployResult {
  DeviceProbe probe;
  RemoteAgent agent;  // after deployment
  bool pushed = false;
  std::string localBinary;
};
// Pushes when the device's agent is absent or not `expectedBuildHash` (or `force`), then verifies.
StatusOr<DeployResult> deployAgent(adb::AdbDevice& device, const std::string& localBinary,
                                   const std::string& expectedBuildHash, bool force, ProgressSink& progress,
                                   const adb::IoLimits& limits);

// A started agent: owns the shell stream it runs under. Destroying it stops the agent.
class RunningAgent {
 public:
  static StatusOr<std::unique_ptr<RunningAgent>> start(adb::AdbDevice& device, const DeviceProbe& probe,
                                                       int idleTimeoutSeconds, const adb::IoLimits& limits);
  ~RunningAgent();
  const std::string& token() const { return m_token; }
  // Connects to localabstract:mxi_<token> (retrying while the agent starts) and shakes hands.
  StatusOr<std::unique_ptr<AgentConnection>> connect(protocol::AgentHello& hello, std::chrono::milliseconds wait,
                                                     const adb::IoLimits& limits);
  void stop();

 private:
  RunningAgent(adb::AdbDevice& device, std::string token, std::unique_ptr<adb::AdbStream> shell)
      : m_device(device), m_token(std::move(token)), m_shell(std::move(shell)) {}
  adb::AdbDevice& m_device;
  std::string m_token;
  std::unique_ptr<adb::AdbStream> m_shell;
};

// 16 random characters of [A-Za-z0-9].
std::string randomToken();

}  // namespace mxi::core::agentlink
