// What `mxi agent|record|dumpheap` share: the device through the adb server (-s SERIAL or
// $ANDROID_SERIAL, server from $ADB_SERVER_SOCKET), the agent binary for its ABI, deployment, and
// starting + connecting the agent.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/cli/cli_common.h"
#include "core/adb/server_client.h"
#include "core/agentlink/agent_deployer.h"

namespace mxi::cli {

struct AgentTarget {
  std::string serial;     // -s; empty: $ANDROID_SERIAL, else the only device
  std::string agentPath;  // --agent; empty: searched (agentSearchHelp())
};

void addAgentTargetOptions(CLI::App& command, AgentTarget& target);
const char* agentSearchHelp();

class DeviceAgent {
 public:
  static core::StatusOr<std::unique_ptr<DeviceAgent>> open(const AgentTarget& target);
  core::adb::AdbDevice& device() { return *m_device; }
  // Probes the device and pushes the agent when missing or of another build.
  core::StatusOr<core::agentlink::DeployResult> deploy(bool force, core::ProgressSink& progress);
  // Deploys if needed, (re)starts the agent and connects.
  core::StatusOr<std::unique_ptr<core::agentlink::AgentConnection>> startAndConnect(core::protocol::AgentHello& hello,
                                                                                     const core::CancelToken& cancel);
  void stopAgent() { m_running.reset(); }

 private:
  AgentTarget m_target;
  std::unique_ptr<core::adb::AdbServerClient> m_server;
  std::unique_ptr<core::adb::AdbDevice> m_device;
  std::optional<core::agentlink::DeviceProbe> m_probe;
  std::unique_ptr<core::agentlink::RunningAgent> m_running;
};

}  // namespace mxi::cli
