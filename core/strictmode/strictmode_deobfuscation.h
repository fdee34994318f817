// StrictMode violations of a minified app, named back through its R8/ProGuard mapping: the
// violation's and the acquisition's stacks retraced, the leaked resource's class renamed
// (docs/MAPPING.md).
#pragma once

#include <vector>

#include "core/mapping/r8_mapping.h"
#include "core/strictmode/strictmode_text.h"

namespace mxi::core::strictmode {

void deobfuscateViolations(std::vector<StrictModeViolation>& violations, const mapping::R8Mapping& mapping);

}  // namespace mxi::core::strictmode
