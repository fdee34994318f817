// The four kinds of known reference (docs/LEAKS.md) on small Android-shaped heaps: a leak held
// only through a matched reference is a library leak, one also held by app code is an app leak
// reported with the app's path, an ignored reference is never a leak's path, and the built-in
// matchers apply by the dump's SDK version and manufacturer.
#include <gtest/gtest.h>

#include "core/analysis/leak_analysis.h"
#include "tests/support/small_android_heap.h"

namespace mxi::core::analysis {
namespace {

using test::kBool;
using test::kObj;

// Destroyed activities held by a Binder stub that native code keeps (a JNI global reference).
struct BinderHeap {
  explicit BinderHeap(int sdk = 0, const std::string& manufacturer = {}) : heap(sdk, manufacturer) {
    heap.declareClass("android.content.Context", "", {});
    heap.declareClass("android.app.Activity", "android.content.Context", {{"mDestroyed", kBool}, {"mFinished", kBool}});
    heap.declareClass("com.example.app.CheckoutActivity", "android.app.Activity", {});
    heap.declareClass("android.os.Binder", "", {});
    heap.declareClass("com.example.app.PaymentCallback", "android.os.Binder", {{"mActivity", kObj}});
    heap.declareClass("com.example.app.Session", "", {}, {"sCurrent"});
  }
  uint64_t destroyedActivity() { return heap.newInstance("com.example.app.CheckoutActivity", {{"mDestroyed", 1}}); }
  test::SmallAndroidHeap heap;
};

LeakReport analyze(const hprof::HeapIndex& index, std::vector<KnownReference> patterns) {
  LeakOptions options;
  options.knownReferences = std::move(patterns);
  options.retainedSizes = false;
  NullProgress progress;
  auto report = analyzeLeaks(index, options, progress, CancelToken());
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return report.ok() ? std::move(*report) : LeakReport{};
}

std::vector<KnownReference> withBuiltins(std::string_view json) {
  std::vector<KnownReference> all = builtinKnownReferences();
  auto added = parseKnownReferences(json);
  EXPECT_TRUE(added.ok()) << added.status().toString();
  if (added.ok()) all.insert(all.end(), added->begin(), added->end());
  return all;
}

// "Owner.name" of each reference after the GC root.
std::vector<std::string> path(const Leak& leak) {
  std::vector<std::string> out;
  for (size_t i = 1; i < leak.chain.size(); ++i)
    out.push_back(leak.chain[i].reference.owner + "." + leak.chain[i].reference.name);
  return out;
}

constexpr std::string_view kBinderMatcher =
    R"([{"kind": "nativeGlobal", "className": "android.os.Binder",
         "description": "A Binder stub stays referenced from native code while a remote process holds it."}])";

TEST(ReferenceMatchersTest, NativeGlobalBinderMakesALibraryLeakUnlessTheAppAlsoHoldsIt) {
  BinderHeap b;
  const uint64_t onlyBinder = b.destroyedActivity(), alsoStatic = b.destroyedActivity();
  b.heap.jniGlobal(b.heap.newInstance("com.example.app.PaymentCallback", {{"mActivity", onlyBinder}}));
  b.heap.jniGlobal(b.heap.newInstance("com.example.app.PaymentCallback", {{"mActivity", alsoStatic}}));
  b.heap.setStatic("com.example.app.Session", "sCurrent", alsoStatic);
  const auto index = b.heap.index();
  ASSERT_TRUE(index);

  // Without the matcher both are the app's (the Binder path is the shortest for the first).
  const LeakReport plain = analyze(*index, builtinKnownReferences());
  EXPECT_EQ(plain.leaks.size(), 2u);
  EXPECT_TRUE(plain.libraryLeaks.empty());

  const LeakReport r = analyze(*index, withBuiltins(kBinderMatcher));
  ASSERT_EQ(r.libraryLeaks.size(), 1u);
  const Leak& library = r.libraryLeaks[0];
  EXPECT_EQ(library.leakingObjectIds, std::vector<hprof::ObjectId>{hprof::ObjectId{onlyBinder}});
  EXPECT_EQ(library.chain.front().className, "com.example.app.PaymentCallback");
  EXPECT_EQ(library.chain.front().reference.name, "JNI global");
  EXPECT_EQ(path(library), std::vector<std::string>{"com.example.app.PaymentCallback.mActivity"});
  const KnownReference& p = r.knownReferences[static_cast<size_t>(library.pattern)];
  EXPECT_EQ(p.kind, KnownReference::Kind::kNativeGlobal);
  EXPECT_EQ(knownReferenceText(p), "a JNI global reference to android.os.Binder");

  ASSERT_EQ(r.leaks.size(), 1u);  // also held by the app's own static field: the app's leak, by that path
  EXPECT_EQ(r.leaks[0].leakingObjectIds, std::vector<hprof::ObjectId>{hprof::ObjectId{alsoStatic}});
  EXPECT_EQ(path(r.leaks[0]), std::vector<std::string>{"com.example.app.Session.sCurrent"});
  EXPECT_EQ(r.leaks[0].pattern, -1);
}

