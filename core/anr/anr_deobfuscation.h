// An ANR thread dump of a minified app, named back through its R8/ProGuard mapping: every Java
// frame retraced (inlined frames expanded), lock classes renamed (docs/MAPPING.md).
#pragma once

#include "core/anr/anr_trace.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::core::anr {

void deobfuscateAnr(AnrReport& report, const mapping::R8Mapping& mapping);

}  // namespace mxi::core::anr
