// DexFile on the fixture APKs' real dex files (facts from PROVENANCE.md and `dexdump -f`/`-d`),
// and on broken ones: every bad offset or index is an error naming the table, index and offset.
#include "core/dex/dex_file.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

#include "core/dex/modified_utf8.h"
#include "tests/core/dex/dex_fixtures.h"

namespace mxi::core::dex {
namespace {

void putU32(std::string& bytes, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes[at + static_cast<size_t>(i)] = static_cast<char>(value >> (8 * i));
}

TEST(DexFileTest, JamendoTablesHaveTheHeadersSizes) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  auto dex = parseDex(bytes);
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  EXPECT_EQ(dex->version, 35u);
  EXPECT_EQ(dex->fileSize, 209696u);
  EXPECT_EQ(dex->stringIds, 2555u);
  EXPECT_EQ(dex->types.size(), 468u);
  EXPECT_EQ(dex->fieldIds, 939u);
  EXPECT_EQ(dex->fields.size(), 939u);
  EXPECT_EQ(dex->methods.size(), 1796u);
  EXPECT_EQ(dex->classes.size(), 224u);
  // dexdump -d lists 1 133 direct and virtual methods over the 224 classes.
  const uint32_t defined = std::accumulate(dex->classes.begin(), dex->classes.end(), 0u,
                                           [](uint32_t sum, const DexClassDef& c) { return sum + c.definedMethods(); });
  EXPECT_EQ(defined, 1133u);
  EXPECT_EQ(dex->types[dex->classes[0].classIndex], "Lcom/teleca/jamendo/JamendoApplication$1;");
}

TEST(DexFileTest, JamendoHomeActivityAsDexdumpShowsIt) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  auto dex = parseDex(bytes);
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  const DexClassDef& home = dex->classes[56];
  EXPECT_EQ(dex->types[home.classIndex], "Lcom/teleca/jamendo/activity/HomeActivity;");
  EXPECT_EQ(dex->types[home.superclassIndex], "Landroid/app/Activity;");
  EXPECT_EQ(home.accessFlags, 0x0001u);
  EXPECT_EQ(home.staticFields, 1u);
  EXPECT_EQ(home.instanceFields, 10u);
  EXPECT_EQ(home.directMethods, 8u);
  EXPECT_EQ(home.virtualMethods, 9u);
  ASSERT_EQ(home.methodIndices.size(), 17u);
  ASSERT_EQ(home.methodCodeOffsets.size(), 17u);
  ASSERT_EQ(home.staticFieldIndices.size(), 1u);

  const DexMethodId& access = dex->methods[home.methodIndices[1]];  // direct #1
  EXPECT_EQ(dex->methodName(access), "access$100");
  EXPECT_EQ(dex->signature(access), "(Lcom/teleca/jamendo/activity/HomeActivity;)Landroid/widget/ViewFlipper;");
  EXPECT_EQ(dex->shorty(access), "LL");
  const DexMethodId& onCreate = dex->methods[home.methodIndices[8 + 1]];  // virtual #1
  EXPECT_EQ(dex->methodName(onCreate), "onCreate");
  EXPECT_EQ(dex->signature(onCreate), "(Landroid/os/Bundle;)V");
  EXPECT_EQ(dex->shorty(onCreate), "VL");
  EXPECT_EQ(dex->types[onCreate.classIndex], "Lcom/teleca/jamendo/activity/HomeActivity;");
  const DexMethodId& onKeyDown = dex->methods[home.methodIndices[8 + 3]];
  EXPECT_EQ(dex->methodName(onKeyDown), "onKeyDown");
  EXPECT_EQ(dex->signature(onKeyDown), "(ILandroid/view/KeyEvent;)Z");
  EXPECT_EQ(dex->shorty(onKeyDown), "ZIL");
  for (uint32_t code : home.methodCodeOffsets) EXPECT_NE(code, 0u);  // none is abstract or native
}

TEST(DexFileTest, MultidexAndMonochromeCounts) {
  MXI_REQUIRE_DEX(first, test::kMultidexApk, "classes.dex");
  MXI_REQUIRE_DEX(second, test::kMultidexApk, "classes2.dex");
  MXI_REQUIRE_DEX(mono, test::kMonochromeApk, "classes.dex");
  struct Expected {
    const std::string* bytes;
    uint32_t strings, types, fields, methods, classes;
  };
  for (const Expected& e :
       {Expected{&first, 29324, 3182, 10167, 25066, 2243}, Expected{&second, 3076, 355, 6560, 748, 211},
        Expected{&mono, 35845, 3817, 26562, 29277, 2898}}) {
    auto dex = parseDex(*e.bytes);
    ASSERT_TRUE(dex.ok()) << dex.status().toString();
    EXPECT_EQ(dex->stringIds, e.strings);
    EXPECT_EQ(dex->types.size(), e.types);
    EXPECT_EQ(dex->fieldIds, e.fields);
    EXPECT_EQ(dex->methods.size(), e.methods);
    EXPECT_EQ(dex->classes.size(), e.classes);
  }
}

