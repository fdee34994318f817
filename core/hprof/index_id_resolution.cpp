// The reference pass's id resolution: a batch of target ids to object positions, looked up a
// few ids ahead of use so that the cache misses overlap (docs/HPROF.md, "Index layout").
#include <algorithm>

#include "core/hprof/index_builder.h"

namespace mxi::core::hprof {

void IndexBuilder::resolveByRank(std::span<const uint64_t> ids, std::vector<uint32_t>& out) const {
  const ObjectIds& lookup = m_parts.ids;
  constexpr size_t kAhead = 16;
  const size_t m = ids.size();
  for (size_t k = 0; k < std::min(m, kAhead); ++k) lookup.ranks.prefetch(lookup.rankKey(ids[k]));
  for (size_t k = 0; k < m; ++k) {
    if (k + kAhead < m) lookup.ranks.prefetch(lookup.rankKey(ids[k + kAhead]));
    out[k] = lookup.ranks.find(lookup.rankKey(ids[k]));
  }
}

void IndexBuilder::resolveByBucket(std::span<const uint64_t> ids, std::vector<uint32_t>& out,
                                   std::vector<uint32_t>& lows, std::vector<uint32_t>& highs) const {
  const ObjectIds& lookup = m_parts.ids;
  const size_t m = ids.size();
  lows.resize(m);
  highs.resize(m);
  constexpr size_t kAhead = 8;
  for (size_t k = 0; k < m + 2 * kAhead; ++k) {
    if (k < m) {  // stage 1: locate the bucket
      const uint64_t target = ids[k];
      out[k] = UINT32_MAX;
      if (target < lookup.minId || target > lookup.maxId) {
        lows[k] = highs[k] = 0;  // no object can have this id
      } else {
        const uint64_t bucket = (target - lookup.minId) >> lookup.bucketShift;
        __builtin_prefetch(&lookup.bucketStart[bucket]);
        lows[k] = static_cast<uint32_t>(bucket);
        highs[k] = 1;  // "look the bucket up in stage 2"
      }
    }
    if (k >= kAhead && k - kAhead < m) {  // stage 2: read the bucket, prefetch its entries
      const size_t j = k - kAhead;
      if (highs[j]) {
        const uint64_t bucket = lows[j];
        lows[j] = lookup.bucketStart[bucket];
        highs[j] = lookup.bucketStart[bucket + 1];
        __builtin_prefetch(lookup.address(lows[j] + (highs[j] - lows[j]) / 2));
      }
    }
    if (k >= 2 * kAhead) {  // stage 3: binary search within the bucket
      const size_t j = k - 2 * kAhead;
      if (lows[j] < highs[j]) out[j] = lookup.searchBucket(ids[j], lows[j], highs[j]);
    }
  }
}

}  // namespace mxi::core::hprof
