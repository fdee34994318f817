// The agent's own small parser of `dumpsys gfxinfo <pkg> framestats`: the frame rows of every
// window's ---PROFILEDATA--- block, by header name (the desktop re-derives levels from them).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::agent {

struct WindowFrames {
  std::string window;  // "pkg/pkg.Activity" (Window: line or ViewRootImpl line), may be empty
  std::vector<core::protocol::FrameTiming> frames;
};

// Tolerates a UTF-8 BOM, CRLF, the pre-12 16-column and 12+ 23/24-column headers, and the
// Android 12 header whose FrameInterval/FrameStartTime labels are swapped against the values
// (the vsync period is taken from whichever of the two holds a period-sized value).
std::vector<WindowFrames> parseFramestats(std::string_view text);

// The activity class of a window name: "pkg/.Main" → "pkg.Main", "pkg/pkg.Main" → "pkg.Main";
// other windows (Taskbar, PopupWindow:…) keep their name.
std::string sceneOfWindow(std::string_view window);

}  // namespace mxi::agent
