#include "core/hprof/class_name.h"

#include <gtest/gtest.h>

namespace mxi::core::hprof {
namespace {

TEST(ClassNameTest, HotSpotInternalNamesBecomeSourceForm) {
  EXPECT_EQ(javaClassName("java/lang/String"), "java.lang.String");
  EXPECT_EQ(javaClassName("android/app/Activity$1"), "android.app.Activity$1");
}

TEST(ClassNameTest, ArrayDescriptors) {
  EXPECT_EQ(javaClassName("[I"), "int[]");
  EXPECT_EQ(javaClassName("[[B"), "byte[][]");
  EXPECT_EQ(javaClassName("[Z"), "boolean[]");
  EXPECT_EQ(javaClassName("[J"), "long[]");
  EXPECT_EQ(javaClassName("[Ljava/lang/Object;"), "java.lang.Object[]");
  EXPECT_EQ(javaClassName("[[Ljava/util/Map$Entry;"), "java.util.Map$Entry[][]");
}

TEST(ClassNameTest, ArtNamesAreKept) {
  EXPECT_EQ(javaClassName("java.lang.String[]"), "java.lang.String[]");
  EXPECT_EQ(javaClassName("int[]"), "int[]");
}

TEST(ClassNameTest, MalformedDescriptorsAreKeptAsWritten) {
  EXPECT_EQ(javaClassName("[Q"), "[Q");
  EXPECT_EQ(javaClassName("[Ljava/lang/Object"), "[Ljava/lang/Object");
  EXPECT_EQ(javaClassName("["), "[");
  EXPECT_EQ(javaClassName(""), "");
}

}  // namespace
}  // namespace mxi::core::hprof
