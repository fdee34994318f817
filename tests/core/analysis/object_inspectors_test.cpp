// Each framework-object inspector (docs/LEAKS.md "Leaking status") on a small Android-shaped heap:
// the NO case and the YES case with their reasons, and UNKNOWN when the dump says nothing.
#include <gtest/gtest.h>

#include "core/analysis/leak_analysis.h"
#include "core/analysis/leak_status.h"
#include "tests/support/small_android_heap.h"

namespace mxi::core::analysis {
namespace {

using test::kBool;
using test::kObj;

class ObjectInspectorsTest : public ::testing::Test {
 protected:
  ObjectInspectorsTest() {
    h.declareClass("android.content.Context", "", {});
    h.declareClass("android.content.ContextWrapper", "android.content.Context", {{"mBase", kObj}});
    h.declareClass("android.app.ContextImpl", "android.content.Context", {{"mOuterContext", kObj}});
    h.declareClass("android.app.Activity", "android.content.ContextWrapper",
                   {{"mDestroyed", kBool}, {"mFinished", kBool}});
    h.declareClass("android.app.Application", "android.content.ContextWrapper", {});
    h.declareClass("android.app.Service", "android.content.ContextWrapper", {});
    h.declareClass("android.view.ContextThemeWrapper", "android.content.ContextWrapper", {});
    h.declareClass("android.view.View", "", {{"mContext", kObj}, {"mAttachInfo", kObj}, {"mParent", kObj}});
    h.declareClass("android.widget.TextView", "android.view.View", {});
    h.declareClass("android.widget.Editor", "", {{"mTextView", kObj}});
    h.declareClass("android.view.Window", "", {{"mDestroyed", kBool}});
    h.declareClass("android.view.ViewRootImpl", "", {{"mView", kObj}});
    h.declareClass("android.os.MessageQueue", "", {{"mQuitting", kBool}});
    h.declareClass("android.widget.Toast", "", {{"mTN", kObj}});
    h.declareClass("android.widget.Toast$TN", "", {{"mWM", kObj}, {"mView", kObj}});
    h.declareClass("android.view.inputmethod.InputMethodManager", "", {});
    h.declareClass("android.util.ArrayMap", "", {{"mArray", kObj}});
    h.declareClass("java.lang.Object[]", "", {});
    h.declareClass("android.app.ActivityThread", "", {{"mServices", kObj}}, {"sCurrentActivityThread"});
    h.declareClass("com.example.Plain", "", {});
    for (const char* f :
         {"android.app.Fragment", "androidx.fragment.app.Fragment", "android.support.v4.app.Fragment"}) {
      h.declareClass(f, "", {{"mFragmentManager", kObj}});
    }
    h.declareClass("android.app.Dialog", "", {{"mWindow", kObj}});
    h.declareClass("androidx.lifecycle.ViewModel", "", {{"mCleared", kBool}});
    live = h.newInstance("android.app.Activity", {{"mDestroyed", 0}, {"mFinished", 0}});
    destroyed = h.newInstance("android.app.Activity", {{"mDestroyed", 1}});
  }
  StatusVerdict judge(uint64_t id) {
    if (!m_index) m_index = h.index();
    EXPECT_TRUE(m_index);
    const AndroidObjects android(*m_index);
    return inspectObject(android, *m_index->find(hprof::ObjectId{id}), false);
  }
  static std::string text(const StatusVerdict& v) { return std::string(leakingStatusName(v.status)) + ": " + v.reason; }

