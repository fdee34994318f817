#include "device-agent/src/frame_collector.h"

namespace mxi::agent {

std::vector<core::protocol::FrameBatch> FrameDeduplicator::newFrames(const std::string& packageName,
                                                                     std::vector<WindowFrames> windows,
                                                                     const std::string& fallbackScene,
                                                                     uint64_t refreshPeriodNs) {
  std::vector<core::protocol::FrameBatch> batches;
  for (WindowFrames& w : windows) {
    auto [it, inserted] = m_lastVsync.try_emplace(w.window, INT64_MIN);
    int64_t& last = it->second;
    core::protocol::FrameBatch batch;
    for (const core::protocol::FrameTiming& f : w.frames) {
      if (f.intendedVsync <= last) continue;
      batch.frames.push_back(f);
    }
    if (batch.frames.empty()) continue;
    for (const auto& f : batch.frames) last = std::max(last, f.intendedVsync);
    batch.packageName = packageName;
    batch.scene = w.window.empty() ? fallbackScene : sceneOfWindow(w.window);
    batch.refreshPeriodNs = refreshPeriodNs;
    batches.push_back(std::move(batch));
  }
  return batches;
}

}  // namespace mxi::agent
