// Android (ART) dumps written by our test writer: every record and sub-record kind, heaps,
// Android root kinds, compressed and UTF-16 strings, and agreement with AOSP's hprof-conv.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "core/hprof/heap_index.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::core::hprof {
namespace {

std::shared_ptr<const HeapIndex> indexOf(const std::vector<uint8_t>& bytes) {
  NullProgress progress;
  CancelToken cancel;
  auto ix = HeapIndex::build(DumpSource::fromMemory(bytes, "art-sample"), {}, progress, cancel);
  EXPECT_TRUE(ix.ok()) << ix.status().toString();
  return ix.ok() ? *ix : nullptr;
}

ObjectIndex at(const HeapIndex& ix, uint64_t id) {
  const auto o = ix.find(ObjectId{id});
  EXPECT_TRUE(o) << std::hex << id;
  return o.value_or(kNoObject);
}

class ArtFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    s = test::buildArtSample();
    ix = indexOf(s.bytes);
    ASSERT_TRUE(ix);
  }
  test::ArtSample s;
  std::shared_ptr<const HeapIndex> ix;
};

TEST_F(ArtFormatTest, HeaderCountsAndEveryRecordKind) {
  const auto& st = ix->stats();
  EXPECT_EQ(st.format, "JAVA PROFILE 1.0.3");
  EXPECT_EQ(st.idSize, 4u);
  EXPECT_EQ(st.timestampMs, 1700000000123u);
  EXPECT_EQ(st.classes, 10u);
  EXPECT_EQ(st.instances, 8u);
  EXPECT_EQ(st.objectArrays, 1u);
  EXPECT_EQ(st.primitiveArrays, 7u);
  EXPECT_EQ(st.primitiveArraysWithoutData, 1u);
  EXPECT_EQ(ix->objectCount(), 26u);
  for (uint8_t tag : {0x02, 0x03, 0x05, 0x06, 0x07, 0x0A, 0x0B, 0x0D, 0x0E, 0x2C}) {
    EXPECT_GE(st.recordCounts[tag], 1u) << "tag " << int{tag};
  }
  EXPECT_EQ(st.recordCounts[0x04], 2u);
  EXPECT_EQ(st.recordCounts[0x1C], 2u);
  EXPECT_EQ(st.loadClassRecords, 10u);
  EXPECT_TRUE(st.warnings.empty());
  EXPECT_EQ(st.danglingReferences, 0u);
}

TEST_F(ArtFormatTest, EveryRootKindWithItsObjectAndThread) {
  std::map<RootKind, std::vector<const GcRoot*>> byKind;
  for (const GcRoot& r : ix->roots()) byKind[r.kind].push_back(&r);
  const std::map<RootKind, uint64_t> expected = {{RootKind::kUnknown, s.title1},
                                                 {RootKind::kJniGlobal, s.activities},
                                                 {RootKind::kJniLocal, s.bitmap},
                                                 {RootKind::kJavaFrame, s.activity1},
                                                 {RootKind::kNativeStack, s.title2},
                                                 {RootKind::kStickyClass, s.stringClass},
                                                 {RootKind::kThreadBlock, s.threadObject},
                                                 {RootKind::kMonitorUsed, s.activity2},
                                                 {RootKind::kThreadObject, s.threadObject},
                                                 {RootKind::kInternedString, s.zygoteString},
                                                 {RootKind::kFinalizing, s.activity2},
                                                 {RootKind::kDebugger, s.bitmapBuffer},
                                                 {RootKind::kReferenceCleanup, s.title2Value},
                                                 {RootKind::kVmInternal, s.objectClass},
                                                 {RootKind::kJniMonitor, s.activity1},
                                                 {RootKind::kUnreachable, s.noDataInts}};
  EXPECT_EQ(ix->roots().size(), expected.size());
  for (const auto& [kind, id] : expected) {
    ASSERT_EQ(byKind[kind].size(), 1u) << rootKindName(kind);
    const GcRoot& r = *byKind[kind][0];
    EXPECT_EQ(r.id.value, id) << rootKindName(kind);
    EXPECT_EQ(r.object, at(*ix, id)) << rootKindName(kind);
    EXPECT_EQ(r.heap, 0) << "roots precede HEAP_DUMP_INFO, so they are in the default heap";
  }
  EXPECT_EQ(byKind[RootKind::kJavaFrame][0]->threadSerial, 1u);
  EXPECT_EQ(byKind[RootKind::kJavaFrame][0]->frame, 0u);
  EXPECT_EQ(byKind[RootKind::kJniMonitor][0]->threadSerial, 1u);
  EXPECT_EQ(byKind[RootKind::kNativeStack][0]->threadSerial, 1u);
  EXPECT_EQ(byKind[RootKind::kJniGlobal][0]->threadSerial, 0u);
  EXPECT_FALSE(isStrongRoot(RootKind::kUnreachable));
}

