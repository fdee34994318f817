// ZipArchive on the shared reference APKs (facts from their PROVENANCE.md and Python's zipfile)
// and on archives built byte by byte: cut files, zip bombs, "../" names, wrong CRCs, offsets out
// of the file, ZIP64.
#include "core/zip/zip_archive.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/base/process_memory.h"
#include "tests/core/zip/zip_builder.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::zip {
namespace {

using test::BuildEntry;
using test::ZipBuilder;

constexpr const char* kFdroid = "apk/fdroidserver_org.dyndns.fules.ck_20.apk";
constexpr const char* kMonochrome = "apk/monochrome-player_app-debug.apk";
constexpr const char* kMultidex = "apk/androguard_app-prod-debug_multidex.apk";
constexpr const char* kJamendo = "apk/androguard_com.teleca.jamendo_35.apk";
constexpr const char* kAndResGuard = "apk/apktool_issue1170_andresguard.apk";

ZipArchive openOrDie(const std::filesystem::path& path) {
  auto archive = ZipArchive::open(path.string());
  EXPECT_TRUE(archive.ok()) << archive.status().toString();
  return std::move(archive).value();
}

ZipArchive fromBytesOrDie(std::string bytes) {
  auto archive = ZipArchive::fromBytes(std::move(bytes), "built.zip");
  EXPECT_TRUE(archive.ok()) << archive.status().toString();
  return std::move(archive).value();
}

uint64_t sumOf(const ZipArchive& archive, uint64_t ZipEntry::*field) {
  uint64_t sum = 0;
  for (const ZipEntry& e : archive.entries()) sum += e.*field;
  return sum;
}

TEST(ZipArchiveTest, FdroidApkListsEveryEntryWithItsSizesAndMethods) {
  MXI_REQUIRE_FIXTURE(path, kFdroid);
  const ZipArchive apk = openOrDie(path);
  EXPECT_EQ(apk.fileSize(), 132453u);
  EXPECT_TRUE(apk.hasCentralDirectory());
  EXPECT_TRUE(apk.problems().empty());
  ASSERT_EQ(apk.entries().size(), 42u);
  EXPECT_EQ(apk.entries().front().name, "META-INF/MANIFEST.MF");
  EXPECT_EQ(apk.entries().back().name, "lib/mips64/libsymlink.so");
  EXPECT_EQ(std::count_if(apk.entries().begin(), apk.entries().end(), [](const ZipEntry& e) { return e.stored(); }),
            22);
  EXPECT_EQ(sumOf(apk, &ZipEntry::size), 418067u);
  EXPECT_EQ(sumOf(apk, &ZipEntry::compressedSize), 125996u);

  const ZipEntry* arsc = apk.find("resources.arsc");
  ASSERT_NE(arsc, nullptr);
  EXPECT_TRUE(arsc->stored());
  EXPECT_EQ(arsc->size, 11088u);
  EXPECT_EQ(arsc->compressedSize, 11088u);
  EXPECT_EQ(arsc->crc32, 0x2b5099bau);
  const ZipEntry* dex = apk.find("classes.dex");
  ASSERT_NE(dex, nullptr);
  EXPECT_EQ(dex->method, 8);
  EXPECT_EQ(dex->size, 62964u);
  EXPECT_EQ(dex->compressedSize, 24973u);
  EXPECT_EQ(dex->crc32, 0x822b83b3u);
  EXPECT_EQ(dex->localHeaderOffset, 82084u);
  EXPECT_FALSE(dex->encrypted);
  EXPECT_EQ(apk.find("classes2.dex"), nullptr);
  // F-Droid signed it v1 only.
  EXPECT_FALSE(apk.signingBlock().has_value());
}

TEST(ZipArchiveTest, FdroidDuplicateFilesReadToTheSameBytes) {
  MXI_REQUIRE_FIXTURE(path, kFdroid);
  const ZipArchive apk = openOrDie(path);
  const auto build = apk.read(*apk.find("META-INF/buildserverid"));
  const auto fdroid = apk.read(*apk.find("META-INF/fdroidserverid"));
  ASSERT_TRUE(build.ok()) << build.status().toString();
  ASSERT_TRUE(fdroid.ok()) << fdroid.status().toString();
  EXPECT_EQ(*build, "2237b6f7d3733d48944ee3f83baaf6b649e8393a\n");
  EXPECT_EQ(*fdroid, *build);
  EXPECT_EQ(apk.rawData(*apk.find("META-INF/buildserverid")).size(), 40u);
}

TEST(ZipArchiveTest, EveryEntryOfEveryReferenceApkReadsWithItsCrc) {
  for (const char* name : {kFdroid, kMonochrome, kMultidex, kJamendo, kAndResGuard}) {
    MXI_REQUIRE_FIXTURE(path, name);
    const ZipArchive apk = openOrDie(path);
    uint64_t bytes = 0;
    for (const ZipEntry& e : apk.entries()) {
      const auto data = apk.read(e);
      ASSERT_TRUE(data.ok()) << name << ": " << data.status().toString();
      bytes += data->size();
    }
    EXPECT_EQ(bytes, sumOf(apk, &ZipEntry::size)) << name;
  }
}

TEST(ZipArchiveTest, EntryCountsOfTheOtherReferenceApks) {
  MXI_REQUIRE_FIXTURE(monochrome, kMonochrome);
  MXI_REQUIRE_FIXTURE(multidex, kMultidex);
  MXI_REQUIRE_FIXTURE(jamendo, kJamendo);
  MXI_REQUIRE_FIXTURE(andresguard, kAndResGuard);
  const ZipArchive mono = openOrDie(monochrome);
  ASSERT_EQ(mono.entries().size(), 526u);
  EXPECT_EQ(mono.entries().front().name, "res/color/material_on_surface_disabled.xml");
  EXPECT_EQ(mono.find("classes.dex")->size, 4268244u);
  EXPECT_EQ(mono.find("classes.dex")->compressedSize, 1909644u);
  EXPECT_EQ(mono.find("resources.arsc")->method, 0);
  EXPECT_EQ(openOrDie(multidex).entries().size(), 475u);
  EXPECT_EQ(openOrDie(multidex).find("classes.dex")->size, 3267296u);
  EXPECT_EQ(openOrDie(jamendo).entries().size(), 149u);
  const ZipArchive arg = openOrDie(andresguard);
  ASSERT_EQ(arg.entries().size(), 18u);  // 11 files and 7 directories
  EXPECT_EQ(
      std::count_if(arg.entries().begin(), arg.entries().end(), [](const ZipEntry& e) { return e.isDirectory(); }), 7);
  EXPECT_TRUE(arg.find("r/a/")->isDirectory());
  EXPECT_TRUE(arg.find("r/a/a.png")->stored());
  EXPECT_EQ(arg.find("r/e/a.png")->method, 8);
}

TEST(ZipArchiveTest, SigningBlockIdsOfV2SignedApks) {
  MXI_REQUIRE_FIXTURE(monochrome, kMonochrome);
  MXI_REQUIRE_FIXTURE(multidex, kMultidex);
  const auto mono = openOrDie(monochrome).signingBlock();
  ASSERT_TRUE(mono.has_value());
  EXPECT_EQ(mono->offset, 2647607u);
  EXPECT_EQ(mono->size, 4096u);
  EXPECT_EQ(mono->ids, (std::vector<uint32_t>{0x7109871a, 0x42726577}));  // v2 and the verity padding
  const auto abcore = openOrDie(multidex).signingBlock();
  ASSERT_TRUE(abcore.has_value());
  EXPECT_EQ(abcore->offset, 2203175u);
  EXPECT_EQ(abcore->size, 1471u);
  EXPECT_EQ(abcore->ids, std::vector<uint32_t>{0x7109871a});
}

TEST(ZipArchiveTest, ApkCutInHalfListsTheEntriesBeforeTheCut) {
  MXI_REQUIRE_FIXTURE(path, kFdroid);
  const std::string whole = test::readFile(path);
  const ZipArchive full = openOrDie(path);
  const ZipArchive cut = fromBytesOrDie(whole.substr(0, whole.size() / 2));
  EXPECT_FALSE(cut.hasCentralDirectory());
  EXPECT_FALSE(cut.signingBlock().has_value());
  // Its entries set bit 3: sizes and CRCs come from the data descriptors found after the data.
  ASSERT_EQ(cut.entries().size(), 31u);
  EXPECT_EQ(cut.entries().back().name, "res/xml/default_greek.xml");
  for (const ZipEntry& e : cut.entries()) {
    const ZipEntry* same = full.find(e.name);
    ASSERT_NE(same, nullptr) << e.name;
    EXPECT_EQ(e.size, same->size) << e.name;
    EXPECT_EQ(e.compressedSize, same->compressedSize) << e.name;
    EXPECT_EQ(e.crc32, same->crc32) << e.name;
    EXPECT_EQ(e.localHeaderOffset, same->localHeaderOffset) << e.name;
    const auto data = cut.read(e);
    ASSERT_TRUE(data.ok()) << data.status().toString();
  }
  ASSERT_EQ(cut.problems().size(), 2u);
  EXPECT_EQ(cut.problems()[0].entry, "");
  EXPECT_EQ(cut.problems()[0].offset, 66226u);
  EXPECT_EQ(cut.problems()[0].message,
            "no end of central directory record: the archive is cut; entries walked from their local headers");
  EXPECT_EQ(cut.problems()[1].entry, "res/xml/default_latin.xml");
  EXPECT_EQ(cut.problems()[1].offset, 56424u);
  EXPECT_EQ(cut.problems()[1].message, "no data descriptor after the data: the entry is cut");
}

TEST(ZipArchiveTest, ApkWithoutDataDescriptorsCutInHalf) {
  MXI_REQUIRE_FIXTURE(path, kMonochrome);
  const std::string whole = test::readFile(path);
  const ZipArchive cut = fromBytesOrDie(whole.substr(0, whole.size() / 2));
  EXPECT_EQ(cut.entries().size(), 525u);
  ASSERT_EQ(cut.problems().size(), 2u);
  EXPECT_EQ(cut.problems()[1].entry, "classes.dex");
  EXPECT_EQ(cut.problems()[1].offset, 737922u);
  EXPECT_EQ(cut.problems()[1].message, "data (1909644 bytes from offset 737963) cut by the end of the file");
}

TEST(ZipArchiveTest, NothingOfAZipIsAnError) {
  const auto empty = ZipArchive::fromBytes("", "empty.zip");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), StatusCode::kInvalidInput);
  EXPECT_EQ(empty.status().toString(),
            "empty.zip: not a zip archive: no end of central directory record and no whole local file header (at byte "
            "offset 0)");
  EXPECT_FALSE(ZipArchive::fromBytes(std::string(1000, 'x'), "junk").ok());
  EXPECT_FALSE(ZipArchive::fromBytes(ZipBuilder().build({}), "no entries").ok());
  const auto missing = ZipArchive::open("/nonexistent/dir/app.apk");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kIoError);
}

