// Leak analysis on heaps written by a real JVM (tests/fixtures/java/leaks/LeakHeap.java): the
// planted leaks are found with their exact chains, statuses, suspects and signatures; what is
// not a leak is not reported; retained sizes match a brute-force recomputation; the diff of the
// base and regressed variants reports exactly the planted regression.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>

#include <nlohmann/json.hpp>

#include "core/analysis/heap_diff.h"
#include "core/analysis/leak_analysis.h"
#include "tests/support/test_paths.h"

namespace mxi::core::analysis {
namespace {

using hprof::HeapIndex;
using hprof::ObjectIndex;

std::shared_ptr<const HeapIndex> open(const std::string& name) {
  NullProgress progress;
  CancelToken cancel;
  auto index = hprof::openAndIndex(test::fixtureDumpDir() + "/" + name + ".hprof", {}, {}, progress, cancel);
  EXPECT_TRUE(index.ok()) << index.status().toString() << " (the jvm_fixture_dumps test makes the dumps)";
  return index.ok() ? *index : nullptr;
}

LeakReport analyze(const HeapIndex& index, const LeakOptions& options = {}) {
  NullProgress progress;
  CancelToken cancel;
  auto report = analyzeLeaks(index, options, progress, cancel);
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return report.ok() ? std::move(*report) : LeakReport{};
}

// "Owner.name" of every reference from the LeakHeap class on (the JVM's own path to the
// application class, through its launcher, is not ours to pin).
std::vector<std::string> appPath(const Leak& leak) {
  std::vector<std::string> out;
  bool started = false;
  for (const ChainNode& node : leak.chain) {
    if (node.className == "com.example.leaks.LeakHeap" || node.reference.type == ReferenceName::Type::kRoot) {
      if (node.className == "com.example.leaks.LeakHeap") out.clear();
      started = true;
    } else if (started) {
      out.push_back(node.reference.owner + "." + node.reference.name);
    }
  }
  return out;
}

std::string leakingTitle(const HeapIndex& index, const Leak& leak) {
  const auto object = index.find(leak.chain.back().objectId);
  if (!object) return "";
  const auto title = index.field(*object, "mTitle");
  if (!title || title->raw == 0) return "";
  return index.stringValue(*index.find(title->asObjectId())).value_or("");
}

const Leak* findLeak(const HeapIndex& index, const std::vector<Leak>& leaks, const std::string& title) {
  for (const Leak& l : leaks) {
    if (leakingTitle(index, l) == title) return &l;
  }
  return nullptr;
}

const Leak* findByClass(const std::vector<Leak>& leaks, const std::string& className) {
  for (const Leak& l : leaks) {
    if (l.className == className) return &l;
  }
  return nullptr;
}

std::vector<std::string> statuses(const Leak& leak) {
  std::vector<std::string> out;
  for (const ChainNode& n : leak.chain) out.emplace_back(leakingStatusName(n.status));
  return out;
}

class LeakFixtureTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    s_base = open("leaks_base");
    s_regressed = open("leaks_regressed");
    if (s_base) s_baseReport = new LeakReport(analyze(*s_base));
  }
  static void TearDownTestSuite() {
    delete s_baseReport;
    s_base.reset();
    s_regressed.reset();
  }
  void SetUp() override { ASSERT_TRUE(s_base && s_regressed && s_baseReport); }
  static std::shared_ptr<const HeapIndex> s_base, s_regressed;
  static LeakReport* s_baseReport;
};
std::shared_ptr<const HeapIndex> LeakFixtureTest::s_base, LeakFixtureTest::s_regressed;
LeakReport* LeakFixtureTest::s_baseReport = nullptr;

TEST_F(LeakFixtureTest, FindsExactlyThePlantedLeaks) {
  const LeakReport& r = *s_baseReport;
  // 4 activities (static, listener, queue, collection), fragment, dialog, view model.
  ASSERT_EQ(r.leaks.size(), 7u);
  ASSERT_EQ(r.libraryLeaks.size(), 1u);
  // Candidates: 6 destroyed activities ("soft" too) + fragment, dialog, view model, root view.
  EXPECT_EQ(r.candidates, 10u);
  EXPECT_EQ(r.notStronglyReachable, 1u);   // the softly reachable activity is no leak
  EXPECT_EQ(r.heldThroughOtherLeaks, 1u);  // the "focused" activity, held only through its root view
  EXPECT_EQ(findLeak(*s_base, r.leaks, "soft"), nullptr);
  EXPECT_EQ(findLeak(*s_base, r.leaks, "live"), nullptr);
  for (const Leak& l : r.leaks) EXPECT_EQ(l.leakingObjectIds.size(), 1u) << l.className;
}