TEST(DexFileTest, AndResGuardDexHasFiveClassesWithItsRClasses) {
  MXI_REQUIRE_DEX(bytes, test::kAndResGuardApk, "classes.dex");
  auto dex = parseDex(bytes);
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  std::vector<std::string> names;
  for (const auto& c : dex->classes) names.push_back(javaName(dex->types[c.classIndex]));
  EXPECT_EQ(names, (std::vector<std::string>{"com.ibotpeaches.issue1170.BuildConfig",
                                             "com.ibotpeaches.issue1170.R$attr", "com.ibotpeaches.issue1170.R$mipmap",
                                             "com.ibotpeaches.issue1170.R$string", "com.ibotpeaches.issue1170.R"}));
}

TEST(DexFileTest, JavaNames) {
  EXPECT_EQ(javaName("Lcom/example/Main$Inner;"), "com.example.Main$Inner");
  EXPECT_EQ(javaName("LMain;"), "Main");
  EXPECT_EQ(javaName("[I"), "int[]");
  EXPECT_EQ(javaName("[[Ljava/lang/String;"), "java.lang.String[][]");
  EXPECT_EQ(javaName("J"), "long");
  EXPECT_EQ(javaName("V"), "void");
  EXPECT_EQ(javaName("Z"), "boolean");
  EXPECT_EQ(javaName("Q"), "Q");            // not a descriptor: kept
  EXPECT_EQ(javaName("Lcom/x"), "Lcom/x");  // unterminated: kept
  EXPECT_EQ(javaName(""), "");
}

TEST(DexFileTest, ModifiedUtf8) {
  EXPECT_EQ(decodeModifiedUtf8("abc"), "abc");
  EXPECT_EQ(decodeModifiedUtf8("a\xc0\x80z"), std::string("a\0z", 3));  // NUL as two bytes
  EXPECT_EQ(decodeModifiedUtf8("\xc3\xa9"), "\xc3\xa9");                // é
  EXPECT_EQ(decodeModifiedUtf8("\xe4\xb8\xad"), "\xe4\xb8\xad");        // 中
  // U+1F600 as the surrogates D83D DE00, each in 3 bytes: one 4-byte UTF-8 character.
  EXPECT_EQ(decodeModifiedUtf8("\xed\xa0\xbd\xed\xb8\x80"), "\xf0\x9f\x98\x80");
  EXPECT_EQ(decodeModifiedUtf8("\xed\xa0\xbdx"), "\xef\xbf\xbdx");        // a lone high surrogate
  EXPECT_EQ(decodeModifiedUtf8("\xed\xb8\x80"), "\xef\xbf\xbd");          // a lone low surrogate
  EXPECT_EQ(decodeModifiedUtf8("\xe4\xb8"), "\xef\xbf\xbd\xef\xbf\xbd");  // truncated: each byte replaced
  EXPECT_EQ(decodeModifiedUtf8("\xff"), "\xef\xbf\xbd");
}

// Jamendo's table offsets (dexdump -f): type_ids at 10332, method_ids at 26064, class_defs at 40432.
TEST(DexFileTest, TruncatedDex) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  auto cut = parseDex(std::string_view(bytes).substr(0, 50000));
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.status().toString(),
            "dex header: the file is 209696 bytes by its header, 50000 bytes were given (at byte offset 32)");
  auto tiny = parseDex(std::string_view(bytes).substr(0, 100));
  ASSERT_FALSE(tiny.ok());
  EXPECT_EQ(tiny.status().toString(), "dex header: 100 bytes, a header needs 112 (at byte offset 0)");
  // Cut and told so by its header: the tables then run off the end.
  std::string shortened = bytes.substr(0, 20000);
  putU32(shortened, 32, 20000);
  auto tables = parseDex(shortened);
  ASSERT_FALSE(tables.ok());
  EXPECT_EQ(tables.status().toString(),
            "dex header: field_ids (939 × 8 bytes at 18552) beyond the 20000-byte file (at byte offset 80)");
}

TEST(DexFileTest, ClassDataOffsetBeyondTheFile) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  std::string broken = bytes;
  putU32(broken, 40432 + 2 * 32 + 24, 300000);  // class_defs[2].class_data_off
  auto dex = parseDex(broken);
  ASSERT_FALSE(dex.ok());
  EXPECT_EQ(dex.status().toString(),
            "class_defs[2]: class_data offset 300000 beyond 209696 bytes in the file (at byte offset 40520)");
}

TEST(DexFileTest, StringIndexOutOfRange) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  std::string broken = bytes;
  putU32(broken, 10332 + 3 * 4, 9999);  // type_ids[3].descriptor_idx
  auto dex = parseDex(broken);
  ASSERT_FALSE(dex.ok());
  EXPECT_EQ(dex.status().toString(), "type_ids[3]: string index 9999 beyond 2555 strings (at byte offset 10344)");
}

