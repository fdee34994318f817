// A heap dump written by a real Android device (Dalvik, Android 4.4.2, `JAVA PROFILE 1.0.3`,
// never run through hprof-conv): ../shared/reference/hprof/perflib_dialer.hprof. Every figure
// asserted here is one that Android Studio's perflib tests assert about the same file
// (PROVENANCE.md beside it names the tests).
#include <gtest/gtest.h>

#include <map>

#include "core/analysis/duplicate_values.h"
#include "core/analysis/heap_dominators.h"
#include "core/hprof/heap_index.h"
#include "core/hprof/heap_list.h"
#include "core/hprof/reference_counts.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::ObjectIndex;

class RealDeviceDumpTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (test::referenceDir().empty()) return;
    NullProgress progress;
    auto index =
        hprof::openAndIndex(test::referenceDir() + "/hprof/perflib_dialer.hprof", {}, {}, progress, CancelToken());
    ASSERT_TRUE(index.ok()) << index.status().toString();
    s_index = *index;
  }
  static void TearDownTestSuite() { s_index.reset(); }
  void SetUp() override {
    if (test::referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: no real device dump";
    ASSERT_TRUE(s_index);
  }
  const hprof::HeapIndex& ix() const { return *s_index; }
  ObjectIndex object(uint64_t id) const {
    const auto o = ix().find(hprof::ObjectId{id});
    EXPECT_TRUE(o) << std::hex << id;
    return o.value_or(hprof::kNoObject);
  }
  hprof::ClassIndex cls(const char* name) const {
    const auto c = ix().findClass(name);
    EXPECT_TRUE(c) << name;
    return c.value_or(hprof::kNoClass);
  }
  static inline std::shared_ptr<const hprof::HeapIndex> s_index;
};

