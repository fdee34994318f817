// A session's stack frames with the app's original names: what a triage signature built from a
// frame (an ANR's top frame, a StrictMode key, an IO issue's key) must read so that one problem
// keeps one signature across builds that R8 minified differently.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/mapping/r8_mapping.h"
#include "core/session/session_data.h"

namespace mxi::core::triage {

// One frame ("a.b.c(SourceFile:12)", with or without "at ") → its original frame, the innermost
// when R8 inlined several into it (what an unminified build shows there), the first candidate
// when the mapping cannot tell overloads apart. A key of `|`-separated parts ("closeableLeak|
// java.io.FileInputStream|a.b.c(SourceFile:3)") has each part retraced. Unmapped text is kept.
std::string retraceFrameText(const mapping::R8Mapping& mapping, std::string_view text);
// A stack, one frame per line: every line retraced, inlined frames expanded.
std::string retraceStackText(const mapping::R8Mapping& mapping, std::string_view text);

// A copy of `data` whose issues (key, thread stack, IO caller and method) and ANR thread dumps
// (every thread's frames) name the original classes and methods.
std::shared_ptr<const session::SessionData> retraceSession(const session::SessionData& data,
                                                           const mapping::R8Mapping& mapping);

}  // namespace mxi::core::triage
