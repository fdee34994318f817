// Retained sizes and immediate dominators against their definition (issue 32, "exactness
// stays"): remove an object X from the heap, and the objects no GC root reaches any more are
// exactly those X dominates; their shallow bytes (in the counted heaps) are X's retained size,
// and an object's immediate dominator is the nearest of the objects whose removal cuts it off.
//
// The naive side computes exactly that, one reachability search from the roots per removed
// object, with no dominator algorithm; it runs 64 removals at a time as the 64 bits of one
// word per object so that fixture dumps of ~40,000 objects take a second, not minutes. It uses
// the engine's definition of the graph (HeapGraph: strong roots, every reference but a
// java.lang.ref.Reference's referent) on the real dumps, and on random dumps its own model of
// what it wrote, so the graph definition is checked there too.
//
// Dumps: the JVM fixture dumps (jcmd), the sample dumps, the ART-layout dumps of
// tests/support, the real device dump in ../shared/reference when present, and seeded random
// dumps (cycles, self references, several and duplicate roots, non-strong roots, unreachable
// objects, dangling ids, weak references, Android heaps excluded from the counts).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <random>

#include "core/analysis/heap_dominators.h"
#include "tests/support/archive_writer.h"
#include "tests/support/art_bitmap_dump.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/hprof_writer.h"
#include "tests/support/indexed_dumps.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::HeapIndex;
using hprof::ObjectIndex;

constexpr uint32_t kNone = UINT32_MAX;

// A graph as the naive side sees it: strong successors, the objects strong roots hold, and the
// bytes each object counts for (0 when its heap is not counted).
struct StrongGraph {
  std::vector<std::vector<uint32_t>> successors;
  std::vector<uint32_t> roots;
  std::vector<uint64_t> bytes;
};

struct NaiveResult {
  std::vector<uint8_t> reachable;
  std::vector<uint64_t> retained;
  std::vector<uint32_t> idom;  // kNone: only the roots' virtual super root dominates it
};

// The definition, computed directly. For a batch of up to 64 reachable objects X_k, reach[v]
// gets bit k when v is reachable from the roots without passing through X_k (a plain
// reachability fixpoint; each bit is one search). Then X_k's dominated set is the reachable
// objects without bit k. The dominators of an object form a chain of strictly nested dominated
// sets, so its immediate dominator is the one that dominates the fewest objects.
NaiveResult naiveDominators(const StrongGraph& g) {
  const auto n = static_cast<uint32_t>(g.successors.size());
  NaiveResult out;
  out.reachable.assign(n, 0);
  out.retained.assign(n, 0);
  out.idom.assign(n, kNone);
  std::vector<uint32_t> stack;
  for (uint32_t r : g.roots) {
    if (!out.reachable[r]) {
      out.reachable[r] = 1;
      stack.push_back(r);
    }
  }
  while (!stack.empty()) {
    const uint32_t u = stack.back();
    stack.pop_back();
    for (uint32_t s : g.successors[u]) {
      if (!out.reachable[s]) {
        out.reachable[s] = 1;
        stack.push_back(s);
      }
    }
  }
  std::vector<uint32_t> candidates;
  for (uint32_t v = 0; v < n; ++v) {
    if (out.reachable[v]) candidates.push_back(v);
  }
  std::vector<uint32_t> bestCount(n, UINT32_MAX);
  std::vector<uint64_t> reach(n), blocked(n, 0);
  std::vector<uint8_t> queued(n, 0);
  std::vector<uint32_t> queue;
  for (size_t base = 0; base < candidates.size(); base += 64) {
    const size_t width = std::min<size_t>(64, candidates.size() - base);
    const uint64_t all = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    for (size_t k = 0; k < width; ++k) blocked[candidates[base + k]] = uint64_t{1} << k;
    std::fill(reach.begin(), reach.end(), 0);
    queue.clear();
    auto offer = [&](uint32_t v, uint64_t bits) {
      const uint64_t add = bits & ~blocked[v] & ~reach[v];
      if (add == 0) return;
      reach[v] |= add;
      if (!queued[v]) {
        queued[v] = 1;
        queue.push_back(v);
      }
    };
    for (uint32_t r : g.roots) offer(r, all);
    for (size_t head = 0; head < queue.size(); ++head) {
      const uint32_t u = queue[head];
      queued[u] = 0;
      for (uint32_t s : g.successors[u]) offer(s, reach[u]);
    }
    uint32_t count[64] = {};
    uint64_t bytes[64] = {};
    for (uint32_t v = 0; v < n; ++v) {
      if (!out.reachable[v]) continue;
      for (uint64_t cut = all & ~reach[v]; cut != 0; cut &= cut - 1) {
        const int k = std::countr_zero(cut);
        ++count[k];
        bytes[k] += g.bytes[v];
      }
    }
    for (size_t k = 0; k < width; ++k) out.retained[candidates[base + k]] = bytes[k];
    for (uint32_t v = 0; v < n; ++v) {
      if (!out.reachable[v]) continue;
      for (uint64_t cut = all & ~reach[v] & ~blocked[v]; cut != 0; cut &= cut - 1) {
        const int k = std::countr_zero(cut);
        if (count[k] < bestCount[v]) {
          bestCount[v] = count[k];
          out.idom[v] = candidates[base + static_cast<size_t>(k)];
        }
      }
    }
    for (size_t k = 0; k < width; ++k) blocked[candidates[base + k]] = 0;
  }
  return out;
}

