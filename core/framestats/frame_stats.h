// Aggregates over frames: drop levels, FPS, jank, percentiles, dominant stages of slow frames,
// overall and per time slice. Pure functions over immutable inputs.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/framestats/frame.h"

namespace mxi::core::framestats {

struct FrameStats {
  uint64_t frames = 0;         // counted frames (Flags == 0)
  uint64_t flaggedFrames = 0;  // left out of everything below
  std::array<uint64_t, kDropLevelCount> levels{};
  uint64_t droppedSum = 0;                            // sum of dropped frames
  uint64_t jankFrames = 0;                            // frames with at least one dropped frame ("slow frames")
  double fps = 0;                                     // Matrix's FPS (core/framestats/fps.h)
  double jankPercent = 0;                             // 100 * jankFrames / frames
  double p50Ms = 0, p90Ms = 0, p95Ms = 0, p99Ms = 0;  // nearest-rank frame durations
  double maxMs = 0;
  // For each stage: how many slow frames it dominated.
  std::array<uint64_t, kFrameStageCount> dominantStages{};
  int64_t firstStartNs = 0, lastEndNs = 0;
};

struct FrameSlice {
  int64_t startNs = 0;  // slice start (absolute, same clock as the frames)
  FrameStats stats;
};

// FPS as core/framestats/fps.h computes it everywhere (Matrix's way).
FrameStats computeFrameStats(std::span<const Frame> frames, const DropThresholds& thresholds = {});

// Frames grouped into consecutive slices of `sliceNs` by start time (empty slices omitted).
std::vector<FrameSlice> sliceFrames(std::span<const Frame> frames, int64_t sliceNs,
                                    const DropThresholds& thresholds = {});

// Nearest-rank percentile (p in (0,100]) of an ascending-sorted list; 0 when empty.
int64_t nearestRankPercentile(std::span<const int64_t> sorted, double p);

}  // namespace mxi::core::framestats
