// parseElf on the reference APK's seven libsymlink.so (one per ABI, read through ZipArchive), on
// libraries built by this test's CMake (plain, static libstdc++, stripped, arm64) and on ELF
// files made byte by byte: both classes and byte orders, each static STL, hostile offsets.
#include "core/elf/elf_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/zip/zip_archive.h"
#include "tests/core/elf/elf_builder.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::elf {
namespace {

using test::BuildSymbol;
using test::ElfBuilder;

constexpr uint8_t kSttObject = 1;
constexpr uint8_t kSttFunc = 2;
constexpr uint8_t kStbGlobal = 1;
constexpr uint8_t kStbWeak = 2;

std::string sampleLibrary(const std::string& variant) {
  return test::readFile(std::filesystem::path(test::binaryDir()) / "test-elf" /
                        ("libmxi_elf_sample_" + variant + ".so"));
}

ElfFile parseOrDie(std::string_view bytes) {
  auto elf = parseElf(bytes);
  EXPECT_TRUE(elf.ok()) << elf.status().toString();
  return elf.ok() ? std::move(elf).value() : ElfFile{};
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

TEST(ElfFileTest, FdroidLibrariesOfSevenAbis) {
  MXI_REQUIRE_FIXTURE(path, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  auto apk = zip::ZipArchive::open(path.string());
  ASSERT_TRUE(apk.ok()) << apk.status().toString();
  struct Expected {
    const char* dir;
    uint16_t machine;
    bool is64;
  };
  for (const Expected& e : {Expected{"arm64-v8a", 183, true}, Expected{"armeabi", 40, false},
                            Expected{"armeabi-v7a", 40, false}, Expected{"mips", 8, false}, Expected{"mips64", 8, true},
                            Expected{"x86", 3, false}, Expected{"x86_64", 62, true}}) {
    SCOPED_TRACE(e.dir);
    const zip::ZipEntry* entry = apk->find(std::string("lib/") + e.dir + "/libsymlink.so");
    ASSERT_NE(entry, nullptr);
    const auto bytes = apk->read(*entry);
    ASSERT_TRUE(bytes.ok()) << bytes.status().toString();
    const ElfFile elf = parseOrDie(*bytes);
    EXPECT_EQ(elf.abi, e.dir);
    EXPECT_EQ(elf.machine, e.machine);
    EXPECT_EQ(elf.is64, e.is64);
    EXPECT_TRUE(elf.littleEndian);
    EXPECT_EQ(elf.type, 3);  // ET_DYN
    EXPECT_TRUE(elf.stripped());
    EXPECT_FALSE(elf.hasSymtab);
    EXPECT_FALSE(elf.hasDebugInfo);
    EXPECT_EQ(elf.needed, (std::vector<std::string>{"libstdc++.so", "libm.so", "libc.so", "libdl.so"}));
    EXPECT_EQ(elf.soname, "libsymlink.so");
    EXPECT_EQ(elf.staticStl(), "");
    EXPECT_EQ(elf.definedStdSymbols(), 0u);
    EXPECT_FALSE(elf.dynamicSymbols.empty());
    EXPECT_FALSE(elf.sections.empty());
  }
}

TEST(ElfFileTest, HostLibraryWithSymbolsAndDebugInfo) {
  const std::string bytes = sampleLibrary("plain");
  ASSERT_FALSE(bytes.empty()) << "built by tests/core/elf/CMakeLists.txt";
  const ElfFile elf = parseOrDie(bytes);
  EXPECT_TRUE(elf.hasSymtab);
  EXPECT_TRUE(elf.hasDebugInfo);
  EXPECT_FALSE(elf.stripped());
  EXPECT_GT(elf.symtabSymbols, 0u);
  EXPECT_EQ(elf.soname, "libmxi_elf_sample_plain.so");
  EXPECT_TRUE(contains(elf.needed, "libstdc++.so.6"));
  EXPECT_TRUE(contains(elf.needed, "libc.so.6"));
  // A shared libstdc++: the template code it instantiates is weak, none of it its own.
  EXPECT_EQ(elf.staticStl(), "");
  EXPECT_EQ(elf.definedStdSymbols(), 0u);
  const auto total = std::find_if(elf.dynamicSymbols.begin(), elf.dynamicSymbols.end(),
                                  [](const ElfSymbol& s) { return s.name == "mxi_sample_total"; });
  ASSERT_NE(total, elf.dynamicSymbols.end());
  EXPECT_TRUE(total->defined);
  EXPECT_EQ(total->type, kSttFunc);
  EXPECT_EQ(total->bind, kStbGlobal);
  EXPECT_GT(total->size, 0u);
#if defined(__x86_64__)
  EXPECT_EQ(elf.abi, "x86_64");
  EXPECT_TRUE(elf.is64);
#endif
  const auto text = std::find_if(elf.sections.begin(), elf.sections.end(),
                                 [](const ElfFile::Section& s) { return s.name == ".text"; });
  ASSERT_NE(text, elf.sections.end());
  EXPECT_GT(text->size, 0u);
}

TEST(ElfFileTest, StrippedCopyHasNoSymtab) {
  const std::string bytes = sampleLibrary("stripped");
  ASSERT_FALSE(bytes.empty()) << "made by objcopy --strip-all in tests/core/elf/CMakeLists.txt";
  const ElfFile stripped = parseOrDie(bytes);
  const ElfFile plain = parseOrDie(sampleLibrary("plain"));
  EXPECT_TRUE(stripped.stripped());
  EXPECT_EQ(stripped.symtabSymbols, 0u);
  EXPECT_EQ(stripped.needed, plain.needed);
  EXPECT_EQ(stripped.dynamicSymbols.size(), plain.dynamicSymbols.size());
}

TEST(ElfFileTest, WithoutSectionHeadersTheDynamicSegmentNamesTheLibraries) {
  const std::string plainBytes = sampleLibrary("plain");
  ASSERT_FALSE(plainBytes.empty());
  const ElfFile plain = parseOrDie(plainBytes);
  std::string bytes = plainBytes;
  bytes.replace(40, 8, std::string(8, '\0'));  // e_shoff
  bytes.replace(60, 2, std::string(2, '\0'));  // e_shnum
  const ElfFile sstripped = parseOrDie(bytes);
  EXPECT_TRUE(sstripped.sections.empty());
  EXPECT_TRUE(sstripped.stripped());
  EXPECT_EQ(sstripped.needed, plain.needed);
  EXPECT_EQ(sstripped.soname, "libmxi_elf_sample_plain.so");
  // The program header table cut off: an error naming e_phoff.
  std::string cut = bytes;
  cut.replace(32, 8, ElfBuilder().word(bytes.size() - 8));  // e_phoff
  const auto bad = parseElf(cut);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().offset(), 32u);
}

TEST(ElfFileTest, StaticGnuLibstdcxxIsGnustl) {
  const ElfFile elf = parseOrDie(sampleLibrary("static_stl"));
  EXPECT_FALSE(contains(elf.needed, "libstdc++.so.6"));
  EXPECT_EQ(elf.staticStl(), "gnustl");
  EXPECT_GT(elf.definedStdSymbols(), 100u);
}

TEST(ElfFileTest, Arm64LibraryWithStaticLibstdcxx) {
  const std::string bytes = sampleLibrary("arm64");
  if (bytes.empty()) GTEST_SKIP() << "aarch64-linux-gnu-g++ is not installed (Debian g++-aarch64-linux-gnu)";
  const ElfFile elf = parseOrDie(bytes);
  EXPECT_EQ(elf.abi, "arm64-v8a");
  EXPECT_EQ(elf.machine, 183);
  EXPECT_FALSE(contains(elf.needed, "libstdc++.so.6"));
  EXPECT_TRUE(contains(elf.needed, "libc.so.6"));
  EXPECT_EQ(elf.staticStl(), "gnustl");
}

TEST(ElfFileTest, EachStaticStlByItsOwnSymbols) {
  const BuildSymbol exception{"_ZNSt9exceptionD2Ev"};  // every C++ runtime defines it
  ElfBuilder builder;
  builder.symbols = {exception,
                     {"_ZNSt6__ndk112basic_stringIcNS_11char_traitsIcEENS_9allocatorIcEEE6appendEPKc"},
                     {"_ZNKSt6__ndk18ios_base6getlocEv"}};
  ElfFile elf = parseOrDie(builder.build());
  EXPECT_EQ(elf.staticStl(), "libc++");
  EXPECT_EQ(elf.definedStdSymbols(), 3u);

  builder.symbols = {exception, {"_ZNSt3__16vectorIiNS_9allocatorIiEEE7reserveEm"}};
  EXPECT_EQ(parseOrDie(builder.build()).staticStl(), "libc++");

  builder.symbols = {exception, {"_ZN8stlp_std12__node_alloc11_M_allocateERm"}};
  elf = parseOrDie(builder.build());
  EXPECT_EQ(elf.staticStl(), "stlport");
  EXPECT_EQ(elf.definedStdSymbols(), 2u);

  builder.symbols = {exception, {"_ZNSs4_Rep10_M_destroyERKSaIcE"}, {"_ZSt17__throw_bad_allocv"}, {"_ZNKSo5flushEv"}};
  elf = parseOrDie(builder.build());
  EXPECT_EQ(elf.staticStl(), "gnustl");
  EXPECT_EQ(elf.definedStdSymbols(), 4u);
}

TEST(ElfFileTest, OnlyDefinedGlobalFunctionsCount) {
  // Matrix's nm -D line type "T": weak template code, undefined references and data say nothing.
  ElfBuilder builder;
  builder.symbols = {{.name = "_ZNSt6__ndk14coutE", .type = kSttObject},
                     {.name = "_ZNSt6__ndk112basic_stringIcEC2Ev", .bind = kStbWeak},
                     {.name = "_ZNSt6__ndk15mutex4lockEv", .defined = false},
                     {.name = "_ZN7example3runEv"},
                     {.name = "_Z3fooIiESsv"}};  // std::string foo<int>(): returns std::, is not in it
  const ElfFile elf = parseOrDie(builder.build());
  EXPECT_EQ(elf.staticStl(), "");
  EXPECT_EQ(elf.definedStdSymbols(), 0u);
  ASSERT_EQ(elf.dynamicSymbols.size(), 6u);  // the null symbol first
  EXPECT_FALSE(elf.dynamicSymbols[3].defined);
  EXPECT_EQ(elf.dynamicSymbols[2].bind, kStbWeak);
  EXPECT_EQ(elf.dynamicSymbols[1].type, kSttObject);
}

TEST(ElfFileTest, BigEndian32BitMips) {
  ElfBuilder builder;
  builder.is64 = false;
  builder.littleEndian = false;
  builder.machine = 8;
  builder.needed = {"libc.so", "libm.so"};
  builder.soname = "libbe.so";
  builder.symbols = {{"_ZNSt9bad_allocD0Ev"}};
  builder.withSymtab = true;
  const ElfFile elf = parseOrDie(builder.build());
  EXPECT_FALSE(elf.is64);
  EXPECT_FALSE(elf.littleEndian);
  EXPECT_EQ(elf.abi, "mips");
  EXPECT_EQ(elf.needed, (std::vector<std::string>{"libc.so", "libm.so"}));
  EXPECT_EQ(elf.soname, "libbe.so");
  EXPECT_TRUE(elf.hasSymtab);
  EXPECT_EQ(elf.symtabSymbols, 2u);
  EXPECT_FALSE(elf.stripped());
  ASSERT_EQ(elf.dynamicSymbols.size(), 2u);
  EXPECT_EQ(elf.dynamicSymbols[1].name, "_ZNSt9bad_allocD0Ev");
  EXPECT_EQ(elf.dynamicSymbols[1].value, 0x1000u);
  EXPECT_EQ(elf.dynamicSymbols[1].size, 16u);
  EXPECT_EQ(elf.staticStl(), "gnustl");

  builder.is64 = true;
  builder.withSymtab = false;
  builder.withDebugInfo = true;
  const ElfFile mips64 = parseOrDie(builder.build());
  EXPECT_EQ(mips64.abi, "mips64");
  EXPECT_TRUE(mips64.hasDebugInfo);
  EXPECT_FALSE(mips64.stripped());
}

TEST(ElfFileTest, TruncatedFileIsAnError) {
  const std::string bytes = sampleLibrary("plain");
  ASSERT_FALSE(bytes.empty());
  const auto header = parseElf(std::string_view(bytes).substr(0, 40));
  ASSERT_FALSE(header.ok());
  EXPECT_EQ(header.status().code(), StatusCode::kInvalidInput);
  EXPECT_EQ(header.status().toString(), "ELF header cut: 40 of 64 bytes (at byte offset 40)");
  // Cut in the middle: the section header table (at the end of the file) is gone.
  const auto half = parseElf(std::string_view(bytes).substr(0, bytes.size() / 2));
  ASSERT_FALSE(half.ok());
  EXPECT_EQ(half.status().offset(), 40u);  // e_shoff
  EXPECT_FALSE(parseElf("").ok());
  EXPECT_EQ(parseElf("MZ not an elf file").status().toString(),
            "not an ELF file: no \\x7fELF magic (at byte offset 0)");
}

TEST(ElfFileTest, SectionHeaderTableBeyondTheEnd) {
  ElfBuilder builder;
  std::string bytes = builder.build();
  const uint64_t beyond = bytes.size() + 100;
  bytes.replace(40, 8, builder.word(beyond));
  const auto elf = parseElf(bytes);
  ASSERT_FALSE(elf.ok());
  EXPECT_EQ(elf.status().toString(), "section header table at offset " + std::to_string(beyond) +
                                         " is beyond the end of the file (" + std::to_string(bytes.size()) +
                                         " bytes) (at byte offset 40)");
}

TEST(ElfFileTest, NeededNameBeyondDynstr) {
  ElfBuilder builder;
  builder.needed = {"libc.so"};
  std::string bytes = builder.build();
  bytes.replace(builder.dynamicOffset + 8, 8, builder.word(10000));
  const auto elf = parseElf(bytes);
  ASSERT_FALSE(elf.ok());
  EXPECT_EQ(elf.status().code(), StatusCode::kInvalidInput);
  EXPECT_EQ(elf.status().message(), ".dynamic DT_NEEDED: string index 10000 is beyond .dynstr (9 bytes)");
  EXPECT_EQ(elf.status().offset(), builder.dynamicOffset);
}

TEST(ElfFileTest, SectionOutOfTheFileAndZeroEntrySize) {
  ElfBuilder builder;
  builder.symbols = {{"f"}};
  const std::string good = builder.build();
  std::string zeroEntries = good;
  zeroEntries.replace(builder.dynsymHeaderOffset + 56, 8, builder.word(0));  // sh_entsize
  const auto zero = parseElf(zeroEntries);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.status().toString(), ".dynsym: sh_entsize 0 is smaller than a symbol (24 bytes) (at byte offset " +
                                          std::to_string(builder.dynsymHeaderOffset) + ")");
  std::string outside = good;
  outside.replace(builder.dynsymHeaderOffset + 32, 8, builder.word(1u << 20));  // sh_size
  const auto out = parseElf(outside);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().offset(), builder.dynsymHeaderOffset);
  EXPECT_NE(out.status().message().find("lies beyond the end of the file"), std::string::npos);
}

}  // namespace
}  // namespace mxi::core::elf