// Which heaps count: all, or all but Android's image and zygote heaps (as the app's default).
std::vector<bool> countedHeaps(const HeapIndex& index, bool appOnly) {
  std::vector<bool> counted(index.heaps().size(), true);
  if (appOnly) {
    for (const char* name : {"image", "zygote"}) {
      if (const auto heap = index.findHeap(name)) counted[*heap] = false;
    }
  }
  return counted;
}

// The graph exactly as the engine defines it (HeapGraph), for dumps we did not write.
StrongGraph engineGraph(const HeapGraph& graph, const std::vector<bool>& counted) {
  const HeapIndex& index = graph.index();
  StrongGraph g;
  g.successors.resize(graph.nodeCount());
  g.bytes.resize(graph.nodeCount());
  for (uint32_t v = 0; v < graph.nodeCount(); ++v) {
    const auto succ = graph.successors(v);
    const uint32_t skipped = graph.skippedSuccessor(v);
    for (size_t k = 0; k < succ.size(); ++k) {
      if (k != skipped) g.successors[v].push_back(succ[k]);
    }
    g.bytes[v] = counted[index.heapOf(ObjectIndex{v})] ? index.shallowSize(ObjectIndex{v}) : 0;
  }
  g.roots = graph.rootObjects();
  return g;
}

struct Checked {
  uint32_t reachable = 0;
  uint32_t dominatedByAnObject = 0;  // objects whose immediate dominator is an object
};

std::string idText(const HeapIndex& index, ObjectIndex o) {
  if (o == hprof::kNoObject) return "none";
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(index.idOf(o).value));
  return text;
}

