// ObjectIds: how a heap index turns an object id into the object's position (ObjectIndex) and
// back. Positions are in ascending id order. Object ids are aligned addresses, so an id is kept
// as its compact form, (id - minId) >> shift, in 32 bits whenever the dump's ids span under
// 4 Gi slots, else in 64 bits; dense, distinct ids get an IdRankTable and keep no id table at
// all (each object's record in the dump begins with its id). The index build fills one
// (index_object_table.cpp); the build's own lookups and HeapIndex's read it through the same
// functions.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/base/large_array.h"
#include "core/hprof/id_rank_table.h"

namespace mxi::core::hprof {

struct ObjectIds {
  static constexpr uint32_t kAbsent = UINT32_MAX;

  uint64_t minId = 0;
  uint64_t maxId = 0;
  uint32_t shift = 0;                // the ids' common alignment, as a shift (at most 3)
  bool compact = true;               // (maxId - minId) >> shift fits 32 bits
  bool inRecords = false;            // the rank table finds ids: no id table, idOf reads the record
  LargeArray<uint32_t> ids32;        // by position, when !inRecords && compact: the compact ids
  LargeArray<uint64_t> ids64;        // by position, when !inRecords && !compact: the ids
  IdRankTable ranks;                 // id lookup, when the ids allow it
  LargeArray<uint32_t> bucketStart;  // else: first position of each id bucket (one past the last)
  uint32_t bucketShift = 0;

  // "rank table" or "buckets", for tests and benchmarks.
  std::string_view lookupName() const { return ranks.empty() ? "buckets" : "rank table"; }

  // Position of `id`, kAbsent when no object has it.
  uint32_t find(uint64_t id) const {
    if (id < minId || id > maxId) return kAbsent;
    if (!ranks.empty()) return ranks.find(rankKey(id));
    if (bucketStart.empty()) return kAbsent;  // no objects
    const uint64_t bucket = (id - minId) >> bucketShift;
    return searchBucket(id, bucketStart[bucket], bucketStart[bucket + 1]);
  }
  // The id at a position, from the id table (only when !inRecords).
  uint64_t stored(uint32_t position) const {
    return compact ? minId + (uint64_t{ids32[position]} << shift) : ids64[position];
  }
  // The rank table's key of an id: its compact form, or IdRankTable::kAbsent for an id no
  // object can have (out of range, off the ids' alignment).
  uint32_t rankKey(uint64_t id) const {
    const uint64_t delta = id - minId;
    if (id < minId || id > maxId || (delta & ((uint64_t{1} << shift) - 1))) return IdRankTable::kAbsent;
    return static_cast<uint32_t>(delta >> shift);
  }
  // Binary search for `id` (within [minId, maxId]) among positions [lo, hi) of the id table.
  uint32_t searchBucket(uint64_t id, uint32_t lo, uint32_t hi) const {
    const uint32_t end = hi;
    if (compact) {
      const uint64_t delta = id - minId;
      if (delta & ((uint64_t{1} << shift) - 1)) return kAbsent;  // not on the ids' alignment
      const auto key = static_cast<uint32_t>(delta >> shift);
      while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (ids32[mid] < key)
          lo = mid + 1;
        else
          hi = mid;
      }
      return lo < end && ids32[lo] == key ? lo : kAbsent;
    }
    while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      if (ids64[mid] < id)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < end && ids64[lo] == id ? lo : kAbsent;
  }
  // Where the id table keeps position i (for prefetching a search).
  const void* address(uint32_t position) const {
    return compact ? static_cast<const void*>(&ids32[position]) : static_cast<const void*>(&ids64[position]);
  }
  // Memory the lookup holds.
  uint64_t bytes() const { return ids32.bytes() + ids64.bytes() + bucketStart.bytes() + ranks.bytes(); }
};

}  // namespace mxi::core::hprof
