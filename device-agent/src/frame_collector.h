// Frames without the SDK: polls `dumpsys gfxinfo <pkg> framestats` and emits only rows not sent
// before, attributed to the window's activity. Rows are identified by IntendedVsync plus
// FrameCompleted: real captures list late rows out of IntendedVsync order and two frames of one
// vsync. The set of rows sent is pruned to the rows still listed (the platform keeps the last
// 120 per window), so it stays small.
#pragma once

#include <map>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include "core/protocol/messages.h"
#include "device-agent/src/framestats_parser.h"

namespace mxi::agent {

class FrameDeduplicator {
 public:
  // The batches of frames in `windows` that are newer than what earlier calls returned.
  // `fallbackScene` names frames of windows without a name (pre-Android 10 output).
  std::vector<core::protocol::FrameBatch> newFrames(const std::string& packageName, std::vector<WindowFrames> windows,
                                                    const std::string& fallbackScene, uint64_t refreshPeriodNs);
  void reset() { m_sent.clear(); }

 private:
  std::map<std::string, std::set<std::pair<int64_t, int64_t>>> m_sent;  // per window: rows sent
};

}  // namespace mxi::agent
