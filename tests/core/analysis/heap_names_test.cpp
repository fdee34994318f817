// A ProGuard-minified program's real JVM dump (tests/fixtures/minified) renamed by its real
// mapping.txt in the index: classes and array classes by source name (findClass too), fields
// declared in a superclass and static fields, thread frames retraced; the dump's names kept for
// hints; a second mapping replaces the first; a bad mapping file names its line.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "core/analysis/heap_names.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::ClassIndex;
using hprof::HeapIndex;
using hprof::ObjectIndex;

std::shared_ptr<HeapIndex> indexOf(const std::string& build) {
  NullProgress progress;
  CancelToken cancel;
  auto index = hprof::openAndIndex(test::minifiedFile(build, ".hprof"), {}, {}, progress, cancel);
  EXPECT_TRUE(index.ok()) << index.status().toString() << " (the minified_fixture_dumps test makes the dumps)";
  return index.ok() ? *index : nullptr;
}

std::shared_ptr<const mapping::R8Mapping> mappingOf(const std::string& build) {
  auto mapping = loadMappingFile(test::minifiedFile(build, ".mapping.txt"));
  EXPECT_TRUE(mapping.ok()) << mapping.status().toString();
  return mapping.ok() ? *mapping : nullptr;
}

std::vector<ObjectIndex> instancesOf(const HeapIndex& ix, ClassIndex cls) {
  std::vector<ObjectIndex> out;
  for (uint32_t o = 0; o < ix.objectCount(); ++o) {
    if (ix.kindOf(ObjectIndex{o}) == hprof::ObjectKind::kInstance && ix.classOf(ObjectIndex{o}) == cls) {
      out.push_back(ObjectIndex{o});
    }
  }
  return out;
}

std::string stringField(const HeapIndex& ix, ObjectIndex object, std::string_view name) {
  const auto v = ix.field(object, name);
  if (!v) return "<no field>";
  const auto target = ix.find(v->asObjectId());
  return target ? ix.stringValue(*target).value_or("<not a string>") : "<null>";
}

std::vector<std::string> names(const std::vector<hprof::FieldInfo>& fields) {
  std::vector<std::string> out;
  for (const auto& f : fields) out.emplace_back(f.name);
  return out;
}

class HeapNamesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveMinifiedFixture()) GTEST_SKIP() << test::kNoMinifiedFixture;
    m_index = indexOf("1.2");
    m_mapping = mappingOf("1.2");
    ASSERT_TRUE(m_index && m_mapping);
  }
  std::shared_ptr<HeapIndex> m_index;
  std::shared_ptr<const mapping::R8Mapping> m_mapping;
};

TEST_F(HeapNamesTest, WithoutAMappingTheDumpShowsMinifiedNames) {
  EXPECT_TRUE(m_index->findClass("com.example.shop.e").has_value());  // ListenerRegistry
  EXPECT_FALSE(m_index->findClass("com.example.shop.ListenerRegistry").has_value());
  EXPECT_EQ(m_index->stats().renamed.classes, 0u);
}

TEST_F(HeapNamesTest, ClassesAndArrayClassesAreFoundByTheirSourceNames) {
  const hprof::NameStats renamed = applyMapping(*m_index, *m_mapping);
  EXPECT_EQ(renamed.classes, 11u);
  EXPECT_EQ(m_index->stats().renamed.classes, 11u);

  const auto registry = m_index->findClass("com.example.shop.ListenerRegistry");
  ASSERT_TRUE(registry.has_value());
  EXPECT_EQ(m_index->classInfo(*registry).dumpName, "com.example.shop.e");
  EXPECT_FALSE(m_index->findClass("com.example.shop.e").has_value());

  const auto listeners = m_index->findClass("com.example.shop.PriceListener[]");
  ASSERT_TRUE(listeners.has_value());
  EXPECT_EQ(m_index->classInfo(*listeners).dumpName, "com.example.shop.f[]");
  const auto items = m_index->findClass("com.example.shop.CartItem[]");
  ASSERT_TRUE(items.has_value());
  EXPECT_EQ(m_index->classInfo(*items).dumpName, "com.example.shop.c[]");

  const auto watcher = m_index->findClass("com.example.shop.CheckoutActivity$PriceWatcher");
  ASSERT_TRUE(watcher.has_value());
  EXPECT_EQ(m_index->classInfo(*watcher).dumpName, "com.example.shop.CheckoutActivity$a");
  EXPECT_EQ(names(m_index->classInfo(*watcher).instanceFields), (std::vector<std::string>{"this$0", "mLastPrice"}));

  // Kept by name (as AAPT keeps a manifest's activity): no hint, but its fields are renamed.
  const auto checkout = m_index->findClass("com.example.shop.CheckoutActivity");
  ASSERT_TRUE(checkout.has_value());
  EXPECT_EQ(m_index->classInfo(*checkout).dumpName, "");
  // Library classes (the framework) keep their names.
  const auto activity = m_index->findClass("android.app.Activity");
  ASSERT_TRUE(activity.has_value());
  EXPECT_EQ(m_index->classInfo(*activity).dumpName, "");
  EXPECT_EQ(names(m_index->classInfo(*activity).instanceFields), (std::vector<std::string>{"mFinished", "mDestroyed"}));
}

