// The engine against heaps written by a real JVM (tests/fixtures/java/android_heap), checked
// against the ground truth the fixture program printed about itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_index.h"
#include "tests/support/test_paths.h"

namespace mxi::core::hprof {
namespace {

struct Loaded {
  std::shared_ptr<const HeapIndex> index;
  nlohmann::json truth;
};

Loaded load(const std::string& name) {
  const std::string dir = test::fixtureDumpDir();
  Loaded l;
  std::ifstream in(dir + "/" + name + ".json");
  EXPECT_TRUE(in) << "missing ground truth in " << dir << " (the jvm_fixture_dumps test makes it)";
  if (!in) return l;
  l.truth = nlohmann::json::parse(in);
  NullProgress progress;
  CancelToken cancel;
  auto index = openAndIndex(dir + "/" + name + ".hprof", {}, {}, progress, cancel);
  EXPECT_TRUE(index.ok()) << index.status().toString();
  if (index.ok()) l.index = *index;
  return l;
}

std::vector<ObjectIndex> instancesOf(const HeapIndex& ix, const std::string& className) {
  std::vector<ObjectIndex> out;
  const auto cls = ix.findClass(className);
  if (!cls) return out;
  for (uint32_t i = 0; i < ix.objectCount(); ++i) {
    if (ix.classOf(ObjectIndex{i}) == *cls && ix.kindOf(ObjectIndex{i}) == ObjectKind::kInstance) {
      out.push_back(ObjectIndex{i});
    }
  }
  return out;
}

std::string stringField(const HeapIndex& ix, ObjectIndex obj, const char* name) {
  const auto v = ix.field(obj, name);
  if (!v || v->raw == 0) return "<null>";
  const auto target = ix.find(v->asObjectId());
  return target ? ix.stringValue(*target).value_or("<not a string>") : "<dangling>";
}

ObjectIndex objectField(const HeapIndex& ix, ObjectIndex obj, const char* name) {
  const auto v = ix.field(obj, name);
  if (!v) return kNoObject;
  return ix.find(v->asObjectId()).value_or(kNoObject);
}

ObjectIndex staticObject(const HeapIndex& ix, const char* cls, const char* name) {
  const auto c = ix.findClass(cls);
  if (!c) return kNoObject;
  const auto v = ix.staticField(*c, name);
  if (!v) return kNoObject;
  return ix.find(v->asObjectId()).value_or(kNoObject);
}

class JvmFixtureTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    m = load(GetParam());
    ASSERT_TRUE(m.index);
  }
  Loaded m;
};

TEST_P(JvmFixtureTest, HeaderAndTotals) {
  const auto& s = m.index->stats();
  EXPECT_EQ(s.format, "JAVA PROFILE 1.0.2");
  EXPECT_EQ(s.idSize, 8u);
  EXPECT_EQ(m.index->objectCount(), s.instances + s.objectArrays + s.primitiveArrays + s.classes);
  ASSERT_EQ(m.index->heaps().size(), 1u);
  EXPECT_EQ(m.index->heaps()[0].name, "default");
  EXPECT_EQ(m.index->heaps()[0].objects, m.index->objectCount());
  EXPECT_TRUE(s.warnings.empty());
}

TEST_P(JvmFixtureTest, ExactInstanceCountsPerClass) {
  for (const auto& [name, count] : m.truth["counts"].items()) {
    const auto cls = m.index->findClass(name);
    ASSERT_TRUE(cls) << name;
    EXPECT_EQ(m.index->classTotals(*cls, std::nullopt).first, count.get<uint64_t>()) << name;
  }
  EXPECT_EQ(instancesOf(*m.index, "com.example.app.MainActivity").size(), 7u);
}

TEST_P(JvmFixtureTest, HistogramAddsUpAndIsSorted) {
  const auto rows = classHistogram(*m.index, std::nullopt);
  uint64_t count = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    count += rows[i].count;
    if (i) {
      EXPECT_GE(rows[i - 1].shallowBytes, rows[i].shallowBytes);
    }
  }
  EXPECT_EQ(count, m.index->objectCount());
  const auto activity = std::find_if(rows.begin(), rows.end(),
                                     [](const auto& r) { return r.className == "com.example.app.MainActivity"; });
  ASSERT_NE(activity, rows.end());
  // Field bytes: Activity (2 booleans, 2 references) + MainActivity (int, long, double, float, char, short, byte).
  EXPECT_EQ(activity->shallowBytes, 7u * (2 + 8 + 8 + 4 + 8 + 8 + 4 + 2 + 2 + 1));
}

