#include "device-agent/src/frame_collector.h"

namespace mxi::agent {

std::vector<core::protocol::FrameBatch> FrameDeduplicator::newFrames(const std::string& packageName,
                                                                     std::vector<WindowFrames> windows,
                                                                     const std::string& fallbackScene,
                                                                     uint64_t refreshPeriodNs) {
  std::vector<core::protocol::FrameBatch> batches;
  for (WindowFrames& w : windows) {
    auto& sent = m_sent[w.window];
    std::set<std::pair<int64_t, int64_t>> listed;
    core::protocol::FrameBatch batch;
    for (const core::protocol::FrameTiming& f : w.frames) {
      const std::pair<int64_t, int64_t> id{f.intendedVsync, f.frameCompleted};
      listed.insert(id);
      if (sent.insert(id).second) batch.frames.push_back(f);
    }
    std::erase_if(sent, [&listed](const std::pair<int64_t, int64_t>& id) { return !listed.count(id); });
    if (batch.frames.empty()) continue;
    batch.packageName = packageName;
    batch.scene = w.window.empty() ? fallbackScene : sceneOfWindow(w.window);
    batch.refreshPeriodNs = refreshPeriodNs;
    batches.push_back(std::move(batch));
  }
  return batches;
}

}  // namespace mxi::agent
