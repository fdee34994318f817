#include "core/framestats/frame.h"

#include <algorithm>

namespace mxi::core::framestats {

std::string_view frameStageName(FrameStage stage) {
  switch (stage) {
    case FrameStage::kDelay: return "delay";
    case FrameStage::kInput: return "input";
    case FrameStage::kAnimation: return "animation";
    case FrameStage::kLayoutMeasure: return "layoutMeasure";
    case FrameStage::kDraw: return "draw";
    case FrameStage::kSync: return "sync";
    case FrameStage::kGpuSwap: return "gpuSwap";
  }
  return "?";
}

std::string_view dropLevelName(DropLevel level) {
  switch (level) {
    case DropLevel::kBest: return "best";
    case DropLevel::kNormal: return "normal";
    case DropLevel::kMiddle: return "middle";
    case DropLevel::kHigh: return "high";
    case DropLevel::kFrozen: return "frozen";
  }
  return "?";
}

DropLevel DropThresholds::levelOf(int64_t droppedFrames) const {
  if (droppedFrames >= frozen) return DropLevel::kFrozen;
  if (droppedFrames >= high) return DropLevel::kHigh;
  if (droppedFrames >= middle) return DropLevel::kMiddle;
  if (droppedFrames >= normal) return DropLevel::kNormal;
  return DropLevel::kBest;
}

FrameStage Frame::dominantStage() const {
  size_t best = 0;
  for (size_t i = 1; i < kFrameStageCount; ++i) {
    if (stageNs[i] > stageNs[best]) best = i;
  }
  return static_cast<FrameStage>(best);
}

Frame frameFromTiming(const protocol::FrameTiming& t, int64_t fallbackPeriodNs) {
  Frame f;
  f.startNs = t.intendedVsync;
  f.durationNs = plausibleFrameTimes(t.intendedVsync, t.frameCompleted) ? t.frameCompleted - t.intendedVsync : 0;
  f.refreshPeriodNs = t.frameIntervalNs > 0 ? t.frameIntervalNs : fallbackPeriodNs;
  f.flags = static_cast<uint32_t>(t.flags);
  const int64_t end = f.startNs + f.durationNs;
  const int64_t cuts[] = {t.handleInputStart, t.animationStart, t.performTraversalsStart,
                          t.drawStart,        t.syncQueued,     t.issueDrawCommandsStart};
  int64_t previous = f.startNs;
  for (size_t i = 0; i < std::size(cuts); ++i) {
    const int64_t stamp = std::clamp(cuts[i] <= 0 ? previous : cuts[i], previous, end);
    f.stageNs[i] = stamp - previous;
    previous = stamp;
  }
  f.stageNs[kFrameStageCount - 1] = end - previous;
  return f;
}

}  // namespace mxi::core::framestats
