// IdRankTable: the position of an object among the dump's objects, from its compact id, in one
// cache-line read. Object ids are aligned addresses, so the compact ids (address - lowest,
// shifted by the alignment) are dense: a javac heap uses about one slot in eight. A bitmap
// over the slots, with each 64-byte block carrying the count of ids before it (and before each
// of its words), answers "is this id an object, and which one" with one bit test and one
// popcount — where a sorted table needs a bucket read and a binary search (two or three cache
// misses and a mispredicted branch per step). The index resolves every reference of the dump
// through it (docs/HPROF.md). Blocks come in groups of 256, allocated only where ids are: one
// small directory read (it stays in the cache) finds a key's group.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/base/check.h"
#include "core/base/large_array.h"
#include "core/base/worker_pool.h"

namespace mxi::core::hprof {

class IdRankTable {
 public:
  static constexpr uint32_t kAbsent = UINT32_MAX;

  // Builds the table for ascending keys. Returns false, and stays empty, when a key repeats or
  // when the keys are so sparse that the table would exceed `maxBytes` (the caller keeps its
  // fallback). kAbsent is never a key: callers map ids no object can have to it.
  bool build(std::span<const uint32_t> keys, uint64_t maxBytes) {
    return build(
        keys.size(), [keys](size_t i) { return keys[i]; }, maxBytes);
  }
  // The same for keys computed on the fly: keyAt(i) for i < count.
  template <typename KeyAt>
  bool build(size_t count, const KeyAt& keyAt, uint64_t maxBytes) {
    clear();
    if (count == 0 || keyAt(count - 1) == kAbsent) return false;
    // Blocks exist only for groups that hold a key: a heap in a few distant regions (ART's
    // image, zygote and app spaces; a JVM's generations) costs what its regions hold. The keys
    // are sorted, so each group's keys are found by a search, not read one by one.
    const size_t groups = keyAt(count - 1) / kGroupSlots + 1;
    std::vector<uint32_t> groupStart(groups, kNoGroup);
    uint32_t used = 0;
    for (size_t i = 0; i < count; i = firstAtLeast(keyAt, i, count, groupEnd(keyAt(i)))) {
      groupStart[keyAt(i) / kGroupSlots] = used++ * kBlocksPerGroup;
    }
    const uint64_t blocks = uint64_t{used} * kBlocksPerGroup;
    if (blocks * sizeof(Block) + groups * sizeof(uint32_t) > maxBytes || !m_blocks.reserve(blocks)) return false;
    m_blocks.resize(blocks);  // fresh pages: every bit clear
    // Two halves on two cores for a large table, split where a group starts so that no block
    // is written by both. Groups were numbered in key order, so the blocks lie in key order:
    // ranks are a running sum, and the second half's starts at the number of keys before it.
    size_t middle = worthTwoCores(count) ? count / 2 : count;
    if (middle < count) middle = firstAtLeast(keyAt, middle - 1, count, groupEnd(keyAt(middle - 1)));
    const size_t parts = middle < count ? 2 : 1;
    bool repeated[2] = {false, false};
    const Status built = WorkerPool(static_cast<unsigned>(parts)).run(parts, [&](size_t part) {
      repeated[part] =
          part == 0 ? !fillBlocks(keyAt, 0, middle, groupStart) : !fillBlocks(keyAt, middle, count, groupStart);
      return okStatus();
    });
    MXI_CHECK(built.ok());
    if (repeated[0] || repeated[1]) {
      clear();
      return false;
    }
    m_groupStart = std::move(groupStart);
    m_end = uint64_t{keyAt(count - 1)} + 1;
    return true;
  }

  bool empty() const { return m_blocks.empty(); }
  uint64_t bytes() const { return m_blocks.bytes() + m_groupStart.size() * sizeof(uint32_t); }

  // Starts loading the cache line `find(key)` will read (for software-pipelined lookups).
  void prefetch(uint32_t key) const {
    if (key >= m_end) return;
    const uint32_t start = m_groupStart[key / kGroupSlots];
    if (start != kNoGroup) __builtin_prefetch(&m_blocks[start + key % kGroupSlots / kSlots]);
  }
  // The rank of `key` among the keys (its object's position), or kAbsent.
  uint32_t find(uint32_t key) const {
    if (key >= m_end) return kAbsent;
    const uint32_t start = m_groupStart[key / kGroupSlots];
    if (start == kNoGroup) return kAbsent;
    const Block& block = m_blocks[start + key % kGroupSlots / kSlots];
    const uint32_t slot = key % kSlots;
    const uint64_t word = block.bits[slot / 64];
    const uint64_t bit = uint64_t{1} << (slot % 64);
    if (!(word & bit)) return kAbsent;
    return block.base + block.before[slot / 64] + bitCount(word & (bit - 1));
  }

