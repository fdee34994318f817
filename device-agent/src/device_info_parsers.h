// Parsers for the small device queries: `getprop`, `dumpsys display`, `dumpsys SurfaceFlinger`,
// `dumpsys activity activities` and `ps -A -o PID,USER,NAME`.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::agent {

// `getprop` without arguments: "[key]: [value]" lines.
std::map<std::string, std::string> parseGetprop(std::string_view text);

// Active display refresh rate in millihertz from `dumpsys display`: the mode whose id is the
// active one (mActiveModeId / "modeId N"), else the first "fps=" / "refreshRate" value.
std::optional<uint32_t> parseDisplayRefreshMilliHz(std::string_view text);
// `dumpsys SurfaceFlinger`: "refresh-rate : 60.000000 fps" (fallback source).
std::optional<uint32_t> parseSurfaceFlingerRefreshMilliHz(std::string_view text);

// The resumed activity's component ("pkg/.Main" or "pkg/pkg.Main") from `dumpsys activity
// activities` (mResumedActivity / topResumedActivity / ResumedActivity lines).
std::optional<std::string> parseResumedActivity(std::string_view text);

}  // namespace mxi::agent