TEST_F(LeakFixtureTest, StaticFieldLeakChain) {
  const Leak* l = findLeak(*s_base, s_baseReport->leaks, "static");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->finder, "matrix");
  EXPECT_EQ(l->key, "leak-key-1");
  EXPECT_EQ(l->description, "com.example.leaks.LeakActivity");
  EXPECT_EQ(appPath(*l), (std::vector<std::string>{"com.example.leaks.LeakHeap.sLeakedActivity"}));
  EXPECT_EQ(l->chain.back().className, "com.example.leaks.LeakActivity");
  EXPECT_EQ(l->chain.back().status, LeakingStatus::kYes);
  const ChainNode& holder = l->chain[l->chain.size() - 2];
  EXPECT_EQ(holder.className, "com.example.leaks.LeakHeap");
  EXPECT_EQ(holder.status, LeakingStatus::kNo);
  EXPECT_EQ(holder.reason, "a class is never leaking");
  EXPECT_EQ(l->chain.back().reference.type, ReferenceName::Type::kStaticField);
  EXPECT_TRUE(l->chain.back().suspect);
  EXPECT_FALSE(holder.suspect);
  EXPECT_EQ(l->chain.front().reference.type, ReferenceName::Type::kRoot);
}

TEST_F(LeakFixtureTest, AnonymousListenerLeakChain) {
  const Leak* l = findLeak(*s_base, s_baseReport->leaks, "listener");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->finder, "android");
  EXPECT_EQ(appPath(*l), (std::vector<std::string>{"com.example.leaks.LeakHeap.sListener",
                                                   "com.example.leaks.LeakActivity$1.this$0"}));
  EXPECT_EQ(l->chain[l->chain.size() - 2].className, "com.example.leaks.LeakActivity$1");
  EXPECT_EQ(l->chain[l->chain.size() - 2].status, LeakingStatus::kUnknown);
  EXPECT_EQ(l->chain.back().reason, "Activity#mDestroyed is true");
}

TEST_F(LeakFixtureTest, ThreadHeldMessageQueueLeakChain) {
  const Leak* l = findLeak(*s_base, s_baseReport->leaks, "queue");
  ASSERT_NE(l, nullptr);
  std::vector<std::string> classes, refs;
  for (const ChainNode& n : l->chain) {
    classes.push_back(n.className);
    refs.push_back(n.reference.name);
  }
  EXPECT_EQ(classes,
            (std::vector<std::string>{"android.os.HandlerThread", "android.os.Looper", "android.os.MessageQueue",
                                      "android.os.Message", "android.os.Message",
                                      "com.example.leaks.LeakActivity$PendingTask", "com.example.leaks.LeakActivity"}));
  EXPECT_EQ(refs, (std::vector<std::string>{"thread object", "mLooper", "mQueue", "mMessages", "next", "callback",
                                            "this$0"}));
  EXPECT_EQ(l->chain.front().rootThread, "mxi-handler");
  EXPECT_EQ(statuses(*l),
            (std::vector<std::string>{"NO", "UNKNOWN", "UNKNOWN", "UNKNOWN", "UNKNOWN", "UNKNOWN", "YES"}));
  // Every reference after the running thread is a suspect.
  for (size_t i = 0; i < l->chain.size(); ++i) EXPECT_EQ(l->chain[i].suspect, i >= 1) << i;
}

TEST_F(LeakFixtureTest, CollectionLeakChain) {
  const Leak* l = findLeak(*s_base, s_baseReport->leaks, "collection");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->finder, "leakcanary");
  EXPECT_EQ(l->key, "lc-collection");
  EXPECT_EQ(
      l->description,
      "com.example.leaks.LeakActivity received Activity#onDestroy() callback; retained 5000 ms after it was watched");
  EXPECT_EQ(appPath(*l), (std::vector<std::string>{"com.example.leaks.LeakHeap.sCache",
                                                   "java.util.ArrayList.elementData", "java.lang.Object[].[0]"}));
}