TEST_F(ArtFormatTest, HeapAttribution) {
  ASSERT_EQ(ix->heaps().size(), 4u);
  std::map<std::string, const HeapInfo*> heaps;
  for (const HeapInfo& h : ix->heaps()) heaps[h.name] = &h;
  EXPECT_EQ(heaps["default"]->objects, 0u);
  EXPECT_EQ(heaps["image"]->objects, 9u);
  EXPECT_EQ(heaps["image"]->id, uint32_t{'I'});
  EXPECT_EQ(heaps["zygote"]->objects, 2u);
  EXPECT_EQ(heaps["app"]->objects, 15u);
  EXPECT_EQ(heaps["app"]->id, uint32_t{'A'});
  EXPECT_EQ(ix->heapOf(at(*ix, s.activity1)), *ix->findHeap("app"));
  EXPECT_EQ(ix->heapOf(at(*ix, s.zygoteString)), *ix->findHeap("zygote"));
  EXPECT_EQ(ix->heapOf(at(*ix, s.stringClass)), *ix->findHeap("image"));
  const auto main = ix->findClass("com.example.MainActivity");
  ASSERT_TRUE(main);
  EXPECT_EQ(ix->classTotals(*main, ix->findHeap("app")), (std::pair<uint64_t, uint64_t>{2, 36}));
  EXPECT_EQ(ix->classTotals(*main, ix->findHeap("image")), (std::pair<uint64_t, uint64_t>{0, 0}));
}

TEST_F(ArtFormatTest, ClassesFieldsAndStatics) {
  const auto main = ix->findClass("com.example.MainActivity");
  ASSERT_TRUE(main);
  const ClassInfo& info = ix->classInfo(*main);
  EXPECT_EQ(info.superClass, *ix->findClass("android.app.Activity"));
  EXPECT_EQ(info.instanceSize, 18u);
  EXPECT_EQ(info.fieldBytes, 4u + 1 + 1 + 4);
  EXPECT_EQ(info.referenceOffsets, (std::vector<uint32_t>{6}));
  EXPECT_TRUE(ix->isSubclassOf(*main, *ix->findClass("java.lang.Object")));
  EXPECT_EQ(ix->staticField(*main, "sCount")->asInt(), 2);
  EXPECT_EQ(ix->staticField(*main, "sInstance")->asObjectId().value, s.activity1);

  const ObjectIndex a1 = at(*ix, s.activity1), a2 = at(*ix, s.activity2);
  EXPECT_EQ(ix->field(a1, "mCounter")->asInt(), 7);
  EXPECT_EQ(ix->field(a2, "mCounter")->asInt(), -10);
  EXPECT_TRUE(ix->field(a1, "mDestroyed")->asBool());
  EXPECT_FALSE(ix->field(a1, "mFinished")->asBool());
  EXPECT_TRUE(ix->field(a2, "mFinished")->asBool());
  EXPECT_EQ(ix->shallowSize(a1), 18u);
  const auto fields = ix->fields(a1);
  ASSERT_EQ(fields.size(), 4u);
  EXPECT_EQ(fields[0].first.name, "mCounter");
  EXPECT_EQ(fields[3].first.name, "mTitle");

  // The class object references its statics (incl. ART's $classOverhead byte[]), super and loader.
  const ObjectIndex mainObject = info.object;
  ASSERT_NE(mainObject, kNoObject);
  EXPECT_EQ(ix->kindOf(mainObject), ObjectKind::kClass);
  EXPECT_EQ(ix->classForObject(mainObject), main);
  const auto refs = ix->references(mainObject);
  EXPECT_EQ(std::set<ObjectIndex>(refs.begin(), refs.end()),
            (std::set<ObjectIndex>{a1, at(*ix, s.classOverhead), at(*ix, s.activityClass)}));
}

