// Duplicate bitmaps, duplicate values and shrinking: on Android-format dumps from the test
// writer (pre-O mBuffer pixels, O+ Bitmap$DumpData PNGs, O+ without pixels) and on the
// bitmaps fixture written by a real JVM (tests/fixtures/java/bitmaps).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <fstream>

#include "core/analysis/bitmaps.h"
#include "core/analysis/duplicate_values.h"
#include "core/analysis/hprof_shrink.h"
#include "tests/support/archive_writer.h"
#include "tests/support/art_bitmap_dump.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::HeapIndex;
using hprof::ObjectId;
using hprof::ObjectIndex;

std::shared_ptr<const HeapIndex> indexFile(const std::string& path) {
  NullProgress progress;
  CancelToken cancel;
  auto index = hprof::openAndIndex(path, {}, {}, progress, cancel);
  EXPECT_TRUE(index.ok()) << path << ": " << index.status().toString();
  return index.ok() ? *index : nullptr;
}

std::shared_ptr<const HeapIndex> indexBytes(const std::vector<uint8_t>& bytes, const std::string& name) {
  const std::string path = (test::scratchDir("bitmaps-" + name) / (name + ".hprof")).string();
  EXPECT_TRUE(test::writeFile(path, bytes));
  return indexFile(path);
}

BitmapReport duplicates(const HeapIndex& index, uint64_t minBytes = 5000) {
  NullProgress progress;
  CancelToken cancel;
  auto report = findDuplicateBitmaps(index, {minBytes}, progress, cancel);
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return report.ok() ? std::move(*report) : BitmapReport{};
}

std::vector<uint64_t> memberIds(const HeapIndex& index, const BitmapReport& r, const BitmapGroup& g) {
  std::vector<uint64_t> ids;
  for (size_t m : g.members) ids.push_back(index.idOf(r.scan.bitmaps[m].object).value);
  std::sort(ids.begin(), ids.end());
  return ids;
}

// Shrinks into a file next to the input and indexes it.
std::shared_ptr<const HeapIndex> shrunk(const HeapIndex& index, const std::string& name, ShrinkStats* stats = nullptr,
                                        std::string* pathOut = nullptr) {
  const std::string path = (test::scratchDir("shrink-" + name) / (name + ".hprof")).string();
  std::ofstream out(path, std::ios::binary);
  NullProgress progress;
  CancelToken cancel;
  auto result = shrinkDump(
      index,
      [&](std::span<const uint8_t> chunk) {
        out.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size()));
        return okStatus();
      },
      progress, cancel);
  EXPECT_TRUE(result.ok()) << result.status().toString();
  out.close();
  if (stats && result.ok()) *stats = *result;
  if (pathOut) *pathOut = path;
  return indexFile(path);
}

TEST(BitmapsTest, PreOreoBuffersGroupAndExportExactPixels) {
  const test::ArtBitmapSample sample = test::buildArtBitmapSample(test::BitmapPixels::kJavaPixels);
  const auto index = indexBytes(sample.bytes, "java-pixels");
  ASSERT_TRUE(index);
  const BitmapReport r = duplicates(*index);
  EXPECT_EQ(r.scan.bitmaps.size(), 4u);
  EXPECT_EQ(r.scan.withPixels, 4u);
  EXPECT_TRUE(r.scan.note.empty());
  EXPECT_EQ(r.reachable, 4u);
  ASSERT_EQ(r.groups.size(), 1u);
  const BitmapGroup& g = r.groups[0];
  EXPECT_EQ(memberIds(*index, r, g), (std::vector<uint64_t>{sample.bitmaps[0], sample.bitmaps[1]}));
  EXPECT_EQ(g.width, 80u);
  EXPECT_EQ(g.config, BitmapConfig::kArgb8888);
  EXPECT_EQ(g.format, PixelFormat::kRaw);
  EXPECT_EQ(g.bytesPerCopy, 80u * 80 * 4);
  EXPECT_EQ(g.wastedBytes, 80u * 80 * 4);
  // Chains: the JNI global Object[] holds both copies.
  for (size_t m = 0; m < 2; ++m) {
    ASSERT_EQ(g.chains[m].size(), 2u);
    EXPECT_EQ(g.chains[m][0].objectId, ObjectId{sample.holder});
    EXPECT_EQ(g.chains[m][0].reference.name, "JNI global");
    EXPECT_EQ(g.holders[m], 0u);
  }
  // The picture decodes to exactly the pixels written, and survives a PNG round trip.
  const auto rgba = decodeRawBitmap(r.scan.bitmaps[g.members[0]]);
  ASSERT_TRUE(rgba.ok());
  EXPECT_EQ(rgba->rgba, sample.picture.rgba);
  const auto png = image::encodePng(*rgba);
  ASSERT_TRUE(png.ok());
  const auto back = image::decodePng(*png);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->width, 80u);
  EXPECT_EQ(back->rgba, sample.picture.rgba);
  // The RGB_565 bitmap: config from bytes per pixel.
  const auto rgb565 = std::find_if(r.scan.bitmaps.begin(), r.scan.bitmaps.end(),
                                   [](const BitmapRecord& b) { return b.config == BitmapConfig::kRgb565; });
  ASSERT_NE(rgb565, r.scan.bitmaps.end());
  EXPECT_EQ(rgb565->width, 64u);
  const auto decoded = decodeRawBitmap(*rgb565);
  ASSERT_TRUE(decoded.ok());
  // Pixel 1 is 0x0001 little-endian: blue 1/31.
  EXPECT_EQ(decoded->rgba[4 + 2], 1 * 255 / 31);
  EXPECT_EQ(decoded->rgba[4 + 3], 255);
}

