#include "core/meminfo/memory_stats.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mxi::core::meminfo {

const MemoryCategoryStats* MemorySummary::find(MemoryCategory category) const {
  for (const auto& c : categories) {
    if (c.category == category) return &c;
  }
  return nullptr;
}

double growthKbPerMinute(std::span<const std::pair<int64_t, int64_t>> points) {
  if (points.size() < 2) return 0;
  // Centred on the means, in minutes from the first point: no loss of precision from device
  // clocks of hours (1e13 ns) squared.
  const int64_t t0 = points.front().first;
  double meanT = 0, meanV = 0;
  for (const auto& [t, v] : points) {
    meanT += static_cast<double>(t - t0) / 60e9;
    meanV += static_cast<double>(v);
  }
  const auto n = static_cast<double>(points.size());
  meanT /= n;
  meanV /= n;
  double sxy = 0, sxx = 0;
  for (const auto& [t, v] : points) {
    const double dt = static_cast<double>(t - t0) / 60e9 - meanT;
    sxy += dt * (static_cast<double>(v) - meanV);
    sxx += dt * dt;
  }
  if (sxx <= 0) return 0;
  // Rounded to 0.001 kB/min: a steady 1000 kB/min reads 1000, not 999.9999999999999.
  return std::round(sxy / sxx * 1000) / 1000;
}

std::vector<int64_t> memoryValues(std::span<const MemorySample> samples, MemoryCategory category) {
  std::vector<int64_t> out;
  out.reserve(samples.size());
  for (const MemorySample& s : samples) {
    if (const int64_t v = memoryValue(s, category); v >= 0) out.push_back(v);
  }
  return out;
}

MemorySummary summarizeMemory(std::span<const MemorySample> samples) {
  MemorySummary m;
  m.samples = samples.size();
  if (samples.empty()) return m;
  m.firstTimeNs = samples.front().timeNs;
  m.lastTimeNs = samples.front().timeNs;
  for (const MemorySample& s : samples) {
    m.firstTimeNs = std::min(m.firstTimeNs, s.timeNs);
    m.lastTimeNs = std::max(m.lastTimeNs, s.timeNs);
    if (s.marks & kMemoryMarkGcForced) ++m.gcForced;
    if (s.marks & kMemoryMarkHeapDumped) ++m.heapDumps;
    if (s.marks & kMemoryMarkLeakFound) ++m.leaks;
  }
  std::vector<std::pair<int64_t, int64_t>> points;
  for (MemoryCategory category : kMemoryCategories) {
    points.clear();
    MemoryCategoryStats c;
    c.category = category;
    for (const MemorySample& s : samples) {
      const int64_t v = memoryValue(s, category);
      if (v < 0) continue;
      if (points.empty()) c.startKb = v;
      if (points.empty() || v > c.peakKb) {
        c.peakKb = v;
        c.peakTimeNs = s.timeNs;
      }
      c.endKb = v;
      points.emplace_back(s.timeNs, v);
    }
    if (points.empty()) continue;
    c.samples = points.size();
    c.growthKbPerMin = growthKbPerMinute(points);
    if (category == MemoryCategory::kTotalPss) m.peakPssKb = c.peakKb;
    m.categories.push_back(c);
  }
  return m;
}

}  // namespace mxi::core::meminfo