TEST_F(LeakFixtureTest, FrameworkComponents) {
  const auto& leaks = s_baseReport->leaks;
  const Leak* fragment = findByClass(leaks, "androidx.fragment.app.Fragment");
  const Leak* dialog = findByClass(leaks, "android.app.Dialog");
  const Leak* viewModel = findByClass(leaks, "androidx.lifecycle.ViewModel");
  ASSERT_TRUE(fragment && dialog && viewModel);
  EXPECT_EQ(fragment->chain.back().reason, "Fragment.mFragmentManager is null");
  EXPECT_EQ(dialog->chain.back().reason, "Dialog.mWindow is destroyed (Window#mDestroyed is true)");
  EXPECT_EQ(viewModel->chain.back().reason, "ViewModel was cleared (onCleared() called)");
  EXPECT_EQ(appPath(*dialog), (std::vector<std::string>{"com.example.leaks.LeakHeap.sDismissedDialog"}));
}

TEST_F(LeakFixtureTest, KnownReferenceMakesALibraryLeak) {
  const Leak& lib = s_baseReport->libraryLeaks.front();
  ASSERT_GE(lib.pattern, 0);
  const KnownReference& p = s_baseReport->knownReferences[static_cast<size_t>(lib.pattern)];
  EXPECT_EQ(p.className, "android.view.inputmethod.InputMethodManager");
  EXPECT_EQ(p.fieldName, "mServedView");
  EXPECT_EQ(lib.className, "android.view.View");
  // The destroyed activity is held only through the leaking root view: part of its leak, not a
  // second leaking object (Shark's deduplication).
  EXPECT_EQ(lib.leakingObjectIds, std::vector<hprof::ObjectId>{lib.chain.back().objectId});
  EXPECT_EQ(appPath(lib), (std::vector<std::string>{"com.example.leaks.LeakHeap.sImm",
                                                    "android.view.inputmethod.InputMethodManager.mServedView"}));
  EXPECT_EQ(lib.chain[lib.chain.size() - 2].reason, "InputMethodManager is a singleton");

  // In the regressed dump the same view is also held by LeakHeap.sFocusedView: an app leak.
  const LeakReport regressed = analyze(*s_regressed);
  EXPECT_TRUE(regressed.libraryLeaks.empty());
  const Leak* app = findByClass(regressed.leaks, "android.view.View");
  ASSERT_NE(app, nullptr);
  EXPECT_EQ(appPath(*app), (std::vector<std::string>{"com.example.leaks.LeakHeap.sFocusedView"}));

  // Without the known reference the base dump reports it as an application leak too.
  LeakOptions noKnown;
  noKnown.knownReferences.clear();
  const LeakReport plain = analyze(*s_base, noKnown);
  EXPECT_TRUE(plain.libraryLeaks.empty());
  EXPECT_EQ(plain.leaks.size(), 8u);
}

TEST_F(LeakFixtureTest, SignaturesAreStableAcrossDumps) {
  const LeakReport regressed = analyze(*s_regressed);
  for (const char* title : {"static", "listener", "queue", "collection"}) {
    const Leak* a = findLeak(*s_base, s_baseReport->leaks, title);
    const Leak* b = findLeak(*s_regressed, regressed.leaks, title);
    ASSERT_TRUE(a && b) << title;
    EXPECT_EQ(a->signature, b->signature) << title;
    EXPECT_EQ(a->signature.size(), 32u);
    EXPECT_NE(a->chain.back().objectId, hprof::ObjectId{}) << title;
  }
  std::set<std::string> distinct;
  for (const Leak& l : s_baseReport->leaks) distinct.insert(l.signature);
  EXPECT_EQ(distinct.size(), s_baseReport->leaks.size());
}

