#include "core/hprof/heap_list.h"

namespace mxi::core::hprof {

std::vector<uint8_t> listedHeaps(const HeapIndex& index) {
  std::vector<uint8_t> out;
  const auto& heaps = index.heaps();
  for (size_t h = 0; h < heaps.size(); ++h) {
    if (heaps[h].objects > 0) out.push_back(static_cast<uint8_t>(h));
  }
  return out;
}

std::string listedHeapNames(const HeapIndex& index) {
  std::string names;
  for (const uint8_t h : listedHeaps(index)) names += (names.empty() ? "" : ", ") + index.heaps()[h].name;
  return names;
}

}  // namespace mxi::core::hprof