TEST_P(JvmFixtureTest, InstanceFieldsOfEveryTypeIncludingSuperclass) {
  std::map<std::string, ObjectIndex> byTitle;
  for (ObjectIndex a : instancesOf(*m.index, "com.example.app.MainActivity")) {
    byTitle[stringField(*m.index, a, "mTitle")] = a;
  }
  ASSERT_EQ(byTitle.size(), 7u);
  for (const auto& t : m.truth["activities"]) {
    const std::string title = t["title"];
    ASSERT_TRUE(byTitle.count(title)) << title;
    const ObjectIndex a = byTitle[title];
    const HeapIndex& ix = *m.index;
    EXPECT_EQ(ix.field(a, "mCounter")->asInt(), t["counter"].get<int>()) << title;
    EXPECT_EQ(ix.field(a, "mStartedAt")->asLong(), t["startedAt"].get<int64_t>()) << title;
    EXPECT_DOUBLE_EQ(ix.field(a, "mRatio")->asDouble(), t["ratio"].get<double>()) << title;
    EXPECT_FLOAT_EQ(static_cast<float>(ix.field(a, "mScale")->asDouble()), t["scale"].get<float>()) << title;
    EXPECT_EQ(ix.field(a, "mInitial")->asInt(), t["initial"].get<int>()) << title;
    EXPECT_EQ(ix.field(a, "mShort")->asInt(), t["short"].get<int>()) << title;
    EXPECT_EQ(ix.field(a, "mByte")->asInt(), t["byte"].get<int>()) << title;
    EXPECT_EQ(ix.field(a, "mDestroyed")->asBool(), t["destroyed"].get<bool>()) << title;
    EXPECT_EQ(ix.field(a, "mFinished")->asBool(), t["finished"].get<bool>()) << title;
    EXPECT_FALSE(ix.field(a, "noSuchField"));
  }
}

TEST_P(JvmFixtureTest, ReferencesOfKnownHoldersAreExact) {
  const HeapIndex& ix = *m.index;
  const ObjectIndex array = staticObject(ix, "com.example.app.AndroidHeap", "sActivities");
  ASSERT_NE(array, kNoObject);
  EXPECT_EQ(ix.kindOf(array), ObjectKind::kObjectArray);
  EXPECT_EQ(ix.classInfo(ix.classOf(array)).name, "com.example.app.MainActivity[]");
  const auto activities = instancesOf(ix, "com.example.app.MainActivity");
  const auto refs = ix.references(array);
  EXPECT_EQ(std::set<ObjectIndex>(refs.begin(), refs.end()),
            std::set<ObjectIndex>(activities.begin(), activities.end()));
  EXPECT_EQ(refs.size(), 7u);

  for (ObjectIndex a : activities) {
    std::set<ObjectIndex> expected{objectField(ix, a, "mTitle")};
    if (ObjectIndex decor = objectField(ix, a, "mDecor"); decor != kNoObject) {
      expected.insert(decor);
      EXPECT_EQ(stringField(ix, a, "mTitle"), "activity-0");
      EXPECT_EQ(objectField(ix, decor, "mContext"), a);
    }
    const auto out = ix.references(a);
    EXPECT_EQ(std::set<ObjectIndex>(out.begin(), out.end()), expected);
  }
}

