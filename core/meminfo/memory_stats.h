// A session's memory timeline in figures: per category the first, highest and last value and the
// growth per minute (least-squares slope over time), for `mxi session summary`, the exports and
// compare. Categories no sample gave (-1 throughout) are left out.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/meminfo/memory_sample.h"

namespace mxi::core::meminfo {

struct MemoryCategoryStats {
  MemoryCategory category = MemoryCategory::kTotalPss;
  uint64_t samples = 0;  // samples that gave a value
  int64_t startKb = 0, peakKb = 0, endKb = 0;
  int64_t peakTimeNs = 0;     // the first sample at the peak
  double growthKbPerMin = 0;  // least-squares slope; 0 below two samples or over no time
};

struct MemorySummary {
  uint64_t samples = 0;
  int64_t firstTimeNs = 0, lastTimeNs = 0;
  int64_t peakPssKb = -1;                           // -1: no sample gave a TOTAL PSS
  uint64_t gcForced = 0, heapDumps = 0, leaks = 0;  // samples carrying each MemoryMark
  std::vector<MemoryCategoryStats> categories;      // kMemoryCategories order, only those given
  const MemoryCategoryStats* find(MemoryCategory category) const;
};

MemorySummary summarizeMemory(std::span<const MemorySample> samples);

// Least-squares slope of kB over time, in kB per minute (times in ns); 0 with fewer than two
// points or when every point has the same time. Rounded to 0.001 kB/min.
double growthKbPerMinute(std::span<const std::pair<int64_t, int64_t>> timeNsAndKb);

// The values of one category the samples gave, in order (for compare's test).
std::vector<int64_t> memoryValues(std::span<const MemorySample> samples, MemoryCategory category);

}  // namespace mxi::core::meminfo
