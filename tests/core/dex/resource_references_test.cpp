// findResourceReferences on real dex files. Expected figures come from `dexdump -d` text, read by
// a short script: ids from its `const` / `const/high16` lines plus the 4-byte elements of every
// `array-data` payload it lists, R fields from its sget/sput lines, values from its static fields.
#include "core/dex/resource_references.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "tests/core/dex/dex_fixtures.h"

namespace mxi::core::dex {
namespace {

StatusOr<ResourceReferences> referencesOf(const std::string& bytes) {
  auto dex = parseDex(bytes);
  if (!dex.ok()) return dex.status();
  return findResourceReferences(*dex, bytes);
}

bool hasValue(const ResourceReferences& refs, const std::string& rClass, const std::string& name, uint32_t id) {
  return std::any_of(refs.rValues.begin(), refs.rValues.end(),
                     [&](const RFieldValue& v) { return v.rClass == rClass && v.field.name == name && v.id == id; });
}

// A pre-Gradle app: its R fields are final, so javac put their ids in the code as constants.
TEST(ResourceReferencesTest, JamendoUsesIdsAsConstants) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  auto refs = referencesOf(bytes);
  ASSERT_TRUE(refs.ok()) << refs.status().toString();
  EXPECT_EQ(refs->ids.size(), 208u);
  EXPECT_TRUE(refs->ids.contains(0x7f090055));  // dexdump: 00ca2a `const v2, … // #7f090055`
  EXPECT_TRUE(refs->ids.contains(0x7f080000));  // 00ccc0 `const/high16 v3, … // #7f08`
  EXPECT_TRUE(refs->rFields.empty());
  EXPECT_EQ(
      refs->rClasses,
      (std::set<std::string>{"com.teleca.jamendo.R$anim", "com.teleca.jamendo.R$array", "com.teleca.jamendo.R$attr",
                             "com.teleca.jamendo.R$dimen", "com.teleca.jamendo.R$drawable", "com.teleca.jamendo.R$id",
                             "com.teleca.jamendo.R$layout", "com.teleca.jamendo.R$menu", "com.teleca.jamendo.R$raw",
                             "com.teleca.jamendo.R$string", "com.teleca.jamendo.R$xml"}));
  EXPECT_EQ(refs->rValues.size(), 376u);
  ASSERT_FALSE(refs->rValues.empty());
  EXPECT_EQ(refs->rValues[0].rClass, "com.teleca.jamendo.R$anim");
  EXPECT_EQ(refs->rValues[0].field, (RField{"anim", "fade_in"}));
  EXPECT_EQ(refs->rValues[0].id, 0x7f040000u);
  EXPECT_TRUE(hasValue(*refs, "com.teleca.jamendo.R$anim", "fade_out", 0x7f040001));
  EXPECT_TRUE(hasValue(*refs, "com.teleca.jamendo.R$array", "cache_size", 0x7f070007));
}

// An AGP 4 debug build: library R fields are not final, so code reads them with sget; the
// R$styleable arrays are filled from array-data payloads in <clinit>.
TEST(ResourceReferencesTest, MonochromeReadsRFields) {
  MXI_REQUIRE_DEX(bytes, test::kMonochromeApk, "classes.dex");
  auto refs = referencesOf(bytes);
  ASSERT_TRUE(refs.ok()) << refs.status().toString();
  EXPECT_EQ(refs->ids.size(), 640u);  // 26 from const lines, 618 from payloads, 4 in both
  EXPECT_TRUE(refs->ids.contains(0x7f030028));
  EXPECT_TRUE(refs->ids.contains(0x7fc00000));  // 1247f4 `const/high16 v13, … // #7fc0`: Float.NaN, kept
  EXPECT_EQ(refs->rFields.size(), 1483u);
  // 0cec1c `sget-object v1, Landroidx/appcompat/R$styleable;.ActionBarLayout:[I`, 0cec28 `sget v2, …`
  EXPECT_TRUE(refs->rFields.contains(RField{"styleable", "ActionBarLayout"}));
  EXPECT_TRUE(refs->rFields.contains(RField{"styleable", "ActionBarLayout_android_layout_gravity"}));
  EXPECT_TRUE(refs->rFields.contains(RField{"anim", "fragment_close_enter"}));
  EXPECT_EQ(refs->rValues.size(), 15284u);
  EXPECT_TRUE(hasValue(*refs, "androidx.activity.R$attr", "alpha", 0x7f030029));
  EXPECT_TRUE(hasValue(*refs, "androidx.activity.R$attr", "font", 0x7f030128));
  EXPECT_TRUE(refs->rClasses.contains("com.monochrome.monochrome_player.R$drawable"));
}

// The APK checker's scan: the same ids, fields read and R classes, without the 15 284 values.
TEST(ResourceReferencesTest, WithoutRValuesKeepsTheRest) {
  MXI_REQUIRE_DEX(bytes, test::kMonochromeApk, "classes.dex");
  auto dex = parseDex(bytes);
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  auto all = findResourceReferences(*dex, bytes);
  auto lean = findResourceReferences(*dex, bytes, {.keepRValues = false});
  ASSERT_TRUE(all.ok() && lean.ok());
  EXPECT_EQ(all->rValues.size(), 15284u);
  EXPECT_TRUE(lean->rValues.empty());
  EXPECT_EQ(lean->ids, all->ids);
  EXPECT_EQ(lean->rFields, all->rFields);
  EXPECT_EQ(lean->rClasses, all->rClasses);
}

void putU32(std::string& bytes, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes[at + static_cast<size_t>(i)] = static_cast<char>(value >> (8 * i));
}

// Jamendo with HomeActivity's (class_defs[56]) first method's code changed by `patch`, which gets
// the code_item's offset; the scan's error.
Status scanWithBrokenCode(const std::string& bytes, const std::function<void(std::string&, size_t)>& patch) {
  auto dex = parseDex(bytes);
  if (!dex.ok()) return dex.status();
  std::string broken = bytes;
  patch(broken, dex->classes[56].methodCodeOffsets[0]);
  auto refs = findResourceReferences(*dex, broken);
  return refs.ok() ? Status() : refs.status();
}

TEST(ResourceReferencesTest, CodeBeyondTheFile) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  auto dex = parseDex(bytes);
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  const size_t insnsSizeAt = dex->classes[56].methodCodeOffsets[0] + 12;
  const Status status =
      scanWithBrokenCode(bytes, [](std::string& b, size_t code) { putU32(b, code + 12, 0x7fffffff); });
  EXPECT_EQ(
      status.toString(),
      "class_defs[56] (com.teleca.jamendo.activity.HomeActivity) method <init>: its 2147483647 code units run past "
      "the end of the file (at byte offset " +
          std::to_string(insnsSizeAt) + ")");
}

