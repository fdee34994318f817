// What `mxi agent|record|dumpheap` share: the device (device_options.h: -s, --transport,
// --timeout), --agent, and the device's agent (core/agentlink/device_agent.h).
#pragma once

#include <memory>
#include <string>

#include "app/cli/cli_common.h"
#include "app/cli/device_options.h"
#include "core/agentlink/device_agent.h"

namespace mxi::cli {

struct AgentTarget {
  DeviceOptions device;
  std::string agentPath;  // --agent; empty: searched (core::agentlink::agentSearchHelp())
};

void addAgentTargetOptions(CLI::App& command, AgentTarget& target);
core::StatusOr<std::unique_ptr<core::agentlink::DeviceAgent>> openDeviceAgent(const AgentTarget& target);

}  // namespace mxi::cli
