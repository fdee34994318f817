// The instance inspector's core on a heap written by a real JVM (LeakHeap, base variant): field
// values as Java reads them, array elements, a class's statics and instances, and referrers.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/analysis/object_inspection.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::HeapIndex;
using hprof::ObjectIndex;

class ObjectInspectionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    NullProgress progress;
    CancelToken cancel;
    auto index = hprof::openAndIndex(test::fixtureDumpDir() + "/leaks_base.hprof", {}, {}, progress, cancel);
    ASSERT_TRUE(index.ok()) << index.status().toString() << " (the jvm_fixture_dumps test makes the dumps)";
    s_index = *index;
  }
  static void TearDownTestSuite() { s_index.reset(); }

  static const InspectedValue* fieldNamed(const ObjectInspection& o, const std::string& name) {
    for (const auto& f : o.fields) {
      if (f.name == name) return &f;
    }
    return nullptr;
  }

  // The class object of LeakHeap, inspected.
  static ObjectInspection leakHeapClass() {
    const auto cls = s_index->findClass("com.example.leaks.LeakHeap");
    EXPECT_TRUE(cls.has_value());
    return inspectObject(*s_index, s_index->classInfo(*cls).object);
  }

  static std::shared_ptr<const HeapIndex> s_index;
};
std::shared_ptr<const HeapIndex> ObjectInspectionTest::s_index;

TEST_F(ObjectInspectionTest, ClassObjectShowsItsStaticFields) {
  const ObjectInspection c = leakHeapClass();
  EXPECT_EQ(c.kind, hprof::ObjectKind::kClass);
  EXPECT_EQ(c.className, "class com.example.leaks.LeakHeap");
  const InspectedValue* leaked = fieldNamed(c, "sLeakedActivity");
  ASSERT_NE(leaked, nullptr);
  EXPECT_EQ(leaked->type, "Object");
  EXPECT_TRUE(leaked->text.starts_with("com.example.leaks.LeakActivity@0x")) << leaked->text;
  EXPECT_NE(leaked->target, hprof::kNoObject);
  const InspectedValue* session = fieldNamed(c, "sSession");  // only set by the regressed variant
  ASSERT_NE(session, nullptr);
  EXPECT_EQ(session->text, "null");
  EXPECT_EQ(session->target, hprof::kNoObject);
}