TEST(ZipArchiveTest, StoredAndDeflatedEntriesReadBack) {
  const std::string text(5000, 'a');
  const ZipArchive zip = fromBytesOrDie(ZipBuilder().build(
      {{.name = "stored.txt", .data = "hello", .method = 0}, {.name = "deflated.txt", .data = text}}));
  ASSERT_EQ(zip.entries().size(), 2u);
  EXPECT_EQ(*zip.read(zip.entries()[0]), "hello");
  EXPECT_EQ(zip.entries()[1].size, 5000u);
  EXPECT_LT(zip.entries()[1].compressedSize, 100u);
  EXPECT_EQ(*zip.read(zip.entries()[1]), text);
  EXPECT_EQ(zip.rawData(zip.entries()[0]), "hello");
}

// view(): a stored entry's own bytes in the archive (no copy), a deflated one's inflated copy,
// and the same CRC check and message as read().
TEST(ZipArchiveTest, ViewIsTheStoredBytesInPlaceOrTheInflatedCopy) {
  const std::string text(5000, 'a');
  const std::string stored(3u << 20, 's');  // three 1 MiB slices for the CRC
  const ZipArchive zip =
      fromBytesOrDie(ZipBuilder().build({{.name = "stored.bin", .data = stored, .method = 0},
                                         {.name = "deflated.txt", .data = text},
                                         {.name = "bad.txt", .data = "hello", .method = 0, .crc = 1}}));
  const auto inPlace = zip.view(zip.entries()[0]);
  ASSERT_TRUE(inPlace.ok()) << inPlace.status().toString();
  EXPECT_TRUE(inPlace->isView());
  EXPECT_EQ(inPlace->bytes().data(), zip.rawData(zip.entries()[0]).data());
  EXPECT_EQ(inPlace->bytes(), stored);
  auto inflated = zip.view(zip.entries()[1]);
  ASSERT_TRUE(inflated.ok()) << inflated.status().toString();
  EXPECT_FALSE(inflated->isView());
  EXPECT_EQ(inflated->bytes(), text);
  EntryBytes moved = std::move(inflated).value();
  EXPECT_EQ(moved.bytes(), text);  // a short copy's bytes move with it
  const auto bad = zip.view(zip.entries()[2]);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().toString(), zip.read(zip.entries()[2]).status().toString());
  EXPECT_NE(bad.status().toString().find("bad.txt: CRC32 0x3610a686 does not match the stored 0x00000001"),
            std::string::npos)
      << bad.status().toString();
}

