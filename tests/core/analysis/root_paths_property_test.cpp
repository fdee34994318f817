// The dominator tree and the path search agree on which roots hold the heap (issue 27), on
// every dump the suite has: the JVM fixture dumps, the sample dump, the writer-built dumps and
// the real device dump in ../shared/reference when present. The tree and a whole-graph path
// search reach exactly the objects the dump's strong roots hold; each top retainer has a class
// name and a path that starts at a strong GC root and follows only strong references; the tops
// of the tree together retain exactly the reachable bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/analysis/heap_dominators.h"
#include "core/analysis/root_path.h"
#include "tests/support/archive_writer.h"
#include "tests/support/art_bitmap_dump.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/indexed_dumps.h"
#include "tests/support/small_android_heap.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::HeapIndex;
using hprof::ObjectIndex;

constexpr size_t kTopRetainers = 50;

// Whether `to` is a strong successor of `from` (any edge but a Reference's referent).
bool isStrongEdge(const HeapGraph& graph, ObjectIndex from, ObjectIndex to) {
  const auto succ = graph.successors(from.value);
  const uint32_t skipped = graph.skippedSuccessor(from.value);
  for (size_t k = 0; k < succ.size(); ++k) {
    if (k != skipped && succ[k] == to.value) return true;
  }
  return false;
}

// Objects a strong root record of the dump holds, directly or along strong references.
std::vector<uint8_t> reachableFromStrongRoots(const HeapGraph& graph) {
  std::vector<uint8_t> seen(graph.nodeCount(), 0);
  std::vector<uint32_t> stack;
  for (const hprof::GcRoot& root : graph.index().roots()) {
    if (root.object == hprof::kNoObject || !hprof::isStrongRoot(root.kind) || seen[root.object.value]) continue;
    seen[root.object.value] = 1;
    stack.push_back(root.object.value);
  }
  while (!stack.empty()) {
    const uint32_t node = stack.back();
    stack.pop_back();
    const auto succ = graph.successors(node);
    const uint32_t skipped = graph.skippedSuccessor(node);
    for (size_t k = 0; k < succ.size(); ++k) {
      if (k == skipped || seen[succ[k]]) continue;
      seen[succ[k]] = 1;
      stack.push_back(succ[k]);
    }
  }
  return seen;
}

// One top retainer: a class name, and a path from a strong GC root along strong references.
void checkRetainer(const HeapIndex& index, const HeapGraph& graph, const ShortestPaths& paths,
                   const KnownReferenceMatcher& known, ObjectIndex o) {
  SCOPED_TRACE("object 0x" + std::to_string(index.idOf(o).value));
  EXPECT_FALSE(chainClassName(index, o).empty());
  const RootPath p = rootPathTo(index, paths, known, o);
  ASSERT_FALSE(p.objects.empty()) << p.note;
  EXPECT_EQ(p.objects.back(), o);
  ASSERT_EQ(p.chain.size(), p.objects.size());
  EXPECT_EQ(p.chain.back().className, chainClassName(index, o));
  const hprof::GcRoot* root = paths.rootOf(p.objects.front());
  ASSERT_NE(root, nullptr);
  EXPECT_TRUE(hprof::isStrongRoot(root->kind));
  EXPECT_EQ(root->object, p.objects.front());
  for (size_t i = 0; i + 1 < p.objects.size(); ++i) {
    EXPECT_TRUE(isStrongEdge(graph, p.objects[i], p.objects[i + 1])) << "step " << i;
    EXPECT_FALSE(p.chain[i].className.empty());
  }
}

// Checks the agreement on one dump; returns how many retainers were checked.
size_t checkDump(const std::string& name, const HeapIndex& index) {
  SCOPED_TRACE(name);
  const HeapGraph graph(index);
  NullProgress progress;
  CancelToken cancel;
  auto dominators = HeapDominators::compute(graph, {}, progress, cancel);
  EXPECT_TRUE(dominators.ok());
  if (!dominators.ok()) return 0;
  const HeapDominators& d = **dominators;

  // Reachability worked out here from the dump's roots, apart from both analyses; the tree and
  // a whole-graph path search (with the built-in known references) must both agree with it.
  const std::vector<uint8_t> reachable = reachableFromStrongRoots(graph);
  const KnownReferenceMatcher known(index, builtinKnownReferences());
  auto everything = ShortestPaths::compute(graph, known, {}, progress, cancel);
  EXPECT_TRUE(everything.ok());
  if (!everything.ok()) return 0;
  uint64_t reachableShallow = 0;
  size_t disagreements = 0;
  for (uint32_t i = 0; i < index.objectCount(); ++i) {
    const ObjectIndex o{i};
    if (reachable[i]) reachableShallow += index.shallowSize(o);
    if (d.isReachable(o) != (reachable[i] != 0) || (*everything)->isReached(o) != (reachable[i] != 0)) ++disagreements;
  }
  EXPECT_EQ(disagreements, 0u);
  uint64_t topsRetained = 0;
  for (ObjectIndex top : d.children(hprof::kNoObject)) topsRetained += d.retainedBytes(top);
  EXPECT_EQ(topsRetained, reachableShallow);
  EXPECT_EQ(d.reachableBytes(), reachableShallow);

  const std::vector<ObjectIndex> tops = d.topRetainers(kTopRetainers);
  auto paths = ShortestPaths::compute(graph, known, tops, progress, cancel);
  EXPECT_TRUE(paths.ok());
  if (!paths.ok()) return 0;
  for (ObjectIndex o : tops) checkRetainer(index, graph, **paths, known, o);
  return tops.size();
}

