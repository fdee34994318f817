// One device's agent for a client (CLI command or GUI live view): deploys the agent for the
// device's ABI when missing or of another build, starts it, connects, and restarts it on demand
// (a recorder's reconnect). The caller says where agent binaries are (`AgentLocator`), so core
// stays free of install-layout policy.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/agentlink/agent_deployer.h"

namespace mxi::core::agentlink {

// The local agent binary for an ABI ("arm64-v8a", "x86_64"…); empty when there is none.
using AgentLocator = std::function<std::string(const std::string& abi)>;

// Where the CLI and the GUI look for agent binaries, in this order: `explicitPath`,
// $MXI_AGENT_PATH, $MXI_AGENT_DIR/<abi>/mxi-agent, <exeDir>/../share/matrix-inspector/agent/<abi>/
// (the installed copies), then the build tree's own: <buildDir>/device-agent/mxi-agent for an
// x86_64 device, <buildDir>/agents/<abi>/device-agent/mxi-agent (its cross sub-builds) for others.
struct AgentSearch {
  std::string explicitPath;   // --agent
  std::string executableDir;  // the running program's: <prefix>/bin
  std::string buildDir;       // the build tree it came from: its host agent and its per-ABI sub-builds
};
std::string findInstalledAgent(const std::string& abi, const AgentSearch& search);
// The search order above in one sentence, for --help texts and error messages.
const char* agentSearchHelp();
// The running program's directory (/proc/self/exe).
std::string executableDirectory();

class DeviceAgent {
 public:
  // Deploys agents of this build (the hash generated from device-agent's sources).
  DeviceAgent(std::unique_ptr<adb::AdbDevice> device, adb::IoLimits limits, AgentLocator locate);
  ~DeviceAgent();

  adb::AdbDevice& device() { return *m_device; }
  const adb::IoLimits& limits() const { return m_limits; }
  // Probes the device and pushes the agent when missing or of another build.
  StatusOr<DeployResult> deploy(bool force, ProgressSink& progress);
  // Deploys if not done yet, (re)starts the agent and connects.
  StatusOr<std::unique_ptr<AgentConnection>> startAndConnect(protocol::AgentHello& hello, const CancelToken& cancel);
  void stopAgent() { m_running.reset(); }

 private:
  std::unique_ptr<adb::AdbDevice> m_device;
  adb::IoLimits m_limits;
  AgentLocator m_locate;
  std::optional<DeviceProbe> m_probe;
  std::unique_ptr<RunningAgent> m_running;
};

}  // namespace mxi::core::agentlink