// A mapped file: every entry's view equals its read() after the directory's pages were dropped
// and each view's pages are dropped in turn.
TEST(ZipArchiveTest, ViewsOfAMappedApkReadTheSameAsCopies) {
  MXI_REQUIRE_FIXTURE(path, kFdroid);
  const ZipArchive apk = openOrDie(path);
  size_t views = 0;
  for (const ZipEntry& e : apk.entries()) {
    const auto copy = apk.read(e);
    const auto view = apk.view(e);
    ASSERT_TRUE(copy.ok() && view.ok()) << e.name;
    EXPECT_EQ(view->bytes(), *copy) << e.name;
    views += view->isView() ? 1 : 0;
  }
  EXPECT_EQ(views, 22u);  // the stored entries (Python zipfile: compress_type 0)
}

// A raw deflate stream of `megabytes` MiB of zeros without ever holding them: one MiB deflated
// from a fresh stream and ended by a full flush refers to nothing before it, so it can be
// repeated; an empty final block closes the stream. `crc` is the zeros' CRC32.
std::string zeroBomb(uint64_t megabytes, uint32_t& crc) {
  const std::string mib(1u << 20, '\0');
  z_stream s{};
  deflateInit2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY);
  std::string chunk(deflateBound(&s, mib.size()) + 64, '\0');
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(mib.data()));
  s.avail_in = static_cast<uInt>(mib.size());
  s.next_out = reinterpret_cast<Bytef*>(chunk.data());
  s.avail_out = static_cast<uInt>(chunk.size());
  deflate(&s, Z_FULL_FLUSH);
  chunk.resize(s.total_out);
  deflateEnd(&s);
  const uLong mibCrc = crc32(0, reinterpret_cast<const Bytef*>(mib.data()), static_cast<uInt>(mib.size()));
  uLong total = crc32(0, nullptr, 0);
  std::string stream;
  stream.reserve(chunk.size() * megabytes + 2);
  for (uint64_t i = 0; i < megabytes; ++i) {
    stream += chunk;
    total = crc32_combine(total, mibCrc, static_cast<z_off_t>(mib.size()));
  }
  stream += std::string("\x03\x00", 2);  // BFINAL, fixed Huffman, end of block
  crc = static_cast<uint32_t>(total);
  return stream;
}

