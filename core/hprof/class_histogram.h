// Class histogram: instance count and shallow bytes per class, optionally for one heap.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/hprof/heap_index.h"

namespace mxi::core::hprof {

struct HistogramRow {
  ClassIndex cls;
  std::string className;
  uint64_t count = 0;
  uint64_t shallowBytes = 0;
};

// Rows sorted by shallow bytes (descending), then count, then class name. `heap` restricts
// the count to objects of that heap (an index into HeapIndex::heaps()).
std::vector<HistogramRow> classHistogram(const HeapIndex& index, std::optional<uint8_t> heap);
// The same over several heaps: those marked in `countedHeaps` (by index into HeapIndex::heaps();
// empty = every heap), e.g. all but Android's image and zygote heaps.
std::vector<HistogramRow> classHistogramOfHeaps(const HeapIndex& index, const std::vector<bool>& countedHeaps);

}  // namespace mxi::core::hprof
