#include "device-agent/src/frame_collector.h"

#include <algorithm>

#include "core/protocol/framestats_polling.h"

namespace mxi::agent {

NewFrames FrameDeduplicator::newFrames(const std::string& packageName, std::vector<WindowFrames> windows,
                                       const std::string& fallbackScene, uint64_t refreshPeriodNs) {
  NewFrames out;
  for (WindowFrames& w : windows) {
    auto& sent = m_sent[w.window];
    const std::string scene = w.window.empty() ? fallbackScene : sceneOfWindow(w.window);
    std::set<std::pair<int64_t, int64_t>> listed;
    core::protocol::FrameBatch batch;
    bool overlaps = false;
    int64_t oldestListed = INT64_MAX;
    for (const core::protocol::FrameTiming& f : w.frames) {
      const std::pair<int64_t, int64_t> id{f.intendedVsync, f.frameCompleted};
      listed.insert(id);
      oldestListed = std::min(oldestListed, f.intendedVsync);
      if (sent.insert(id).second) {
        batch.frames.push_back(f);
      } else {
        overlaps = true;
      }
    }
    // Only a full ring can have pushed rows out; a shorter listing without overlap is a new
    // renderer (the window was recreated), which lost nothing.
    const size_t previouslyListed = sent.size() - batch.frames.size();
    if (!overlaps && previouslyListed > 0 && w.frames.size() >= core::protocol::kFramestatsRingFrames) {
      int64_t newestPrevious = INT64_MIN;
      for (const auto& id : sent) {
        if (!listed.count(id)) newestPrevious = std::max(newestPrevious, id.first);
      }
      if (newestPrevious < oldestListed) {
        core::protocol::FrameGap gap;
        gap.packageName = packageName;
        gap.scene = scene;
        gap.lastSeenVsyncNs = static_cast<uint64_t>(newestPrevious);
        gap.nextSeenVsyncNs = static_cast<uint64_t>(oldestListed);
        const uint64_t span = gap.nextSeenVsyncNs - gap.lastSeenVsyncNs;
        const uint64_t vsyncs = refreshPeriodNs > 0 ? (span + refreshPeriodNs / 2) / refreshPeriodNs : 0;
        gap.maxLostFrames = static_cast<uint32_t>(std::min<uint64_t>(vsyncs > 0 ? vsyncs - 1 : 0, UINT32_MAX));
        out.gaps.push_back(std::move(gap));
      }
    }
    std::erase_if(sent, [&listed](const std::pair<int64_t, int64_t>& id) { return !listed.count(id); });
    if (batch.frames.empty()) continue;
    batch.packageName = packageName;
    batch.scene = scene;
    batch.refreshPeriodNs = refreshPeriodNs;
    out.batches.push_back(std::move(batch));
  }
  return out;
}

}  // namespace mxi::agent