TEST(ZipArchiveTest, ZipBombStreamIsValidDeflate) {
  // The bomb builder itself: 3 MiB of zeros that inflate back, CRC and all.
  uint32_t crc = 0;
  const std::string stream = zeroBomb(3, crc);
  const ZipArchive zip =
      fromBytesOrDie(ZipBuilder().build({{.name = "zeros", .crc = crc, .declaredSize = 3u << 20, .payload = stream}}));
  const auto data = zip.read(zip.entries()[0]);
  ASSERT_TRUE(data.ok()) << data.status().toString();
  EXPECT_EQ(*data, std::string(3u << 20, '\0'));
}

TEST(ZipArchiveTest, ZipBombIsRefusedBeforeItIsInflated) {
  // 100 MiB of zeros deflate to about 100 KB: the ratio deflate allows (~1030), below the default.
  uint32_t crc = 0;
  const std::string stream = zeroBomb(100, crc);
  const ZipArchive zip = fromBytesOrDie(
      ZipBuilder().build({{.name = "bomb.bin", .crc = crc, .declaredSize = 100u << 20, .payload = stream}}));
  const ZipEntry& bomb = zip.entries()[0];
  ASSERT_EQ(bomb.size, 100u << 20);
  const uint64_t dataOffset = 30 + bomb.name.size();
  const uint64_t peakBefore = readProcessMemory().peakRss;

  const auto tooBig = zip.read(bomb, {.maxBytes = 16u << 20, .maxRatio = 2000});
  ASSERT_FALSE(tooBig.ok());
  EXPECT_EQ(tooBig.status().code(), StatusCode::kResourceLimit);
  EXPECT_EQ(tooBig.status().toString(),
            "bomb.bin: declares 104857600 bytes, over the limit of 16777216 (at byte offset " +
                std::to_string(dataOffset) + ")");

  const auto tooDense = zip.read(bomb, {.maxBytes = 512u << 20, .maxRatio = 100});
  ASSERT_FALSE(tooDense.ok());
  EXPECT_EQ(tooDense.status().code(), StatusCode::kResourceLimit);
  EXPECT_EQ(tooDense.status().message(), "bomb.bin: declares 104857600 bytes from " +
                                             std::to_string(bomb.compressedSize) +
                                             " compressed, a ratio over 100 (a zip bomb?)");
  // Neither refusal allocated the 100 MiB.
  EXPECT_LT(readProcessMemory().peakRss - peakBefore, 32u << 20);
}

