// EdgeBuckets: (source, target) pairs sorted by the target's high bits as they arrive. The
// dominator search meets the edges other than tree edges in no useful order; counting them per
// target there and scattering them into lists afterwards were two random accesses per edge
// into tables of tens of MB. Appended to one of a few hundred buckets instead (each a run of
// sequential writes), they are listed bucket by bucket later with counts that stay in cache.
//
// Buckets grow in chunks carved in order from one reservation, so another thread can fault in
// the reservation ahead of the writer (carved() says how far it has got).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/base/check.h"
#include "core/base/large_array.h"

namespace mxi::core::analysis {

class EdgeBuckets {
 public:
  static constexpr uint32_t kTargetBits = 16;        // targets per bucket: 2^16
  static constexpr size_t kChunk = size_t{1} << 12;  // pairs per chunk (32 KB)

  // Room for `pairs` pairs with targets below `targets`; false when the address space is not there.
  bool reserve(uint32_t targets, uint64_t pairs) {
    const size_t buckets = (size_t{targets} >> kTargetBits) + 1;
    m_buckets.assign(buckets, Bucket{});
    m_chunks.assign(buckets, {});
    m_carved = 0;
    // Every bucket leaves at most one chunk partly filled.
    return m_storage.reserve(pairs + buckets * kChunk);
  }

  void add(uint32_t source, uint32_t target) {
    Bucket& b = m_buckets[target >> kTargetBits];
    if (b.at == b.end) [[unlikely]] {
      grow(target >> kTargetBits);
    }
    *b.at++ = uint64_t{source} << 32 | target;
  }

  uint32_t bucketCount() const { return static_cast<uint32_t>(m_buckets.size()); }
  // Pairs in bucket k.
  uint64_t bucketSize(uint32_t k) const {
    const std::vector<uint32_t>& chunks = m_chunks[k];
    if (chunks.empty()) return 0;
    const uint64_t* last = m_storage.data() + size_t{chunks.back()} * kChunk;
    return (chunks.size() - 1) * kChunk + static_cast<uint64_t>(m_buckets[k].at - last);
  }
  // Pairs in every bucket.
  uint64_t size() const {
    uint64_t total = 0;
    for (uint32_t k = 0; k < bucketCount(); ++k) total += bucketSize(k);
    return total;
  }
  // Calls f(source, target) for the pairs of bucket k in the order they were added.
  template <typename F>
  void forEach(uint32_t k, F&& f) const {
    const std::vector<uint32_t>& chunks = m_chunks[k];
    for (size_t i = 0; i < chunks.size(); ++i) {
      const uint64_t* p = m_storage.data() + size_t{chunks[i]} * kChunk;
      const uint64_t* end = i + 1 == chunks.size() ? m_buckets[k].at : p + kChunk;
      for (; p != end; ++p) f(static_cast<uint32_t>(*p >> 32), static_cast<uint32_t>(*p));
    }
  }

  // Pairs' storage handed out so far (whole chunks), and the reservation, for a page warmer.
  size_t carved() const { return m_carved; }
  const LargeArray<uint64_t>& storage() const { return m_storage; }

  // Hands every page back.
  void clear() {
    m_storage = {};
    m_buckets.clear();
    m_chunks.clear();
    m_carved = 0;
  }

 private:
  struct Bucket {
    uint64_t* at = nullptr;  // next free pair in the current chunk
    uint64_t* end = nullptr;
  };
  void grow(uint32_t k) {
    MXI_CHECK(m_carved + kChunk <= m_storage.capacity());  // more pairs than reserved
    Bucket& b = m_buckets[k];
    b.at = m_storage.data() + m_carved;
    b.end = b.at + kChunk;
    m_chunks[k].push_back(static_cast<uint32_t>(m_carved / kChunk));
    m_carved += kChunk;
  }

  LargeArray<uint64_t> m_storage;
  std::vector<Bucket> m_buckets;
  std::vector<std::vector<uint32_t>> m_chunks;  // per bucket: its chunks, in order
  size_t m_carved = 0;
};

}  // namespace mxi::core::analysis