TEST(LeakDeduplicationTest, AnActivitysOwnViewTreeIsNoSecondLeak) {
  // tests/fixtures/java/view_leaks: three destroyed activities held by static fields, each with a
  // detached root view (nominated too) reachable only through the activity.
  const auto index = open("view_leaks");
  ASSERT_TRUE(index);
  const LeakReport r = analyze(*index);
  EXPECT_EQ(r.candidates, 6u);
  EXPECT_EQ(r.heldThroughOtherLeaks, 3u);
  ASSERT_EQ(r.leaks.size(), 3u);
  EXPECT_TRUE(r.libraryLeaks.empty());
  std::map<std::string, std::vector<std::string>> chains;
  for (const Leak& l : r.leaks) {
    EXPECT_EQ(l.leakingObjectIds, std::vector<hprof::ObjectId>{l.chain.back().objectId}) << l.className;  // 1 ×
    std::vector<std::string> path;
    for (size_t i = l.chain.size() - 2; i < l.chain.size(); ++i) {
      path.push_back(l.chain[i].className + (i + 1 < l.chain.size() ? "." + l.chain[i + 1].reference.name : ""));
    }
    chains[l.className] = path;
    EXPECT_EQ(l.chain.back().reason, "Activity#mDestroyed is true");
    EXPECT_TRUE(l.chain.back().suspect);
  }
  EXPECT_EQ(chains, (std::map<std::string, std::vector<std::string>>{
                        {"com.example.app.DetailActivity",
                         {"com.example.app.ViewLeaks.sLastDetail", "com.example.app.DetailActivity"}},
                        {"com.example.app.LoginActivity",
                         {"com.example.app.ViewLeaks.sLoginCallback", "com.example.app.LoginActivity"}},
                        {"com.example.app.SettingsActivity",
                         {"com.example.app.ViewLeaks.sSettingsForResult", "com.example.app.SettingsActivity"}}}));
  // Without deduplication the root view would have joined its activity's group (same suspects).
  for (const Leak& l : r.leaks) EXPECT_GT(l.retainedBytes, 4096u) << l.className;  // the activity's state
}

TEST(LeakSignatureTest, HiddenClassNamesDoNotChangeTheSignature) {
  auto chainThrough = [](const std::string& owner) {
    std::vector<ChainNode> chain(2);
    chain[1].suspect = true;
    chain[1].reference = {ReferenceName::Type::kInstanceField, "arg$1", owner};
    return chain;
  };
  EXPECT_EQ(leakSignature(chainThrough("com.example.Main$$Lambda$13+0x00007fed81003a80")),
            leakSignature(chainThrough("com.example.Main$$Lambda$27+0x00007f0000001000")));
  EXPECT_NE(leakSignature(chainThrough("com.example.Main$$Lambda$13")),
            leakSignature(chainThrough("com.example.Other$$Lambda$13")));
  EXPECT_NE(leakSignature(chainThrough("com.example.A")), leakSignature(chainThrough("com.example.B")));
}

TEST_F(LeakFixtureTest, MatrixKeyRestrictsTheMatrixFinder) {
  LeakOptions options;
  options.finders.android = options.finders.leakcanary = false;
  options.finders.matrixKey = "leak-key-1";
  EXPECT_EQ(analyze(*s_base, options).leaks.size(), 1u);
  options.finders.matrixKey = "no-such-key";
  EXPECT_TRUE(analyze(*s_base, options).leaks.empty());
}

// Objects that disappear when `removed` is taken out of the strong graph, in shallow bytes.
uint64_t bruteForceRetained(const HeapGraph& g, ObjectIndex removed) {
  const HeapIndex& index = g.index();
  std::vector<uint8_t> seen(index.objectCount(), 0), seenWithout(index.objectCount(), 0);
  auto walk = [&](std::vector<uint8_t>& mark, uint32_t skip) {
    std::vector<uint32_t> stack;
    for (uint32_t r : g.rootObjects()) {
      if (r != skip && !mark[r]) {
        mark[r] = 1;
        stack.push_back(r);
      }
    }
    while (!stack.empty()) {
      const uint32_t u = stack.back();
      stack.pop_back();
      const auto succ = g.successors(u);
      for (size_t k = 0; k < succ.size(); ++k) {
        if (k == g.skippedSuccessor(u) || succ[k] == skip || mark[succ[k]]) continue;
        mark[succ[k]] = 1;
        stack.push_back(succ[k]);
      }
    }
  };
  walk(seen, UINT32_MAX);
  walk(seenWithout, removed.value);
  uint64_t bytes = 0;
  for (uint32_t i = 0; i < index.objectCount(); ++i) {
    if (seen[i] && !seenWithout[i]) bytes += index.shallowSize(ObjectIndex{i});
  }
  return bytes;
}

