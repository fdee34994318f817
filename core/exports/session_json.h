// JSON views of sessions: `mxi session summary|info|export --to json|compare --format json`.
#pragma once

#include <nlohmann/json.hpp>

#include "core/session/session_data.h"
#include "core/session/session_reader.h"
#include "core/sessioncompare/session_compare.h"

namespace mxi::core::exports {

nlohmann::ordered_json headerToJson(const session::SessionHeader& header);
nlohmann::ordered_json recoveryToJson(const session::RecoveryReport& recovery);
// {durationMs, offClockMs (session_span.h; 0 when every record shares the frames' clock), records, frames,
// flaggedFrames, issues, anrs, marks, heapDumps, frameGaps, memorySamples, fps, jankPercent,
//  levels, scenes[] of {name, frames, levels, fps, jankPercent, p50Ms, p90Ms, p95Ms, p99Ms}}
nlohmann::ordered_json summaryToJson(const session::SessionSummary& summary);
// Everything: header, recovery, scenes with exact stats and per-time-slice stats (`sliceNs`, by
// frame start), frames, issues, ANRs, marks, heap dumps, frame gaps, memory samples (memory_json.h).
nlohmann::ordered_json sessionToJson(const session::SessionData& data,
                                     const framestats::DropThresholds& thresholds = {},
                                     int64_t sliceNs = 1'000'000'000);
nlohmann::ordered_json comparisonToJson(const sessioncompare::SessionComparison& comparison);
// [{timeNs, durationMs, maxLostFrames, scene}]
nlohmann::ordered_json frameGapsToJson(const std::vector<session::SessionFrameGap>& gaps);

}  // namespace mxi::core::exports
