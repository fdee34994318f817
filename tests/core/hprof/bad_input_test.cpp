// Broken dumps: every failure is a Status naming what is wrong and where; nothing crashes or hangs.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "core/hprof/heap_index.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/hprof_records.h"

namespace mxi::core::hprof {
namespace {

StatusOr<std::shared_ptr<const HeapIndex>> build(const std::vector<uint8_t>& bytes) {
  NullProgress progress;
  CancelToken cancel;
  return HeapIndex::build(DumpSource::fromMemory(bytes, "broken.hprof"), {}, progress, cancel);
}

void putU32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (24 - 8 * i));
}

const test::ArtSample& sample() {
  static const test::ArtSample s = test::buildArtSample();
  return s;
}

constexpr size_t kHeaderSize = 19 + 4 + 8;  // "JAVA PROFILE 1.0.3\0", id size, timestamp

TEST(BadInputTest, TruncatedAtEveryByte) {
  const auto& full = sample().bytes;
  ASSERT_TRUE(build(full).ok());
  for (size_t length = 0; length < full.size(); ++length) {
    const std::vector<uint8_t> prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(length));
    const auto result = build(prefix);
    ASSERT_FALSE(result.ok()) << "a dump cut at byte " << length << " was accepted";
    EXPECT_EQ(result.status().code(), StatusCode::kInvalidInput) << length;
    ASSERT_TRUE(result.status().hasOffset()) << result.status().toString();
    EXPECT_LE(result.status().offset(), length) << result.status().toString();
    // Past the file header, every cut is called one, at the byte where the file stops.
    if (length >= kHeaderSize) {
      EXPECT_TRUE(
          result.status().message().starts_with("broken.hprof: truncated at byte " + std::to_string(length) + ": "))
          << result.status().toString();
    }
  }
}

std::string counted(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// What the scan has read when the file stops at `cut`, from the records before it.
std::string readBefore(const std::vector<test::HprofRecordSpan>& records, uint64_t cut) {
  size_t strings = 0, classes = 0, heapRecords = 0;
  for (const auto& r : records) {
    if (r.end() > cut) break;
    strings += r.tag == 0x01;
    classes += r.tag == 0x02;
    heapRecords += test::isHeapRecordTag(r.tag);
  }
  if (heapRecords > 0) {
    return counted(strings, "string", "strings") + ", " + counted(classes, "class", "classes") + " loaded, ";
  }
  if (strings == 0 && classes == 0) return "the file header only, no heap records";
  if (classes == 0) return "strings only, no heap records (" + counted(strings, "string", "strings") + ")";
  return "strings and classes only, no heap records (" + counted(strings, "string", "strings") + ", " +
         counted(classes, "class", "classes") + " loaded)";
}

std::string bytesText(const std::vector<uint8_t>& bytes) { return {bytes.begin(), bytes.end()}; }

TEST(BadInputTest, TruncatedAtRecordBoundariesSaysWhereAndWhatWasRead) {
  const auto& s = sample();
  const auto records = test::hprofRecords(bytesText(s.bytes));
  ASSERT_EQ(records.size(), s.recordOffsets.size());
  bool sawHeaderOnly = false, sawNoHeap = false, sawUnclosed = false;
  for (size_t boundary : s.recordOffsets) {
    const std::vector<uint8_t> prefix(s.bytes.begin(), s.bytes.begin() + static_cast<std::ptrdiff_t>(boundary));
    const auto result = build(prefix);
    ASSERT_FALSE(result.ok()) << boundary;
    const std::string& m = result.status().message();
    const std::string at = "broken.hprof: truncated at byte " + std::to_string(boundary) + ": ";
    const std::string read = readBefore(records, boundary);
    if (read.find("no heap records") != std::string::npos) {
      EXPECT_EQ(m, at + "the file ends before any heap dump record (HEAP_DUMP or HEAP_DUMP_SEGMENT); read: " + read);
      (read.starts_with("the file header") ? sawHeaderOnly : sawNoHeap) = true;
    } else {
      EXPECT_TRUE(m.starts_with(at + "the heap dump segments are not closed by a HEAP_DUMP_END record; read: " + read))
          << m;
      EXPECT_NE(m.find(" objects in "), std::string::npos) << m;
      sawUnclosed = true;
    }
    EXPECT_EQ(result.status().offset(), boundary);
  }
  EXPECT_TRUE(sawHeaderOnly && sawNoHeap && sawUnclosed);
}

TEST(BadInputTest, TruncatedInsideARecordNamesItAndWhatWasRead) {
  const auto& s = sample();
  const auto records = test::hprofRecords(bytesText(s.bytes));
  for (const auto& r : records) {
    if (r.length < 2) continue;
    const uint64_t cut = r.offset + 9 + r.length / 2;
    const std::vector<uint8_t> prefix(s.bytes.begin(), s.bytes.begin() + static_cast<std::ptrdiff_t>(cut));
    const auto result = build(prefix);
    ASSERT_FALSE(result.ok()) << cut;
    const std::string name(recordTagName(r.tag));
    ASSERT_FALSE(name.empty()) << int{r.tag};
    char tagHex[8];
    std::snprintf(tagHex, sizeof tagHex, "0x%x", r.tag);
    const std::string expected = "broken.hprof: truncated at byte " + std::to_string(cut) + ": " + name + " (tag " +
                                 tagHex + ") record at byte " + std::to_string(r.offset) + " declares " +
                                 std::to_string(r.length) + " bytes but only " + std::to_string(r.length / 2) +
                                 " remain; read: " + readBefore(records, r.offset);
    EXPECT_TRUE(result.status().message().starts_with(expected)) << result.status().message() << "\n" << expected;
    EXPECT_EQ(result.status().offset(), r.offset);
  }
  // Inside a record's own header.
  const auto& last = records.back();
  const std::vector<uint8_t> prefix(s.bytes.begin(), s.bytes.begin() + static_cast<std::ptrdiff_t>(last.offset + 4));
  const auto result = build(prefix);
  ASSERT_FALSE(result.ok());
  EXPECT_TRUE(result.status().message().starts_with(
      "broken.hprof: truncated at byte " + std::to_string(last.offset + 4) +
      ": the file ends inside the header of the record at byte " + std::to_string(last.offset) + "; read: "))
      << result.status().message();
}

TEST(BadInputTest, RecordLengthBeyondTheFile) {
  auto bytes = sample().bytes;
  const size_t firstRecord = sample().recordOffsets[0];
  putU32(bytes, firstRecord + 5, 0x7FFFFFFF);
  const auto result = build(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().offset(), firstRecord);
  EXPECT_NE(
      result.status().message().find("record at byte " + std::to_string(firstRecord) + " declares 2147483647 bytes"),
      std::string::npos)
      << result.status().toString();
}

TEST(BadInputTest, SegmentLengthCuttingARecord) {
  // Shorten the last HEAP_DUMP_SEGMENT by 3 bytes and move HEAP_DUMP_END up: its last object is cut.
  const auto& s = sample();
  auto bytes = s.bytes;
  size_t segment = 0;
  for (size_t off : s.recordOffsets) {
    if (bytes[off] == 0x1C) segment = off;
  }
  ASSERT_NE(segment, 0u);
  const uint32_t length = (uint32_t{bytes[segment + 5]} << 24) | (uint32_t{bytes[segment + 6]} << 16) |
                          (uint32_t{bytes[segment + 7]} << 8) | bytes[segment + 8];
  putU32(bytes, segment + 5, length - 3);
  bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(segment + 9 + length - 3),
              bytes.begin() + static_cast<std::ptrdiff_t>(segment + 9 + length));
  const auto result = build(bytes);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.status().message().find("runs past the end of its heap dump segment"), std::string::npos)
      << result.status().toString();
  EXPECT_GT(result.status().offset(), segment);
}

