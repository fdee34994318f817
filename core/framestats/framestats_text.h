// `dumpsys gfxinfo <pkg> framestats` as rows: every ---PROFILEDATA--- block with its process,
// window and raw frame stamps. Columns are found by header name, never by index (16 columns
// before Android 12, 23/24 after); the vsync period comes from whichever of FrameInterval and
// FrameStartTime holds a period-sized value (Android 12 prints the two labels swapped against
// their values). Tolerates a UTF-8 BOM and CRLF. Rows that cannot be read are listed with their
// line and byte offset; judging the stamps (plausibility, stages) is the reader's business.
// JSON-free: the agent links it (`mxi_framestats_text`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/messages.h"

namespace mxi::core::framestats {

struct FramestatsRow {
  protocol::FrameTiming timing;  // frameIntervalNs: 0 when neither column holds a period
  uint64_t line = 0;             // 1-based
  uint64_t offset = 0;           // byte offset of the line
};

struct FramestatsBlock {
  std::string process;  // "** Graphics info for pid N [name] **"; may be empty
  int64_t pid = -1;
  std::string window;  // "Window: …" or a ViewRootImpl line's "pkg/pkg.Activity"; may be empty
  uint64_t headerOffset = 0;
  std::vector<FramestatsRow> rows;
  bool closed = false;  // its closing ---PROFILEDATA--- was seen
};

struct FramestatsProblem {
  uint64_t line = 0;
  uint64_t offset = 0;
  std::string message;
};

struct FramestatsText {
  std::vector<FramestatsBlock> blocks;  // in file order, empty blocks included
  std::vector<FramestatsProblem> problems;
  uint64_t lines = 0;
};

FramestatsText parseFramestatsText(std::string_view text);

// A vsync period is between 1 ms (1000 Hz) and 200 ms (5 Hz); timestamps are far larger.
inline bool looksLikeVsyncPeriod(int64_t ns) { return ns >= 1'000'000 && ns <= 200'000'000; }

// The activity class of a window name: "pkg/.Main" → "pkg.Main", "pkg/pkg.Main" → "pkg.Main";
// other windows (Taskbar, PopupWindow:…) keep their name.
std::string sceneOfWindow(std::string_view window);

}  // namespace mxi::core::framestats