TEST(BitmapsTest, DumpDataPngsMatchedByNativePointer) {
  const test::ArtBitmapSample sample = test::buildArtBitmapSample(test::BitmapPixels::kDumpData);
  const auto index = indexBytes(sample.bytes, "dump-data");
  ASSERT_TRUE(index);
  const BitmapReport r = duplicates(*index);
  EXPECT_EQ(r.scan.withPixels, 3u);
  EXPECT_TRUE(r.scan.note.empty());
  ASSERT_EQ(r.groups.size(), 1u);
  const BitmapGroup& g = r.groups[0];
  EXPECT_EQ(memberIds(*index, r, g), (std::vector<uint64_t>{sample.bitmaps[0], sample.bitmaps[1]}));
  EXPECT_EQ(g.format, PixelFormat::kPng);
  EXPECT_EQ(g.bytesPerCopy, 80u * 80 * 4);  // native ARGB_8888 memory, not the PNG's size
  const BitmapRecord& first = r.scan.bitmaps[g.members[0]];
  EXPECT_EQ(index->idOf(first.buffer).value, sample.buffers[0]);
  const auto picture = image::decodePng(first.pixels);
  ASSERT_TRUE(picture.ok());
  EXPECT_EQ(picture->rgba, sample.picture.rgba);
}

TEST(BitmapsTest, NativeOnlyDumpSaysPixelsAreMissing) {
  const test::ArtBitmapSample sample = test::buildArtBitmapSample(test::BitmapPixels::kNativeOnly);
  const auto index = indexBytes(sample.bytes, "native-only");
  ASSERT_TRUE(index);
  const BitmapReport r = duplicates(*index);
  EXPECT_EQ(r.scan.bitmaps.size(), 3u);
  EXPECT_EQ(r.scan.withPixels, 0u);
  EXPECT_TRUE(r.groups.empty());
  EXPECT_NE(r.scan.note.find("am dumpheap -b png"), std::string::npos) << r.scan.note;
  for (const BitmapRecord& b : r.scan.bitmaps) {
    EXPECT_EQ(b.width, 80u);
    EXPECT_EQ(b.pixelBytes, 80u * 80 * 4);
  }
}

