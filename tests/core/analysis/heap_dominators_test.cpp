// HeapDominators on an Android (1.0.3) dump with app, image and zygote heaps: retained bytes
// with and without the framework heaps, and the class retained sizes.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/analysis/heap_dominators.h"
#include "tests/support/archive_writer.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/hprof_writer.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::ObjectIndex;

std::shared_ptr<const hprof::HeapIndex> indexArtSample(const test::ArtSample& sample) {
  // One file per test: ctest runs the tests of this program in parallel processes.
  const auto dir = test::scratchDir(std::string("heap-dominators-") +
                                    ::testing::UnitTest::GetInstance()->current_test_info()->name());
  const std::string path = (dir / "art.hprof").string();
  EXPECT_TRUE(test::writeFile(path, sample.bytes));
  NullProgress progress;
  CancelToken cancel;
  auto index = hprof::openAndIndex(path, {}, {}, progress, cancel);
  EXPECT_TRUE(index.ok()) << index.status().toString();
  return index.ok() ? *index : nullptr;
}

TEST(HeapDominatorsTest, ExcludedHeapsCountZeroBytes) {
  const test::ArtSample sample = test::buildArtSample();
  const auto index = indexArtSample(sample);
  ASSERT_TRUE(index);
  const HeapGraph graph(*index);
  NullProgress progress;
  CancelToken cancel;
  auto all = HeapDominators::compute(graph, {}, progress, cancel);
  ASSERT_TRUE(all.ok());
  std::vector<bool> counted(index->heaps().size(), true);
  for (const char* name : {"image", "zygote"}) {
    const auto heap = index->findHeap(name);
    ASSERT_TRUE(heap) << name;
    counted[*heap] = false;
  }
  auto appOnly = HeapDominators::compute(graph, {counted}, progress, cancel);
  ASSERT_TRUE(appOnly.ok());

  uint64_t reachableAll = 0, reachableApp = 0;
  for (uint32_t i = 0; i < index->objectCount(); ++i) {
    const ObjectIndex o{i};
    if (!(*all)->isReachable(o)) continue;
    reachableAll += index->shallowSize(o);
    if (counted[index->heapOf(o)]) reachableApp += index->shallowSize(o);
    EXPECT_LE((*appOnly)->retainedBytes(o), (*all)->retainedBytes(o));
    EXPECT_GE((*all)->retainedBytes(o), index->shallowSize(o));
  }
  EXPECT_EQ((*all)->reachableBytes(), reachableAll);
  EXPECT_EQ((*appOnly)->reachableBytes(), reachableApp);
  EXPECT_LT(reachableApp, reachableAll);
  // The zygote string counts in full, then not at all.
  const ObjectIndex zygote = *index->find(hprof::ObjectId{sample.zygoteString});
  ASSERT_TRUE((*all)->isReachable(zygote));
  EXPECT_GT((*all)->retainedBytes(zygote), 0u);
  EXPECT_EQ((*appOnly)->retainedBytes(zygote), 0u);
}

TEST(HeapDominatorsTest, ClassRetainedCountsNestedInstancesOnce) {
  const test::ArtSample sample = test::buildArtSample();
  const auto index = indexArtSample(sample);
  ASSERT_TRUE(index);
  const HeapGraph graph(*index);
  NullProgress progress;
  CancelToken cancel;
  auto d = HeapDominators::compute(graph, {}, progress, cancel);
  ASSERT_TRUE(d.ok());
  const std::vector<uint64_t> byClass = (*d)->classRetainedBytes(*index);
  // Brute force: an instance counts unless a dominator of it has the same class.
  std::vector<uint64_t> expected(index->classCount(), 0);
  for (uint32_t i = 0; i < index->objectCount(); ++i) {
    const ObjectIndex o{i};
    if (!(*d)->isReachable(o)) continue;
    const auto cls = index->classOf(o);
    bool nested = false;
    for (ObjectIndex up = (*d)->immediateDominator(o); up != hprof::kNoObject; up = (*d)->immediateDominator(up)) {
      nested = nested || index->classOf(up) == cls;
    }
    if (!nested) expected[cls.value] += (*d)->retainedBytes(o);
  }
  EXPECT_EQ(byClass, expected);
  // The top retainers come biggest first.
  const auto tops = (*d)->topRetainers(5);
  ASSERT_FALSE(tops.empty());
  for (size_t i = 1; i < tops.size(); ++i) EXPECT_GE((*d)->retainedBytes(tops[i - 1]), (*d)->retainedBytes(tops[i]));
  for (ObjectIndex t : tops) EXPECT_EQ((*d)->immediateDominator(t), hprof::kNoObject);
  // Any n of them are the first n of all the tops ordered the same way (biggest first, ties in
  // the order of the search), as the tree view lists them.
  const std::vector<ObjectIndex> all = (*d)->children(hprof::kNoObject);
  ASSERT_GT(all.size(), 3u);
  EXPECT_TRUE((*d)->topRetainers(0).empty());
  for (size_t n : {size_t{1}, size_t{2}, size_t{3}, all.size() - 1, all.size(), all.size() + 3}) {
    const std::vector<ObjectIndex> first(all.begin(), all.begin() + static_cast<ptrdiff_t>(std::min(n, all.size())));
    EXPECT_EQ((*d)->topRetainers(n), first) << n;
  }
  // Child lists agree with immediate dominators, and a parent retains its children and itself.
  size_t listed = 0;
  std::vector<ObjectIndex> stack{hprof::kNoObject};
  while (!stack.empty()) {
    const ObjectIndex parent = stack.back();
    stack.pop_back();
    uint64_t childBytes = 0;
    for (ObjectIndex child : (*d)->children(parent)) {
      EXPECT_EQ((*d)->immediateDominator(child), parent);
      childBytes += (*d)->retainedBytes(child);
      stack.push_back(child);
      ++listed;
    }
    if (parent != hprof::kNoObject) {
      EXPECT_EQ((*d)->retainedBytes(parent), childBytes + index->shallowSize(parent));
    }
  }
  EXPECT_EQ(listed, (*d)->reachableObjects());
}

