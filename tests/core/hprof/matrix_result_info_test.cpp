#include <gtest/gtest.h>

#include "core/hprof/dump_source.h"

namespace mxi::core::hprof {
namespace {

// Shape of the result.info Matrix's ResourceCanary writes with java.util.Properties.store().
TEST(MatrixResultInfoTest, ParsesPropertiesAsMatrixWritesThem) {
  const auto info = parseMatrixResultInfo(
      "#Mon Dec 20 11:05:03 GMT+08:00 2021\r\n"
      "sdkVersion=23\r\n"
      "manufacturer=Xiaomi\r\n"
      "hprofEntry=dump_shrink.hprof\r\n"
      "leakedActivityKey=com.example.MainActivity_4f3c\\:1\r\n");
  EXPECT_EQ(info.sdkVersion, "23");
  EXPECT_EQ(info.manufacturer, "Xiaomi");
  EXPECT_EQ(info.hprofEntry, "dump_shrink.hprof");
  EXPECT_EQ(info.leakedActivityKey, "com.example.MainActivity_4f3c:1");
  EXPECT_EQ(info.all.size(), 4u);
}

TEST(MatrixResultInfoTest, ColonSeparatorsEscapesAndBlankLines) {
  const auto info = parseMatrixResultInfo("! comment\n\n  manufacturer : HUAWEI \nx=caf\\u00e9\ny\n");
  EXPECT_EQ(info.manufacturer, "HUAWEI");
  EXPECT_EQ(info.all.at("x"), "caf\xc3\xa9");
  EXPECT_EQ(info.all.at("y"), "");
  EXPECT_TRUE(info.hprofEntry.empty());
}

TEST(MatrixResultInfoTest, GarbageDoesNotCrash) {
  const auto info = parseMatrixResultInfo(std::string("\\u12\0\xff=\\", 9));
  EXPECT_LE(info.all.size(), 1u);
}

}  // namespace
}  // namespace mxi::core::hprof