TEST(BadInputTest, UnknownTopLevelTagIsSkippedWithAWarning) {
  test::HprofWriter w(4);
  w.record(0x55, {1, 2, 3, 4, 5});
  test::HeapSegment seg = w.segment();
  seg.classDump(0x100, 0, 0, 0, {}, {});
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  ASSERT_EQ((*result)->stats().warnings.size(), 1u);
  EXPECT_EQ((*result)->stats().warnings[0], "skipped unknown record tag 0x55 at byte offset 31");
  EXPECT_EQ((*result)->objectCount(), 1u);
}

TEST(BadInputTest, UnknownSubRecordTagIsAnErrorAtItsOffset) {
  test::HprofWriter w(4);
  test::HeapSegment seg = w.segment();
  seg.simpleRoot(0xFF, 0x100).rawBytes({0x77, 0, 0, 0, 0});
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().offset(), kHeaderSize + 9 + 5);
  EXPECT_NE(result.status().message().find("unknown heap dump sub-record tag 0x77"), std::string::npos);
}

TEST(BadInputTest, UnsupportedIdSizes) {
  for (uint32_t idSize : {0u, 3u, 16u, 0xFFFFFFFFu}) {
    auto bytes = sample().bytes;
    putU32(bytes, 19, idSize);
    const auto result = build(bytes);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.status().offset(), 19u);
    EXPECT_NE(result.status().message().find("unsupported identifier size " + std::to_string(idSize)),
              std::string::npos);
  }
}

TEST(BadInputTest, EmptyGarbageAndUnknownVersions) {
  EXPECT_EQ(build({}).status().code(), StatusCode::kInvalidInput);
  const std::string text = "this is not a heap dump\n";
  const auto garbage = build(std::vector<uint8_t>(text.begin(), text.end()));
  ASSERT_FALSE(garbage.ok());
  EXPECT_NE(garbage.status().message().find("not an HPROF heap dump"), std::string::npos);
  EXPECT_EQ(garbage.status().offset(), 0u);
  const std::string future = std::string("JAVA PROFILE 9.9.9") + '\0' + std::string(12, '\0');
  const auto version = build(std::vector<uint8_t>(future.begin(), future.end()));
  ASSERT_FALSE(version.ok());
  EXPECT_NE(version.status().message().find("unsupported HPROF version"), std::string::npos);
  const std::string headerOnly = std::string("JAVA PROFILE 1.0.2") + '\0' + std::string("\0\0\0\x08", 4);
  EXPECT_FALSE(build(std::vector<uint8_t>(headerOnly.begin(), headerOnly.end())).ok());
}

