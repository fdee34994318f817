// DumpPageRelease: hands the pages of the mapped dump that a pass over the objects (in
// ObjectIndex order, which is file order save a few runs) has read back to the kernel as the
// pass goes. A private file mapping's pages count in this process's resident memory until
// released; without this, the strong graph and the retained-size pass left the whole 1.6 GB
// javac-6000 dump resident (docs/PERFORMANCE.md). Released pages are read back from the page
// cache if touched again.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

class DumpPageRelease {
 public:
  explicit DumpPageRelease(const hprof::HeapIndex& index) : m_index(index) {}
  ~DumpPageRelease() { flush(); }
  DumpPageRelease(const DumpPageRelease&) = delete;
  DumpPageRelease& operator=(const DumpPageRelease&) = delete;

  // The pass read `object`'s record.
  void read(hprof::ObjectIndex object) {
    const uint64_t offset = m_index.recordOffset(object);
    m_lowest = std::min(m_lowest, offset);
    m_highest = std::max(m_highest, offset);
  }
  // Call once per object of the pass (read or not): every kEvery objects the span read since
  // the last release is released, when it is compact (objects out of file order may lie far
  // apart; a wide span would drop pages a later object still needs).
  void advance() {
    if (++m_since == kEvery) flush();
  }
  void flush() {
    if (m_highest > m_lowest && m_highest - m_lowest < kMaxSpan) m_index.source().release(m_lowest, m_highest);
    m_lowest = UINT64_MAX;
    m_highest = 0;
    m_since = 0;
  }

 private:
  static constexpr uint32_t kEvery = 1u << 16;
  static constexpr uint64_t kMaxSpan = 64ull << 20;
  const hprof::HeapIndex& m_index;
  uint64_t m_lowest = UINT64_MAX, m_highest = 0;
  uint32_t m_since = 0;
};

}  // namespace mxi::core::analysis