// The super root's children are ordered by a radix sort when there are many (tens of
// thousands: millions on real heaps): biggest retained first, ties in preorder, exactly what
// the comparison sort gives a short list; childCount agrees with the lists.
TEST(HeapDominatorsTest, ManyTopsAreOrderedBiggestFirstWithTiesInPreorder) {
  test::HprofWriter w(8, "JAVA PROFILE 1.0.2");
  test::HeapSegment seg = w.segment();
  const uint64_t byteArrays = 0x1000, holders = 0x2000;
  seg.classDump(byteArrays, 0, 0, 0, {}, {}).classDump(holders, 0, 0, 0, {}, {});
  constexpr uint64_t kTops = 70'000;  // past the radix sort's threshold (65,536)
  for (uint64_t k = 0; k < kTops; ++k) {
    const uint64_t id = 0x100000 + k * 0x100;
    // Sizes with many ties and several bytes that differ: 0..4095 and some over 64 KiB.
    const uint32_t length = static_cast<uint32_t>((k * 7919) % 4096 + (k % 97 == 0 ? 70'000 : 0));
    seg.primitiveArrayNoData(id, test::kByte, length).simpleRoot(0x05, id);  // sticky class: a root
    if (k % 3 == 0) {  // some tops hold an array of their own: a child each
      seg.objectArray(id + 0x80, holders, {});
      seg.objectArray(id + 0x40, holders, {id + 0x80}).simpleRoot(0x05, id + 0x40);
    }
  }
  w.heapDump(seg);
  w.heapDumpEnd();
  const auto dir = test::scratchDir("heap-dominators-many-tops");
  const std::string path = (dir / "tops.hprof").string();
  ASSERT_TRUE(test::writeFile(path, w.bytes()));
  NullProgress progress;
  CancelToken cancel;
  auto index = hprof::openAndIndex(path, {}, {}, progress, cancel);
  ASSERT_TRUE(index.ok()) << index.status().toString();
  const HeapGraph graph(**index);
  auto dominators = HeapDominators::compute(graph, {}, progress, cancel);
  ASSERT_TRUE(dominators.ok());
  const HeapDominators& d = **dominators;
  const std::vector<ObjectIndex> tops = d.children(hprof::kNoObject);
  ASSERT_EQ(tops.size(), kTops + (kTops + 2) / 3);
  EXPECT_EQ(d.childCount(hprof::kNoObject), tops.size());
  std::vector<ObjectIndex> expected = tops;
  std::sort(expected.begin(), expected.end(), [&](ObjectIndex a, ObjectIndex b) {
    const uint64_t ra = d.retainedBytes(a), rb = d.retainedBytes(b);
    return ra != rb ? ra > rb : d.tree().preorder[a.value] < d.tree().preorder[b.value];
  });
  EXPECT_EQ(tops, expected);
  uint64_t longest = 0;
  for (uint64_t k = 0; k < kTops; k += 97) longest = std::max<uint64_t>(longest, (k * 7919) % 4096 + 70'000);
  EXPECT_EQ(d.retainedBytes(tops.front()), longest);
  EXPECT_EQ(d.retainedBytes(tops.back()), 0u);  // k = 4096, 8192, …: empty arrays
  // A holder top dominates its one array; an array top dominates nothing.
  const ObjectIndex holder = *(*index)->find(hprof::ObjectId{0x100000 + 0x40});
  EXPECT_EQ(d.childCount(holder), 1u);
  EXPECT_EQ(d.children(holder).size(), 1u);
  EXPECT_EQ(d.childCount(*(*index)->find(hprof::ObjectId{0x100000})), 0u);
}

}  // namespace
}  // namespace mxi::core::analysis
