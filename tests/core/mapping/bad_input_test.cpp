// Malformed mapping.txt files fail with the line number and the byte offset of the bad line;
// nothing crashes (house rule E2; the fuzz target tests/fuzz/fuzz_mapping.cpp covers the rest).
#include <gtest/gtest.h>

#include "core/mapping/r8_mapping.h"

namespace mxi::core::mapping {
namespace {

std::string errorOf(std::string_view text) {
  auto m = R8Mapping::parse(text);
  return m.ok() ? "ok" : m.status().toString();
}

TEST(MappingBadInputTest, EachMalformedLineIsNamed) {
  const std::string head = "a.B -> c:\n";  // 10 bytes
  EXPECT_EQ(errorOf("a.B c:\n"), "mapping.txt line 1: expected `original.Class -> minified.Class:` (at byte offset 0)");
  EXPECT_EQ(errorOf("a.B -> c\n"), "mapping.txt line 1: a class line ends with ':' (at byte offset 0)");
  EXPECT_EQ(errorOf(" -> c:\n"), "mapping.txt line 1: a member line before any class line (at byte offset 0)");
  EXPECT_EQ(errorOf("x -> :\n"), "mapping.txt line 1: a class name is empty or has blanks (at byte offset 0)");
  EXPECT_EQ(errorOf(head + "    int a\n"), "mapping.txt line 2: expected `type name -> minified` (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    int a -> x y\n"),
            "mapping.txt line 2: the minified name is empty or has blanks (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    a -> b\n"),
            "mapping.txt line 2: expected `type name` before ' -> ' (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    1:2:void f( -> b\n"),
            "mapping.txt line 2: a method's '(' has no ')' (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    3:2:void f() -> b\n"),
            "mapping.txt line 2: a line range starts after its end (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    1:99999999999:void f() -> b\n"),
            "mapping.txt line 2: a line range is not a pair of 32-bit numbers (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    1:2:void f():x -> b\n"),
            "mapping.txt line 2: an original line is not a 32-bit number (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    1:2:void f()x -> b\n"),
            "mapping.txt line 2: unexpected text after a method's ')' (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    1:2:int f -> b\n"), "mapping.txt line 2: a field has a line range (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "    void .f() -> b\n"),
            "mapping.txt line 2: a qualified method name is malformed (at byte offset 10)");
  EXPECT_EQ(errorOf(head + "x.Y -> c:\n"), "mapping.txt line 2: class c is mapped twice (at byte offset 10)");
}

TEST(MappingBadInputTest, CrLfBomAndNoFinalNewlineAreFine) {
  auto m = R8Mapping::parse(
      "\xEF\xBB\xBF"
      "a.B -> c:\r\n    int x -> a\r\n    1:1:void f():7 -> b");
  ASSERT_TRUE(m.ok()) << m.status().toString();
  EXPECT_EQ(m->originalClass("c"), "a.B");
  EXPECT_EQ(m->originalField("c", "a"), "x");
  ASSERT_EQ(m->retrace("c", "b", 1).size(), 1u);
  EXPECT_EQ(m->retrace("c", "b", 1)[0].line, 7u);
}

TEST(MappingBadInputTest, BinaryGarbageFailsCleanly) {
  static constexpr char kGarbage[] = "\x00\xff\x13 -> \x01\n\t\x02 -> (\n";
  const std::string garbage(kGarbage, sizeof kGarbage - 1);  // the NUL inside included
  auto m = R8Mapping::parse(garbage);
  EXPECT_FALSE(m.ok());
}

}  // namespace
}  // namespace mxi::core::mapping
