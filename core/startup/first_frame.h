// The first frame an app drew after a launch, from `dumpsys gfxinfo PKG framestats` taken after
// `dumpsys gfxinfo PKG reset` (issue 45): the runner's "first frame" figure.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace mxi::core::startup {

// The first frame row's FRAME_COMPLETED − INTENDED_VSYNC in ms (rounded to the nearest), in file
// order over the windows; rows with implausible stamps (0, garbage) are passed over. nullopt when
// no row has a drawn frame.
std::optional<int64_t> firstFrameMs(std::string_view gfxinfoFramestatsOutput);

}  // namespace mxi::core::startup