TEST(ResourceReferencesTest, UnusedOpcodeAndOverrunningPayload) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  const Status opcode = scanWithBrokenCode(bytes, [](std::string& b, size_t code) { b[code + 16] = '\x3e'; });
  EXPECT_EQ(opcode.code(), StatusCode::kInvalidInput);
  EXPECT_NE(opcode.message().find("method <init>: unused opcode 0x3e at code unit 0"), std::string::npos)
      << opcode.toString();
  // A fill-array-data payload as the first instruction, claiming a million 4-byte elements.
  const Status payload = scanWithBrokenCode(bytes, [](std::string& b, size_t code) {
    b[code + 16] = '\x00';
    b[code + 17] = '\x03';
    b[code + 18] = '\x04';
    b[code + 19] = '\x00';
    putU32(b, code + 20, 1000000);
  });
  EXPECT_NE(
      payload.message().find("method <init>: the instruction at code unit 0 (2000004 units) runs past the method's"),
      std::string::npos)
      << payload.toString();
  EXPECT_TRUE(payload.hasOffset());
}

TEST(ResourceReferencesTest, RClassTypes) {
  EXPECT_EQ(rClassType("Lcom/example/R$drawable;"), "drawable");
  EXPECT_EQ(rClassType("LR$string;"), "string");
  EXPECT_EQ(rClassType("Lcom/example/R;"), "");
  EXPECT_EQ(rClassType("Lcom/example/Main$drawable;"), "");
  EXPECT_EQ(rClassType("[I"), "");
}

TEST(ResourceReferencesTest, MergeAddsAnotherDex) {
  ResourceReferences a;
  a.ids = {0x7f010001};
  a.rFields = {{"id", "x"}};
  ResourceReferences b;
  b.ids = {0x7f010002, 0x7f010001};
  b.rFields = {{"id", "y"}};
  b.rValues = {{"a.R$id", {"id", "y"}, 0x7f010002}};
  b.rClasses = {"a.R$id"};
  mergeResourceReferences(a, std::move(b));
  EXPECT_EQ(a.ids, (std::set<uint32_t>{0x7f010001, 0x7f010002}));
  EXPECT_EQ(a.rFields, (std::set<RField>{{"id", "x"}, {"id", "y"}}));
  EXPECT_EQ(a.rValues.size(), 1u);
  EXPECT_EQ(a.rClasses, (std::set<std::string>{"a.R$id"}));
}

}  // namespace
}  // namespace mxi::core::dex
