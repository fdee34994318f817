#include "core/framestats/frame_stats.h"

#include "core/framestats/fps.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mxi::core::framestats {

int64_t nearestRankPercentile(std::span<const int64_t> sorted, double p) {
  if (sorted.empty()) return 0;
  auto rank = static_cast<size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
  rank = std::clamp<size_t>(rank, 1, sorted.size());
  return sorted[rank - 1];
}

FrameStats computeFrameStats(std::span<const Frame> frames, const DropThresholds& thresholds) {
  FrameStats s;
  std::vector<int64_t> durations;
  durations.reserve(frames.size());
  FpsAccumulator fps;
  bool first = true;
  for (const Frame& f : frames) {
    if (first || f.startNs < s.firstStartNs) s.firstStartNs = f.startNs;
    if (first || f.startNs + f.durationNs > s.lastEndNs) s.lastEndNs = f.startNs + f.durationNs;
    first = false;
    if (f.flags != 0) {
      ++s.flaggedFrames;
      continue;
    }
    ++s.frames;
    const int64_t dropped = f.droppedFrames();
    ++s.levels[static_cast<size_t>(thresholds.levelOf(dropped))];
    s.droppedSum += static_cast<uint64_t>(dropped);
    fps.add(f);
    if (dropped >= 1) {
      ++s.jankFrames;
      ++s.dominantStages[static_cast<size_t>(f.dominantStage())];
    }
    durations.push_back(f.durationNs);
  }
  if (s.frames == 0) return s;
  std::sort(durations.begin(), durations.end());
  const auto ms = [](int64_t ns) { return static_cast<double>(ns) / 1e6; };
  s.p50Ms = ms(nearestRankPercentile(durations, 50));
  s.p90Ms = ms(nearestRankPercentile(durations, 90));
  s.p95Ms = ms(nearestRankPercentile(durations, 95));
  s.p99Ms = ms(nearestRankPercentile(durations, 99));
  s.maxMs = ms(durations.back());
  s.fps = fps.fps();
  s.jankPercent = 100.0 * static_cast<double>(s.jankFrames) / static_cast<double>(s.frames);
  return s;
}

std::vector<FrameSlice> sliceFrames(std::span<const Frame> frames, int64_t sliceNs, const DropThresholds& thresholds) {
  std::vector<FrameSlice> slices;
  if (frames.empty() || sliceNs <= 0) return slices;
  std::vector<Frame> sorted(frames.begin(), frames.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const Frame& a, const Frame& b) { return a.startNs < b.startNs; });
  const int64_t origin = sorted.front().startNs;
  size_t begin = 0;
  while (begin < sorted.size()) {
    const int64_t index = (sorted[begin].startNs - origin) / sliceNs;
    // Saturating: the last slice of a capture near INT64_MAX must not overflow.
    const int64_t sliceEnd = index + 1 > (std::numeric_limits<int64_t>::max() - origin) / sliceNs
                                 ? std::numeric_limits<int64_t>::max()
                                 : origin + (index + 1) * sliceNs;
    size_t end = begin;
    while (end < sorted.size() && sorted[end].startNs < sliceEnd) ++end;
    slices.push_back(
        {origin + index * sliceNs, computeFrameStats(std::span(sorted).subspan(begin, end - begin), thresholds)});
    begin = end;
  }
  return slices;
}

}  // namespace mxi::core::framestats
