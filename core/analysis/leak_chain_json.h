// A leak chain as JSON, the one shape `mxi leaks --format json` prints under "chain" and the live
// recorder puts in a leak-watch issue's "leak_chain": one object per node, GC root first.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/analysis/leak_analysis.h"

namespace mxi::core::analysis {

// The id users see for an object: "0x…" in lower-case hex.
std::string objectIdHex(hprof::ObjectId id);

// [{className, objectId, referenceType, referenceName, referenceOwner, thread?, leakingStatus,
//   reason, suspect}, …]
nlohmann::ordered_json leakChainJson(const std::vector<ChainNode>& chain);

}  // namespace mxi::core::analysis