TEST(BitmapsTest, ShrinkMergesDuplicateBuffersAndHprofConvAcceptsIt) {
  for (auto variant : {test::BitmapPixels::kJavaPixels, test::BitmapPixels::kDumpData}) {
    const test::ArtBitmapSample sample = test::buildArtBitmapSample(variant);
    const std::string name = variant == test::BitmapPixels::kJavaPixels ? "java" : "dumpdata";
    const auto index = indexBytes(sample.bytes, "shrink-in-" + name);
    ASSERT_TRUE(index);
    ShrinkStats stats;
    std::string path;
    const auto small = shrunk(*index, name, &stats, &path);
    ASSERT_TRUE(small);
    const BitmapReport before = duplicates(*index), after = duplicates(*small);
    ASSERT_EQ(after.groups.size(), before.groups.size());
    EXPECT_EQ(memberIds(*small, after, after.groups[0]), memberIds(*index, before, before.groups[0]));
    EXPECT_EQ(after.groups[0].hash, before.groups[0].hash);
    if (variant == test::BitmapPixels::kJavaPixels) {
      EXPECT_EQ(stats.duplicateBitmapBuffers, 1u);
      EXPECT_EQ(stats.bitmapBuffersKept, 3u);
      // Bitmap 1 now points at bitmap 0's buffer; the duplicate array is gone.
      const auto b1 = small->find(ObjectId{sample.bitmaps[1]});
      EXPECT_EQ(small->field(*b1, "mBuffer")->raw, sample.buffers[0]);
      EXPECT_FALSE(small->find(ObjectId{sample.buffers[1]}).has_value());
      EXPECT_LT(stats.outputBytes, stats.inputBytes);
    }
    // The real AOSP converter accepts the shrunk Android dump.
    const std::string converted = path + ".conv";
    const std::string cmd = "/usr/lib/android-sdk/platform-tools/hprof-conv " + path + " " + converted + " 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    EXPECT_TRUE(indexFile(converted));
  }
}

TEST(BitmapsTest, CorruptInputIsRejectedBeforeShrinking) {
  const test::ArtBitmapSample sample = test::buildArtBitmapSample(test::BitmapPixels::kJavaPixels);
  const auto index = indexBytes(sample.bytes, "corrupt-source");
  ASSERT_TRUE(index);
  // The index was built from good bytes; shrink a damaged copy of them through a memory source.
  std::vector<uint8_t> damaged = sample.bytes;
  damaged.resize(damaged.size() - 7);
  const auto source = hprof::DumpSource::fromMemory(damaged, "damaged");
  NullProgress progress;
  CancelToken cancel;
  auto damagedIndex = hprof::HeapIndex::build(source, {}, progress, cancel);
  EXPECT_FALSE(damagedIndex.ok());  // the index refuses it first, with an offset
  EXPECT_TRUE(damagedIndex.status().hasOffset());
}

class JvmBitmapsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_index = indexFile(test::fixtureDumpDir() + "/bitmaps.hprof");
    ASSERT_TRUE(m_index) << "the jvm_fixture_dumps test makes bitmaps.hprof";
  }
  std::shared_ptr<const HeapIndex> m_index;
};

TEST_F(JvmBitmapsTest, PlantedGroupsExactly) {
  const BitmapReport r = duplicates(*m_index);
  EXPECT_EQ(r.scan.bitmaps.size(), 8u);
  ASSERT_EQ(r.groups.size(), 2u);  // the tiny pair is under 5,000 bytes; the near duplicate is alone
  const BitmapGroup& avatar = r.groups[0];
  EXPECT_EQ(avatar.members.size(), 3u);
  EXPECT_EQ(avatar.width, 100u);
  EXPECT_EQ(avatar.height, 50u);
  EXPECT_EQ(avatar.config, BitmapConfig::kArgb8888);
  EXPECT_EQ(avatar.bytesPerCopy, 20000u);
  EXPECT_EQ(avatar.wastedBytes, 40000u);
  std::vector<std::string> holders;
  for (size_t m = 0; m < avatar.members.size(); ++m) holders.push_back(avatar.chains[m][avatar.holders[m]].className);
  std::sort(holders.begin(), holders.end());
  EXPECT_EQ(holders, (std::vector<std::string>{"com.example.bitmaps.BitmapHeap$ImageCache",
                                               "com.example.bitmaps.BitmapHeap$ProfileActivity",
                                               "com.example.bitmaps.BitmapHeap$ProfileActivity"}));
  for (size_t m = 0; m < avatar.members.size(); ++m) {
    const auto& chain = avatar.chains[m];
    if (chain[chain.size() - 2].className == "com.example.bitmaps.BitmapHeap$ProfileActivity") {
      EXPECT_EQ(chain.back().reference.name, "mAvatar");
    }
  }
  const BitmapGroup& icon = r.groups[1];
  EXPECT_EQ(icon.members.size(), 2u);
  EXPECT_EQ(icon.config, BitmapConfig::kRgb565);
  EXPECT_EQ(icon.bytesPerCopy, 8192u);
  // With a 100-byte minimum the tiny pair shows up too; the near duplicate never does.
  const BitmapReport all = duplicates(*m_index, 100);
  ASSERT_EQ(all.groups.size(), 3u);
  EXPECT_EQ(all.groups[2].bytesPerCopy, 400u);
  EXPECT_EQ(all.groups[0].members.size(), 3u);
}

