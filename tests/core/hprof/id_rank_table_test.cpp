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
  EXPECT_EQ(t.bytes(), (5000 / 384 + 1) * 64u);
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

TEST(IdRankTableTest, RefusesWhatWouldNotFitOrCannotBeAKey) {
  IdRankTable t;
  EXPECT_FALSE(t.build(std::vector<uint32_t>{0, 10'000'000}, 1 << 10));  // 26,042 blocks: 1.6 MB
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(t.find(0), IdRankTable::kAbsent);
  EXPECT_FALSE(t.build(std::vector<uint32_t>{}, 1 << 20));
  EXPECT_FALSE(t.build(std::vector<uint32_t>{5, IdRankTable::kAbsent}, UINT64_MAX));  // the absent mark
  EXPECT_TRUE(t.empty());
}

}  // namespace
}  // namespace mxi::core::hprof
