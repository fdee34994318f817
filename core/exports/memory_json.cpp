#include "core/exports/memory_json.h"

#include <string>

namespace mxi::core::exports {

using meminfo::MemoryCategory;
using nlohmann::ordered_json;

ordered_json memorySampleToJson(const meminfo::MemorySample& s) {
  ordered_json j;
  j["timeNs"] = s.timeNs;
  j["pid"] = s.pid;
  for (MemoryCategory c : meminfo::kMemoryCategories) {
    if (const int64_t v = meminfo::memoryValue(s, c); v >= 0) j[std::string(meminfo::memoryFieldName(c))] = v;
  }
  if (s.marks != 0) {
    ordered_json marks = ordered_json::array();
    if (s.marks & meminfo::kMemoryMarkGcForced) marks.push_back("gcForced");
    if (s.marks & meminfo::kMemoryMarkHeapDumped) marks.push_back("heapDumped");
    if (s.marks & meminfo::kMemoryMarkLeakFound) marks.push_back("leakFound");
    j["marks"] = std::move(marks);
  }
  return j;
}

ordered_json memorySamplesToJson(std::span<const meminfo::MemorySample> samples) {
  ordered_json j = ordered_json::array();
  for (const auto& s : samples) j.push_back(memorySampleToJson(s));
  return j;
}

ordered_json memorySummaryToJson(const meminfo::MemorySummary& m) {
  ordered_json j;
  j["samples"] = m.samples;
  if (m.samples == 0) return j;
  if (m.peakPssKb >= 0) j["peakPssKb"] = m.peakPssKb;
  j["durationMs"] = static_cast<double>(m.lastTimeNs - m.firstTimeNs) / 1e6;
  if (const auto* pss = m.find(MemoryCategory::kTotalPss)) j["growthKbPerMin"] = pss->growthKbPerMin;
  j["gcForced"] = m.gcForced;
  j["heapDumps"] = m.heapDumps;
  j["leaks"] = m.leaks;
  ordered_json categories = ordered_json::object();
  for (const auto& c : m.categories) {
    categories[std::string(meminfo::memoryCategoryKey(c.category))] = {{"samples", c.samples},
                                                                       {"startKb", c.startKb},
                                                                       {"peakKb", c.peakKb},
                                                                       {"endKb", c.endKb},
                                                                       {"growthKbPerMin", c.growthKbPerMin}};
  }
  j["categories"] = std::move(categories);
  return j;
}

ordered_json memoryDeltasToJson(std::span<const sessioncompare::MemoryDelta> deltas) {
  ordered_json j = ordered_json::array();
  for (const auto& d : deltas) {
    j.push_back({{"category", std::string(meminfo::memoryCategoryKey(d.category))},
                 {"verdict", std::string(sessioncompare::verdictName(d.verdict))},
                 {"baseSamples", d.baseSamples},
                 {"newSamples", d.nextSamples},
                 {"baseMedianKb", d.baseMedianKb},
                 {"newMedianKb", d.nextMedianKb},
                 {"deltaKb", d.deltaKb},
                 {"changePercent", d.changePct},
                 {"mannWhitney",
                  {{"u", d.test.u},
                   {"z", d.test.z},
                   {"pGreater", d.test.pGreater},
                   {"pLess", d.test.pLess},
                   {"effect", d.test.effect}}}});
  }
  return j;
}

}  // namespace mxi::core::exports