// Every object's reachability, retained bytes and immediate dominator: engine == definition.
Checked expectMatchesDefinition(const HeapIndex& index, const HeapGraph& graph, const StrongGraph& model,
                                const std::vector<bool>& counted) {
  NullProgress progress;
  auto computed = HeapDominators::compute(graph, {counted}, progress, CancelToken());
  EXPECT_TRUE(computed.ok()) << computed.status().toString();
  if (!computed.ok()) return {};
  const HeapDominators& d = **computed;
  const NaiveResult naive = naiveDominators(model);
  Checked checked;
  size_t mismatches = 0;
  for (uint32_t v = 0; v < index.objectCount(); ++v) {
    const ObjectIndex o{v};
    const ObjectIndex expectedIdom = naive.idom[v] == kNone ? hprof::kNoObject : ObjectIndex{naive.idom[v]};
    checked.reachable += naive.reachable[v];
    checked.dominatedByAnObject += naive.idom[v] != kNone;
    if (d.isReachable(o) == (naive.reachable[v] != 0) && d.retainedBytes(o) == naive.retained[v] &&
        d.immediateDominator(o) == expectedIdom) {
      continue;
    }
    if (++mismatches <= 5) {
      ADD_FAILURE() << "object " << idText(index, o) << ": reachable " << d.isReachable(o) << " (definition "
                    << int{naive.reachable[v]} << "), retained " << d.retainedBytes(o) << " (definition "
                    << naive.retained[v] << "), immediate dominator " << idText(index, d.immediateDominator(o))
                    << " (definition " << idText(index, expectedIdom) << ")";
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(d.reachableObjects(), checked.reachable);
  return checked;
}

// A dump we did not write: the engine's graph definition, every heap counted, then (when the
// dump has Android heaps) the app's heaps only.
Checked checkDump(const std::string& name, const HeapIndex& index) {
  SCOPED_TRACE(name);
  const HeapGraph graph(index);
  const std::vector<bool> all = countedHeaps(index, false);
  const Checked checked = expectMatchesDefinition(index, graph, engineGraph(graph, all), all);
  const std::vector<bool> app = countedHeaps(index, true);
  if (app != all) {
    SCOPED_TRACE("image and zygote heaps not counted");
    expectMatchesDefinition(index, graph, engineGraph(graph, app), app);
  }
  return checked;
}

TEST(RetainedSizesPropertyTest, JvmFixtureDumps) {
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::fixtureDumpDir())) {
    if (entry.path().extension() != ".hprof") continue;
    const auto index = test::openIndexed(entry.path().string());
    ASSERT_TRUE(index);
    const Checked checked = checkDump(entry.path().filename().string(), *index);
    // Real heaps: tens of thousands of reachable objects, most of them below another object.
    EXPECT_GT(checked.reachable, 10000u);
    EXPECT_GT(checked.dominatedByAnObject, checked.reachable / 2);
    ++dumps;
  }
  EXPECT_GE(dumps, 6u) << "the jvm_fixture_dumps test makes the dumps";
}

TEST(RetainedSizesPropertyTest, SampleDumps) {
  const auto dir = std::filesystem::path(test::sourceDir()) / "resources" / "samples";
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (!entry.path().string().ends_with(".hprof.gz")) continue;
    const auto index = test::openIndexed(entry.path().string());
    ASSERT_TRUE(index);
    EXPECT_GT(checkDump(entry.path().filename().string(), *index).dominatedByAnObject, 0u);
    ++dumps;
  }
  EXPECT_EQ(dumps, 2u);
}

TEST(RetainedSizesPropertyTest, ArtLayoutDumpsOfTheTestWriter) {
  const auto art = test::indexBytes("retained-property-", "art-sample", test::buildArtSample().bytes);
  ASSERT_TRUE(art);
  EXPECT_GT(checkDump("art sample", *art).dominatedByAnObject, 0u);
  const auto oldStrings = test::indexBytes("retained-property-", "old-strings", test::buildOldStringSample().bytes);
  ASSERT_TRUE(oldStrings);
  EXPECT_EQ(checkDump("old strings", *oldStrings).reachable, 0u);  // no roots
  for (const auto pixels :
       {test::BitmapPixels::kJavaPixels, test::BitmapPixels::kDumpData, test::BitmapPixels::kNativeOnly}) {
    const std::string name = "bitmaps-" + std::to_string(static_cast<int>(pixels));
    const auto index = test::indexBytes("retained-property-", name, test::buildArtBitmapSample(pixels).bytes);
    ASSERT_TRUE(index);
    EXPECT_GT(checkDump(name, *index).dominatedByAnObject, 0u);
  }
}

TEST(RetainedSizesPropertyTest, RealDeviceDumps) {
  const std::string reference = test::referenceDir();
  if (reference.empty() || !std::filesystem::is_directory(reference + "/hprof")) {
    GTEST_SKIP() << "no ../shared/reference/hprof next to the source tree";
  }
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(reference + "/hprof")) {
    if (entry.path().extension() != ".hprof") continue;
    const auto index = test::openIndexed(entry.path().string());
    ASSERT_TRUE(index);
    EXPECT_GT(checkDump(entry.path().filename().string(), *index).dominatedByAnObject, 0u);
    ++dumps;
  }
  EXPECT_GT(dumps, 0u);
}

