// Frames a recording never saw: `dumpsys gfxinfo framestats` lists only a window's last 120
// frames, so when two polls of the agent do not overlap the frames between them are gone. The
// agent reports each such gap; sessions keep it (RecordType::kFrameGap) and every view of a
// session shows it, so a histogram with holes never passes for a complete one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/session/session_reader.h"

namespace mxi::core::session {

struct SessionFrameGap {
  int64_t timeNs = 0;  // the newest frame seen before it
  int64_t gapNs = 0;   // until the next frame seen
  uint32_t maxLostFrames = 0;
  std::string scene;
};

SessionFrameGap frameGapOf(const SessionRecord& record);
// The session's gaps, reading only the blocks that hold some.
StatusOr<std::vector<SessionFrameGap>> readFrameGaps(const SessionReader& reader);
// "1.20 s of com.example.Main not seen (at most 144 frames)"
std::string describeFrameGap(const SessionFrameGap& gap);
// Why gaps happen, for the line after a list of them.
inline constexpr const char* kFrameGapExplanation =
    "framestats lists only a window's last 120 frames and two polls did not overlap; record with a shorter --poll-ms";

}  // namespace mxi::core::session