TEST_F(ArtFormatTest, StringsArraysAndBitmap) {
  EXPECT_EQ(ix->stringValue(at(*ix, s.title1)), "main-1");
  EXPECT_EQ(ix->stringValue(at(*ix, s.title2)), "m\xc3\xa4in-2 \xe2\x9c\x93");
  EXPECT_EQ(ix->stringValue(at(*ix, s.zygoteString)), "zygote");
  const auto noData = ix->primitiveArray(at(*ix, s.noDataInts));
  ASSERT_TRUE(noData);
  EXPECT_FALSE(noData->hasData);
  EXPECT_EQ(noData->length, 5u);
  EXPECT_EQ(noData->elementType, BasicType::kInt);
  EXPECT_EQ(ix->shallowSize(at(*ix, s.noDataInts)), 20u);
  EXPECT_EQ(ix->classInfo(ix->classOf(at(*ix, s.noDataInts))).name, "int[]");  // synthetic class
  const ObjectIndex bmp = at(*ix, s.bitmap);
  EXPECT_EQ(ix->field(bmp, "mNativePtr")->asLong(), 0xDEADBEEF);
  const auto pixels = ix->primitiveArray(at(*ix, s.bitmapBuffer));
  ASSERT_TRUE(pixels);
  EXPECT_EQ(pixels->bytes.size(), 16u);
  EXPECT_EQ(pixels->bytes[15], 8);
  const auto elements = ix->objectArrayElements(at(*ix, s.activities));
  ASSERT_TRUE(elements);
  EXPECT_EQ(*elements, (std::vector<ObjectId>{ObjectId{s.activity1}, ObjectId{0}, ObjectId{s.activity2}}));
  EXPECT_EQ(ix->references(at(*ix, s.activities)).size(), 2u);
}

TEST_F(ArtFormatTest, ThreadsFromStartThreadAndTraces) {
  ASSERT_EQ(ix->threads().size(), 1u);
  const ThreadInfo& t = ix->threads()[0];
  EXPECT_EQ(t.serial, 1u);
  EXPECT_EQ(t.name, "main");
  EXPECT_EQ(t.objectId.value, s.threadObject);
  EXPECT_EQ(t.frames, (std::vector<std::string>{"com.example.MainActivity.onCreate(MainActivity.java:42)",
                                                "com.example.MainActivity.nativePollOnce(Native Method)"}));
  EXPECT_EQ(ix->threadBySerial(1), &t);
}

TEST(OldStringLayoutTest, CharArrayWithOffsetAndCount) {
  const auto sample = test::buildOldStringSample();
  const auto ix = indexOf(sample.bytes);
  ASSERT_TRUE(ix);
  EXPECT_EQ(ix->stringValue(at(*ix, sample.hello)), "hello");
  EXPECT_EQ(ix->stringValue(at(*ix, sample.llo)), "llo");
}

// --- AOSP hprof-conv (Debian package hprof-conv) ---------------------------------------------

const char* kHprofConv = "/usr/lib/android-sdk/platform-tools/hprof-conv";