TEST_P(JvmFixtureTest, BitmapsAndTheirPixelBuffers) {
  const HeapIndex& ix = *m.index;
  std::map<int64_t, ObjectIndex> byPtr;
  for (ObjectIndex b : instancesOf(ix, "android.graphics.Bitmap")) byPtr[ix.field(b, "mNativePtr")->asLong()] = b;
  ASSERT_EQ(byPtr.size(), 5u);
  for (const auto& t : m.truth["bitmaps"]) {
    const ObjectIndex b = byPtr.at(t["nativePtr"].get<int64_t>());
    EXPECT_EQ(ix.field(b, "mWidth")->asInt(), t["width"].get<int>());
    EXPECT_EQ(ix.field(b, "mHeight")->asInt(), t["height"].get<int>());
    const ObjectIndex buffer = objectField(ix, b, "mBuffer");
    ASSERT_NE(buffer, kNoObject);
    const auto pixels = ix.primitiveArray(buffer);
    ASSERT_TRUE(pixels);
    EXPECT_EQ(pixels->elementType, BasicType::kByte);
    ASSERT_EQ(pixels->length, t["bufferLength"].get<uint32_t>());
    EXPECT_EQ(ix.shallowSize(buffer), pixels->length);
    const int seed = t["seed"];
    for (uint32_t k = 0; k < pixels->length; ++k) {
      ASSERT_EQ(pixels->bytes[k], static_cast<uint8_t>(k * 7 + static_cast<uint32_t>(seed))) << k;
    }
  }
}

TEST_P(JvmFixtureTest, StringsInEveryCoder) {
  const HeapIndex& ix = *m.index;
  const ObjectIndex array = staticObject(ix, "com.example.app.AndroidHeap", "sStrings");
  ASSERT_NE(array, kNoObject);
  const auto elements = ix.objectArrayElements(array);
  ASSERT_TRUE(elements);
  const auto& expected = m.truth["strings"];
  ASSERT_EQ(elements->size(), expected.size());
  for (size_t i = 0; i < elements->size(); ++i) {
    const auto s = ix.find((*elements)[i]);
    ASSERT_TRUE(s);
    EXPECT_EQ(ix.stringValue(*s).value_or("<none>"), expected[i].get<std::string>()) << i;
  }
  EXPECT_FALSE(ix.stringValue(array));  // not a String
}

TEST_P(JvmFixtureTest, PrimitiveArraysOfEveryType) {
  const HeapIndex& ix = *m.index;
  const ObjectIndex holder = staticObject(ix, "com.example.app.AndroidHeap", "sPrimitives");
  ASSERT_NE(holder, kNoObject);
  const auto elements = ix.objectArrayElements(holder);
  ASSERT_TRUE(elements);
  ASSERT_EQ(elements->size(), 8u);
  auto array = [&](size_t i) { return *ix.primitiveArray(*ix.find((*elements)[i])); };
  auto be = [](std::span<const uint8_t> b, size_t at, size_t n) {
    uint64_t v = 0;
    for (size_t k = 0; k < n; ++k) v = (v << 8) | b[at + k];
    return v;
  };
  EXPECT_EQ(array(0).elementType, BasicType::kBoolean);
  EXPECT_EQ(std::vector<uint8_t>(array(0).bytes.begin(), array(0).bytes.end()), (std::vector<uint8_t>{1, 0, 1}));
  EXPECT_EQ(array(1).elementType, BasicType::kChar);
  EXPECT_EQ(be(array(1).bytes, 0, 2), uint64_t{'a'});
  EXPECT_EQ(be(array(1).bytes, 2, 2), 0xDFu);
  EXPECT_EQ(be(array(1).bytes, 4, 2), 0x2713u);
  EXPECT_EQ(array(2).elementType, BasicType::kFloat);
  EXPECT_EQ(be(array(2).bytes, 0, 4), 0x3FC00000u);  // 1.5f
  EXPECT_EQ(array(3).elementType, BasicType::kDouble);
  EXPECT_EQ(be(array(3).bytes, 8, 8), 0xBFE0000000000000u);  // -0.5
  EXPECT_EQ(array(4).elementType, BasicType::kByte);
  EXPECT_EQ(array(4).bytes[1], 0xFE);
  EXPECT_EQ(array(5).elementType, BasicType::kShort);
  EXPECT_EQ(be(array(5).bytes, 0, 2), 0xFED4u);  // -300
  EXPECT_EQ(array(6).elementType, BasicType::kInt);
  EXPECT_EQ(be(array(6).bytes, 8, 4), 0x7FFFFFFFu);
  EXPECT_EQ(array(7).elementType, BasicType::kLong);
  EXPECT_EQ(be(array(7).bytes, 0, 8), 0x8000000000000000u);
  EXPECT_EQ(ix.shallowSize(*ix.find((*elements)[7])), 16u);
}

