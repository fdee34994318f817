// One rendered frame and the Matrix frame-drop vocabulary (levels, stages).
// Semantics (docs/TRACE.md): duration = FrameCompleted - IntendedVsync; dropped frames =
// floor(duration / refresh period); the stages split that duration without gaps.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/protocol/messages.h"

namespace mxi::core::framestats {

// Where a frame's time went, in pipeline order. kDelay is the time between the intended vsync
// and the start of input handling: the UI thread was busy with something else (a slow message).
enum class FrameStage : uint8_t { kDelay, kInput, kAnimation, kLayoutMeasure, kDraw, kSync, kGpuSwap };
inline constexpr size_t kFrameStageCount = 7;
std::string_view frameStageName(FrameStage stage);  // "delay", "input", "animation", "layoutMeasure", ...

// Matrix FrameTracer drop levels.
enum class DropLevel : uint8_t { kBest, kNormal, kMiddle, kHigh, kFrozen };
inline constexpr size_t kDropLevelCount = 5;
std::string_view dropLevelName(DropLevel level);  // "best", "normal", "middle", "high", "frozen"

// Lower bounds (in dropped frames) of Normal, Middle, High and Frozen; Matrix's defaults.
struct DropThresholds {
  int normal = 3;
  int middle = 9;
  int high = 24;
  int frozen = 42;
  DropLevel levelOf(int64_t droppedFrames) const;
};

// Real captures contain rows whose FrameCompleted is 0 or garbage (bit flips, uninitialized
// stamps such as 2^58): a frame counts only when it completes after it starts and within 60 s.
inline constexpr int64_t kMaxPlausibleFrameNs = 60'000'000'000;
inline bool plausibleFrameTimes(int64_t intendedVsyncNs, int64_t frameCompletedNs) {
  return intendedVsyncNs > 0 && frameCompletedNs >= intendedVsyncNs &&
         frameCompletedNs - intendedVsyncNs <= kMaxPlausibleFrameNs;
}

struct Frame {
  int64_t startNs = 0;                              // IntendedVsync (CLOCK_MONOTONIC)
  int64_t durationNs = 0;                           // FrameCompleted - IntendedVsync
  int64_t refreshPeriodNs = 0;                      // the display's vsync period when the frame was drawn
  uint32_t flags = 0;                               // framestats Flags; non-zero frames are outliers, not counted
  std::array<int64_t, kFrameStageCount> stageNs{};  // sums to durationNs when all stamps are sane

  int64_t droppedFrames() const { return refreshPeriodNs > 0 ? durationNs / refreshPeriodNs : 0; }
  FrameStage dominantStage() const;
};

// A frame from framestats' stamps, whether captured in a file or sent by the agent: the row's
// vsync period, else `fallbackPeriodNs`; stages cut at the pipeline's stamps (a missing or
// out-of-order stamp gets zero time, so the stages sum to the duration); implausible stamps
// (plausibleFrameTimes) give a zero duration.
Frame frameFromTiming(const protocol::FrameTiming& timing, int64_t fallbackPeriodNs);

}  // namespace mxi::core::framestats
