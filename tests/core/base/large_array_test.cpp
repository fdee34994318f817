#include "core/base/large_array.h"

#include <gtest/gtest.h>

namespace mxi::core {
namespace {

TEST(LargeArrayTest, GrowsWithinReservationAndKeepsContents) {
  LargeArray<uint64_t> a;
  ASSERT_TRUE(a.reserve(1000));
  for (uint64_t i = 0; i < 1000; ++i) a.push_back(i * 3);
  ASSERT_TRUE(a.reserve(1u << 22));  // moves to a bigger reservation
  EXPECT_EQ(a.size(), 1000u);
  EXPECT_EQ(a[999], 2997u);
  a.resize(5);
  a.shrinkToFit();
  EXPECT_EQ(a.back(), 12u);
  EXPECT_EQ(a.bytes(), 40u);
}

TEST(LargeArrayTest, MoveLeavesSourceEmpty) {
  LargeArray<uint32_t> a;
  a.assign(10, 7u);
  LargeArray<uint32_t> b = std::move(a);
  EXPECT_EQ(b.size(), 10u);
  EXPECT_EQ(b[9], 7u);
  EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): moved-from state is specified
}

}  // namespace
}  // namespace mxi::core
