#include "core/exports/memory_json.h"

#include <string>

namespace mxi::core::exports {

using nlohmann::ordered_json;
using session::MemoryCategory;

ordered_json memorySampleToJson(const session::MemorySample& s) {
  ordered_json j;
  j["timeNs"] = s.timeNs;
  j["pid"] = s.pid;
  for (MemoryCategory c : session::kMemoryCategories) {
    if (const int64_t v = session::memoryValue(s, c); v >= 0) j[std::string(session::memoryFieldName(c))] = v;
  }
  if (s.marks != 0) {
    ordered_json marks = ordered_json::array();
    if (s.marks & session::kMemoryMarkGcForced) marks.push_back("gcForced");
    if (s.marks & session::kMemoryMarkHeapDumped) marks.push_back("heapDumped");
    if (s.marks & session::kMemoryMarkLeakFound) marks.push_back("leakFound");
    j["marks"] = std::move(marks);
  }
  return j;
}

ordered_json memorySamplesToJson(std::span<const session::MemorySample> samples) {
  ordered_json j = ordered_json::array();
  for (const auto& s : samples) j.push_back(memorySampleToJson(s));
  return j;
}

ordered_json memorySummaryToJson(const session::MemorySummary& m) {
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
    categories[std::string(session::memoryCategoryKey(c.category))] = {{"samples", c.samples},
                                                                       {"startKb", c.startKb},
                                                                       {"peakKb", c.peakKb},
                                                                       {"endKb", c.endKb},
                                                                       {"growthKbPerMin", c.growthKbPerMin}};
  }
  j["categories"] = std::move(categories);
  return j;
}

ordered_json memoryDeltasToJson(std::span<const session::MemoryDelta> deltas) {
  ordered_json j = ordered_json::array();
  for (const auto& d : deltas) {
    j.push_back({{"category", std::string(session::memoryCategoryKey(d.category))},
                 {"verdict", std::string(session::verdictName(d.verdict))},
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
