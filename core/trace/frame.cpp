#include "core/trace/frame.h"

namespace mxi::core::trace {

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

}  // namespace mxi::core::trace
