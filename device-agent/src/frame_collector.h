// Frames without the SDK: polls `dumpsys gfxinfo <pkg> framestats` and emits only rows not sent
// before (deduplicated by IntendedVsync per window), attributed to the window's activity.
#pragma once

#include <map>
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
  void reset() { m_lastVsync.clear(); }

 private:
  std::map<std::string, int64_t> m_lastVsync;  // per window: newest IntendedVsync sent
};

}  // namespace mxi::agent
