// FPS, computed one way everywhere (live view, `mxi record`, session summaries, exports): Matrix's
// FrameTracer way, refresh rate × frames / (frames + dropped frames). Each counted frame holds the
// screen for (dropped + 1) refresh periods; FPS is frames per second of that time, so an app that
// draws nothing for a while is not "slow" — only the frames it draws count — and it never
// exceeds the display's rate. docs/TRACE.md explains it with an example.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/framestats/frame.h"

namespace mxi::core::framestats {

struct FpsAccumulator {
  uint64_t frames = 0;
  double occupiedNs = 0;  // sum of (dropped + 1) × period
  double periodSum = 0;   // sum of periods (the display's rate where the frames were drawn)

  // A counted frame (flagged frames are left out by the caller, as gfxinfo does).
  void add(const Frame& f) {
    ++frames;
    occupiedNs += static_cast<double>(f.droppedFrames() + 1) * static_cast<double>(f.refreshPeriodNs);
    periodSum += static_cast<double>(f.refreshPeriodNs);
  }
  void merge(const FpsAccumulator& o) {
    frames += o.frames;
    occupiedNs += o.occupiedNs;
    periodSum += o.periodSum;
  }
  double fps() const {
    if (frames == 0 || occupiedNs <= 0 || periodSum <= 0) return 0;
    const auto n = static_cast<double>(frames);
    return std::min(1e9 * n / periodSum, 1e9 * n / occupiedNs);
  }
};

}  // namespace mxi::core::framestats