TEST(ZipArchiveTest, DefaultLimitsRefuseAGibibyteEntry) {
  uint32_t crc = 0;
  const std::string stream = zeroBomb(1024, crc);
  const ZipArchive zip = fromBytesOrDie(
      ZipBuilder().build({{.name = "gib.bin", .crc = crc, .declaredSize = 1u << 30, .payload = stream}}));
  const uint64_t peakBefore = readProcessMemory().peakRss;
  const auto data = zip.read(zip.entries()[0]);
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.status().code(), StatusCode::kResourceLimit);
  EXPECT_EQ(data.status().message(), "gib.bin: declares 1073741824 bytes, over the limit of 536870912");
  EXPECT_LT(readProcessMemory().peakRss - peakBefore, 32u << 20);
}

TEST(ZipArchiveTest, EntryInflatingPastItsDeclaredSizeStopsThere) {
  // The size lies (1 MB of the stream's 100 MiB), the ratio check passes: inflation stops one
  // byte past the declared size.
  uint32_t crc = 0;
  const std::string stream = zeroBomb(100, crc);
  const ZipArchive zip = fromBytesOrDie(
      ZipBuilder().build({{.name = "liar.bin", .crc = crc, .declaredSize = 1000000, .payload = stream}}));
  const uint64_t peakBefore = readProcessMemory().peakRss;
  const auto data = zip.read(zip.entries()[0], {.maxBytes = 512u << 20, .maxRatio = 1u << 30});
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.status().code(), StatusCode::kResourceLimit);
  EXPECT_EQ(data.status().message(), "liar.bin: inflates to more than its declared 1000000 bytes");
  EXPECT_EQ(data.status().offset(), 30u + 8u);
  EXPECT_LT(readProcessMemory().peakRss - peakBefore, 32u << 20);
}

TEST(ZipArchiveTest, DotDotNameIsOnlyAName) {
  const auto cwd = std::filesystem::current_path();
  const auto target = (cwd / "../../evil").lexically_normal();
  ASSERT_FALSE(std::filesystem::exists(target));
  const ZipArchive zip = fromBytesOrDie(
      ZipBuilder().build({{.name = "../../evil", .data = "payload"}, {.name = "/abs/evil", .data = "x"}}));
  ASSERT_EQ(zip.entries().size(), 2u);
  EXPECT_EQ(zip.entries()[0].name, "../../evil");
  EXPECT_EQ(zip.entries()[1].name, "/abs/evil");
  EXPECT_EQ(*zip.read(*zip.find("../../evil")), "payload");
  EXPECT_FALSE(std::filesystem::exists(target));
  EXPECT_FALSE(std::filesystem::exists("/abs/evil"));
}

TEST(ZipArchiveTest, WrongCrcIsAnErrorNamingTheEntry) {
  const ZipArchive zip = fromBytesOrDie(ZipBuilder().build(
      {{.name = "a.txt", .data = "abc", .method = 0, .crc = 0x12345678}, {.name = "b.txt", .data = "abc"}}));
  const auto data = zip.read(zip.entries()[0]);
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.status().code(), StatusCode::kInvalidInput);
  EXPECT_EQ(data.status().toString(),
            "a.txt: CRC32 0x352441c2 does not match the stored 0x12345678 (at byte offset 35)");
  EXPECT_EQ(*zip.read(zip.entries()[1]), "abc");
}

