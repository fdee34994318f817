// Parsers for the small device queries: `getprop`, `dumpsys display`, `dumpsys SurfaceFlinger`
// and `ps -A -o PID,USER,NAME`; `dumpsys activity activities` is core/devicetext's (shared with
// the desktop's app picker).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/devicetext/resumed_activity.h"
#include "core/protocol/messages.h"

namespace mxi::agent {

// `getprop` without arguments: "[key]: [value]" lines.
std::map<std::string, std::string> parseGetprop(std::string_view text);

// Active display refresh rate in millihertz from `dumpsys display`: the mode whose id is the
// active one (mActiveModeId / "modeId N"), else the first "fps=" / "refreshRate" value.
std::optional<uint32_t> parseDisplayRefreshMilliHz(std::string_view text);
// `dumpsys SurfaceFlinger`: "refresh-rate : 60.000000 fps" (fallback source).
std::optional<uint32_t> parseSurfaceFlingerRefreshMilliHz(std::string_view text);

using core::devicetext::packageOfComponent;
using core::devicetext::parseResumedActivity;

}  // namespace mxi::agent