TEST_F(JvmBitmapsTest, DuplicateStringsAndArrays) {
  NullProgress progress;
  CancelToken cancel;
  auto r = findDuplicateValues(*m_index, {1024}, progress, cancel);
  ASSERT_TRUE(r.ok());
  const auto s = std::find_if(r->strings.begin(), r->strings.end(),
                              [](const DuplicateString& d) { return d.value == "duplicated-string-value"; });
  ASSERT_NE(s, r->strings.end());
  EXPECT_EQ(s->copies, 41u);                                       // 40 new String(char[]) plus the interned literal
  EXPECT_EQ(r->strings.front().value, "duplicated-string-value");  // the most wasteful
  const auto ints = std::find_if(r->arrays.begin(), r->arrays.end(), [](const DuplicateArray& a) {
    return a.elementType == hprof::BasicType::kInt && a.length == 2000;
  });
  ASSERT_NE(ints, r->arrays.end());
  EXPECT_EQ(ints->copies, 3u);
  EXPECT_EQ(ints->wastedBytes, 2u * 8000);
  // The 100x50 pixel buffers: 3 identical (the near duplicate differs in one byte).
  const auto buffers = std::find_if(r->arrays.begin(), r->arrays.end(), [](const DuplicateArray& a) {
    return a.elementType == hprof::BasicType::kByte && a.length == 20000;
  });
  ASSERT_NE(buffers, r->arrays.end());
  EXPECT_EQ(buffers->copies, 3u);
}

// Shrinking keeps every leak (same signatures, same chains) and every bitmap group.
TEST(ShrinkRoundTripTest, EveryJvmFixture) {
  for (const char* name : {"android_heap", "android_heap_utf16", "leaks_base", "leaks_regressed", "bitmaps"}) {
    SCOPED_TRACE(name);
    const auto index = indexFile(test::fixtureDumpDir() + "/" + name + ".hprof");
    ASSERT_TRUE(index);
    ShrinkStats stats;
    const auto small = shrunk(*index, name, &stats);
    ASSERT_TRUE(small);
    EXPECT_LT(stats.outputBytes, stats.inputBytes);
    EXPECT_EQ(small->objectCount() + stats.duplicateBitmapBuffers, index->objectCount());
    NullProgress progress;
    CancelToken cancel;
    LeakOptions options;
    options.retainedSizes = false;
    const auto before = analyzeLeaks(*index, options, progress, cancel);
    const auto after = analyzeLeaks(*small, options, progress, cancel);
    ASSERT_TRUE(before.ok() && after.ok());
    ASSERT_EQ(after->leaks.size(), before->leaks.size());
    for (size_t i = 0; i < before->leaks.size(); ++i) {
      EXPECT_EQ(after->leaks[i].signature, before->leaks[i].signature);
      ASSERT_EQ(after->leaks[i].chain.size(), before->leaks[i].chain.size());
      for (size_t k = 0; k < before->leaks[i].chain.size(); ++k) {
        EXPECT_EQ(after->leaks[i].chain[k].objectId, before->leaks[i].chain[k].objectId);
        EXPECT_EQ(after->leaks[i].chain[k].reference.name, before->leaks[i].chain[k].reference.name);
      }
    }
    EXPECT_EQ(after->libraryLeaks.size(), before->libraryLeaks.size());
    const BitmapReport b0 = duplicates(*index, 100), b1 = duplicates(*small, 100);
    ASSERT_EQ(b1.groups.size(), b0.groups.size());
    for (size_t g = 0; g < b0.groups.size(); ++g) {
      EXPECT_EQ(b1.groups[g].hash, b0.groups[g].hash);
      EXPECT_EQ(memberIds(*small, b1, b1.groups[g]), memberIds(*index, b0, b0.groups[g]));
    }
    // Strings keep their contents.
    const auto strings = findDuplicateValues(*small, {1 << 30}, progress, cancel);
    const auto original = findDuplicateValues(*index, {1 << 30}, progress, cancel);
    ASSERT_TRUE(strings.ok() && original.ok());
    EXPECT_EQ(strings->stringsScanned, original->stringsScanned);
    EXPECT_EQ(strings->strings.size(), original->strings.size());
  }
}

}  // namespace
}  // namespace mxi::core::analysis
