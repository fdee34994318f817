#include "app/cli/leak_output.h"

#include "core/analysis/leak_chain_json.h"

namespace mxi::cli {

using core::analysis::ChainNode;

std::string hexId(core::hprof::ObjectId id) { return core::analysis::objectIdHex(id); }

nlohmann::ordered_json chainToJson(const std::vector<ChainNode>& chain) { return core::analysis::leakChainJson(chain); }

nlohmann::ordered_json leakToJson(const core::analysis::Leak& leak,
                                  const std::vector<core::analysis::KnownReference>& patterns) {
  nlohmann::ordered_json j;
  j["signature"] = leak.signature;
  j["className"] = leak.className;
  j["finder"] = leak.finder;
  j["key"] = leak.key;
  j["description"] = leak.description;
  auto ids = nlohmann::ordered_json::array();
  for (auto id : leak.leakingObjectIds) ids.push_back(hexId(id));
  j["leakingObjectIds"] = ids;
  j["count"] = leak.leakingObjectIds.size();
  j["retainedBytes"] = leak.retainedBytes;
  j["chain"] = chainToJson(leak.chain);
  if (leak.pattern >= 0) {
    const auto& p = patterns[static_cast<size_t>(leak.pattern)];
    nlohmann::ordered_json pattern;
    pattern["kind"] = std::string(core::analysis::knownReferenceKindName(p.kind));
    if (!p.className.empty()) pattern["className"] = p.className;
    if (!p.fieldName.empty()) pattern["fieldName"] = p.fieldName;
    if (!p.threadName.empty()) pattern["threadName"] = p.threadName;
    pattern["description"] = p.description;
    j["pattern"] = std::move(pattern);
  }
  return j;
}

}  // namespace mxi::cli