TEST(RootPathsPropertyTest, JvmFixtureDumps) {
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::fixtureDumpDir())) {
    if (entry.path().extension() != ".hprof") continue;
    const auto index = test::openIndexed(entry.path().string());
    ASSERT_TRUE(index);
    EXPECT_EQ(checkDump(entry.path().filename().string(), *index), kTopRetainers);
    ++dumps;
  }
  EXPECT_GE(dumps, 6u) << "the jvm_fixture_dumps test makes the dumps";
}

TEST(RootPathsPropertyTest, SampleDump) {
  const auto dir = std::filesystem::path(test::sourceDir()) / "resources" / "samples";
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (!entry.path().string().ends_with(".hprof.gz")) continue;
    const auto index = test::openIndexed(entry.path().string());
    ASSERT_TRUE(index);
    EXPECT_GT(checkDump(entry.path().filename().string(), *index), 0u);
    ++dumps;
  }
  EXPECT_EQ(dumps, 2u) << "sample-android-shaped and the demo phone's demo-app-leak";
}

TEST(RootPathsPropertyTest, WriterBuiltDumps) {
  const auto art = test::indexBytes("root-paths-", "art-sample", test::buildArtSample().bytes);
  ASSERT_TRUE(art);
  EXPECT_GT(checkDump("art sample", *art), 0u);
  const auto oldStrings = test::indexBytes("root-paths-", "old-strings", test::buildOldStringSample().bytes);
  ASSERT_TRUE(oldStrings);
  EXPECT_EQ(checkDump("old strings", *oldStrings), 0u);  // no roots: nothing reachable, nothing retained
  for (const auto pixels :
       {test::BitmapPixels::kJavaPixels, test::BitmapPixels::kDumpData, test::BitmapPixels::kNativeOnly}) {
    const std::string name = "bitmaps-" + std::to_string(static_cast<int>(pixels));
    const auto index = test::indexBytes("root-paths-", name, test::buildArtBitmapSample(pixels).bytes);
    ASSERT_TRUE(index);
    EXPECT_GT(checkDump(name, *index), 0u);
  }
}

TEST(RootPathsPropertyTest, RealDeviceDumps) {
  const std::string reference = test::referenceDir();
  if (reference.empty() || !std::filesystem::is_directory(reference + "/hprof")) {
    GTEST_SKIP() << "no ../shared/reference/hprof next to the source tree";
  }
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(reference + "/hprof")) {
    if (entry.path().extension() != ".hprof") continue;
    const auto index = test::openIndexed(entry.path().string());
    ASSERT_TRUE(index);
    EXPECT_EQ(checkDump(entry.path().filename().string(), *index), kTopRetainers);
    ++dumps;
  }
  EXPECT_GT(dumps, 0u);
}

// What javac's dumps showed (issue 27): objects only the main thread's locals hold — an ignored
// known reference on Android — retain bytes, so they get that path, and the note says why.
TEST(RootPathsPropertyTest, HeldOnlyByAnIgnoredLocalGetsThatPathAndANote) {
  test::SmallAndroidHeap heap;
  heap.declareClass("com.example.Cache", "", {{"mEntry", test::kObj}});
  heap.declareClass("com.example.Holder", "", {}, {"sCache"});
  const uint64_t local = heap.newInstance("com.example.Cache");
  const uint64_t alsoStatic = heap.newInstance("com.example.Cache");
  heap.setStatic("com.example.Holder", "sCache", alsoStatic);
  heap.thread("main", {local, alsoStatic});
  const auto index = heap.index();
  ASSERT_TRUE(index);
  checkDump("small heap", *index);

  const HeapGraph graph(*index);
  const KnownReferenceMatcher known(*index, builtinKnownReferences());
  NullProgress progress;
  const ObjectIndex onlyLocal = *index->find(hprof::ObjectId{local});
  const ObjectIndex held = *index->find(hprof::ObjectId{alsoStatic});
  const ObjectIndex targets[] = {onlyLocal, held};
  auto paths = ShortestPaths::compute(graph, known, targets, progress, CancelToken());
  ASSERT_TRUE(paths.ok());

  const RootPath viaLocal = rootPathTo(*index, **paths, known, onlyLocal);
  ASSERT_EQ(viaLocal.chain.size(), 1u);
  EXPECT_EQ(viaLocal.chain[0].reference.name, "Java frame");
  EXPECT_EQ(viaLocal.chain[0].rootThread, "main");
  EXPECT_TRUE((*paths)->onlyThroughIgnored(onlyLocal));
  EXPECT_EQ(viaLocal.note,
            "held only through an ignored known reference, a local variable of thread main: What the main thread "
            "holds in a local variable is gone once it returns.");

  // The static field wins over the ignored local: an ordinary path, no note.
  const RootPath viaStatic = rootPathTo(*index, **paths, known, held);
  ASSERT_EQ(viaStatic.chain.size(), 2u);
  EXPECT_EQ(viaStatic.chain[0].className, "com.example.Holder");
  EXPECT_EQ(viaStatic.chain[1].reference.name, "sCache");
  EXPECT_FALSE((*paths)->onlyThroughIgnored(held));
  EXPECT_EQ(viaStatic.note, "");
}

}  // namespace
}  // namespace mxi::core::analysis
