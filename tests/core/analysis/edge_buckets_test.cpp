// EdgeBuckets hands each bucket's pairs back in the order they were added, across chunk
// boundaries and with buckets growing interleaved, and counts exactly what was added.
#include "core/analysis/edge_buckets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace mxi::core::analysis {
namespace {

TEST(EdgeBucketsTest, EachBucketReturnsItsPairsInOrderAcrossChunks) {
  constexpr uint32_t kBucket = 1u << EdgeBuckets::kTargetBits;
  const uint32_t targets = 3 * kBucket;
  EdgeBuckets buckets;
  const size_t pairs = 3 * EdgeBuckets::kChunk + 5;
  ASSERT_TRUE(buckets.reserve(targets, pairs));
  ASSERT_EQ(buckets.bucketCount(), 4u);  // targets / 2^16 + 1
  // Bucket 0 gets three pairs in four (over two chunks), bucket 2 the rest, bucket 1 nothing.
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> added(buckets.bucketCount());
  for (uint32_t i = 0; i < pairs; ++i) {
    const uint32_t target = i % 4 == 3 ? 2 * kBucket + i % 1000 : i % kBucket;
    buckets.add(i, target);
    added[target >> EdgeBuckets::kTargetBits].emplace_back(i, target);
  }
  EXPECT_EQ(buckets.size(), pairs);
  for (uint32_t k = 0; k < buckets.bucketCount(); ++k) {
    std::vector<std::pair<uint32_t, uint32_t>> seen;
    buckets.forEach(k, [&](uint32_t source, uint32_t target) { seen.emplace_back(source, target); });
    EXPECT_EQ(seen, added[k]) << "bucket " << k;
  }
  EXPECT_EQ(added[0].size(), pairs - pairs / 4);
  EXPECT_TRUE(added[1].empty());
  // Whole chunks were carved: three for bucket 0, one for bucket 2.
  EXPECT_EQ(buckets.carved(), 4 * EdgeBuckets::kChunk);
  buckets.clear();
  EXPECT_EQ(buckets.bucketCount(), 0u);
}

// A pair keeps all 32 bits of its source and, with its bucket, all of its target's.
TEST(EdgeBucketsTest, ExtremeSourcesAndTargetsComeBackWhole) {
  constexpr uint32_t kBucket = 1u << EdgeBuckets::kTargetBits;
  EdgeBuckets buckets;
  ASSERT_TRUE(buckets.reserve(3 * kBucket, 8));
  const std::vector<std::pair<uint32_t, uint32_t>> pairs = {
      {UINT32_MAX, 0}, {0, kBucket - 1}, {0x80000001u, kBucket}, {7, 3 * kBucket - 1}, {UINT32_MAX - 1, 2 * kBucket}};
  for (const auto& [source, target] : pairs) buckets.add(source, target);
  std::vector<std::pair<uint32_t, uint32_t>> seen;
  for (uint32_t k = 0; k < buckets.bucketCount(); ++k) {
    buckets.forEach(k, [&](uint32_t source, uint32_t target) { seen.emplace_back(source, target); });
  }
  std::vector<std::pair<uint32_t, uint32_t>> expected = pairs;  // bucket by bucket, each in order
  std::stable_sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
    return a.second >> EdgeBuckets::kTargetBits < b.second >> EdgeBuckets::kTargetBits;
  });
  EXPECT_EQ(seen, expected);
  EXPECT_EQ(buckets.size(), pairs.size());
}

// takeStorage hands over the reservation with the pairs' bytes still in it, and leaves the
// buckets empty.
TEST(EdgeBucketsTest, TakenStorageKeepsItsPagesAndLeavesNoPairs) {
  EdgeBuckets buckets;
  const size_t pairs = 2 * EdgeBuckets::kChunk;
  ASSERT_TRUE(buckets.reserve(1000, pairs));
  for (uint32_t i = 0; i < pairs; ++i) buckets.add(0xA5A5A5A5u, i % 1000);
  LargeArray<uint8_t> storage = std::move(buckets).takeStorage();
  EXPECT_EQ(buckets.bucketCount(), 0u);
  EXPECT_EQ(buckets.carved(), 0u);
  EXPECT_EQ(buckets.capacity(), 0u);
  ASSERT_GE(storage.capacity(), pairs * 6);
  // The first pair's source, little-endian, as add() wrote it.
  EXPECT_EQ(storage.data()[0], 0xA5);
  EXPECT_EQ(storage.data()[3], 0xA5);
}

}  // namespace
}  // namespace mxi::core::analysis