std::vector<uint8_t> convert(const std::vector<uint8_t>& in, const std::string& name, int& exitCode) {
  const auto dir = test::scratchDir("hprof-conv-" + name);
  const auto src = dir / "in.hprof", dst = dir / "out.hprof";
  std::ofstream(src, std::ios::binary)
      .write(reinterpret_cast<const char*>(in.data()), static_cast<std::streamsize>(in.size()));
  exitCode = test::runProgram({kHprofConv, src.string(), dst.string()}).exitCode;
  const std::string out = test::readFile(dst);
  return {out.begin(), out.end()};
}

// hprof-conv turns the obsolete PRIMITIVE_ARRAY_NODATA (0xC3) into a PRIMITIVE_ARRAY_DUMP
// without adding the elements, so its output is malformed; every other record converts.
TEST(HprofConvTest, AcceptsOurAndroidDumpAndAgreesOnEveryObject) {
  ASSERT_TRUE(std::filesystem::exists(kHprofConv)) << "hprof-conv missing: scripts/setup.sh installs it";
  test::ArtSampleOptions options;
  options.noDataArray = false;
  const auto s = test::buildArtSample(options);
  int rc = -1;
  const auto converted = convert(s.bytes, "full", rc);
  ASSERT_EQ(rc, 0);
  ASSERT_FALSE(converted.empty());
  const auto in = indexOf(s.bytes);
  const auto out = indexOf(converted);
  ASSERT_TRUE(in && out);
  EXPECT_EQ(out->stats().format, "JAVA PROFILE 1.0.2");
  EXPECT_EQ(out->idSize(), 4u);
  // Same objects with the same classes, sizes, references and values.
  ASSERT_EQ(out->objectCount(), in->objectCount());
  for (uint32_t i = 0; i < in->objectCount(); ++i) {
    const ObjectIndex a{i};
    const auto b = out->find(in->idOf(a));
    ASSERT_TRUE(b) << std::hex << in->idOf(a).value;
    EXPECT_EQ(out->kindOf(*b), in->kindOf(a));
    EXPECT_EQ(out->classInfo(out->classOf(*b)).name, in->classInfo(in->classOf(a)).name);
    EXPECT_EQ(out->references(*b).size(), in->references(a).size());
    if (in->kindOf(a) == ObjectKind::kInstance) {
      EXPECT_EQ(out->stringValue(*b), in->stringValue(a));
      const auto fa = in->fields(a), fb = out->fields(*b);
      ASSERT_EQ(fa.size(), fb.size());
      for (size_t k = 0; k < fa.size(); ++k) EXPECT_EQ(fa[k].second.raw, fb[k].second.raw) << fa[k].first.name;
    }
  }
  EXPECT_EQ(out->stringValue(at(*out, s.title2)), "m\xc3\xa4in-2 \xe2\x9c\x93");
  // Every root survives (hprof-conv maps Android-only kinds onto standard ones).
  std::multiset<uint64_t> rootsIn, rootsOut;
  for (const GcRoot& r : in->roots()) rootsIn.insert(r.id.value);
  for (const GcRoot& r : out->roots()) rootsOut.insert(r.id.value);
  EXPECT_EQ(rootsIn, rootsOut);
}

TEST(HprofConvTest, ItsNoDataArrayOutputIsRejectedWithTheOffset) {
  ASSERT_TRUE(std::filesystem::exists(kHprofConv));
  int rc = -1;
  const auto converted = convert(test::buildArtSample().bytes, "nodata", rc);
  ASSERT_EQ(rc, 0);
  NullProgress progress;
  CancelToken cancel;
  auto ix = HeapIndex::build(DumpSource::fromMemory(converted, "converted"), {}, progress, cancel);
  ASSERT_FALSE(ix.ok());
  EXPECT_EQ(ix.status().code(), StatusCode::kInvalidInput);
  EXPECT_TRUE(ix.status().hasOffset());
  EXPECT_NE(ix.status().message().find("PRIMITIVE_ARRAY_DUMP"), std::string::npos) << ix.status().toString();
}

}  // namespace
}  // namespace mxi::core::hprof
