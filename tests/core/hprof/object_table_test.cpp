// The object table keeps ids in 32 bits when the dump allows it, else in 64: both layouts must
// find exactly the ids the dump has. And a HeapIndex is only made from parts that fit together.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "core/hprof/heap_index.h"
#include "core/hprof/heap_index_parts.h"
#include "tests/support/hprof_writer.h"

namespace mxi::core::hprof {
namespace {

StatusOr<std::shared_ptr<const HeapIndex>> build(const std::vector<uint8_t>& bytes) {
  NullProgress progress;
  CancelToken cancel;
  return HeapIndex::build(DumpSource::fromMemory(bytes, "table.hprof"), {}, progress, cancel);
}

TEST(ObjectTableTest, WideIdSpanFallsBackTo64BitIds) {
  test::HprofWriter w(8, "JAVA PROFILE 1.0.2");
  const uint64_t far = 0x7F0000000000ull;
  test::HeapSegment seg = w.segment();
  seg.classDump(0x1000, 0, 0, 0, {}, {})
      .objectArray(0x2000, 0x1000, {far, 0x1000, far + 8})
      .objectArray(far, 0x1000, {0x2000})
      .objectArray(far + 8, 0x1000, {});
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const HeapIndex& ix = **result;
  ASSERT_EQ(ix.objectCount(), 4u);
  for (uint64_t id : {uint64_t{0x1000}, uint64_t{0x2000}, far, far + 8}) {
    const auto o = ix.find(ObjectId{id});
    ASSERT_TRUE(o) << std::hex << id;
    EXPECT_EQ(ix.idOf(*o).value, id);
  }
  EXPECT_FALSE(ix.find(ObjectId{far + 4}));
  EXPECT_EQ(ix.references(*ix.find(ObjectId{0x2000})).size(), 3u);
  EXPECT_EQ(ix.idLookupName(), "buckets");
}

TEST(ObjectTableTest, OddAndAlignedIdsAreFoundExactly) {
  test::HprofWriter w(4);
  test::HeapSegment seg = w.segment();
  // ART's synthetic class-overhead arrays have odd ids (class address | 1).
  seg.classDump(0x70000100, 0, 0, 0, {}, {}).primitiveArray(0x70000101, test::kByte, 1, {7});
  seg.objectArray(0x70000200, 0x70000100, {0x70000101, 0x70000102});
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const HeapIndex& ix = **result;
  EXPECT_EQ(ix.idOf(*ix.find(ObjectId{0x70000101})).value, 0x70000101u);
  EXPECT_FALSE(ix.find(ObjectId{0x70000102}));
  EXPECT_EQ(ix.stats().danglingReferences, 1u);
  EXPECT_EQ(ix.references(*ix.find(ObjectId{0x70000200})).size(), 1u);
}

TEST(ObjectTableTest, AlignedIdsRejectMisalignedLookups) {
  test::HprofWriter w(8, "JAVA PROFILE 1.0.2");
  test::HeapSegment seg = w.segment();
  seg.classDump(0x10000, 0, 0, 0, {}, {})
      .objectArray(0x10008, 0x10000, {0x10010, 0x1000c})
      .objectArray(0x10010, 0x10000, {});
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const HeapIndex& ix = **result;
  EXPECT_TRUE(ix.find(ObjectId{0x10010}));
  EXPECT_FALSE(ix.find(ObjectId{0x1000c}));
  EXPECT_FALSE(ix.find(ObjectId{0x0fff8}));
  EXPECT_FALSE(ix.find(ObjectId{0x10018}));
  EXPECT_EQ(ix.references(*ix.find(ObjectId{0x10008})).size(), 1u);
  EXPECT_EQ(ix.idLookupName(), "rank table");
}

// Dense ids take the rank table, sparse or repeated ones the buckets; either way every id is
// found at its sorted position, every reference resolves, and ids between objects are absent.
struct LookupCase {
  const char* name;
  uint64_t stride;  // id distance between consecutive objects
  bool repeatOne;   // one id dumped twice
  const char* expected;
};

class IdLookupTest : public ::testing::TestWithParam<LookupCase> {};

TEST_P(IdLookupTest, FindsEveryIdAtItsPosition) {
  const LookupCase& c = GetParam();
  test::HprofWriter w(8, "JAVA PROFILE 1.0.2");
  test::HeapSegment seg = w.segment();
  const uint64_t base = 0x800000000ull, cls = base - 0x1000;
  seg.classDump(cls, 0, 0, 0, {}, {});
  constexpr int kObjects = 3000;
  // Written from the highest id down, so the index sorts them; each points at its successor.
  for (int k = kObjects - 1; k >= 0; --k) {
    const uint64_t id = base + uint64_t(k) * c.stride;
    seg.objectArray(id, cls, {k + 1 < kObjects ? id + c.stride : uint64_t{0}});
  }
  if (c.repeatOne) seg.objectArray(base, cls, {});
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const HeapIndex& ix = **result;
  EXPECT_EQ(ix.idLookupName(), c.expected);
  ASSERT_EQ(ix.objectCount(), kObjects + 1 + (c.repeatOne ? 1 : 0));
  for (uint32_t i = 0; i < ix.objectCount(); ++i) {
    const uint64_t id = ix.idOf(ObjectIndex{i}).value;
    const auto found = ix.find(ObjectId{id});
    ASSERT_TRUE(found) << std::hex << id;
    EXPECT_EQ(ix.idOf(*found).value, id);
    if (i > 0 && ix.idOf(ObjectIndex{i - 1}).value != id) {
      EXPECT_EQ(found->value, i) << "the first object with the id";
    }
    if (id != cls) {
      EXPECT_FALSE(ix.find(ObjectId{id + 8})) << std::hex << id + 8;
      EXPECT_FALSE(ix.find(ObjectId{id + 1})) << std::hex << id + 1;
    }
  }
  EXPECT_FALSE(ix.find(ObjectId{base + uint64_t(kObjects) * c.stride}));
  EXPECT_FALSE(ix.find(ObjectId{0x80}));
  EXPECT_EQ(ix.stats().danglingReferences, 0u);
  EXPECT_EQ(ix.stats().references, uint64_t{kObjects - 1});
}

INSTANTIATE_TEST_SUITE_P(Layouts, IdLookupTest,
                         ::testing::Values(LookupCase{"dense", 24, false, "rank table"},
                                           LookupCase{"sparse", 1 << 20, false, "buckets"},
                                           LookupCase{"repeated", 24, true, "buckets"}),
                         [](const auto& param) { return std::string(param.param.name); });

// Dumps list objects in runs of ascending ids: a JVM's regions, dump threads, a few stragglers.
// However the runs lie, the table ends up in id order, every id found at its position and every
// reference resolved (each object points at the next id up).
struct OrderCase {
  const char* name;
  std::vector<uint64_t> dumpOrder;  // ids, in the order the dump lists them
};

std::vector<uint64_t> run(uint64_t first, uint64_t stride, int count) {
  std::vector<uint64_t> ids;
  for (int k = 0; k < count; ++k) ids.push_back(first + uint64_t(k) * stride);
  return ids;
}
std::vector<uint64_t> concat(std::vector<std::vector<uint64_t>> parts) {
  std::vector<uint64_t> out;
  for (auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
std::vector<uint64_t> descending(std::vector<uint64_t> ids) {
  std::sort(ids.rbegin(), ids.rend());
  return ids;
}

class ObjectOrderTest : public ::testing::TestWithParam<OrderCase> {};

TEST_P(ObjectOrderTest, EndsInIdOrderWithEveryReferenceResolved) {
  const std::vector<uint64_t>& dumped = GetParam().dumpOrder;
  std::vector<uint64_t> sorted = dumped;
  std::sort(sorted.begin(), sorted.end());
  test::HprofWriter w(8, "JAVA PROFILE 1.0.2");
  test::HeapSegment seg = w.segment();
  const uint64_t cls = 0x100;
  seg.classDump(cls, 0, 0, 0, {}, {});
  for (uint64_t id : dumped) {
    const auto next = std::upper_bound(sorted.begin(), sorted.end(), id);
    seg.objectArray(id, cls, {next == sorted.end() ? uint64_t{0} : *next});
  }
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto result = build(w.bytes());
  ASSERT_TRUE(result.ok()) << result.status().toString();
  const HeapIndex& ix = **result;
  ASSERT_EQ(ix.objectCount(), sorted.size() + 1);
  for (uint32_t i = 1; i < ix.objectCount(); ++i) {
    ASSERT_EQ(ix.idOf(ObjectIndex{i}).value, sorted[i - 1]) << i;
    ASSERT_EQ(ix.find(ObjectId{sorted[i - 1]})->value, i);
    const auto refs = ix.references(ObjectIndex{i});
    if (i + 1 < ix.objectCount()) {
      ASSERT_EQ(refs.size(), 1u) << i;
      EXPECT_EQ(refs[0].value, i + 1);
    }
  }
  EXPECT_EQ(ix.stats().danglingReferences, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, ObjectOrderTest,
    ::testing::Values(
        // HotSpot: a few thousand objects dumped before the heap's one long run.
        OrderCase{"StragglersFirstBelowTheRun", concat({descending(run(0x1000, 16, 40)), run(0x10000, 24, 3000)})},
        OrderCase{"StragglersFirstAcrossTheRun",
                  concat({descending(run(0x10008, 24 * 75, 40)), run(0x10000, 24, 3000)})},
        OrderCase{"StragglersFirstAboveTheRun", concat({run(0x100000, 8, 40), run(0x10000, 24, 3000)})},
        OrderCase{"StragglersAfterTheRun", concat({run(0x10000, 24, 3000), descending(run(0x10008, 24 * 75, 40))})},
        OrderCase{"StragglersOnBothSides",
                  concat({run(0x10010, 24 * 150, 20), run(0x10000, 24, 3000), descending(run(0x10008, 24 * 150, 20))})},
        OrderCase{"DisjointRegions", concat({run(0x200000, 8, 1500), run(0x10000, 8, 1500), run(0x90000, 8, 500)})},
        OrderCase{"EveryIdDescending", descending(run(0x10000, 8, 3000))}),
    [](const auto& param) { return std::string(param.param.name); });

// A HeapIndex is made from parts the build filled; parts that do not fit together are a bug in
// the build and are refused on the spot, not read later out of bounds.
HeapIndexParts oneObjectParts() {
  static const std::vector<uint8_t> dump(64, 0);
  HeapIndexParts p;
  p.source = DumpSource::fromMemory(dump, "parts.hprof");
  p.stats.idSize = 4;
  // One instance at 0x100 whose record is at byte 8; its class is not in the dump.
  EXPECT_TRUE(p.packed.reserve(3));
  p.packed.resize(1);
  p.packed[0] = 8 | (uint64_t{static_cast<uint8_t>(ObjectKind::kInstance)} << 48);
  p.classOfObject = reinterpret_cast<uint32_t*>(p.packed.data() + 1);
  p.refOffsets = p.classOfObject + 1;
  p.classOfObject[0] = kNoClass.value;
  p.refOffsets[0] = 0;
  p.shallowSizes.resize(1);
  p.shallowSizes[0] = 16;
  p.refSegments.resize(1);
  p.segmentStart = {0, 1};
  p.ids.minId = p.ids.maxId = 0x100;
  p.ids.ids32.resize(1);
  p.ids.ids32[0] = 0;
  p.ids.bucketStart.resize(2);
  p.ids.bucketStart[0] = 0;
  p.ids.bucketStart[1] = 1;
  p.heaps.resize(1);
  p.classHeapCount = {1};
  p.classHeapBytes = {16};
  return p;
}

TEST(HeapIndexPartsTest, PartsThatFitMakeAnIndex) {
  const HeapIndex ix(oneObjectParts());
  ASSERT_EQ(ix.objectCount(), 1u);
  EXPECT_EQ(ix.find(ObjectId{0x100}), ObjectIndex{0});
  EXPECT_FALSE(ix.find(ObjectId{0x104}));
  EXPECT_EQ(ix.idOf(ObjectIndex{0}).value, 0x100u);
  EXPECT_EQ(ix.shallowSize(ObjectIndex{0}), 16u);
  EXPECT_TRUE(ix.references(ObjectIndex{0}).empty());
  EXPECT_EQ(ix.classTotals(kNoClass, std::nullopt), std::make_pair(uint64_t{1}, uint64_t{16}));
}

TEST(HeapIndexPartsDeathTest, ATableOfAnotherLengthIsRefused) {
  HeapIndexParts parts = oneObjectParts();
  parts.shallowSizes.resize(2);
  EXPECT_DEATH(HeapIndex{std::move(parts)}, "MXI_CHECK failed: p.shallowSizes.size\\(\\) == n");
}

TEST(HeapIndexPartsDeathTest, SegmentsThatLeaveObjectsOutAreRefused) {
  HeapIndexParts parts = oneObjectParts();
  parts.segmentStart = {0, 0};
  EXPECT_DEATH(HeapIndex{std::move(parts)}, "MXI_CHECK failed: .*p.segmentStart.back\\(\\) == n");
}

TEST(HeapIndexPartsDeathTest, BucketsThatMissTheIdRangeAreRefused) {
  HeapIndexParts parts = oneObjectParts();
  parts.ids.maxId = 0x200;  // the buckets cover [0x100, 0x100] only
  EXPECT_DEATH(HeapIndex{std::move(parts)}, "MXI_CHECK failed: .*bucketStart.size\\(\\)");
}

TEST(HeapIndexPartsDeathTest, ClassTotalsForAnotherClassCountAreRefused) {
  HeapIndexParts parts = oneObjectParts();
  parts.classHeapCount = {1, 0};
  EXPECT_DEATH(HeapIndex{std::move(parts)}, "MXI_CHECK failed: p.classHeapCount.size\\(\\)");
}

}  // namespace
}  // namespace mxi::core::hprof