 private:
  // Without the POPCNT instruction (x86-64's baseline lacks it) std::popcount is a libgcc call;
  // the inline bit-twiddling count is several times faster than that call.
  static uint32_t bitCount(uint64_t v) {
#if defined(__x86_64__) && !defined(__POPCNT__)
    v -= (v >> 1) & 0x5555555555555555ull;
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<uint32_t>((v * 0x0101010101010101ull) >> 56);
#else
    return static_cast<uint32_t>(std::popcount(v));
#endif
  }

  void clear() {
    m_blocks = {};
    m_groupStart.clear();
    m_end = 0;
  }

  // One past the last key of `key`'s group.
  static uint64_t groupEnd(uint32_t key) { return (uint64_t{key} / kGroupSlots + 1) * kGroupSlots; }

  // The first i in (from, count) with keyAt(i) >= limit, or count; keyAt(from) < limit. A
  // galloping search: a group's keys are found in steps logarithmic in their number.
  template <typename KeyAt>
  static size_t firstAtLeast(const KeyAt& keyAt, size_t from, size_t count, uint64_t limit) {
    size_t below = from, step = 1;  // keyAt(below) < limit
    while (below + step < count && keyAt(below + step) < limit) {
      below += step;
      step *= 2;
    }
    size_t atLeast = std::min(below + step, count);  // count, or a key >= limit
    while (atLeast - below > 1) {
      const size_t mid = below + (atLeast - below) / 2;
      (keyAt(mid) < limit ? below : atLeast) = mid;
    }
    return atLeast;
  }

  // Sets the bits of keys [begin, end) (whole groups of them) and the ranks of their blocks, the
  // first of which is `begin`. False when a key repeats.
  template <typename KeyAt>
  bool fillBlocks(const KeyAt& keyAt, size_t begin, size_t end, const std::vector<uint32_t>& groupStart) {
    if (begin == end) return true;
    uint64_t repeated = 0;
    for (size_t i = begin; i < end; ++i) {
      const uint32_t key = keyAt(i);
      const uint32_t slot = key % kSlots;
      uint64_t& word = m_blocks[groupStart[key / kGroupSlots] + key % kGroupSlots / kSlots].bits[slot / 64];
      const uint64_t bit = uint64_t{1} << (slot % 64);
      repeated |= word & bit;
      word |= bit;
    }
    if (repeated) return false;
    const size_t first = groupStart[keyAt(begin) / kGroupSlots];
    const size_t last = groupStart[keyAt(end - 1) / kGroupSlots] + kBlocksPerGroup;
    auto rank = static_cast<uint32_t>(begin);
    for (size_t b = first; b < last; ++b) {
      Block& block = m_blocks[b];
      block.base = rank;
      uint32_t inBlock = 0;
      for (int w = 0; w < kWords; ++w) {
        block.before[w] = static_cast<uint16_t>(inBlock);
        inBlock += bitCount(block.bits[w]);
      }
      rank += inBlock;
    }
    return true;
  }

  static constexpr int kWords = 6;
  static constexpr uint32_t kSlots = kWords * 64;   // 384 slots per 64-byte block
  static constexpr uint32_t kBlocksPerGroup = 256;  // 16 KiB of blocks per group
  static constexpr uint32_t kGroupSlots = kBlocksPerGroup * kSlots;
  static constexpr uint32_t kNoGroup = UINT32_MAX;
  struct alignas(64) Block {
    uint32_t base;            // keys in the blocks before this one
    uint16_t before[kWords];  // keys in this block's words before word w
    uint64_t bits[kWords];
  };
  static_assert(sizeof(Block) == 64);

  LargeArray<Block> m_blocks;
  std::vector<uint32_t> m_groupStart;  // per group of kGroupSlots keys: its first block, or kNoGroup
  uint64_t m_end = 0;                  // one past the last key; 0 when empty
};

}  // namespace mxi::core::hprof