TEST(ReferenceMatchersTest, JavaLocalOfANamedThread) {
  BinderHeap b;
  const uint64_t held = b.destroyedActivity();
  b.heap.thread("payment-worker", {held});
  const auto index = b.heap.index();
  ASSERT_TRUE(index);
  const LeakReport library =
      analyze(*index, withBuiltins(R"([{"kind": "javaLocal", "threadName": "payment-worker"}])"));
  ASSERT_EQ(library.libraryLeaks.size(), 1u);
  EXPECT_EQ(library.libraryLeaks[0].chain.front().rootThread, "payment-worker");
  EXPECT_EQ(knownReferenceText(library.knownReferences[static_cast<size_t>(library.libraryLeaks[0].pattern)]),
            "a local variable of thread payment-worker");
  // Ignored: the local is never a leak's path, so nothing else holding it, it is no leak.
  const LeakReport ignored =
      analyze(*index, withBuiltins(R"([{"kind": "javaLocal", "threadName": "payment-worker", "type": "ignored"}])"));
  EXPECT_TRUE(ignored.leaks.empty());
  EXPECT_TRUE(ignored.libraryLeaks.empty());
  EXPECT_EQ(ignored.notStronglyReachable, 1u);
  // Another thread's local is not matched.
  const LeakReport other = analyze(*index, withBuiltins(R"([{"kind": "javaLocal", "threadName": "ui"}])"));
  EXPECT_EQ(other.leaks.size(), 1u);
}

TEST(ReferenceMatchersTest, IgnoredFieldIsNeverAPath) {
  BinderHeap b;
  const uint64_t activity = b.destroyedActivity();
  b.heap.setStatic("com.example.app.Session", "sCurrent", activity);
  const auto index = b.heap.index();
  ASSERT_TRUE(index);
  EXPECT_EQ(analyze(*index, withBuiltins(R"([{"kind": "staticField", "className": "com.example.app.Session",
                                               "fieldName": "sCurrent"}])"))
                .libraryLeaks.size(),
            1u);
  const LeakReport ignored =
      analyze(*index, withBuiltins(R"([{"kind": "staticField", "className": "com.example.app.Session",
                                                                "fieldName": "sCurrent", "type": "ignored"}])"));
  EXPECT_TRUE(ignored.leaks.empty() && ignored.libraryLeaks.empty());
  EXPECT_EQ(ignored.notStronglyReachable, 1u);
}

TEST(ReferenceMatchersTest, BuiltinsApplyByTheDumpsSdkAndManufacturer) {
  // TextLine.sCached: a known leak up to Android 5.1 (SDK 22), fixed after.
  auto leakThroughTextLine = [](int sdk) {
    BinderHeap b(sdk, "Google");
    b.heap.declareClass("android.text.TextLine", "", {}, {"sCached"});
    b.heap.setStatic("android.text.TextLine", "sCached", b.destroyedActivity());
    return b.heap.index();
  };
  const auto lollipop = leakThroughTextLine(22), pie = leakThroughTextLine(28);
  ASSERT_TRUE(lollipop && pie);
  EXPECT_EQ(readAndroidBuild(*lollipop).sdk, 22);
  EXPECT_EQ(readAndroidBuild(*lollipop).manufacturer, "Google");
  EXPECT_EQ(analyze(*lollipop, builtinKnownReferences()).libraryLeaks.size(), 1u);
  EXPECT_EQ(analyze(*pie, builtinKnownReferences()).leaks.size(), 1u);

  // A Samsung-only reference applies to Samsung's dumps only (any case).
  auto leakThroughClipboard = [](const std::string& manufacturer) {
    BinderHeap b(24, manufacturer);
    b.heap.declareClass("com.samsung.android.content.clipboard.SemClipboardManager", "", {{"mContext", kObj}});
    b.heap.setStatic("com.example.app.Session", "sCurrent",
                     b.heap.newInstance("com.samsung.android.content.clipboard.SemClipboardManager",
                                        {{"mContext", b.destroyedActivity()}}));
    return b.heap.index();
  };
  EXPECT_EQ(analyze(*leakThroughClipboard("samsung"), builtinKnownReferences()).libraryLeaks.size(), 1u);
  EXPECT_EQ(analyze(*leakThroughClipboard("SAMSUNG"), builtinKnownReferences()).libraryLeaks.size(), 1u);
  EXPECT_EQ(analyze(*leakThroughClipboard("Google"), builtinKnownReferences()).libraryLeaks.size(), 0u);
}

TEST(ReferenceMatchersTest, MatcherFileErrorsSayWhatIsMissing) {
  EXPECT_EQ(parseKnownReferences(R"([{"kind": "nativeGlobal"}])").status().message(),
            "known references: entry 0: nativeGlobal needs className");
  EXPECT_EQ(parseKnownReferences(R"([{"kind": "javaLocal", "className": "x"}])").status().message(),
            "known references: entry 0: javaLocal needs threadName");
  EXPECT_EQ(parseKnownReferences(R"([{"kind": "staticField", "className": "a.B", "fieldName": "c", "type": "x"}])")
                .status()
                .message(),
            "known references: entry 0: type must be library or ignored");
  EXPECT_EQ(parseKnownReferences(R"([{"kind": "weakField"}])").status().message(),
            "known references: entry 0: kind must be instanceField, staticField, javaLocal or nativeGlobal");
  auto parsed =
      parseKnownReferences(R"([{"kind": "instanceField", "className": "a.B", "fieldName": "c", "maxSdk": 28}])");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ((*parsed)[0].type, KnownReference::Type::kLibrary);
  EXPECT_EQ((*parsed)[0].maxSdk, 28);
}

}  // namespace
}  // namespace mxi::core::analysis
