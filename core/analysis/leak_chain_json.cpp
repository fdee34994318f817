#include "core/analysis/leak_chain_json.h"

#include <cstdio>

namespace mxi::core::analysis {

std::string objectIdHex(hprof::ObjectId id) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(id.value));
  return buf;
}

nlohmann::ordered_json leakChainJson(const std::vector<ChainNode>& chain) {
  auto out = nlohmann::ordered_json::array();
  for (const ChainNode& node : chain) {
    nlohmann::ordered_json j;
    j["className"] = node.className;
    j["objectId"] = objectIdHex(node.objectId);
    j["referenceType"] = referenceTypeName(node.reference.type);
    j["referenceName"] = node.reference.name;
    j["referenceOwner"] = node.reference.owner;
    if (!node.rootThread.empty()) j["thread"] = node.rootThread;
    j["leakingStatus"] = leakingStatusName(node.status);
    j["reason"] = node.reason;
    j["suspect"] = node.suspect;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace mxi::core::analysis