TEST(BadInputTest, InvalidTypesInClassAndArrayRecords) {
  {
    test::HprofWriter w(4);
    test::HeapSegment seg = w.segment();
    seg.classDump(0x100, 0, 0, 4, {}, {{0x400000, static_cast<test::Ty>(3)}});
    w.heapDump(seg);
    w.heapDumpEnd();
    const auto result = build(w.bytes());
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.status().message().find("invalid type 3"), std::string::npos) << result.status().toString();
  }
  {
    test::HprofWriter w(4);
    test::HeapSegment seg = w.segment();
    seg.primitiveArray(0x200, static_cast<test::Ty>(2), 1, {0, 0, 0, 0});  // "object" is not primitive
    w.heapDump(seg);
    w.heapDumpEnd();
    const auto result = build(w.bytes());
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.status().offset(), kHeaderSize + 9);
  }
}

TEST(BadInputTest, SuperclassCycleIsCutNotLooped) {
  test::HprofWriter w(4);
  const uint64_t f = w.string("f");
  test::HeapSegment seg = w.segment();
  seg.classDump(0x100, 0x200, 0, 4, {}, {{f, test::kInt}})
      .classDump(0x200, 0x100, 0, 4, {}, {{f, test::kInt}})
      .instance(0x300, 0x100, test::FieldData(4).i4(1).i4(2).bytes());
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const auto& ix = **result;
  EXPECT_FALSE(ix.stats().warnings.empty());
  EXPECT_EQ(ix.field(*ix.find(ObjectId{0x300}), "f")->asInt(), 1);
  EXPECT_FALSE(ix.isSubclassOf(ix.classOf(*ix.find(ObjectId{0x300})), ClassIndex{99}));
}

TEST(BadInputTest, InstanceShorterThanItsClassLayout) {
  test::HprofWriter w(4);
  const uint64_t a = w.string("a"), b = w.string("b");
  test::HeapSegment seg = w.segment();
  seg.classDump(0x100, 0, 0, 8, {}, {{a, test::kInt}, {b, test::kObj}})
      .instance(0x300, 0x100, test::FieldData(4).i4(5).bytes())   // `b` is missing
      .instance(0x400, 0x999, test::FieldData(4).i4(5).bytes());  // class not in the dump
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const auto& ix = **result;
  const ObjectIndex o = *ix.find(ObjectId{0x300});
  EXPECT_EQ(ix.field(o, "a")->asInt(), 5);
  EXPECT_FALSE(ix.field(o, "b"));
  EXPECT_EQ(ix.fields(o).size(), 1u);
  EXPECT_TRUE(ix.references(o).empty());
  EXPECT_EQ(ix.classOf(*ix.find(ObjectId{0x400})), kNoClass);
  // The instance with no class, and the class object itself (the dump has no java.lang.Class).
  EXPECT_EQ(ix.classTotals(kNoClass, std::nullopt), (std::pair<uint64_t, uint64_t>{2, 4}));
}

TEST(BadInputTest, SingleHeapDumpRecordNeedsNoEnd) {
  // Old HotSpot writes one HEAP_DUMP (0x0C) and no HEAP_DUMP_END: complete, not truncated.
  test::HprofWriter w(8, "JAVA PROFILE 1.0.1");
  test::HeapSegment seg = w.segment();
  seg.classDump(0x100, 0, 0, 0, {}, {}).objectArray(0x200, 0x100, {0x200, 0x100});
  w.heapDump(seg, /*asSegment=*/false);
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  EXPECT_EQ((*result)->idSize(), 8u);
  EXPECT_EQ((*result)->stats().recordCounts[0x0C], 1u);
  EXPECT_EQ((*result)->references(*(*result)->find(ObjectId{0x200})).size(), 2u);
}

class CancelAfter final : public ProgressSink {
 public:
  explicit CancelAfter(int calls) : m_left(calls) {}
  bool report(std::string_view, int permille) override {
    EXPECT_GE(permille, 0);
    EXPECT_LE(permille, ProgressSink::kMax);
    return --m_left > 0;
  }

 private:
  int m_left;
};

TEST(CancellationTest, TokenAndProgressSinkStopTheBuild) {
  CancelToken cancelled;
  cancelled.cancel();
  NullProgress progress;
  auto byToken = HeapIndex::build(DumpSource::fromMemory(sample().bytes, "s"), {}, progress, cancelled);
  ASSERT_FALSE(byToken.ok());
  EXPECT_EQ(byToken.status().code(), StatusCode::kCancelled);

  CancelToken token;
  CancelAfter sink(1);
  auto bySink = HeapIndex::build(DumpSource::fromMemory(sample().bytes, "s"), {}, sink, token);
  ASSERT_FALSE(bySink.ok());
  EXPECT_EQ(bySink.status().code(), StatusCode::kCancelled);
}

}  // namespace
}  // namespace mxi::core::hprof
