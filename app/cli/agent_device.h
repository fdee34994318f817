// What `mxi agent|record|dumpheap` share: the device (device_options.h: -s, --transport,
// --timeout), the agent binary for its ABI, deployment, and starting + connecting the agent.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/cli/cli_common.h"
#include "app/cli/device_options.h"
#include "core/agentlink/agent_deployer.h"

namespace mxi::cli {

struct AgentTarget {
  DeviceOptions device;
  std::string agentPath;  // --agent; empty: searched (agentSearchHelp())
};

void addAgentTargetOptions(CLI::App& command, AgentTarget& target);
const char* agentSearchHelp();

class DeviceAgent {
 public:
  static core::StatusOr<std::unique_ptr<DeviceAgent>> open(const AgentTarget& target);
  core::adb::AdbDevice& device() { return *m_device; }
  core::adb::IoLimits limits() const { return m_target.device.limits(); }
  // Probes the device and pushes the agent when missing or of another build.
  core::StatusOr<core::agentlink::DeployResult> deploy(bool force, core::ProgressSink& progress);
  // Deploys if needed, (re)starts the agent and connects.
  core::StatusOr<std::unique_ptr<core::agentlink::AgentConnection>> startAndConnect(core::protocol::AgentHello& hello,
                                                                                     const core::CancelToken& cancel);
  void stopAgent() { m_running.reset(); }

 private:
  AgentTarget m_target;
  std::unique_ptr<core::adb::AdbDevice> m_device;
  std::optional<core::agentlink::DeviceProbe> m_probe;
  std::unique_ptr<core::agentlink::RunningAgent> m_running;
};

}  // namespace mxi::cli