TEST_F(ObjectInspectionTest, InstanceFieldsReadAsJavaValuesOwnClassFirst) {
  const ObjectIndex activity = fieldNamed(leakHeapClass(), "sLeakedActivity")->target;
  const ObjectInspection a = inspectObject(*s_index, activity);
  EXPECT_EQ(a.className, "com.example.leaks.LeakActivity");
  // Fields come in the dump's record order, the object's own class before its superclasses.
  auto position = [&](const std::string& name) {
    for (size_t i = 0; i < a.fields.size(); ++i) {
      if (a.fields[i].name == name) return i;
    }
    ADD_FAILURE() << "no field " << name;
    return a.fields.size();
  };
  EXPECT_LT(std::max(position("mTitle"), position("mPayload")),
            std::min(position("mDestroyed"), position("mFinished")));
  const InspectedValue& title = a.fields[position("mTitle")];
  EXPECT_EQ(title.type, "Object");
  EXPECT_TRUE(title.text.starts_with("java.lang.String@0x")) << title.text;
  EXPECT_TRUE(title.text.ends_with(" \"static\"")) << title.text;
  const InspectedValue& payloadField = a.fields[position("mPayload")];
  EXPECT_TRUE(payloadField.text.starts_with("byte[]@0x")) << payloadField.text;
  EXPECT_EQ(a.fields[position("mDestroyed")].type, "boolean");
  EXPECT_EQ(a.fields[position("mDestroyed")].text, "true");
  EXPECT_EQ(a.fields[position("mFinished")].text, "false");

  // The 100,000-byte payload: length, the first 1,000 elements, all zero.
  const ObjectInspection payload = inspectObject(*s_index, payloadField.target);
  EXPECT_EQ(payload.kind, hprof::ObjectKind::kPrimitiveArray);
  ASSERT_TRUE(payload.arrayLength.has_value());
  EXPECT_EQ(*payload.arrayLength, 100'000u);
  ASSERT_EQ(payload.elements.size(), 1000u);
  EXPECT_EQ(payload.elements[999].name, "[999]");
  EXPECT_EQ(payload.elements[999].type, "byte");
  EXPECT_EQ(payload.elements[999].text, "0");

  // The title string itself.
  const ObjectInspection titleString = inspectObject(*s_index, title.target);
  ASSERT_TRUE(titleString.stringValue.has_value());
  EXPECT_EQ(*titleString.stringValue, "static");
}

TEST_F(ObjectInspectionTest, ObjectArrayElementsAndLongFields) {
  const ObjectIndex cached = fieldNamed(leakHeapClass(), "sCached")->target;
  const ObjectInspection array = inspectObject(*s_index, cached);
  EXPECT_EQ(array.className, "com.example.leaks.Cached[]");
  ASSERT_EQ(array.elements.size(), 10u);
  const ObjectInspection third = inspectObject(*s_index, array.elements[3].target);
  ASSERT_EQ(third.fields.size(), 2u);
  const InspectedValue* key = fieldNamed(third, "mKey");
  ASSERT_NE(key, nullptr);
  EXPECT_EQ(key->type, "long");
  EXPECT_EQ(key->text, "3");
  const InspectedValue* value = fieldNamed(third, "mValue");
  ASSERT_NE(value, nullptr);
  EXPECT_EQ(value->type, "int");
  EXPECT_EQ(value->text, "0");
}

TEST_F(ObjectInspectionTest, InstancesOfAClass) {
  CancelToken cancel;
  const auto cls = s_index->findClass("com.example.leaks.Cached");
  ASSERT_TRUE(cls);
  auto all = findInstances(*s_index, *cls, 4, cancel);
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->total, 10u);  // the base variant caches 10
  EXPECT_EQ(all->objects.size(), 4u);
  const auto activities = findInstances(*s_index, *s_index->findClass("com.example.leaks.LeakActivity"), 100, cancel);
  ASSERT_TRUE(activities.ok());
  EXPECT_EQ(activities->total, 7u);  // live static listener queue collection soft focused
}

TEST_F(ObjectInspectionTest, ReferrersNameTheReferenceThatHoldsTheObject) {
  CancelToken cancel;
  const ObjectInspection c = leakHeapClass();
  const ObjectIndex activity = fieldNamed(c, "sLeakedActivity")->target;
  auto referrers = findReferrers(*s_index, activity, 100, cancel);
  ASSERT_TRUE(referrers.ok());
  // LeakHeap.sLeakedActivity (static), the Matrix marker's WeakReference (referent).
  ASSERT_EQ(referrers->total, 2u);
  std::vector<std::string> how;
  for (const Referrer& r : referrers->referrers) {
    how.push_back(std::string(referenceTypeName(r.reference.type)) + " " + r.reference.name);
  }
  std::sort(how.begin(), how.end());
  EXPECT_EQ(how, (std::vector<std::string>{"instanceField referent", "staticField sLeakedActivity"}));

  auto limited = findReferrers(*s_index, activity, 1, cancel);
  ASSERT_TRUE(limited.ok());
  EXPECT_EQ(limited->referrers.size(), 1u);
  EXPECT_EQ(limited->total, 2u);

  CancelToken stop;
  stop.cancel();
  EXPECT_FALSE(findReferrers(*s_index, activity, 1, stop).ok());
}

TEST_F(ObjectInspectionTest, ReferencesDescribeNullMissingAndClassObjects) {
  EXPECT_EQ(describeReference(*s_index, hprof::ObjectId{0}), "null");
  EXPECT_EQ(describeReference(*s_index, hprof::ObjectId{0x10}), "@0x10 (not in dump)");
  const auto cls = s_index->findClass("com.example.leaks.LeakHeap");
  const std::string text = describeReference(*s_index, s_index->classInfo(*cls).id);
  EXPECT_TRUE(text.starts_with("class com.example.leaks.LeakHeap@0x")) << text;
}

}  // namespace
}  // namespace mxi::core::analysis
