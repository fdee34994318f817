// Frames without the SDK: polls `dumpsys gfxinfo <pkg> framestats` and emits only rows not sent
// before, attributed to the window's activity. Rows are identified by IntendedVsync plus
// FrameCompleted: real captures list late rows out of IntendedVsync order and two frames of one
// vsync. The set of rows sent is pruned to the rows still listed (the platform keeps the last
// 120 per window), so it stays small. When a full listing shares no row with the one before, the
// ring turned over between two polls: the frames in between were never listed, and a FrameGap
// says how long that was and how many frames it could have held.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/protocol/messages.h"
#include "device-agent/src/framestats_parser.h"

namespace mxi::agent {

struct NewFrames {
  std::vector<core::protocol::FrameGap> gaps;  // each before the batch of its window
  std::vector<core::protocol::FrameBatch> batches;
};

class FrameDeduplicator {
 public:
  // The batches of frames in `windows` that are newer than what earlier calls returned, and the
  // gaps between this listing and the previous one. `fallbackScene` names frames of windows
  // without a name (pre-Android 10 output).
  NewFrames newFrames(const std::string& packageName, std::vector<WindowFrames> windows,
                      const std::string& fallbackScene, uint64_t refreshPeriodNs);
  void reset() { m_sent.clear(); }

 private:
  std::map<std::string, std::set<std::pair<int64_t, int64_t>>> m_sent;  // per window: rows sent
};

}  // namespace mxi::agent