TEST(DexFileTest, ProtoIndexOutOfRange) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  std::string broken = bytes;
  broken[26064 + 12 * 8 + 2] = '\xff';  // method_ids[12].proto_idx = 0xffff
  broken[26064 + 12 * 8 + 3] = '\xff';
  auto dex = parseDex(broken);
  ASSERT_FALSE(dex.ok());
  EXPECT_EQ(dex.status().toString(), "method_ids[12]: proto index 65535 beyond 529 protos (at byte offset 26162)");
}

TEST(DexFileTest, HugeClassDataCountsAreRefusedBeforeAnythingIsReserved) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  std::string broken = bytes;
  // class_defs[2]'s class_data pointed at five bytes that read as one count of 0xffffffff.
  const size_t at = 209696 - 8;
  const uint32_t classData = static_cast<uint32_t>(at);
  putU32(broken, 40432 + 2 * 32 + 24, classData);
  std::memcpy(broken.data() + at, "\xff\xff\xff\xff\x0f\x00\x00\x00", 8);
  auto dex = parseDex(broken);
  ASSERT_FALSE(dex.ok());
  EXPECT_EQ(dex.status().toString(),
            "class_defs[2]: class_data lists 4294967295+0 fields and 0+0 methods, more than the file's remaining 0 "
            "bytes hold (at byte offset 209696)");
}

TEST(DexFileTest, NotADexOrAnUnknownVersion) {
  MXI_REQUIRE_DEX(bytes, test::kJamendoApk, "classes.dex");
  std::string other = bytes;
  other[0] = 'X';
  EXPECT_EQ(parseDex(other).status().toString(),
            "not a dex file (its magic is not \"dex\\n0NN\\0\") (at byte offset 0)");
  std::string future = bytes;
  future[5] = '4';  // "042"
  future[6] = '2';
  EXPECT_EQ(parseDex(future).status().toString(),
            "unsupported dex version 042 (035 to 041 are read) (at byte offset 4)");
}

// A header and nothing else: version "0NN", header_size and file_size `size` (041: also the
// container's size, with this dex first).
std::string emptyDex(const char* version, uint32_t size) {
  std::string bytes(size, '\0');
  std::memcpy(bytes.data(), "dex\n", 4);
  std::memcpy(bytes.data() + 4, version, 3);
  putU32(bytes, 32, size);
  putU32(bytes, 36, size);
  putU32(bytes, 40, 0x12345678);
  if (size >= 0x78) putU32(bytes, 112, size);
  return bytes;
}

TEST(DexFileTest, AnEmptyDex) {
  auto dex = parseDex(emptyDex("035", 0x70));
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  EXPECT_EQ(dex->version, 35u);
  EXPECT_EQ(dex->fileSize, 0x70u);
  EXPECT_TRUE(dex->types.empty());
  EXPECT_TRUE(dex->classes.empty());
}

TEST(DexFileTest, Version41ContainerGivesItsFirstDex) {
  auto dex = parseDex(emptyDex("041", 0x78));
  ASSERT_TRUE(dex.ok()) << dex.status().toString();
  EXPECT_EQ(dex->version, 41u);
  // A 041 header is 0x78 bytes.
  std::string shortHeader = emptyDex("041", 0x70);
  EXPECT_EQ(parseDex(shortHeader).status().toString(),
            "dex header: header_size 112 (the file has 112 bytes, version 41 needs at least 120) (at byte offset 36)");
  std::string second = emptyDex("041", 0x78);
  putU32(second, 116, 0x78);  // header_offset: a later dex's header
  EXPECT_EQ(parseDex(second).status().toString(),
            "dex header: header_offset 120 (the first dex of a container starts at 0) (at byte offset 116)");
  std::string bigger = emptyDex("041", 0x78);
  putU32(bigger, 112, 4096);  // container_size beyond the bytes
  EXPECT_EQ(parseDex(bigger).status().toString(),
            "dex header: the file is 4096 bytes by its header, 120 bytes were given (at byte offset 112)");
}

// Every prefix whose header claims just that size: an error with an offset or a parse, never a crash.
TEST(DexFileTest, EveryShortenedFileFailsCleanly) {
  MXI_REQUIRE_DEX(bytes, test::kAndResGuardApk, "classes.dex");
  ASSERT_TRUE(parseDex(bytes).ok());
  for (size_t size = 112; size < bytes.size(); ++size) {
    std::string cut = bytes.substr(0, size);
    putU32(cut, 32, static_cast<uint32_t>(size));
    auto dex = parseDex(cut);
    if (!dex.ok()) {
      EXPECT_TRUE(dex.status().hasOffset()) << size << ": " << dex.status().toString();
      EXPECT_LE(dex.status().offset(), size) << dex.status().toString();
    }
  }
}

}  // namespace
}  // namespace mxi::core::dex