// One seeded random dump and the model it was written from (model nodes: the classes, then
// the objects).
struct RandomDump {
  std::vector<uint8_t> bytes;
  std::vector<uint64_t> ids;                  // node → object id
  std::vector<std::vector<uint32_t>> strong;  // node → strong successors (nodes), in slot order
  std::vector<uint32_t> rootNodes;            // what strong root records hold (repeats kept)
  std::vector<uint8_t> excludedHeap;          // node in Android's image or zygote heap
};

// Classes: java.lang.Object, java.lang.ref.Reference (referent, queue), WeakReference,
// test.KeepingRef (a WeakReference with a strong `keep` field, sometimes = its referent),
// test.Node (three references, an int; statics sHead and sCount), java.lang.Object[].
// Objects: nodes, object arrays, both kinds of references and byte[] leaves. Each reference
// slot is null, the object itself, a dangling id or any node (classes included), with a
// seed-dependent density so some graphs are trees, some tangles of cycles. Even seeds write
// Android (1.0.3, 4-byte ids) dumps whose objects are spread over the image, zygote and app
// heaps, with "unreachable" (non-strong) root records; odd seeds HotSpot (1.0.2, 8-byte ids).
RandomDump makeRandomDump(uint32_t seed) {
  std::mt19937 rng(seed);
  auto below = [&](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  const bool android = seed % 2 == 0;
  const uint32_t idSize = android ? 4 : 8;
  test::HprofWriter w(idSize, android ? "JAVA PROFILE 1.0.3" : "JAVA PROFILE 1.0.2");
  const double nullChance = std::array{0.1, 0.45, 0.75}[seed % 3];
  const uint32_t objects = seed % 7 == 3 ? 1500 + below(1500) : 1 + below(seed % 4 == 0 ? 20 : 400);

  enum Cls : uint32_t { kObject, kReference, kWeak, kKeeping, kNode, kArray, kClasses };
  const char* names[kClasses] = {
      "java.lang.Object", "java.lang.ref.Reference", "java.lang.ref.WeakReference", "test.KeepingRef",
      "test.Node",        "java.lang.Object[]"};
  const uint32_t nodes = kClasses + objects;
  RandomDump dump;
  const uint64_t classBase = android ? 0x70000000 : 0x7ff000000, objectBase = android ? 0x12c00000 : 0x7f0000000;
  const uint64_t objectStride = android ? 0x10 : 0x18;
  for (uint32_t c = 0; c < kClasses; ++c) dump.ids.push_back(classBase + 0x100 * c);
  for (uint32_t i = 0; i < objects; ++i) dump.ids.push_back(objectBase + objectStride * i);
  const uint64_t dangling = objectBase + objectStride * (objects + 7);
  dump.strong.resize(nodes);
  dump.excludedHeap.resize(nodes);

  // A reference slot of `self`: its id (0 for null), recorded as a strong edge when `strong`.
  auto slot = [&](uint32_t self, bool strong) -> uint64_t {
    const double r = std::uniform_real_distribution<double>(0, 1)(rng);
    if (r < nullChance) return 0;
    uint32_t target;
    if (r < nullChance + 0.04) {
      target = self;
    } else if (r < nullChance + 0.07) {
      return dangling;
    } else {
      target = below(nodes);
    }
    if (strong) dump.strong[self].push_back(target);
    return dump.ids[target];
  };

  const uint64_t fReferent = w.string("referent"), fQueue = w.string("queue"), fKeep = w.string("keep"),
                 fA = w.string("a"), fB = w.string("b"), fC = w.string("c"), fWeight = w.string("weight"),
                 sHead = w.string("sHead"), sCount = w.string("sCount");
  for (uint32_t c = 0; c < kClasses; ++c) w.loadClass(c + 1, dump.ids[c], 0, w.string(names[c]));

  // Heaps: Android objects switch between image, zygote and app; HotSpot has only default.
  test::HeapSegment seg = w.segment();
  const uint64_t heapNames[3] = {w.string("image"), w.string("zygote"), w.string("app")};
  const uint32_t heapIds[3] = {'I', 'Z', 'A'};
  int heap = -1;
  auto enterHeap = [&](uint32_t node) {
    if (!android) return;
    const int h = static_cast<int>(below(3));
    if (h != heap) seg.heapInfo(heapIds[h], heapNames[h]);
    heap = h;
    dump.excludedHeap[node] = h != 2;
  };

  auto fields = [](std::initializer_list<uint64_t> fieldNames) {
    std::vector<test::FieldDecl> out;
    for (uint64_t name : fieldNames) out.push_back({name, test::kObj});
    return out;
  };
  // Superclass, declared fields and instance size (HotSpot's way: field bytes) of each class.
  const uint32_t supers[kClasses] = {kClasses, kObject, kReference, kWeak, kObject, kObject};
  std::vector<test::FieldDecl> declared[kClasses] = {
      {}, fields({fReferent, fQueue}), {}, fields({fKeep}), fields({fA, fB, fC}), {}};
  declared[kNode].push_back({fWeight, test::kInt});
  const uint32_t sizes[kClasses] = {0, 2 * idSize, 2 * idSize, 3 * idSize, 3 * idSize + 4, 0};
  for (uint32_t c = 0; c < kClasses; ++c) {
    enterHeap(c);
    if (supers[c] != kClasses) dump.strong[c].push_back(supers[c]);
    std::vector<test::StaticDecl> statics;
    if (c == kNode) {
      statics.push_back({sHead, test::kObj, slot(c, true)});
      statics.push_back({sCount, test::kInt, below(100)});
    }
    seg.classDump(dump.ids[c], supers[c] == kClasses ? 0 : dump.ids[supers[c]], 0, sizes[c], statics, declared[c]);
    if (chance(0.5)) {  // a sticky-class root
      seg.simpleRoot(0x05, dump.ids[c]);
      dump.rootNodes.push_back(c);
    }
  }
  for (uint32_t node = kClasses; node < nodes; ++node) {
    enterHeap(node);
    const uint64_t id = dump.ids[node];
    const uint32_t kind = below(20);
    test::FieldData data(idSize);
    if (kind < 11) {  // test.Node
      data.id(slot(node, true)).id(slot(node, true)).id(slot(node, true)).i4(below(1000));
      seg.instance(id, dump.ids[kNode], data.bytes());
    } else if (kind < 15) {  // java.lang.Object[]
      std::vector<uint64_t> elements(below(7));
      for (uint64_t& e : elements) e = slot(node, true);
      seg.objectArray(id, dump.ids[kArray], elements);
    } else if (kind < 17) {  // WeakReference: the referent is not a strong edge
      data.id(slot(node, false)).id(slot(node, true));
      seg.instance(id, dump.ids[kWeak], data.bytes());
    } else if (kind < 18) {  // KeepingRef: `keep` is strong, even when it is also the referent
      const uint64_t referent = slot(node, false);
      uint64_t keep = 0;
      if (referent != 0 && referent != dangling && chance(0.5)) {
        keep = referent;
        const auto target = std::find(dump.ids.begin(), dump.ids.end(), referent) - dump.ids.begin();
        dump.strong[node].push_back(static_cast<uint32_t>(target));
      } else {
        keep = slot(node, true);
      }
      data.id(keep).id(referent).id(slot(node, true));
      seg.instance(id, dump.ids[kKeeping], data.bytes());
    } else {  // byte[]: a leaf
      const uint32_t length = below(64);
      seg.primitiveArray(id, test::kByte, length, std::vector<uint8_t>(length, 7));
    }
  }

  // Roots: none for some seeds; otherwise a few, of several kinds, some on the same object.
  const uint32_t roots = seed % 5 == 1 ? 0 : 1 + below(4);
  const uint8_t strongTags[] = {0xFF, 0x07, 0x89, 0x8A, 0x8B, 0x8C, 0x8D};
  for (uint32_t r = 0; r < roots; ++r) {
    const uint32_t node = below(nodes);
    if (chance(0.3)) {
      seg.jniGlobal(dump.ids[node], 0x100 + r);
    } else {
      seg.simpleRoot(android ? strongTags[below(7)] : 0xFF, dump.ids[node]);
    }
    dump.rootNodes.push_back(node);
    if (chance(0.3)) {  // a second root record on the same object
      seg.simpleRoot(0xFF, dump.ids[node]);
      dump.rootNodes.push_back(node);
    }
  }
  seg.simpleRoot(0xFF, dangling);                             // a root whose object is not in the dump holds nothing
  if (android) seg.simpleRoot(0x90, dump.ids[below(nodes)]);  // "unreachable": not a strong root
  w.heapDump(seg);
  w.heapDumpEnd();
  dump.bytes = w.bytes();
  return dump;
}

TEST(RetainedSizesPropertyTest, RandomDumps) {
  Checked total;
  uint32_t unreachable = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const RandomDump dump = makeRandomDump(seed);
    const auto index = test::indexBytes("retained-property-", "random-" + std::to_string(seed), dump.bytes);
    ASSERT_TRUE(index);
    ASSERT_EQ(index->objectCount(), dump.ids.size());
    std::vector<uint32_t> at(dump.ids.size());  // node → ObjectIndex
    for (size_t node = 0; node < dump.ids.size(); ++node) {
      const auto o = index->find(hprof::ObjectId{dump.ids[node]});
      ASSERT_TRUE(o) << "node " << node;
      at[node] = o->value;
    }
    // The model's graph, in the index's numbering; it must be the engine's graph exactly.
    const HeapGraph graph(*index);
    StrongGraph model;
    model.successors.resize(dump.ids.size());
    model.bytes.resize(dump.ids.size());
    for (size_t node = 0; node < dump.ids.size(); ++node) {
      for (uint32_t target : dump.strong[node]) model.successors[at[node]].push_back(at[target]);
    }
    for (uint32_t node : dump.rootNodes) model.roots.push_back(at[node]);
    const StrongGraph engine = engineGraph(graph, countedHeaps(*index, false));
    for (uint32_t v = 0; v < index->objectCount(); ++v) {
      auto expected = model.successors[v], actual = engine.successors[v];
      std::sort(expected.begin(), expected.end());
      std::sort(actual.begin(), actual.end());
      EXPECT_EQ(actual, expected) << "strong references of object " << idText(*index, ObjectIndex{v});
    }
    auto expectedRoots = model.roots, actualRoots = engine.roots;
    std::sort(expectedRoots.begin(), expectedRoots.end());
    std::sort(actualRoots.begin(), actualRoots.end());
    EXPECT_EQ(actualRoots, expectedRoots);

    for (const bool appOnly : {false, true}) {
      if (appOnly && seed % 2 == 1) break;  // HotSpot dumps have one heap
      SCOPED_TRACE(appOnly ? "image and zygote heaps not counted" : "every heap counted");
      for (size_t node = 0; node < dump.ids.size(); ++node) {
        const bool counted = !appOnly || !dump.excludedHeap[node];
        model.bytes[at[node]] = counted ? index->shallowSize(ObjectIndex{at[node]}) : 0;
      }
      const Checked checked = expectMatchesDefinition(*index, graph, model, countedHeaps(*index, appOnly));
      if (!appOnly) {
        total.reachable += checked.reachable;
        total.dominatedByAnObject += checked.dominatedByAnObject;
        unreachable += index->objectCount() - checked.reachable;
      }
    }
  }
  // The seeds cover every case: reachable objects, objects below others, unreachable ones.
  EXPECT_GT(total.reachable, 5000u);
  EXPECT_GT(total.dominatedByAnObject, 1000u);
  EXPECT_GT(unreachable, 1000u);
}

}  // namespace
}  // namespace mxi::core::analysis
