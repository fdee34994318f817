// JSON views of the memory timeline: the samples (`mxi session export --to json`), their summary
// (`mxi session summary --format json`) and compare's deltas. Fields a sample lacks are absent.
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "core/meminfo/memory_stats.h"
#include "core/sessioncompare/session_compare.h"

namespace mxi::core::exports {

// {timeNs, pid, javaHeapKb, nativeHeapKb, codeKb, stackKb, graphicsKb, privateOtherKb, systemKb,
//  totalPssKb, totalRssKb, totalSwapKb, marks: ["gcForced", "heapDumped", "leakFound"]}; a value
// the source did not give and marks when none are absent.
nlohmann::ordered_json memorySampleToJson(const meminfo::MemorySample& sample);
nlohmann::ordered_json memorySamplesToJson(std::span<const meminfo::MemorySample> samples);
// {samples, peakPssKb, durationMs, growthKbPerMin (of totalPss), gcForced, heapDumps, leaks,
//  categories: {java: {samples, startKb, peakKb, endKb, growthKbPerMin}, …}}; peakPssKb and
// growthKbPerMin absent without a TOTAL PSS, categories without a value absent; {samples: 0}
// alone for a session without memory samples.
nlohmann::ordered_json memorySummaryToJson(const meminfo::MemorySummary& summary);
// [{category, verdict, baseSamples, newSamples, baseMedianKb, newMedianKb, deltaKb, changePercent,
//   mannWhitney: {u, z, pGreater, pLess, effect}}]
nlohmann::ordered_json memoryDeltasToJson(std::span<const sessioncompare::MemoryDelta> deltas);

}  // namespace mxi::core::exports
