// EdgeBuckets: (source, target) pairs sorted by the target's high bits as they arrive. The
// dominator search meets the edges other than tree edges in no useful order; counting them per
// target there and scattering them into lists afterwards were two random accesses per edge
// into tables of tens of MB. Appended to one of a few hundred buckets instead (each a run of
// sequential writes), they are listed bucket by bucket later with counts that stay in cache.
//
// Buckets grow in chunks carved in order from one reservation, so another thread can fault in
// the reservation ahead of the writer (carved() says how far it has got). A pair takes 6 bytes:
// the source and the target's low 16 bits (its bucket has the rest). Every byte the search
// writes is a fresh page someone faults in (docs/PERFORMANCE.md, fourth round).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/base/check.h"
#include "core/base/large_array.h"

namespace mxi::core::analysis {

class EdgeBuckets {
 public:
  static constexpr uint32_t kTargetBits = 16;        // targets per bucket: 2^16
  static constexpr size_t kChunk = size_t{1} << 12;  // pairs per chunk (24 KB)

  // Room for `pairs` pairs with targets below `targets`; false when the address space is not there.
  bool reserve(uint32_t targets, uint64_t pairs) {
    const size_t buckets = (size_t{targets} >> kTargetBits) + 1;
    m_buckets.assign(buckets, Bucket{});
    m_chunks.assign(buckets, {});
    m_carved = 0;
    // Every bucket leaves at most one chunk partly filled.
    m_capacity = (pairs + kChunk - 1) / kChunk * kChunk + buckets * kChunk;
    return m_storage.reserve(m_capacity / kChunk * kChunkBytes);
  }

  void add(uint32_t source, uint32_t target) {
    Bucket& b = m_buckets[target >> kTargetBits];
    if (b.at == b.end) [[unlikely]] {
      grow(target >> kTargetBits);
    }
    // 8 bytes written, 6 kept: the next pair (or the chunk's slack) takes the last two.
    const uint64_t pair = uint64_t{source} | uint64_t{target & kLowMask} << 32;
    std::memcpy(b.at, &pair, sizeof pair);
    b.at += kPairBytes;
  }

  uint32_t bucketCount() const { return static_cast<uint32_t>(m_buckets.size()); }
  // Pairs in bucket k.
  uint64_t bucketSize(uint32_t k) const {
    const std::vector<uint32_t>& chunks = m_chunks[k];
    if (chunks.empty()) return 0;
    const uint8_t* last = m_storage.data() + size_t{chunks.back()} * kChunkBytes;
    return (chunks.size() - 1) * kChunk + static_cast<uint64_t>(m_buckets[k].at - last) / kPairBytes;
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
    const uint32_t high = k << kTargetBits;
    for (size_t i = 0; i < chunks.size(); ++i) {
      const uint8_t* p = m_storage.data() + size_t{chunks[i]} * kChunkBytes;
      const uint8_t* end = i + 1 == chunks.size() ? m_buckets[k].at : p + kChunk * kPairBytes;
      for (; p != end; p += kPairBytes) {
        uint64_t pair;
        std::memcpy(&pair, p, sizeof pair);  // the chunk's slack covers the last pair's extra bytes
        f(static_cast<uint32_t>(pair), high | (static_cast<uint32_t>(pair >> 32) & kLowMask));
      }
    }
  }

  // Pairs handed out so far (whole chunks) and room for them all, for a page warmer, which
  // faults in the storage of pairs [from, to) with populate().
  size_t carved() const { return m_carved; }
  size_t capacity() const { return m_capacity; }
  void populate(uint64_t from, uint64_t to) const {
    m_storage.populate(from / kChunk * kChunkBytes, (to + kChunk - 1) / kChunk * kChunkBytes);
  }

  // Hands every page back.
  void clear() { (void)std::move(*this).takeStorage(); }
  // Empties the buckets and hands their storage over as it is (the pages faulted in so far keep
  // their stale contents), for a table that writes each element before reading it.
  LargeArray<uint8_t> takeStorage() && {
    m_buckets.clear();
    m_chunks.clear();
    m_carved = 0;
    m_capacity = 0;
    return std::move(m_storage);
  }

 private:
  static constexpr size_t kPairBytes = 6;
  static constexpr size_t kChunkBytes = kChunk * kPairBytes + 8;  // 8 bytes of slack, 8-aligned
  static constexpr uint32_t kLowMask = (1u << kTargetBits) - 1;

  struct Bucket {
    uint8_t* at = nullptr;  // next free pair in the current chunk
    uint8_t* end = nullptr;
  };
  void grow(uint32_t k) {
    MXI_CHECK(m_carved + kChunk <= m_capacity);  // more pairs than reserved
    Bucket& b = m_buckets[k];
    b.at = m_storage.data() + m_carved / kChunk * kChunkBytes;
    b.end = b.at + kChunk * kPairBytes;
    m_chunks[k].push_back(static_cast<uint32_t>(m_carved / kChunk));
    m_carved += kChunk;
  }

  LargeArray<uint8_t> m_storage;
  std::vector<Bucket> m_buckets;
  std::vector<std::vector<uint32_t>> m_chunks;  // per bucket: its chunks, in order
  size_t m_carved = 0;
  size_t m_capacity = 0;  // pairs
};

}  // namespace mxi::core::analysis
