#include "app/cli/agent_device.h"

namespace mxi::cli {

using namespace core;

void addAgentTargetOptions(CLI::App& command, AgentTarget& target) {
  addDeviceOptions(command, target.device);
  command.add_option("--agent", target.agentPath, "mxi-agent binary to deploy (default: searched, see below)");
  command.footer(agentlink::agentSearchHelp());
}

StatusOr<std::unique_ptr<agentlink::DeviceAgent>> openDeviceAgent(const AgentTarget& target) {
  AgentTarget merged = target;
  mergeGlobalDeviceOptions(merged.device);
  ASSIGN_OR_RETURN(std::unique_ptr<adb::AdbDevice> device, openDevice(merged.device));
  agentlink::AgentSearch search{merged.agentPath, agentlink::executableDirectory(), MXI_CLI_BUILD_DIR};
  return std::make_unique<agentlink::DeviceAgent>(
      std::move(device), merged.device.limits(),
      [search](const std::string& abi) { return agentlink::findInstalledAgent(abi, search); });
}

}  // namespace mxi::cli
