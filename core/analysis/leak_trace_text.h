// A leak chain as text in the shape LeakCanary made familiar: ┬ ├─ │ ╰→, each node's leaking
// status and reason, the reference to the next node, suspect references underlined with ~~~.
// Shared by `mxi` and the desktop app.
#pragma once

#include <string>
#include <vector>

#include "core/analysis/leak_analysis.h"

namespace mxi::core::analysis {

std::string leakTraceText(const std::vector<ChainNode>& chain);

}  // namespace mxi::core::analysis
