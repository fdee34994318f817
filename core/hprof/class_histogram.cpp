#include "core/hprof/class_histogram.h"

#include <algorithm>
#include <thread>

namespace mxi::core::hprof {

std::vector<HistogramRow> classHistogram(const HeapIndex& index, std::optional<uint8_t> heap) {
  const uint32_t classes = index.classCount();
  const uint32_t n = index.objectCount();
  // Slot `classes` collects objects whose class is missing from the dump.
  struct Acc {
    std::vector<uint64_t> count, bytes;
  };
  const unsigned threads = n > 500000 ? std::max(1u, std::min(4u, std::thread::hardware_concurrency())) : 1;
  std::vector<Acc> acc(threads);
  auto work = [&](unsigned t) {
    Acc& a = acc[t];
    a.count.assign(classes + 1, 0);
    a.bytes.assign(classes + 1, 0);
    const uint32_t lo = static_cast<uint32_t>(uint64_t{n} * t / threads);
    const uint32_t hi = static_cast<uint32_t>(uint64_t{n} * (t + 1) / threads);
    for (uint32_t i = lo; i < hi; ++i) {
      const ObjectIndex o{i};
      if (heap && index.heapOf(o) != *heap) continue;
      const ClassIndex c = index.classOf(o);
      const uint32_t slot = c == kNoClass ? classes : c.value;
      a.count[slot]++;
      a.bytes[slot] += index.shallowSize(o);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();

  std::vector<HistogramRow> rows;
  for (uint32_t c = 0; c <= classes; ++c) {
    HistogramRow row;
    for (const Acc& a : acc) {
      row.count += a.count[c];
      row.shallowBytes += a.bytes[c];
    }
    if (row.count == 0) continue;
    row.cls = c == classes ? kNoClass : ClassIndex{c};
    row.className = c == classes ? "<unknown class>" : index.classInfo(ClassIndex{c}).name;
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end(), [](const HistogramRow& a, const HistogramRow& b) {
    if (a.shallowBytes != b.shallowBytes) return a.shallowBytes > b.shallowBytes;
    if (a.count != b.count) return a.count > b.count;
    return a.className < b.className;
  });
  return rows;
}

}  // namespace mxi::core::hprof
