#include "core/agentlink/package_query.h"

namespace mxi::core::agentlink {

StatusOr<std::vector<protocol::PackageInfo>> listPackages(AgentConnection& agent, uint32_t flags,
                                                          const adb::IoLimits& limits) {
  RETURN_IF_ERROR(agent.send(protocol::PackageListRequest{flags}, limits));
  for (;;) {
    ASSIGN_OR_RETURN(protocol::Message reply, agent.receive(limits));
    if (auto* list = std::get_if<protocol::PackageList>(&reply)) return std::move(list->packages);
    if (const auto* error = std::get_if<protocol::Error>(&reply)) {
      if (error->requestId == 0) return ioError("agent: " + error->message);
    }
  }
}

}  // namespace mxi::core::agentlink