TEST(ZipArchiveTest, LocalHeaderOffsetOutOfTheFileKeepsTheEntry) {
  const ZipArchive zip =
      fromBytesOrDie(ZipBuilder().build({{.name = "good.txt", .data = "fine"},
                                         {.name = "lost.txt", .data = "gone", .localOffset = 1u << 30},
                                         {.name = "wrong.txt", .data = "here", .localOffset = 3}}));
  ASSERT_EQ(zip.entries().size(), 3u);
  EXPECT_TRUE(zip.hasCentralDirectory());
  ASSERT_EQ(zip.problems().size(), 2u);
  EXPECT_EQ(zip.problems()[0].entry, "lost.txt");
  EXPECT_EQ(zip.problems()[0].offset, 1u << 30);
  EXPECT_EQ(zip.problems()[0].message,
            "local header offset 1073741824 is out of the file (" + std::to_string(zip.fileSize()) + " bytes)");
  EXPECT_EQ(zip.problems()[1].entry, "wrong.txt");
  EXPECT_EQ(zip.problems()[1].message, "no local file header at offset 3");
  const auto lost = zip.read(*zip.find("lost.txt"));
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.status().toString(),
            "lost.txt: local header offset 1073741824 is out of the file (at byte offset 1073741824)");
  EXPECT_TRUE(zip.rawData(*zip.find("lost.txt")).empty());
  EXPECT_EQ(*zip.read(*zip.find("good.txt")), "fine");
}

TEST(ZipArchiveTest, EncryptedAndUnknownMethodsAreNotRead) {
  const ZipArchive zip = fromBytesOrDie(ZipBuilder().build(
      {{.name = "secret", .data = "xyz", .flags = 1}, {.name = "bzip2", .data = "xyz", .method = 12}}));
  const auto secret = zip.read(*zip.find("secret"));
  ASSERT_FALSE(secret.ok());
  EXPECT_TRUE(zip.find("secret")->encrypted);
  EXPECT_EQ(secret.status().message(), "secret: encrypted (method 8): cannot be read");
  const auto bzip2 = zip.read(*zip.find("bzip2"));
  ASSERT_FALSE(bzip2.ok());
  EXPECT_EQ(bzip2.status().code(), StatusCode::kInvalidInput);
  EXPECT_EQ(bzip2.status().message(), "bzip2: compression method 12 is not supported (only 0 stored and 8 deflated)");
}

TEST(ZipArchiveTest, DamagedCentralDirectoryFallsBackToLocalHeaders) {
  std::string bytes = ZipBuilder().build({{.name = "one", .data = "1111"}, {.name = "two", .data = "2222"}});
  const size_t second = bytes.rfind("PK\x01\x02");
  bytes[second + 2] = 'X';
  const ZipArchive zip = fromBytesOrDie(bytes);
  EXPECT_FALSE(zip.hasCentralDirectory());
  ASSERT_EQ(zip.entries().size(), 2u);
  EXPECT_EQ(*zip.read(*zip.find("two")), "2222");
  ASSERT_EQ(zip.problems().size(), 1u);
  EXPECT_EQ(zip.problems()[0].offset, second);
  EXPECT_EQ(
      zip.problems()[0].message,
      "damaged central directory: no central directory header signature; entries walked from their local headers");
}

TEST(ZipArchiveTest, Zip64RecordsAndExtraFields) {
  ZipBuilder builder;
  builder.zip64End = true;
  const std::string text = "zip64 entry body, deflated";
  const ZipArchive zip = fromBytesOrDie(
      builder.build({{.name = "small", .data = "s", .method = 0}, {.name = "big", .data = text, .zip64 = true}}));
  EXPECT_TRUE(zip.hasCentralDirectory());
  EXPECT_TRUE(zip.problems().empty());
  ASSERT_EQ(zip.entries().size(), 2u);
  const ZipEntry& big = zip.entries()[1];
  EXPECT_EQ(big.size, text.size());
  EXPECT_EQ(big.localHeaderOffset, 30u + 5u + 1u);
  EXPECT_EQ(*zip.read(big), text);
}

TEST(ZipArchiveTest, BrokenSigningBlockIsAProblemNotAnError) {
  ZipBuilder builder;
  builder.signingPairs = {{0x7109871a, std::string(40, 's')}, {0xf05368c0, "v3"}};
  const std::string good = builder.build({{.name = "a", .data = "a"}});
  const auto block = fromBytesOrDie(good).signingBlock();
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->ids, (std::vector<uint32_t>{0x7109871a, 0xf05368c0}));
  EXPECT_EQ(block->offset, 30u + 1u + 3u);
  // The pair length claims more than the block holds.
  std::string bad = good;
  bad[block->offset + 8] = '\x7f';
  const ZipArchive zip = fromBytesOrDie(bad);
  EXPECT_FALSE(zip.signingBlock().has_value());
  ASSERT_EQ(zip.problems().size(), 1u);
  EXPECT_EQ(zip.problems()[0].offset, block->offset + 8);
  EXPECT_EQ(zip.problems()[0].message, "APK Signing Block pair length 127 does not fit the block");
}

}  // namespace
}  // namespace mxi::core::zip