TEST_P(JvmFixtureTest, WeakReferencesAndMatrixLeakCanaryMarkers) {
  const HeapIndex& ix = *m.index;
  std::map<std::string, std::string> referentByKey;
  for (ObjectIndex d : instancesOf(ix, "com.tencent.matrix.resource.analyzer.model.DestroyedActivityInfo")) {
    EXPECT_EQ(stringField(ix, d, "mActivityName"), "com.example.app.MainActivity");
    const ObjectIndex ref = objectField(ix, d, "mActivityRef");
    ASSERT_NE(ref, kNoObject);
    referentByKey[stringField(ix, d, "mKey")] = stringField(ix, objectField(ix, ref, "referent"), "mTitle");
  }
  EXPECT_EQ(referentByKey, (std::map<std::string, std::string>{{"key-0", "activity-0"}, {"key-2", "activity-2"}}));

  const auto keyed = instancesOf(ix, "leakcanary.KeyedWeakReference");
  ASSERT_EQ(keyed.size(), 1u);
  const ObjectIndex k = keyed[0];
  EXPECT_EQ(stringField(ix, k, "key"), "lc-key-4");
  EXPECT_EQ(stringField(ix, k, "description"), "com.example.app.MainActivity received Activity#onDestroy() callback");
  EXPECT_EQ(ix.field(k, "watchUptimeMillis")->asLong(), 1234);
  EXPECT_EQ(ix.field(k, "retainedUptimeMillis")->asLong(), 5678);
  EXPECT_EQ(stringField(ix, objectField(ix, k, "referent"), "mTitle"), "activity-4");  // inherited field
  EXPECT_TRUE(ix.isSubclassOf(ix.classOf(k), *ix.findClass("java.lang.ref.Reference")));
}

TEST_P(JvmFixtureTest, ThreadsRootsAndFrameLocals) {
  const HeapIndex& ix = *m.index;
  std::map<std::string, const ThreadInfo*> threads;
  for (const ThreadInfo& t : ix.threads()) threads[t.name] = &t;
  ASSERT_TRUE(threads.count("main"));
  for (int w = 0; w < 2; ++w) {
    const std::string name = "mxi-worker-" + std::to_string(w + 1);
    ASSERT_TRUE(threads.count(name)) << name;
    const ThreadInfo& t = *threads[name];
    ASSERT_FALSE(t.frames.empty());
    EXPECT_TRUE(std::any_of(t.frames.begin(), t.frames.end(), [](const std::string& f) {
      return f.find("com.example.app.AndroidHeap.lambda$main$") == 0 &&
             f.find("(AndroidHeap.java:") != std::string::npos;
    })) << t.frames.front();
    // The thread object is a root, and the activity held in the lambda's local is a Java-frame root of that thread.
    bool threadRoot = false, localRoot = false;
    for (const GcRoot& r : ix.roots()) {
      if (r.kind == RootKind::kThreadObject && r.threadSerial == t.serial) {
        threadRoot = r.object != kNoObject && r.id == t.objectId;
      }
      if (r.kind == RootKind::kJavaFrame && r.threadSerial == t.serial && r.object != kNoObject &&
          ix.classOf(r.object) == *ix.findClass("com.example.app.MainActivity")) {
        localRoot = stringField(ix, r.object, "mTitle") == "activity-" + std::to_string(5 + w);
        EXPECT_LT(r.frame, t.frames.size());
      }
    }
    EXPECT_TRUE(threadRoot) << name;
    EXPECT_TRUE(localRoot) << name;
  }
  std::map<RootKind, int> kinds;
  for (const GcRoot& r : ix.roots()) kinds[r.kind]++;
  EXPECT_GT(kinds[RootKind::kStickyClass], 100);
  EXPECT_GT(kinds[RootKind::kThreadObject], 2);
}

INSTANTIATE_TEST_SUITE_P(Dumps, JvmFixtureTest, ::testing::Values("android_heap", "android_heap_utf16"));

}  // namespace
}  // namespace mxi::core::hprof
