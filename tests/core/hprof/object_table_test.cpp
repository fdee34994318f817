// The object table keeps ids in 32 bits when the dump allows it, else in 64: both layouts must
// find exactly the ids the dump has.
#include <gtest/gtest.h>

#include "core/hprof/heap_index.h"
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
}

}  // namespace
}  // namespace mxi::core::hprof
