// `adb shell dumpsys gfxinfo [PKG] framestats` → frames per window.
// Columns are found by header name, never by index; the refresh period comes from the
// FrameInterval/FrameStartTime column whose values look like a period (on Android 12+ the two
// labels are printed swapped against their values), else from the caller's refresh rate.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/parse_problem.h"
#include "core/base/status.h"
#include "core/framestats/frame.h"

namespace mxi::core::framestats {

struct FramestatsWindow {
  std::string process;  // from "** Graphics info for pid N [name] **"; may be empty
  int64_t pid = -1;
  std::string name;  // "Window: …", else the process name
  std::vector<Frame> frames;
  int64_t refreshPeriodNs = 0;  // median of the frames' periods
  std::string periodSource;     // "data" (per-frame column) or "option"
  uint64_t headerOffset = 0;    // byte offset of the column header line
};

struct FramestatsCapture {
  std::vector<FramestatsWindow> windows;  // in file order, empty PROFILEDATA blocks included
  std::vector<ParseProblem> problems;     // rows that were skipped, and why
};

struct FramestatsOptions {
  double fallbackRefreshHz = 60.0;  // used when a window has no period column
};

// Fails (with the byte offset) only when there is no framestats data at all; bad rows are
// skipped and listed in `problems`.
StatusOr<std::shared_ptr<const FramestatsCapture>> parseFramestats(std::string_view text,
                                                                   const FramestatsOptions& options = {});

}  // namespace mxi::core::framestats
