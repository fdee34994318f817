// Rendering of leak chains for `mxi leaks`, `mxi dominators` and `mxi diff`: LeakCanary-style
// text trees and the JSON the commands promise.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/analysis/leak_analysis.h"
#include "core/analysis/leak_trace_text.h"

namespace mxi::cli {

nlohmann::ordered_json chainToJson(const std::vector<core::analysis::ChainNode>& chain);
nlohmann::ordered_json leakToJson(const core::analysis::Leak& leak,
                                  const std::vector<core::analysis::KnownReference>& patterns);
// The chain as a tree (┬ ├─ │ ╰→), suspect references underlined with ~~~.
inline std::string chainToText(const std::vector<core::analysis::ChainNode>& chain) {
  return core::analysis::leakTraceText(chain);
}
std::string hexId(core::hprof::ObjectId id);

}  // namespace mxi::cli