  test::SmallAndroidHeap h{29, "Google"};
  uint64_t live = 0, destroyed = 0;
  std::shared_ptr<const hprof::HeapIndex> m_index;
};

TEST_F(ObjectInspectorsTest, Window) {
  const uint64_t open = h.newInstance("android.view.Window", {{"mDestroyed", 0}});
  const uint64_t gone = h.newInstance("android.view.Window", {{"mDestroyed", 1}});
  EXPECT_EQ(text(judge(open)), "NO: Window#mDestroyed is false");
  EXPECT_EQ(text(judge(gone)), "YES: Window#mDestroyed is true");
}

TEST_F(ObjectInspectorsTest, MessageQueue) {
  const uint64_t running = h.newInstance("android.os.MessageQueue", {{"mQuitting", 0}});
  const uint64_t quit = h.newInstance("android.os.MessageQueue", {{"mQuitting", 1}});
  EXPECT_EQ(text(judge(running)), "NO: MessageQueue#mQuitting is false (its Looper still runs)");
  EXPECT_EQ(text(judge(quit)), "YES: MessageQueue#mQuitting is true (its Looper quit)");
}

TEST_F(ObjectInspectorsTest, Toast) {
  const uint64_t showing =
      h.newInstance("android.widget.Toast",
                    {{"mTN", h.newInstance("android.widget.Toast$TN", {{"mWM", h.newInstance("com.example.Plain")}})}});
  const uint64_t gone = h.newInstance("android.widget.Toast", {{"mTN", h.newInstance("android.widget.Toast$TN")}});
  const uint64_t unknown = h.newInstance("android.widget.Toast");
  EXPECT_EQ(text(judge(showing)), "NO: Toast is showing (Toast.mTN.mWM is not null)");
  EXPECT_EQ(text(judge(gone)), "YES: Toast is gone (Toast.mTN.mView is null)");
  EXPECT_EQ(judge(unknown).status, LeakingStatus::kUnknown);
}

TEST_F(ObjectInspectorsTest, ViewRootImpl) {
  const uint64_t shown = h.newInstance("android.view.ViewRootImpl", {{"mView", h.newInstance("android.view.View")}});
  const uint64_t removed = h.newInstance("android.view.ViewRootImpl");
  EXPECT_EQ(text(judge(shown)), "NO: ViewRootImpl#mView is not null (its window is shown)");
  EXPECT_EQ(text(judge(removed)), "YES: ViewRootImpl#mView is null (its window was removed)");
}

TEST_F(ObjectInspectorsTest, ServiceByActivityThreadServices) {
  const uint64_t running = h.newInstance("android.app.Service"), stopped = h.newInstance("android.app.Service");
  const uint64_t array = h.newInstance("java.lang.Object[]");
  // mServices is an ArrayMap: keys and values interleaved in mArray (here: a token and the service).
  const uint64_t thread = h.newInstance("android.app.ActivityThread",
                                        {{"mServices", h.newInstance("android.util.ArrayMap", {{"mArray", array}})}});
  h.setStatic("android.app.ActivityThread", "sCurrentActivityThread", thread);
  h.setObjectArray(array, {h.newInstance("com.example.Plain"), running});
  EXPECT_EQ(text(judge(running)), "NO: Service held by ActivityThread.mServices (not destroyed)");
  EXPECT_EQ(text(judge(stopped)), "YES: Service not held by ActivityThread.mServices (destroyed)");
}

TEST_F(ObjectInspectorsTest, ContextWrapperChainsAndContextImpl) {
  const uint64_t wrapsLive = h.newInstance("android.view.ContextThemeWrapper", {{"mBase", live}});
  const uint64_t wrapsDestroyed =
      h.newInstance("android.view.ContextThemeWrapper",
                    {{"mBase", h.newInstance("android.view.ContextThemeWrapper", {{"mBase", destroyed}})}});
  const uint64_t implLive = h.newInstance("android.app.ContextImpl", {{"mOuterContext", live}});
  const uint64_t implDestroyed = h.newInstance("android.app.ContextImpl", {{"mOuterContext", destroyed}});
  const uint64_t wrapsNothing = h.newInstance("android.view.ContextThemeWrapper");
  EXPECT_EQ(text(judge(wrapsLive)), "NO: ContextWrapper wraps an activity with Activity#mDestroyed is false");
  EXPECT_EQ(text(judge(wrapsDestroyed)), "YES: ContextWrapper wraps an activity with Activity#mDestroyed is true");
  EXPECT_EQ(text(judge(implLive)), "NO: ContextImpl.mOuterContext is an activity with Activity#mDestroyed is false");
  EXPECT_EQ(text(judge(implDestroyed)),
            "YES: ContextImpl.mOuterContext is an activity with Activity#mDestroyed is true");
  EXPECT_EQ(judge(wrapsNothing).status, LeakingStatus::kUnknown);
}

TEST_F(ObjectInspectorsTest, EditorFollowsItsTextView) {
  const uint64_t attached = h.newInstance(
      "android.widget.Editor",
      {{"mTextView", h.newInstance("android.widget.TextView", {{"mAttachInfo", h.newInstance("com.example.Plain")}})}});
  const uint64_t ofDestroyed = h.newInstance(
      "android.widget.Editor", {{"mTextView", h.newInstance("android.widget.TextView", {{"mContext", destroyed}})}});
  EXPECT_EQ(text(judge(attached)), "NO: Editor.mTextView: View.mAttachInfo is not null (view attached)");
  EXPECT_EQ(text(judge(ofDestroyed)),
            "YES: Editor.mTextView: View.mContext references a finished activity (Activity#mDestroyed is true)");
}

TEST_F(ObjectInspectorsTest, FragmentsOfAllThreePackages) {
  for (const char* f : {"android.app.Fragment", "androidx.fragment.app.Fragment", "android.support.v4.app.Fragment"}) {
    const uint64_t added = h.newInstance(f, {{"mFragmentManager", h.newInstance("com.example.Plain")}});
    const uint64_t removed = h.newInstance(f);
    m_index.reset();
    EXPECT_EQ(text(judge(added)), "NO: Fragment.mFragmentManager is not null") << f;
    EXPECT_EQ(text(judge(removed)), "YES: Fragment.mFragmentManager is null") << f;
  }
}

TEST_F(ObjectInspectorsTest, DialogViewModelAndView) {
  const uint64_t shownDialog = h.newInstance("android.app.Dialog", {{"mWindow", h.newInstance("android.view.Window")}});
  const uint64_t dismissed =
      h.newInstance("android.app.Dialog", {{"mWindow", h.newInstance("android.view.Window", {{"mDestroyed", 1}})}});
  const uint64_t model = h.newInstance("androidx.lifecycle.ViewModel"),
                 cleared = h.newInstance("androidx.lifecycle.ViewModel", {{"mCleared", 1}});
  const uint64_t attached =
      h.newInstance("android.view.View", {{"mAttachInfo", h.newInstance("com.example.Plain")}, {"mContext", live}});
  const uint64_t ofDestroyed = h.newInstance("android.view.View", {{"mContext", destroyed}});
  EXPECT_EQ(text(judge(shownDialog)), "NO: Dialog.mWindow is not destroyed");
  EXPECT_EQ(text(judge(dismissed)), "YES: Dialog.mWindow is destroyed (Window#mDestroyed is true)");
  EXPECT_EQ(text(judge(model)), "NO: ViewModel is not cleared");
  EXPECT_EQ(text(judge(cleared)), "YES: ViewModel was cleared (onCleared() called)");
  EXPECT_EQ(text(judge(attached)), "NO: View.mAttachInfo is not null (view attached)");
  EXPECT_EQ(text(judge(ofDestroyed)),
            "YES: View.mContext references a finished activity (Activity#mDestroyed is true)");
}

TEST_F(ObjectInspectorsTest, ActivitySingletonsAndUnknown) {
  const uint64_t imm = h.newInstance("android.view.inputmethod.InputMethodManager");
  const uint64_t app = h.newInstance("android.app.Application");
  const uint64_t plain = h.newInstance("com.example.Plain");
  EXPECT_EQ(text(judge(live)), "NO: Activity#mDestroyed is false");
  EXPECT_EQ(text(judge(destroyed)), "YES: Activity#mDestroyed is true");
  EXPECT_EQ(text(judge(imm)), "NO: InputMethodManager is a singleton");
  EXPECT_EQ(text(judge(app)), "NO: Application is a singleton");
  EXPECT_EQ(judge(plain).status, LeakingStatus::kUnknown);  // the dump says nothing about it
}

TEST(ArtObjectFieldsTest, ShadowKlassIsTheClassAndNoLeakPathGoesThroughIt) {
  // ART writes java.lang.Object with shadow$_klass_ and shadow$_monitor_: every instance refers
  // to its class. Fields of subclasses must still decode, and chains start at the class's root.
  test::SmallAndroidHeap h(29, "Google", true);
  h.declareClass("android.app.Activity", "", {{"mDestroyed", kBool}, {"mFinished", kBool}});
  h.declareClass("com.example.Cache", "", {{"mHeld", kObj}}, {"sInstance"});
  const uint64_t activity = h.newInstance("android.app.Activity", {{"mDestroyed", 1}});
  h.setStatic("com.example.Cache", "sInstance", h.newInstance("com.example.Cache", {{"mHeld", activity}}));
  const auto index = h.index();
  ASSERT_TRUE(index);
  const hprof::ObjectIndex a = *index->find(hprof::ObjectId{activity});
  EXPECT_EQ(index->field(a, "mDestroyed")->asBool(), true);
  EXPECT_EQ(index->field(a, "shadow$_klass_")->asObjectId(), index->classInfo(index->classOf(a)).id);
  LeakOptions options;
  options.retainedSizes = false;
  NullProgress progress;
  auto report = analyzeLeaks(*index, options, progress, CancelToken());
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->leaks.size(), 1u);
  std::vector<std::string> chain;
  for (const ChainNode& n : report->leaks[0].chain) chain.push_back(n.className + " " + n.reference.name);
  EXPECT_EQ(chain, (std::vector<std::string>{"com.example.Cache sticky class", "com.example.Cache sInstance",
                                             "android.app.Activity mHeld"}));
}

}  // namespace
}  // namespace mxi::core::analysis
