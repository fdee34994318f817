#include "core/hprof/class_histogram.h"

#include <algorithm>

namespace mxi::core::hprof {

std::vector<HistogramRow> classHistogram(const HeapIndex& index, std::optional<uint8_t> heap) {
  std::vector<HistogramRow> rows;
  const uint32_t classes = index.classCount();
  // One extra slot: objects whose class the dump does not contain.
  for (uint32_t c = 0; c <= classes; ++c) {
    const ClassIndex cls = c == classes ? kNoClass : ClassIndex{c};
    const auto [count, bytes] = index.classTotals(cls, heap);
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

}  // namespace mxi::core::hprof
