#include "core/startup/first_frame.h"

#include "core/framestats/frame.h"
#include "core/framestats/framestats_text.h"

namespace mxi::core::startup {

std::optional<int64_t> firstFrameMs(std::string_view gfxinfoFramestatsOutput) {
  const framestats::FramestatsText parsed = framestats::parseFramestatsText(gfxinfoFramestatsOutput);
  for (const framestats::FramestatsBlock& block : parsed.blocks) {
    for (const framestats::FramestatsRow& row : block.rows) {
      // The launch's first frame usually carries a non-zero Flags (the window became visible):
      // unlike the frame statistics, it is not left out as an outlier.
      const protocol::FrameTiming& t = row.timing;
      if (!framestats::plausibleFrameTimes(t.intendedVsync, t.frameCompleted)) continue;
      return (t.frameCompleted - t.intendedVsync + 500'000) / 1'000'000;
    }
  }
  return std::nullopt;
}

}  // namespace mxi::core::startup
