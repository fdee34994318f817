// ART dumps as ART writes them (issue 31, part 4), on dumps written by HprofWriter:
// - java.lang.String in every layout Android has used (compressed byte[] values, the VM's
//   flagged `count` from ART builds before 2017, char[] values with non-ASCII text), read by
//   HeapIndex::stringValue and grouped by the duplicate-string finder;
// - ART's object header (shadow$_klass_, `$class$shadow$_klass_`) never a step of a leak chain;
// - what "References" counts, and the same references as ahat and Perfetto count them;
// - heaps without objects left out of every list.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/analysis/duplicate_values.h"
#include "core/analysis/heap_graph.h"
#include "core/analysis/leak_analysis.h"
#include "core/analysis/leak_trace_text.h"
#include "core/hprof/heap_list.h"
#include "core/hprof/reference_counts.h"
#include "tests/support/hprof_writer.h"

namespace mxi::core::analysis {
namespace {

using hprof::HeapIndex;
using hprof::ObjectId;
using hprof::ObjectIndex;
using test::FieldData;
using test::HprofWriter;
using test::kBool;
using test::kByte;
using test::kChar;
using test::kInt;
using test::kObj;

std::vector<uint8_t> ascii(std::string_view s) { return {s.begin(), s.end()}; }
std::vector<uint8_t> utf16be(const std::u16string& s) {
  std::vector<uint8_t> out;
  for (const char16_t c : s) {
    out.push_back(static_cast<uint8_t>(c >> 8));
    out.push_back(static_cast<uint8_t>(c));
  }
  return out;
}

// The index reads `bytes` in place: they must outlive it.
std::shared_ptr<const HeapIndex> indexOf(const std::vector<uint8_t>& bytes) {
  NullProgress progress;
  auto ix = HeapIndex::build(hprof::DumpSource::fromMemory(bytes, "art"), {}, progress, CancelToken());
  EXPECT_TRUE(ix.ok()) << ix.status().toString();
  return ix.ok() ? *ix : nullptr;
}

// java.lang.Object as ART exports it: the object header as two instance fields.
constexpr uint64_t kObjectClass = 0x70000100, kClassClass = 0x70000200, kStringClass = 0x70000300,
                   kByteArrayClass = 0x70000400, kCharArrayClass = 0x70000500;

// --- Strings ---------------------------------------------------------------------------------

struct StringSample {
  std::vector<uint8_t> bytes;
  // Android 8+ (count stripped of its flag by ART's writer).
  uint64_t compressed = 0x12c00100, compressedCopy = 0x12c00200, utf16 = 0x12c00300, utf16Copy = 0x12c00400,
           empty = 0x12c00500;
  // ART builds before the 2017 fix: the VM's flagged count, compressed bytes packed into char[].
  uint64_t flaggedBytes = 0x12c00600, flaggedPackedOdd = 0x12c00700, flaggedPackedEven = 0x12c00800,
           flaggedUtf16 = 0x12c00900;
};

StringSample buildStringSample() {
  HprofWriter w(4);
  StringSample s;
  const uint64_t fKlass = w.string("shadow$_klass_"), fMonitor = w.string("shadow$_monitor_"),
                 fCount = w.string("count"), fHash = w.string("hash"), fValue = w.string("value");
  w.loadClass(1, kObjectClass, 0, w.string("java.lang.Object"));
  w.loadClass(2, kClassClass, 0, w.string("java.lang.Class"));
  w.loadClass(3, kStringClass, 0, w.string("java.lang.String"));
  w.loadClass(4, kByteArrayClass, 0, w.string("byte[]"));
  w.loadClass(5, kCharArrayClass, 0, w.string("char[]"));
  test::HeapSegment seg = w.segment();
  seg.heapInfo('A', w.string("app"))
      .classDump(kObjectClass, 0, 0, 8, {}, {{fKlass, kObj}, {fMonitor, kInt}})
      .classDump(kClassClass, kObjectClass, 0, 0, {}, {})
      .classDump(kStringClass, kObjectClass, 0, 16, {}, {{fCount, kInt}, {fHash, kInt}, {fValue, kObj}})
      .classDump(kByteArrayClass, kObjectClass, 0, 0, {}, {})
      .classDump(kCharArrayClass, kObjectClass, 0, 0, {}, {});
  // A String instance: its own fields, then java.lang.Object's header.
  auto string = [&](uint64_t id, uint32_t count, uint64_t value) {
    seg.instance(id, kStringClass, FieldData(4).i4(count).i4(0).id(value).id(kStringClass).i4(0).bytes());
  };
  string(s.compressed, 10, s.compressed + 0x10);
  seg.primitiveArray(s.compressed + 0x10, kByte, 10, ascii("compressed"));
  string(s.compressedCopy, 10, s.compressedCopy + 0x10);
  seg.primitiveArray(s.compressedCopy + 0x10, kByte, 10, ascii("compressed"));
  const std::u16string text = u"Gr\u00fc\u00dfe \u2713 \U0001F600";  // 10 UTF-16 units
  string(s.utf16, 10, s.utf16 + 0x10);
  seg.primitiveArray(s.utf16 + 0x10, kChar, 10, utf16be(text));
  string(s.utf16Copy, 10, s.utf16Copy + 0x10);
  seg.primitiveArray(s.utf16Copy + 0x10, kChar, 10, utf16be(text));
  string(s.empty, 0, s.empty + 8);  // ART: an empty string's value is the address of its data
  seg.primitiveArray(s.empty + 8, kByte, 0, {});
  string(s.flaggedBytes, (4 << 1) | 0, s.flaggedBytes + 0x10);
  seg.primitiveArray(s.flaggedBytes + 0x10, kByte, 4, ascii("abcd"));
  // "hello" compressed, packed as ⌈5/2⌉ chars with one leading pad byte.
  string(s.flaggedPackedOdd, (5 << 1) | 0, s.flaggedPackedOdd + 0x10);
  seg.primitiveArray(s.flaggedPackedOdd + 0x10, kChar, 3, {0, 'h', 'e', 'l', 'l', 'o'});
  string(s.flaggedPackedEven, (4 << 1) | 0, s.flaggedPackedEven + 0x10);
  seg.primitiveArray(s.flaggedPackedEven + 0x10, kChar, 2, ascii("byte"));
  string(s.flaggedUtf16, (3 << 1) | 1, s.flaggedUtf16 + 0x10);
  seg.primitiveArray(s.flaggedUtf16 + 0x10, kChar, 3, utf16be(u"\u00e4\u20acx"));
  w.heapDump(seg);
  w.heapDumpEnd();
  s.bytes = w.bytes();
  return s;
}

TEST(ArtDumpsTest, StringsInEveryArtLayoutReadExactly) {
  const StringSample s = buildStringSample();
  const auto ix = indexOf(s.bytes);
  ASSERT_TRUE(ix);
  auto text = [&](uint64_t id) { return ix->stringValue(*ix->find(ObjectId{id})); };
  EXPECT_EQ(text(s.compressed), "compressed");
  EXPECT_EQ(text(s.utf16), "Gr\u00fc\u00dfe \u2713 \U0001F600");
  EXPECT_EQ(text(s.empty), "");
  EXPECT_EQ(text(s.flaggedBytes), "abcd");
  EXPECT_EQ(text(s.flaggedPackedOdd), "hello");
  EXPECT_EQ(text(s.flaggedPackedEven), "byte");
  EXPECT_EQ(text(s.flaggedUtf16), "\u00e4\u20acx");
  // Not a String: no value.
  EXPECT_EQ(ix->stringValue(*ix->find(ObjectId{s.compressed + 0x10})), std::nullopt);
}

TEST(ArtDumpsTest, DuplicateStringsGroupCompressedAndUtf16Copies) {
  const StringSample s = buildStringSample();
  const auto ix = indexOf(s.bytes);
  ASSERT_TRUE(ix);
  NullProgress progress;
  const auto report = findDuplicateValues(*ix, {}, progress, CancelToken());
  ASSERT_TRUE(report.ok()) << report.status().toString();
  EXPECT_EQ(report->stringsScanned, 9u);
  ASSERT_EQ(report->strings.size(), 2u);
  // Sorted by wasted bytes: the UTF-16 pair wastes a 16-byte String + a 20-byte char[].
  EXPECT_EQ(report->strings[0].value, "Gr\u00fc\u00dfe \u2713 \U0001F600");
  EXPECT_EQ(report->strings[0].copies, 2u);
  EXPECT_EQ(report->strings[0].wastedBytes, 16u + 20u);
  EXPECT_EQ(report->strings[1].value, "compressed");
  EXPECT_EQ(report->strings[1].copies, 2u);
  EXPECT_EQ(report->strings[1].wastedBytes, 16u + 10u);
}

// --- ART's object header and the references count --------------------------------------------

struct HeaderSample {
  std::vector<uint8_t> bytes;
  uint64_t loaderClass = 0x70000600, objectArrayClass = 0x70000700, activityClass = 0x70000800;
  uint64_t leakActivityClass = 0x12c00100, holderClass = 0x12c00200;
  uint64_t loader = 0x12c01000, internals = 0x12c01100, holder = 0x12c01200, activity = 0x12c01300;
  uint64_t missingElement = 0x12cfff00, missingField = 0x12cfff10;  // ids of objects not in the dump
};

// The leaking activity is held twice: by Holder.sLeaked, where Holder's class is reachable
// from a JNI global through an instance of Holder (shadow$_klass_, two steps to the activity)
// and through the class loader's runtimeInternalObjects (three steps). Only the second is a
// chain anyone can read.
HeaderSample buildHeaderSample() {
  HprofWriter w(4);
  HeaderSample s;
  const uint64_t fKlass = w.string("shadow$_klass_"), fMonitor = w.string("shadow$_monitor_"),
                 sKlass = w.string("$class$shadow$_klass_"), sMonitor = w.string("$class$shadow$_monitor_"),
                 fInternals = w.string("runtimeInternalObjects"), fDestroyed = w.string("mDestroyed"),
                 fFinished = w.string("mFinished"), sLeaked = w.string("sLeaked"), fMissing = w.string("mMissing");
  uint32_t serial = 1;
  for (const auto& [id, name] :
       std::vector<std::pair<uint64_t, const char*>>{{kObjectClass, "java.lang.Object"},
                                                     {kClassClass, "java.lang.Class"},
                                                     {s.loaderClass, "dalvik.system.PathClassLoader"},
                                                     {s.objectArrayClass, "java.lang.Object[]"},
                                                     {s.activityClass, "android.app.Activity"},
                                                     {s.leakActivityClass, "com.example.LeakActivity"},
                                                     {s.holderClass, "com.example.Holder"}}) {
    w.loadClass(serial++, id, 0, w.string(name));
  }
  test::HeapSegment seg = w.segment();
  for (const uint64_t boot : {kObjectClass, kClassClass, s.loaderClass, s.objectArrayClass, s.activityClass}) {
    seg.simpleRoot(0x05, boot);
  }
  seg.jniGlobal(s.holder, 0x9000).jniGlobal(s.loader, 0x9004);
  seg.heapInfo('A', w.string("app"))
      .classDump(kObjectClass, 0, 0, 8, {}, {{fKlass, kObj}, {fMonitor, kInt}})
      .classDump(kClassClass, kObjectClass, 0, 0, {}, {})
      .classDump(s.loaderClass, kObjectClass, 0, 12, {}, {{fInternals, kObj}})
      .classDump(s.objectArrayClass, kObjectClass, 0, 0, {}, {})
      .classDump(s.activityClass, kObjectClass, 0, 10, {}, {{fDestroyed, kBool}, {fFinished, kBool}})
      .classDump(s.leakActivityClass, s.activityClass, s.loader, 10, {}, {})
      .classDump(s.holderClass, kObjectClass, s.loader, 12,
                 {{sLeaked, kObj, s.activity}, {sKlass, kObj, kClassClass}, {sMonitor, kInt, 0}}, {{fMissing, kObj}})
      .instance(s.loader, s.loaderClass, FieldData(4).id(s.internals).id(s.loaderClass).i4(0).bytes())
      .objectArray(s.internals, s.objectArrayClass, {s.holderClass, s.leakActivityClass, 0, s.missingElement})
      .instance(s.holder, s.holderClass, FieldData(4).id(s.missingField).id(s.holderClass).i4(0).bytes())
      .instance(s.activity, s.leakActivityClass, FieldData(4).i1(1).i1(1).id(s.leakActivityClass).i4(0).bytes());
  w.heapDump(seg);
  w.heapDumpEnd();
  s.bytes = w.bytes();
  return s;
}

TEST(ArtDumpsTest, ShadowKlassIsNeverAStepOfALeakChain) {
  const HeaderSample s = buildHeaderSample();
  const auto ix = indexOf(s.bytes);
  ASSERT_TRUE(ix);
  const ObjectIndex holder = *ix->find(ObjectId{s.holder}), holderClass = *ix->find(ObjectId{s.holderClass});
  // The index keeps the header's edges (they are references the dump holds)…
  const auto holderRefs = ix->references(holder);
  EXPECT_EQ(std::vector<ObjectIndex>(holderRefs.begin(), holderRefs.end()), std::vector<ObjectIndex>{holderClass});
  // …the graph the analyses walk does not.
  const HeapGraph graph(*ix);
  EXPECT_TRUE(graph.successors(holder.value).empty());
  EXPECT_TRUE(graph.dropsClassEdge(holder.value));
  ASSERT_EQ(graph.successors(holderClass.value).size(), 4u);  // sLeaked, $class$shadow$_klass_, super, loader
  EXPECT_EQ(graph.successors(holderClass.value)[1], ix->find(ObjectId{kClassClass})->value);
  EXPECT_EQ(graph.skippedSuccessor(holderClass.value), 1u);

  LeakOptions options;
  NullProgress progress;
  const auto report = analyzeLeaks(*ix, options, progress, CancelToken());
  ASSERT_TRUE(report.ok()) << report.status().toString();
  ASSERT_EQ(report->leaks.size(), 1u);
  std::vector<std::pair<std::string, std::string>> chain;
  for (const ChainNode& node : report->leaks[0].chain) chain.emplace_back(node.className, node.reference.name);
  EXPECT_EQ(chain, (std::vector<std::pair<std::string, std::string>>{{"dalvik.system.PathClassLoader", "JNI global"},
                                                                     {"java.lang.Object[]", "runtimeInternalObjects"},
                                                                     {"com.example.Holder", "[0]"},
                                                                     {"com.example.LeakActivity", "sLeaked"}}));
  EXPECT_EQ(leakTraceText(report->leaks[0].chain).find("shadow$"), std::string::npos);
}

TEST(ArtDumpsTest, ReferencesCountedOursAhatsAndPerfettosWay) {
  const HeaderSample s = buildHeaderSample();
  const auto ix = indexOf(s.bytes);
  ASSERT_TRUE(ix);
  const auto refs = hprof::countReferences(*ix);
  // loader: runtimeInternalObjects + shadow$_klass_; holder: shadow$_klass_ (mMissing dangles);
  // activity: shadow$_klass_.
  EXPECT_EQ(refs.instanceFields, 4u);
  EXPECT_EQ(refs.arrayElements, 2u);  // Holder, LeakActivity (a null and a dangling id are not edges)
  EXPECT_EQ(refs.staticFields, 2u);   // sLeaked, $class$shadow$_klass_
  EXPECT_EQ(refs.superclasses, 6u);   // every class but java.lang.Object
  EXPECT_EQ(refs.classLoaders, 2u);   // LeakActivity and Holder: the PathClassLoader
  EXPECT_EQ(refs.danglingInstanceFields, 1u);
  EXPECT_EQ(refs.danglingOther, 1u);
  EXPECT_EQ(refs.total(), 16u);
  EXPECT_EQ(refs.total(), ix->stats().references);
  EXPECT_EQ(ix->stats().danglingReferences, 2u);
  EXPECT_EQ(refs.ahat(), 8u);
  EXPECT_EQ(refs.perfetto(), 9u);  // Perfetto keeps Holder.mMissing (owned_id NULL)
}

TEST(ArtDumpsTest, EmptyDefaultHeapIsNotListed) {
  const HeaderSample s = buildHeaderSample();
  const auto ix = indexOf(s.bytes);
  ASSERT_TRUE(ix);
  // Roots come before the first HEAP_DUMP_INFO, so `default` exists, holding no object.
  ASSERT_EQ(ix->heaps().size(), 2u);
  EXPECT_EQ(ix->heaps()[0].name, "default");
  EXPECT_EQ(ix->heaps()[0].objects, 0u);
  EXPECT_EQ(hprof::listedHeaps(*ix), std::vector<uint8_t>{1});
  EXPECT_EQ(hprof::listedHeapNames(*ix), "app");
}

}  // namespace
}  // namespace mxi::core::analysis
