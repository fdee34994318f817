// The installed packages and their run state, asked of a connected agent (an app picker's list).
#pragma once

#include <vector>

#include "core/agentlink/agent_connection.h"

namespace mxi::core::agentlink {

// Sends PackageListRequest{flags} and waits for the PackageList, skipping whatever else the agent
// streams meanwhile (frames, issues of a running collection). An Error answer becomes a Status.
StatusOr<std::vector<protocol::PackageInfo>> listPackages(AgentConnection& agent, uint32_t flags,
                                                          const adb::IoLimits& limits);

}  // namespace mxi::core::agentlink
