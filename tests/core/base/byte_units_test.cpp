#include "core/base/byte_units.h"

#include <gtest/gtest.h>

namespace mxi::core {
namespace {

TEST(ByteUnitsTest, LargestUnitThatKeepsTheNumberAtOrAboveOne) {
  EXPECT_EQ(scaleBytes(0).unit, "B");
  EXPECT_TRUE(scaleBytes(1023).wholeBytes());
  EXPECT_DOUBLE_EQ(scaleBytes(1023).value, 1023);
  EXPECT_EQ(scaleBytes(1024).unit, "KiB");
  EXPECT_DOUBLE_EQ(scaleBytes(1024).value, 1);
  EXPECT_EQ(scaleBytes(3ull << 30).unit, "GiB");
  EXPECT_DOUBLE_EQ(scaleBytes(3ull << 30).value, 3);
  EXPECT_EQ(scaleBytes(UINT64_MAX).unit, "TiB");  // the largest unit, never past it
}

}  // namespace
}  // namespace mxi::core
