// The frames the agent sends: every window's framestats rows as wire FrameTimings. The text is
// parsed by core/framestats/framestats_text.h, as the desktop parses captured framestats; the
// desktop re-derives levels and stages from the stamps.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/framestats/framestats_text.h"
#include "core/protocol/messages.h"

namespace mxi::agent {

struct WindowFrames {
  std::string window;  // "pkg/pkg.Activity" (Window: line or ViewRootImpl line), may be empty
  std::vector<core::protocol::FrameTiming> frames;
};

// Rows the text parser could not read are left out.
std::vector<WindowFrames> parseFramestats(std::string_view text);

using core::framestats::sceneOfWindow;

}  // namespace mxi::agent