TEST_F(LeakFixtureTest, RetainedSizesMatchBruteForce) {
  const HeapGraph graph(*s_base);
  NullProgress progress;
  CancelToken cancel;
  auto dominators = HeapDominators::compute(graph, {}, progress, cancel);
  ASSERT_TRUE(dominators.ok());
  const HeapDominators& d = **dominators;
  std::vector<ObjectIndex> sample;
  for (const Leak& l : s_baseReport->leaks) sample.push_back(*s_base->find(l.chain.back().objectId));
  for (ObjectIndex o : d.topRetainers(10)) sample.push_back(o);
  std::mt19937 rng(7);
  while (sample.size() < 150) {
    const ObjectIndex o{static_cast<uint32_t>(rng() % s_base->objectCount())};
    if (d.isReachable(o)) sample.push_back(o);
  }
  for (ObjectIndex o : sample) ASSERT_EQ(d.retainedBytes(o), bruteForceRetained(graph, o)) << o.value;
  // The statically leaked activity keeps its 100,000-byte payload alive.
  const Leak* l = findLeak(*s_base, s_baseReport->leaks, "static");
  EXPECT_GT(l->retainedBytes, 100'000u);
  EXPECT_EQ(l->retainedBytes, d.retainedBytes(*s_base->find(l->chain.back().objectId)));
}

TEST_F(LeakFixtureTest, RetainedSizesAddedLaterEqualThoseFoundWithTheLeaks) {
  // The desktop app lists leaks before the dominator tree exists and fills their sizes after.
  LeakOptions first;
  first.retainedSizes = false;
  LeakReport later = analyze(*s_base, first);
  ASSERT_EQ(later.leaks.size(), s_baseReport->leaks.size());
  for (const Leak& l : later.leaks) EXPECT_EQ(l.retainedBytes, 0u) << l.className;
  const HeapGraph graph(*s_base);
  NullProgress progress;
  CancelToken cancel;
  auto dominators = HeapDominators::compute(graph, {}, progress, cancel);
  ASSERT_TRUE(dominators.ok());
  addRetainedSizes(later, *s_base, **dominators);
  for (auto list :
       {std::pair{&later.leaks, &s_baseReport->leaks}, std::pair{&later.libraryLeaks, &s_baseReport->libraryLeaks}}) {
    ASSERT_EQ(list.first->size(), list.second->size());
    for (size_t i = 0; i < list.first->size(); ++i) {
      EXPECT_EQ((*list.first)[i].signature, (*list.second)[i].signature) << i;
      EXPECT_EQ((*list.first)[i].retainedBytes, (*list.second)[i].retainedBytes) << (*list.first)[i].className;
    }
  }
  EXPECT_GT(later.leaks.front().retainedBytes, 100'000u);  // biggest first again
}

TEST_F(LeakFixtureTest, DiffReportsThePlantedRegression) {
  NullProgress progress;
  CancelToken cancel;
  auto diff = diffHeaps(*s_base, *s_regressed, {}, progress, cancel);
  ASSERT_TRUE(diff.ok()) << diff.status().toString();
  const auto cached = std::find_if(diff->classes.begin(), diff->classes.end(),
                                   [](const ClassDelta& c) { return c.className == "com.example.leaks.Cached"; });
  ASSERT_NE(cached, diff->classes.end());
  EXPECT_EQ(cached->countBase, 10u);
  EXPECT_EQ(cached->countNew, 1010u);
  EXPECT_EQ(cached->shallowDelta(), 1000 * static_cast<int64_t>(cached->shallowBase / 10));
  const auto session = std::find_if(diff->classes.begin(), diff->classes.end(), [](const ClassDelta& c) {
    return c.className == "com.example.leaks.LeakActivity$Session";
  });
  ASSERT_NE(session, diff->classes.end());
  EXPECT_EQ(session->countDelta(), 1);
  // New: the session leak and the focused view, now an application leak. Fixed: the view's
  // library leak. Still present: the other seven.
  std::vector<std::string> added;
  for (const Leak& l : diff->newLeaks) added.push_back(l.className);
  std::sort(added.begin(), added.end());
  EXPECT_EQ(added, (std::vector<std::string>{"android.view.View", "com.example.leaks.LeakActivity"}));
  ASSERT_EQ(diff->fixedLeaks.size(), 1u);
  EXPECT_EQ(diff->fixedLeaks[0].className, "android.view.View");
  EXPECT_GE(diff->fixedLeaks[0].pattern, 0);
  EXPECT_EQ(diff->stillPresent.size(), 7u);
  const Leak* sessionLeak = findLeak(*s_regressed, diff->newLeaks, "session");
  ASSERT_NE(sessionLeak, nullptr);
  EXPECT_EQ(appPath(*sessionLeak), (std::vector<std::string>{"com.example.leaks.LeakHeap.sSession",
                                                             "com.example.leaks.LeakActivity$Session.this$0"}));
}

}  // namespace
}  // namespace mxi::core::analysis
