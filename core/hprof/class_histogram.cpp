#include "core/hprof/class_histogram.h"

#include <algorithm>

namespace mxi::core::hprof {

namespace {

// `totals(cls)` → (count, bytes) for every class plus the unknown-class slot; sorted rows.
template <typename Totals>
std::vector<HistogramRow> histogramRows(const HeapIndex& index, Totals totals) {
  std::vector<HistogramRow> rows;
  const uint32_t classes = index.classCount();
  // One extra slot: objects whose class the dump does not contain.
  for (uint32_t c = 0; c <= classes; ++c) {
    const ClassIndex cls = c == classes ? kNoClass : ClassIndex{c};
    const auto [count, bytes] = totals(cls);
    if (count == 0) continue;
    rows.push_back({cls, c == classes ? "<unknown class>" : index.classInfo(cls).name, count, bytes});
  }
  std::sort(rows.begin(), rows.end(), [](const HistogramRow& a, const HistogramRow& b) {
    if (a.shallowBytes != b.shallowBytes) return a.shallowBytes > b.shallowBytes;
    if (a.count != b.count) return a.count > b.count;
    return a.className < b.className;
  });
  return rows;
}

}  // namespace

std::vector<HistogramRow> classHistogram(const HeapIndex& index, std::optional<uint8_t> heap) {
  return histogramRows(index, [&](ClassIndex cls) { return index.classTotals(cls, heap); });
}

std::vector<HistogramRow> classHistogramOfHeaps(const HeapIndex& index, const std::vector<bool>& countedHeaps) {
  if (countedHeaps.empty()) return classHistogram(index, std::nullopt);
  return histogramRows(index, [&](ClassIndex cls) {
    std::pair<uint64_t, uint64_t> sum{0, 0};
    for (size_t h = 0; h < countedHeaps.size() && h < index.heaps().size(); ++h) {
      if (!countedHeaps[h]) continue;
      const auto [count, bytes] = index.classTotals(cls, static_cast<uint8_t>(h));
      sum.first += count;
      sum.second += bytes;
    }
    return sum;
  });
}

}  // namespace mxi::core::hprof
