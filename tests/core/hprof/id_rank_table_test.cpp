// IdRankTable answers exactly what a binary search over the sorted keys answers.
#include "core/hprof/id_rank_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace mxi::core::hprof {
namespace {

uint32_t searched(const std::vector<uint32_t>& keys, uint32_t key) {
  const auto it = std::lower_bound(keys.begin(), keys.end(), key);
  return it != keys.end() && *it == key ? static_cast<uint32_t>(it - keys.begin()) : IdRankTable::kAbsent;
}

TEST(IdRankTableTest, RanksAcrossWordAndBlockEdges) {
  const std::vector<uint32_t> keys = {0, 1, 63, 64, 127, 383, 384, 385, 767, 768, 5000};
  IdRankTable t;
  ASSERT_TRUE(t.build(keys, 1 << 20));
  for (uint32_t k = 0; k < keys.size(); ++k) EXPECT_EQ(t.find(keys[k]), k) << keys[k];
  for (uint32_t absent : {2u, 62u, 65u, 382u, 386u, 766u, 769u, 4999u, 5001u, 1u << 20, IdRankTable::kAbsent}) {
    EXPECT_EQ(t.find(absent), IdRankTable::kAbsent) << absent;
  }
  EXPECT_EQ(t.bytes(), 256 * 64u + 4u);  // one group of blocks and its directory entry
}

TEST(IdRankTableTest, DistantRegionsCostOnlyWhatTheyHold) {
  // Two clusters 3 billion slots apart, as a heap in distant address ranges has them.
  std::vector<uint32_t> keys;
  for (uint32_t k = 0; k < 3000; k += 3) keys.push_back(k);
  for (uint32_t k = 0; k < 3000; k += 5) keys.push_back(3'000'000'000u + k);
  IdRankTable t;
  ASSERT_TRUE(t.build(keys, 1 << 20));
  EXPECT_LT(t.bytes(), 200'000u);  // 2 groups of 16 KiB and a 30,518-entry directory
  for (uint32_t k = 0; k < 3100; ++k) {
    ASSERT_EQ(t.find(k), searched(keys, k)) << k;
    ASSERT_EQ(t.find(3'000'000'000u + k), searched(keys, 3'000'000'000u + k)) << k;
  }
  EXPECT_EQ(t.find(1'500'000'000u), IdRankTable::kAbsent);
}

TEST(IdRankTableTest, MatchesBinarySearchOnRandomKeys) {
  for (uint32_t seed = 1; seed <= 12; ++seed) {
    std::mt19937 rng(seed);
    const uint32_t gap = 1 + seed * 3;  // mean distance between keys: dense to one in forty
    std::vector<uint32_t> keys;
    for (uint32_t k = rng() % 5; keys.size() < 20000; k += 1 + rng() % (2 * gap)) keys.push_back(k);
    IdRankTable t;
    ASSERT_TRUE(t.build(keys, 64u << 20));
    for (uint32_t k = 0; k <= keys.back() + 500; ++k) ASSERT_EQ(t.find(k), searched(keys, k)) << seed << " " << k;
  }
}

// A table of millions of keys is built in two halves on two cores, split where a group starts:
// ranks run on across the split, with keys in distant regions on both sides of it.
TEST(IdRankTableTest, LargeTablesRankAcrossTheirHalves) {
  std::mt19937 rng(32);
  std::vector<uint32_t> keys;
  for (uint32_t k = 7; keys.size() < 1'500'000; k += 1 + rng() % 15) keys.push_back(k);
  for (uint32_t k = 2'000'000'000u; keys.size() < 2'500'000; k += 1 + rng() % 9) keys.push_back(k);
  IdRankTable t;
  ASSERT_TRUE(t.build(keys, 256u << 20));
  for (uint32_t i = 0; i < keys.size(); ++i) ASSERT_EQ(t.find(keys[i]), i) << keys[i];
  for (uint32_t i = 1; i < keys.size(); i += 997) {
    for (uint32_t k = keys[i - 1] + 1; k < keys[i]; ++k) ASSERT_EQ(t.find(k), IdRankTable::kAbsent) << k;
  }
  EXPECT_EQ(t.find(1'000'000'000u), IdRankTable::kAbsent);
}

TEST(IdRankTableTest, RefusesWhatWouldNotFitOrCannotBeAKey) {
  IdRankTable t;
  EXPECT_FALSE(t.build(std::vector<uint32_t>{0, 10'000'000}, 1 << 10));  // 2 groups: 32 KiB
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(t.find(0), IdRankTable::kAbsent);
  EXPECT_FALSE(t.build(std::vector<uint32_t>{}, 1 << 20));
  EXPECT_FALSE(t.build(std::vector<uint32_t>{5, IdRankTable::kAbsent}, UINT64_MAX));  // the absent mark
  EXPECT_TRUE(t.empty());
}

// The index builds its table with keys computed from its object table, and no id may map to
// two objects: a repeated key refuses the table (the index then keeps its ids and buckets).
TEST(IdRankTableTest, RefusesRepeatedKeysInEitherHalf) {
  IdRankTable t;
  EXPECT_FALSE(t.build(std::vector<uint32_t>{1, 2, 2, 3}, 1 << 20));
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(t.find(1), IdRankTable::kAbsent);
  for (const size_t repeatAt : {size_t{10}, size_t{1'900'000}}) {  // built in two halves
    const size_t count = 2'000'000;
    auto keyAt = [&](size_t i) { return static_cast<uint32_t>(3 * i - (i == repeatAt ? 3 : 0)); };
    EXPECT_FALSE(t.build(count, keyAt, 256u << 20)) << repeatAt;
    EXPECT_TRUE(t.empty());
  }
}

// Groups end past 2^32 near the top of the key space; computed keys rank as stored ones do.
TEST(IdRankTableTest, RanksComputedKeysUpToTheTopOfTheKeySpace) {
  const std::vector<uint32_t> keys = {0, 98'303, 98'304, 4'294'900'000u, 4'294'967'000u, 4'294'967'294u};
  IdRankTable t;
  ASSERT_TRUE(t.build(
      keys.size(), [&](size_t i) { return keys[i]; }, 1 << 20));
  for (uint32_t k = 0; k < keys.size(); ++k) EXPECT_EQ(t.find(keys[k]), k) << keys[k];
  for (uint32_t absent : {1u, 98'305u, 4'294'899'999u, 4'294'967'293u}) EXPECT_EQ(t.find(absent), IdRankTable::kAbsent);
  EXPECT_EQ(t.bytes(), 4 * 256 * 64u + 43'691 * 4u);  // 4 groups of blocks, each allocated once
}

}  // namespace
}  // namespace mxi::core::hprof
