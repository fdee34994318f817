// JSON view of frame statistics: the contract of `mxi parse framestats` and of session exports.
#pragma once

#include <nlohmann/json.hpp>

#include "core/framestats/frame_stats.h"

namespace mxi::core::framestats {

// {frames, flaggedFrames, levels{best..frozen}, droppedFrames, jankFrames, jankPercent, fps,
//  p50Ms, p90Ms, p95Ms, p99Ms, maxMs, slowFrameStages{stage: count}}
nlohmann::ordered_json frameStatsToJson(const FrameStats& stats);

}  // namespace mxi::core::framestats