TEST_F(RealDeviceDumpTest, RootsAndPerHeapCountsAsPerflibAsserts) {
  EXPECT_EQ(ix().roots().size(), 11'193u);  // thread-object roots included
  EXPECT_EQ(ix().objectCount(), 43'687u);   // classes + instances over all heaps
  // perflib's heap 65 (app): 38 classes, 1,406 instances; heap 90 (zygote): 3,533 and 38,710.
  std::map<std::string, std::pair<uint32_t, uint32_t>> perHeap;  // name → (classes, other objects)
  for (uint32_t i = 0; i < ix().objectCount(); ++i) {
    const ObjectIndex o{i};
    auto& counts = perHeap[ix().heaps()[ix().heapOf(o)].name];
    (ix().kindOf(o) == hprof::ObjectKind::kClass ? counts.first : counts.second)++;
  }
  EXPECT_EQ(perHeap["app"], std::make_pair(38u, 1'406u));
  EXPECT_EQ(perHeap["zygote"], std::make_pair(3'533u, 38'710u));
}

TEST_F(RealDeviceDumpTest, ReachableObjectsAsPerflibsDominatorsTest) {
  const HeapGraph graph(ix());
  NullProgress progress;
  auto dominators = HeapDominators::compute(graph, {}, progress, CancelToken());
  ASSERT_TRUE(dominators.ok()) << dominators.status().toString();
  uint32_t reachable = 0;
  for (uint32_t i = 0; i < ix().objectCount(); ++i) reachable += (*dominators)->isReachable(ObjectIndex{i}) ? 1 : 0;
  EXPECT_EQ(reachable, 42'868u);
}

TEST_F(RealDeviceDumpTest, ArraysAndClassesAsPerflibsParserTest) {
  const auto byteArrays = ix().classTotals(cls("byte[]"), std::nullopt);
  EXPECT_EQ(byteArrays, std::make_pair(uint64_t{1'406}, uint64_t{681'489}));
  EXPECT_EQ(ix().arrayLength(object(0xB0D60401)), 43'224u);
  EXPECT_EQ(ix().classInfo(ix().classOf(object(0xB0D60401))).name, "byte[]");
  EXPECT_EQ(ix().classTotals(cls("int[][]"), std::nullopt).first, 37u);
  EXPECT_EQ(ix().arrayLength(object(0xB0F69F58)), 10u);
  EXPECT_EQ(ix().classTotals(cls("java.lang.String[]"), std::nullopt).first, 1'396u);

  std::vector<std::string> chain;
  for (hprof::ClassIndex c = cls("android.app.Application"); c != hprof::kNoClass; c = ix().classInfo(c).superClass) {
    chain.push_back(ix().classInfo(c).name);
  }
  EXPECT_EQ(chain, (std::vector<std::string>{"android.app.Application", "android.content.ContextWrapper",
                                             "android.content.Context", "java.lang.Object"}));
  EXPECT_EQ(ix().classInfo(cls("android.app.Application")).loaderId, hprof::ObjectId{0});  // the boot loader
  const auto loader = ix().find(ix().classInfo(cls("com.android.dialer.DialerApplication")).loaderId);
  ASSERT_TRUE(loader);
  EXPECT_EQ(ix().classInfo(ix().classOf(*loader)).name, "dalvik.system.PathClassLoader");
  // Five fields each, inherited ones included.
  for (const char* name : {"android.app.Application", "com.android.dialer.DialerApplication"}) {
    size_t fields = 0;
    for (hprof::ClassIndex c = cls(name); c != hprof::kNoClass; c = ix().classInfo(c).superClass) {
      fields += ix().classInfo(c).instanceFields.size();
    }
    EXPECT_EQ(fields, 5u) << name;
  }
}

TEST_F(RealDeviceDumpTest, EnumValuesAsPerflibsParserTest) {
  const auto values = ix().staticField(cls("java.lang.Thread$State"), "$VALUES");
  ASSERT_TRUE(values);
  const ObjectIndex array = object(values->raw);
  ASSERT_EQ(ix().arrayLength(array), 6u);
  const ObjectIndex first = object((*ix().objectArrayElements(array))[0].value);
  const auto name = ix().field(first, "name");
  ASSERT_TRUE(name);
  EXPECT_EQ(ix().stringValue(object(name->raw)), "NEW");
  EXPECT_EQ(ix().field(first, "ordinal")->asInt(), 0);
}

// Dalvik starts every heap segment in `default` and switches at once: the heap exists in the
// index (heap 0) and holds nothing, so no list shows it.
TEST_F(RealDeviceDumpTest, OnlyHeapsHoldingObjectsAreListed) {
  ASSERT_EQ(ix().heaps().size(), 3u);
  EXPECT_EQ(ix().heaps()[0].name, "default");
  EXPECT_EQ(ix().heaps()[0].objects, 0u);
  EXPECT_EQ(hprof::listedHeaps(ix()), (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ(hprof::listedHeapNames(ix()), "zygote, app");
  EXPECT_EQ(ix().heaps()[1].objects, 42'243u);
  EXPECT_EQ(ix().heaps()[2].objects, 1'444u);
}

// docs/HPROF.md "References": the breakdown, counted independently by a script that walks the
// file's records (instance fields of every class in the hierarchy, object-array elements,
// object statics, superclass and loader ids), and the same dump as ahat and Perfetto count it.
TEST_F(RealDeviceDumpTest, ReferencesBrokenDownAndCountedAsAhatAndPerfettoDo) {
  const auto refs = hprof::countReferences(ix());
  EXPECT_EQ(refs.instanceFields, 33'084u);  // + 8,946 null fields, not references
  EXPECT_EQ(refs.arrayElements, 17'537u);   // + 15,586 null elements
  EXPECT_EQ(refs.staticFields, 5'703u);     // + 611 null statics
  EXPECT_EQ(refs.superclasses, 3'561u);     // 3,571 classes; java.lang.Object and 9 others have none
  EXPECT_EQ(refs.classLoaders, 16u);        // the rest are the boot loader's (id 0)
  EXPECT_EQ(refs.danglingInstanceFields, 0u);
  EXPECT_EQ(refs.danglingOther, 0u);
  EXPECT_EQ(refs.total(), 59'901u);
  EXPECT_EQ(ix().stats().references, 59'901u);
  // ahat and Perfetto leave out the 3,561 + 16 class edges: 5.97% fewer than ours.
  EXPECT_EQ(refs.ahat(), 56'324u);
  EXPECT_EQ(refs.perfetto(), 56'324u);
}

// Dalvik's String: char[] value shared by substrings, with offset and count.
TEST_F(RealDeviceDumpTest, StringsReadExactlyIncludingSharedWindowsAndNonAscii) {
  auto text = [&](uint64_t id) { return ix().stringValue(object(id)); };
  EXPECT_EQ(text(0xB0D498C8), "1.2.8");                       // offset 21 of a char[26]
  EXPECT_EQ(text(0xB0D49928), "OpenSSL 1.0.1e 11 Feb 2013");  // offset 24 of a char[50]
  EXPECT_EQ(text(0xB0D49B28), "/sdcard");                     // offset 15 of a char[22]
  EXPECT_EQ(text(0xB0DF1BE0), "∞");                           // ∞
  EXPECT_EQ(text(0xB0DEF2B0), "¤ #,##0.00");
  EXPECT_EQ(text(0xB0DF6F58), "¤#,##0.00;(¤#,##0.00)");

  NullProgress progress;
  const auto duplicates = findDuplicateValues(ix(), {}, progress, CancelToken());
  ASSERT_TRUE(duplicates.ok()) << duplicates.status().toString();
  EXPECT_EQ(duplicates->stringsScanned, 11'556u);
  const DuplicateString* cipher = nullptr;
  for (const auto& d : duplicates->strings) cipher = d.value == "Cipher" ? &d : cipher;
  ASSERT_NE(cipher, nullptr);
  EXPECT_EQ(cipher->copies, 50u);
}

}  // namespace
}  // namespace mxi::core::analysis