TEST_F(HeapNamesTest, InheritedAndStaticFieldsReadBySourceNames) {
  applyMapping(*m_index, *m_mapping);
  const auto checkout = m_index->findClass("com.example.shop.CheckoutActivity");
  const auto base = m_index->findClass("com.example.shop.BaseActivity");
  ASSERT_TRUE(checkout && base);
  const auto& info = m_index->classInfo(*checkout);
  EXPECT_EQ(info.superClass, *base);
  // HotSpot writes a class's fields last declared first.
  EXPECT_EQ(names(info.instanceFields), (std::vector<std::string>{"mWatcher", "mReceiptImage"}));
  ASSERT_EQ(info.instanceFields.size(), 2u);
  EXPECT_EQ(info.instanceFields[0].dumpName, "e");
  EXPECT_EQ(info.instanceFields[1].dumpName, "d");
  EXPECT_EQ(names(m_index->classInfo(*base).instanceFields), (std::vector<std::string>{"mCart", "mScreenName"}));
  ASSERT_EQ(info.staticFields.size(), 1u);
  EXPECT_EQ(info.staticFields[0].name, "sCreatedCount");
  EXPECT_EQ(info.staticFields[0].dumpName, "c");
  const auto created = m_index->staticField(*checkout, "sCreatedCount");
  ASSERT_TRUE(created.has_value());
  EXPECT_EQ(created->asInt(), 2);

  // Fields declared in the renamed superclass, read through an instance of the kept subclass.
  std::vector<std::string> screens;
  for (ObjectIndex o : instancesOf(*m_index, *checkout)) screens.push_back(stringField(*m_index, o, "mScreenName"));
  std::sort(screens.begin(), screens.end());
  EXPECT_EQ(screens, (std::vector<std::string>{"checkout-leaked", "checkout-live"}));

  const auto registry = m_index->findClass("com.example.shop.ListenerRegistry");
  ASSERT_TRUE(registry.has_value());
  const auto instance = m_index->staticField(*registry, "sInstance");
  ASSERT_TRUE(instance.has_value());
  const auto object = m_index->find(instance->asObjectId());
  ASSERT_TRUE(object.has_value());
  EXPECT_EQ(m_index->classInfo(m_index->classOf(*object)).name, "com.example.shop.ListenerRegistry");
  EXPECT_EQ(m_index->field(*object, "mCount")->asInt(), 1);
}

TEST_F(HeapNamesTest, ThreadFramesAreRetraced) {
  auto frames = [&]() {
    for (const auto& t : m_index->threads()) {
      if (t.name == "shop-sync") return t.frames;
    }
    return std::vector<std::string>{};
  };
  const std::vector<std::string> before = frames();
  ASSERT_GE(before.size(), 3u);
  const hprof::NameStats renamed = applyMapping(*m_index, *m_mapping);
  EXPECT_EQ(renamed.frames, 3u);  // and the main thread's ShopApp.main (its source file)
  const std::vector<std::string> after = frames();
  ASSERT_EQ(after.size(), before.size());
  // Outermost last: Thread.run ← SyncWorker.run ← SyncWorker.waitForWork ← Thread.sleep.
  const size_t n = after.size();
  EXPECT_EQ(before[n - 3], "com.example.shop.h.a(SourceFile:15)");
  EXPECT_EQ(after[n - 3], "com.example.shop.SyncWorker.waitForWork(SyncWorker.java:15)");
  EXPECT_EQ(before[n - 2], "com.example.shop.h.run(SourceFile:9)");
  EXPECT_EQ(after[n - 2], "com.example.shop.SyncWorker.run(SyncWorker.java:9)");
  EXPECT_EQ(after[n - 1], before[n - 1]);
}

TEST_F(HeapNamesTest, ASecondMappingReplacesTheFirst) {
  const auto other = mappingOf("1.3");  // another build's: renames only what happens to match
  ASSERT_TRUE(other);
  applyMapping(*m_index, *other);
  const hprof::NameStats renamed = applyMapping(*m_index, *m_mapping);
  EXPECT_EQ(renamed.classes, 11u);
  const auto checkout = m_index->findClass("com.example.shop.CheckoutActivity");
  ASSERT_TRUE(checkout.has_value());
  EXPECT_EQ(names(m_index->classInfo(*checkout).instanceFields),
            (std::vector<std::string>{"mWatcher", "mReceiptImage"}));
  EXPECT_TRUE(m_index->findClass("com.example.shop.ListenerRegistry").has_value());
}

TEST_F(HeapNamesTest, HeapNamesFromKeepsTheMappingAlive) {
  auto mapper = heapNamesFrom(mappingOf("1.2"));
  ASSERT_NE(mapper, nullptr);
  EXPECT_EQ(mapper->className("com.example.shop.b[][]").value_or(""), "com.example.shop.Cart[][]");
  EXPECT_EQ(mapper->fieldName("com.example.shop.b", "c").value_or(""), "mCurrency");
  EXPECT_FALSE(mapper->className("java.lang.String").has_value());
  EXPECT_EQ(heapNamesFrom(nullptr), nullptr);
  EXPECT_EQ(m_index->applyNames(*mapper).classes, 11u);
}

TEST(HeapNamesFileTest, ABadMappingNamesFileLineAndByte) {
  const auto dir = test::scratchDir("heap_names_bad_mapping");
  const std::string path = (dir / "mapping.txt").string();
  std::ofstream(path) << "com.example.A -> a:\n    int x -> y\nthis is not a mapping line\n";
  const auto mapping = loadMappingFile(path);
  ASSERT_FALSE(mapping.ok());
  EXPECT_TRUE(mapping.status().message().starts_with(path + ": line 3")) << mapping.status().toString();
  EXPECT_EQ(mapping.status().offset(), 35u);
  const auto missing = loadMappingFile((dir / "absent.txt").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), (dir / "absent.txt").string() + ": cannot read");
}

}  // namespace
}  // namespace mxi::core::analysis
