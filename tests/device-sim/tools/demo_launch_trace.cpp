#include "demo_launch_trace.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <vector>

#include "tests/support/method_trace_writer.h"

namespace mxi::sim {

namespace {

using test::MethodTraceWriter;

struct MethodSpec {
  const char* cls;
  const char* name;
  const char* signature;
  const char* source;
  double cpuShare = 0.9;  // of the wall time spent in it (not in a callee) that is CPU time
};

// The platform's frames, as AOSP 14 names them.
constexpr MethodSpec kZygoteMain{"com.android.internal.os.ZygoteInit", "main", "([Ljava/lang/String;)V",
                                 "ZygoteInit.java"};
constexpr MethodSpec kCallerRun{"com.android.internal.os.RuntimeInit$MethodAndArgsCaller", "run", "()V",
                                "RuntimeInit.java"};
constexpr MethodSpec kInvoke{"java.lang.reflect.Method", "invoke",
                             "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", "Method.java"};
constexpr MethodSpec kThreadMain{"android.app.ActivityThread", "main", "([Ljava/lang/String;)V", "ActivityThread.java"};
constexpr MethodSpec kLoop{"android.os.Looper", "loop", "()V", "Looper.java"};
constexpr MethodSpec kLoopOnce{"android.os.Looper", "loopOnce", "(Landroid/os/Looper;JI)Z", "Looper.java"};
constexpr MethodSpec kNext{"android.os.MessageQueue", "next", "()Landroid/os/Message;", "MessageQueue.java"};
constexpr MethodSpec kPollOnce{"android.os.MessageQueue", "nativePollOnce", "(JI)V", "MessageQueue.java", 0.0};
constexpr MethodSpec kDispatchMessage{"android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V",
                                      "Handler.java"};
constexpr MethodSpec kHandleMessage{"android.app.ActivityThread$H", "handleMessage", "(Landroid/os/Message;)V",
                                    "ActivityThread.java"};
constexpr MethodSpec kHandleCallback{"android.os.Handler", "handleCallback", "(Landroid/os/Message;)V", "Handler.java"};
constexpr MethodSpec kBindApplication{"android.app.ActivityThread", "handleBindApplication",
                                      "(Landroid/app/ActivityThread$AppBindData;)V", "ActivityThread.java"};
constexpr MethodSpec kMakeApplication{"android.app.LoadedApk", "makeApplicationInner",
                                      "(ZLandroid/app/Instrumentation;)Landroid/app/Application;", "LoadedApk.java"};
constexpr MethodSpec kNewApplication{
    "android.app.Instrumentation", "newApplication",
    "(Ljava/lang/ClassLoader;Ljava/lang/String;Landroid/content/Context;)Landroid/app/Application;",
    "Instrumentation.java"};
constexpr MethodSpec kCallApplicationOnCreate{"android.app.Instrumentation", "callApplicationOnCreate",
                                              "(Landroid/app/Application;)V", "Instrumentation.java"};
constexpr MethodSpec kFileInputStreamInit{"java.io.FileInputStream", "<init>", "(Ljava/io/File;)V",
                                          "FileInputStream.java", 0.3};
constexpr MethodSpec kFileRead{"java.io.FileInputStream", "read", "([BII)I", "FileInputStream.java", 0.15};
constexpr MethodSpec kLoadLibrary{"java.lang.System", "loadLibrary", "(Ljava/lang/String;)V", "System.java", 0.55};
constexpr MethodSpec kThreadStart{"java.lang.Thread", "start", "()V", "Thread.java"};
constexpr MethodSpec kExecuteTransaction{"android.app.servertransaction.TransactionExecutor", "execute",
                                         "(Landroid/app/servertransaction/ClientTransaction;)V",
                                         "TransactionExecutor.java"};
constexpr MethodSpec kExecuteCallbacks{"android.app.servertransaction.TransactionExecutor", "executeCallbacks",
                                       "(Landroid/app/servertransaction/ClientTransaction;)V",
                                       "TransactionExecutor.java"};
constexpr MethodSpec kExecuteLifecycleState{
    "android.app.servertransaction.TransactionExecutor", "executeLifecycleState",
    "(Landroid/app/servertransaction/ClientTransaction;)V", "TransactionExecutor.java"};
constexpr MethodSpec kCycleToPath{"android.app.servertransaction.TransactionExecutor", "cycleToPath",
                                  "(Landroid/app/ActivityThread$ActivityClientRecord;IZLandroid/app/servertransaction/"
                                  "ClientTransaction;)V",
                                  "TransactionExecutor.java"};
constexpr MethodSpec kLaunchActivityItem{"android.app.servertransaction.LaunchActivityItem", "execute",
                                         "(Landroid/app/ClientTransactionHandler;Landroid/app/servertransaction/"
                                         "PendingTransactionActions;)V",
                                         "LaunchActivityItem.java"};
constexpr MethodSpec kResumeActivityItem{"android.app.servertransaction.ResumeActivityItem", "execute",
                                         "(Landroid/app/ClientTransactionHandler;Landroid/app/"
                                         "ActivityThread$ActivityClientRecord;Landroid/app/servertransaction/"
                                         "PendingTransactionActions;)V",
                                         "ResumeActivityItem.java"};
constexpr MethodSpec kHandleLaunchActivity{"android.app.ActivityThread", "handleLaunchActivity",
                                           "(Landroid/app/ActivityThread$ActivityClientRecord;Landroid/app/"
                                           "servertransaction/PendingTransactionActions;Landroid/content/Intent;)"
                                           "Landroid/app/Activity;",
                                           "ActivityThread.java"};
constexpr MethodSpec kPerformLaunchActivity{
    "android.app.ActivityThread", "performLaunchActivity",
    "(Landroid/app/ActivityThread$ActivityClientRecord;Landroid/content/Intent;)Landroid/app/Activity;",
    "ActivityThread.java"};
constexpr MethodSpec kNewActivity{
    "android.app.Instrumentation", "newActivity",
    "(Ljava/lang/ClassLoader;Ljava/lang/String;Landroid/content/Intent;)Landroid/app/Activity;",
    "Instrumentation.java"};
constexpr MethodSpec kActivityAttach{"android.app.Activity", "attach",
                                     "(Landroid/content/Context;Landroid/app/ActivityThread;Landroid/app/"
                                     "Instrumentation;Landroid/os/IBinder;ILandroid/app/Application;Landroid/content/"
                                     "Intent;Landroid/content/pm/ActivityInfo;Ljava/lang/CharSequence;)V",
                                     "Activity.java"};
constexpr MethodSpec kCallActivityOnCreate{"android.app.Instrumentation", "callActivityOnCreate",
                                           "(Landroid/app/Activity;Landroid/os/Bundle;)V", "Instrumentation.java"};
constexpr MethodSpec kPerformCreate{"android.app.Activity", "performCreate",
                                    "(Landroid/os/Bundle;Landroid/os/PersistableBundle;)V", "Activity.java"};
constexpr MethodSpec kSetContentView{"android.app.Activity", "setContentView", "(I)V", "Activity.java"};
constexpr MethodSpec kWindowSetContentView{"com.android.internal.policy.PhoneWindow", "setContentView", "(I)V",
                                           "PhoneWindow.java"};
constexpr MethodSpec kInflate{"android.view.LayoutInflater", "inflate",
                              "(ILandroid/view/ViewGroup;)Landroid/view/View;", "LayoutInflater.java"};
constexpr MethodSpec kAssetOpen{"android.content.res.AssetManager", "open", "(Ljava/lang/String;)Ljava/io/InputStream;",
                                "AssetManager.java", 0.4};
constexpr MethodSpec kJsonArray{"org.json.JSONArray", "<init>", "(Ljava/lang/String;)V", "JSONArray.java"};
constexpr MethodSpec kHandleStartActivity{"android.app.ActivityThread", "handleStartActivity",
                                          "(Landroid/app/ActivityThread$ActivityClientRecord;Landroid/app/"
                                          "servertransaction/PendingTransactionActions;Landroid/app/"
                                          "ActivityOptions;)V",
                                          "ActivityThread.java"};
constexpr MethodSpec kPerformRestart{"android.app.Activity", "performRestart", "(ZLjava/lang/String;)V",
                                     "Activity.java"};
constexpr MethodSpec kCallActivityOnRestart{"android.app.Instrumentation", "callActivityOnRestart",
                                            "(Landroid/app/Activity;)V", "Instrumentation.java"};
constexpr MethodSpec kOnRestart{"android.app.Activity", "onRestart", "()V", "Activity.java"};
constexpr MethodSpec kPerformStart{"android.app.Activity", "performStart", "(Ljava/lang/String;)V", "Activity.java"};
constexpr MethodSpec kCallActivityOnStart{"android.app.Instrumentation", "callActivityOnStart",
                                          "(Landroid/app/Activity;)V", "Instrumentation.java"};
constexpr MethodSpec kOnStart{"android.app.Activity", "onStart", "()V", "Activity.java"};
constexpr MethodSpec kHandleResumeActivity{"android.app.ActivityThread", "handleResumeActivity",
                                           "(Landroid/app/ActivityThread$ActivityClientRecord;ZZLjava/lang/String;)V",
                                           "ActivityThread.java"};
constexpr MethodSpec kPerformResumeActivity{"android.app.ActivityThread", "performResumeActivity",
                                            "(Landroid/app/ActivityThread$ActivityClientRecord;ZLjava/lang/String;)Z",
                                            "ActivityThread.java"};
constexpr MethodSpec kPerformResume{"android.app.Activity", "performResume", "(ZLjava/lang/String;)V", "Activity.java"};
constexpr MethodSpec kCallActivityOnResume{"android.app.Instrumentation", "callActivityOnResume",
                                           "(Landroid/app/Activity;)V", "Instrumentation.java"};
constexpr MethodSpec kAddView{"android.view.WindowManagerImpl", "addView",
                              "(Landroid/view/View;Landroid/view/ViewGroup$LayoutParams;)V", "WindowManagerImpl.java"};
constexpr MethodSpec kSetView{"android.view.ViewRootImpl", "setView",
                              "(Landroid/view/View;Landroid/view/WindowManager$LayoutParams;Landroid/view/View;I)V",
                              "ViewRootImpl.java"};
constexpr MethodSpec kFrameReceiverRun{"android.view.Choreographer$FrameDisplayEventReceiver", "run", "()V",
                                       "Choreographer.java"};
constexpr MethodSpec kDoFrame{"android.view.Choreographer", "doFrame",
                              "(JILandroid/view/DisplayEventReceiver$VsyncEventData;)V", "Choreographer.java"};
constexpr MethodSpec kDoCallbacks{"android.view.Choreographer", "doCallbacks",
                                  "(ILandroid/view/Choreographer$FrameData;J)V", "Choreographer.java"};
constexpr MethodSpec kCallbackRecordRun{"android.view.Choreographer$CallbackRecord", "run",
                                        "(Landroid/view/Choreographer$FrameData;)V", "Choreographer.java"};
constexpr MethodSpec kTraversalRunnable{"android.view.ViewRootImpl$TraversalRunnable", "run", "()V",
                                        "ViewRootImpl.java"};
constexpr MethodSpec kDoTraversal{"android.view.ViewRootImpl", "doTraversal", "()V", "ViewRootImpl.java"};
constexpr MethodSpec kPerformTraversals{"android.view.ViewRootImpl", "performTraversals", "()V", "ViewRootImpl.java"};
constexpr MethodSpec kPerformMeasure{"android.view.ViewRootImpl", "performMeasure", "(II)V", "ViewRootImpl.java"};
constexpr MethodSpec kPerformLayout{"android.view.ViewRootImpl", "performLayout",
                                    "(Landroid/view/WindowManager$LayoutParams;II)V", "ViewRootImpl.java"};
constexpr MethodSpec kPerformDraw{"android.view.ViewRootImpl", "performDraw", "()Z", "ViewRootImpl.java"};
constexpr MethodSpec kRendererDraw{"android.view.ThreadedRenderer", "draw",
                                   "(Landroid/view/View;Landroid/view/View$AttachInfo;Landroid/view/"
                                   "ThreadedRenderer$DrawCallbacks;)V",
                                   "ThreadedRenderer.java"};
constexpr MethodSpec kSyncAndDrawFrame{"android.graphics.HardwareRenderer", "syncAndDrawFrame",
                                       "(Landroid/graphics/HardwareRenderer$FrameInfo;)I", "HardwareRenderer.java",
                                       0.3};
constexpr MethodSpec kThreadRun{"java.lang.Thread", "run", "()V", "Thread.java"};
constexpr MethodSpec kDaemonRun{"java.lang.Daemons$Daemon", "run", "()V", "Daemons.java"};
constexpr MethodSpec kHeapTaskRun{"java.lang.Daemons$HeapTaskDaemon", "runInternal", "()V", "Daemons.java"};
constexpr MethodSpec kRunHeapTasks{"dalvik.system.VMRuntime", "runHeapTasks", "()V", "VMRuntime.java", 0.02};
constexpr MethodSpec kOpenDatabase{"android.database.sqlite.SQLiteDatabase", "openDatabase",
                                   "(Ljava/io/File;Landroid/database/sqlite/SQLiteDatabase$OpenParams;)"
                                   "Landroid/database/sqlite/SQLiteDatabase;",
                                   "SQLiteDatabase.java", 0.5};
constexpr MethodSpec kRawQuery{"android.database.sqlite.SQLiteDatabase", "rawQuery",
                               "(Ljava/lang/String;[Ljava/lang/String;)Landroid/database/Cursor;",
                               "SQLiteDatabase.java", 0.5};
constexpr MethodSpec kCursorCount{"android.database.sqlite.SQLiteCursor", "getCount", "()I", "SQLiteCursor.java", 0.6};

// The demo app's own code (what its APK's classes.dex and a real build of it would hold).
constexpr MethodSpec kAppOnCreate{"com.example.mxi.demo.DemoApplication", "onCreate", "()V", "DemoApplication.java"};
constexpr MethodSpec kInitSdks{"com.example.mxi.demo.DemoApplication", "initSdks", "()V", "DemoApplication.java"};
constexpr MethodSpec kReadSdkConfig{"com.example.mxi.demo.DemoApplication", "readSdkConfig", "()Lorg/json/JSONObject;",
                                    "DemoApplication.java"};
constexpr MethodSpec kLoadNativeLibrary{"com.example.mxi.demo.DemoApplication", "loadNativeLibrary", "()V",
                                        "DemoApplication.java"};
constexpr MethodSpec kInitPhotoCache{"com.example.mxi.demo.DemoApplication", "initPhotoCache", "()V",
                                     "DemoApplication.java"};
constexpr MethodSpec kPhotoCacheInit{"com.example.mxi.demo.PhotoCache", "<init>", "(Landroid/content/Context;)V",
                                     "PhotoCache.java"};
constexpr MethodSpec kPrefetchRun{"com.example.mxi.demo.PhotoCache$Prefetch", "run", "()V", "PhotoCache.java"};
constexpr MethodSpec kActivityOnCreate{"com.example.mxi.demo.DemoActivity", "onCreate", "(Landroid/os/Bundle;)V",
                                       "DemoActivity.java"};
constexpr MethodSpec kLoadCatalog{"com.example.mxi.demo.DemoActivity", "loadCatalog", "()Ljava/lang/String;",
                                  "DemoActivity.java"};
constexpr MethodSpec kActivityOnResume{"com.example.mxi.demo.DemoActivity", "onResume", "()V", "DemoActivity.java"};

// Times on the launch's clock, in µs after it began.
constexpr int64_t ms(double v) { return static_cast<int64_t>(v * 1000 + (v >= 0 ? 0.5 : -0.5)); }
constexpr int64_t kBefore = std::numeric_limits<int64_t>::min() / 4;  // running when tracing began
constexpr int64_t kOpen = std::numeric_limits<int64_t>::max() / 4;    // still running when it stopped

// One call and its callees, which start and end within it, in order.
struct Span {
  const MethodSpec* method;
  int64_t fromUs, toUs;
  std::vector<Span> callees = {};
};

// One turn of the main Looper: it waits in nativePollOnce until `dispatchAt`, then dispatches
// `dispatched` (ActivityThread$H.handleMessage or a posted callback), which ends at `endAt`.
Span looperTurn(int64_t waitFrom, int64_t dispatchAt, int64_t endAt, Span dispatched) {
  return {&kLoopOnce,
          waitFrom,
          endAt + 200,
          {{&kNext, waitFrom, dispatchAt, {{&kPollOnce, waitFrom, dispatchAt}}},
           {&kDispatchMessage, dispatchAt, endAt + 100, {std::move(dispatched)}}}};
}

// The Looper waiting from `from` until the profiler stops.
Span idleFrom(int64_t from) { return {&kLoopOnce, from, kOpen, {{&kNext, from, kOpen, {{&kPollOnce, from, kOpen}}}}}; }

// BIND_APPLICATION of a new process, 40 ms into a cold launch: Application.onCreate ends at
// 290 ms, 250 ms after the bind began (Matrix's application_create); most of it is initSdks.
Span bindApplication() {
  return looperTurn(
      ms(40), ms(40), ms(291.5),
      {&kHandleMessage,
       ms(40),
       ms(291.4),
       {{&kBindApplication,
         ms(40),
         ms(291.3),
         {{&kMakeApplication, ms(44), ms(70), {{&kNewApplication, ms(45), ms(69)}}},
          {&kCallApplicationOnCreate,
           ms(71),
           ms(290),
           {{&kAppOnCreate,
             ms(71.1),
             ms(289.9),
             {{&kInitSdks,
               ms(72),
               ms(286),
               {// Its config file, read on the main thread in 20 ms pieces (IOCanary's main-thread IO).
                {&kReadSdkConfig,
                 ms(73),
                 ms(157),
                 {{&kFileInputStreamInit, ms(73.2), ms(74)},
                  {&kFileRead, ms(74.5), ms(94.5)},
                  {&kFileRead, ms(95), ms(115)},
                  {&kFileRead, ms(115.5), ms(135.5)},
                  {&kFileRead, ms(136), ms(156)}}},
                {&kLoadNativeLibrary, ms(158), ms(240), {{&kLoadLibrary, ms(158.5), ms(239.5)}}},
                {&kInitPhotoCache,
                 ms(241),
                 ms(285),
                 {{&kPhotoCacheInit, ms(241.5), ms(280)}, {&kThreadStart, ms(281), ms(283.5)}}}}}}}}}}}}});
}

// What ActivityThread does for ResumeActivityItem from `at`: onResume, then (a new window) the
// view root added. Ends 10 ms (without a window) or 25.5 ms (with) after `at`.
Span resumeActivity(int64_t at, bool addsWindow) {
  Span resumed{
      &kPerformResumeActivity,
      at + ms(1),
      at + ms(9),
      {{&kPerformResume,
        at + ms(1.5),
        at + ms(8.5),
        {{&kCallActivityOnResume, at + ms(2), at + ms(8), {{&kActivityOnResume, at + ms(2.5), at + ms(7)}}}}}}};
  const int64_t end = at + (addsWindow ? ms(25.5) : ms(10));
  Span handle{&kHandleResumeActivity, at + ms(0.5), end - ms(0.5), {std::move(resumed)}};
  if (addsWindow)
    handle.callees.push_back({&kAddView, at + ms(10), at + ms(24), {{&kSetView, at + ms(10.5), at + ms(23.5)}}});
  return {&kResumeActivityItem, at, end, {std::move(handle)}};
}

// EXECUTE_TRANSACTION of a launch, dispatched at `at`: the activity is made and attached,
// Instrumentation.callActivityOnCreate runs from `at` + 30 ms until `createEnd` (inflating its
// layout, then its catalog), and it is resumed. The turn ends 38 ms after `createEnd`.
Span launchActivity(int64_t waitFrom, int64_t at, int64_t createEnd) {
  const int64_t create = at + ms(30);
  Span onCreate{&kActivityOnCreate,
                create + ms(1),
                createEnd - ms(1),
                {{&kSetContentView,
                  create + ms(2),
                  createEnd - ms(30),
                  {{&kWindowSetContentView,
                    create + ms(2.5),
                    createEnd - ms(30.5),
                    {{&kInflate, create + ms(4), createEnd - ms(31)}}}}},
                 {&kLoadCatalog,
                  createEnd - ms(29),
                  createEnd - ms(2),
                  {{&kAssetOpen, createEnd - ms(28), createEnd - ms(20)},
                   {&kJsonArray, createEnd - ms(19), createEnd - ms(3)}}}}};
  Span perform{&kPerformLaunchActivity,
               at + ms(3),
               createEnd + ms(8),
               {{&kNewActivity, at + ms(4), at + ms(18)},
                {&kActivityAttach, at + ms(19), at + ms(28)},
                {&kCallActivityOnCreate,
                 create,
                 createEnd,
                 {{&kPerformCreate, create + ms(0.2), createEnd - ms(0.2), {std::move(onCreate)}}}}}};
  return looperTurn(waitFrom, at, createEnd + ms(37.8),
                    {&kHandleMessage,
                     at,
                     createEnd + ms(37.7),
                     {{&kExecuteTransaction,
                       at + ms(0.5),
                       createEnd + ms(37.5),
                       {{&kExecuteCallbacks,
                         at + ms(1),
                         createEnd + ms(10),
                         {{&kLaunchActivityItem,
                           at + ms(1.5),
                           createEnd + ms(9.5),
                           {{&kHandleLaunchActivity, at + ms(2), createEnd + ms(9), {std::move(perform)}}}}}},
                        {&kExecuteLifecycleState,
                         createEnd + ms(10.5),
                         createEnd + ms(37),
                         {resumeActivity(createEnd + ms(11), true)}}}}}});
}

// A hot launch's transaction dispatched at `at`: the stopped activity restarted, started and
// resumed in its window. The turn ends 34.2 ms after `at`.
Span restartActivity(int64_t waitFrom, int64_t at) {
  return looperTurn(
      waitFrom, at, at + ms(34),
      {&kHandleMessage,
       at,
       at + ms(33.9),
       {{&kExecuteTransaction,
         at + ms(0.5),
         at + ms(33.8),
         {{&kExecuteLifecycleState,
           at + ms(1),
           at + ms(33.5),
           {{&kCycleToPath,
             at + ms(1.5),
             at + ms(22),
             {{&kHandleStartActivity,
               at + ms(2),
               at + ms(21.5),
               {{&kPerformRestart,
                 at + ms(2.5),
                 at + ms(21),
                 {{&kCallActivityOnRestart, at + ms(3), at + ms(6), {{&kOnRestart, at + ms(3.5), at + ms(5.5)}}},
                  {&kPerformStart,
                   at + ms(7),
                   at + ms(20.5),
                   {{&kCallActivityOnStart, at + ms(7.5), at + ms(20), {{&kOnStart, at + ms(8), at + ms(19)}}}}}}}}}}},
            resumeActivity(at + ms(23), false)}}}}}});
}

// The first frame: Choreographer.doFrame takes `frameUs` and ends at `end` (TotalTime).
Span firstFrame(int64_t waitFrom, int64_t end, int64_t frameUs) {
  const int64_t from = end - frameUs;
  // measure, layout and draw share performTraversals' time 3 : 2 : 5.
  const int64_t in = from + ms(0.6), out = end - ms(0.6), w = out - in;
  const int64_t measured = in + w * 3 / 10, laidOut = in + w / 2;
  Span traversals{&kPerformTraversals,
                  in,
                  out,
                  {{&kPerformMeasure, in + ms(0.1), measured},
                   {&kPerformLayout, measured + ms(0.1), laidOut},
                   {&kPerformDraw,
                    laidOut + ms(0.1),
                    out - ms(0.1),
                    {{&kRendererDraw,
                      laidOut + ms(0.2),
                      out - ms(0.2),
                      {{&kSyncAndDrawFrame, out - (out - laidOut) * 2 / 5, out - ms(0.3)}}}}}}};
  Span doFrame{&kDoFrame,
               from,
               end,
               {{&kDoCallbacks,
                 from + ms(0.1),
                 end - ms(0.1),
                 {{&kCallbackRecordRun,
                   from + ms(0.2),
                   end - ms(0.2),
                   {{&kTraversalRunnable,
                     from + ms(0.3),
                     end - ms(0.3),
                     {{&kDoTraversal, from + ms(0.4), end - ms(0.4), {std::move(traversals)}}}}}}}}}};
  return looperTurn(waitFrom, from - ms(0.2), end + ms(0.2),
                    {&kHandleCallback,
                     from - ms(0.2),
                     end + ms(0.15),
                     {{&kFrameReceiverRun, from - ms(0.1), end + ms(0.1), {std::move(doFrame)}}}});
}

// The main thread from ZygoteInit down to Looper.loop, around the Looper's turns.
Span mainThread(std::vector<Span> turns) {
  Span loop{&kLoop, kBefore, kOpen, std::move(turns)};
  return {&kZygoteMain,
          kBefore,
          kOpen,
          {{&kCallerRun, kBefore, kOpen, {{&kInvoke, kBefore, kOpen, {{&kThreadMain, kBefore, kOpen, {loop}}}}}}}};
}

// Collects the spans' enter and exit events on the trace's clock, then writes them in time order
// with thread CPU times (each thread's CPU clock runs at the share of the method it is in).
class TraceBuilder {
 public:
  explicit TraceBuilder(const TracedLaunch& launch)
      : m_launch(launch), m_writer(MethodTraceWriter::Clock::kDual, launch.pid) {
    m_writer.startTimeUs = launch.startTimeUs;
  }

  // A cold launch's spans are laid out for a first frame at kColdLayoutMs; a slower launch
  // stretches everything after the bind, so its stages grow in proportion.
  void stretchAfterBind(double factor) { m_stretch = factor; }

  void thread(int tidOffset, const std::string& name) {
    m_writer.thread(static_cast<uint16_t>(m_launch.pid + tidOffset), name);
  }

  void add(int tidOffset, const Span& span) { add(static_cast<uint16_t>(m_launch.pid + tidOffset), span); }

  std::string write() {
    std::stable_sort(m_events.begin(), m_events.end(),
                     [](const Event& a, const Event& b) { return a.wallUs < b.wallUs; });
    struct Clock {
      uint64_t lastWallUs = 0;
      double cpuUs = 0;
      std::vector<const MethodSpec*> stack;
    };
    std::map<uint16_t, Clock> clocks;
    uint64_t end = 0;
    for (const Event& e : m_events) {
      Clock& c = clocks[e.tid];
      if (!c.stack.empty()) c.cpuUs += static_cast<double>(e.wallUs - c.lastWallUs) * c.stack.back()->cpuShare;
      c.lastWallUs = e.wallUs;
      const auto wall = static_cast<uint32_t>(e.wallUs), cpu = static_cast<uint32_t>(c.cpuUs);
      if (e.exit) {
        c.stack.pop_back();
        m_writer.exit(e.tid, idOf(*e.method), wall, cpu);
      } else {
        c.stack.push_back(e.method);
        m_writer.enter(e.tid, idOf(*e.method), wall, cpu);
      }
      end = e.wallUs;
    }
    m_writer.elapsedUs = std::max<uint64_t>(end, static_cast<uint64_t>(std::max<int64_t>(m_launch.stopAtUs, 0)));
    return m_writer.classic();
  }

 private:
  struct Event {
    uint64_t wallUs;
    uint16_t tid;
    const MethodSpec* method;
    bool exit;
  };

  // The launch's clock on the trace's: what began before tracing did is there at its start.
  uint64_t onTrace(int64_t launchUs) const {
    if (launchUs == kBefore) return 0;
    constexpr int64_t bindUs = kColdBindAfterMs * 1000;
    if (launchUs > bindUs) {
      launchUs = bindUs + std::llround(static_cast<double>(launchUs - bindUs) * m_stretch);
    }
    return static_cast<uint64_t>(std::max<int64_t>(m_launch.launchAtUs + launchUs, 0));
  }

  void add(uint16_t tid, const Span& span) {
    m_events.push_back({onTrace(span.fromUs), tid, span.method, false});
    for (const Span& callee : span.callees) add(tid, callee);
    if (span.toUs != kOpen) m_events.push_back({onTrace(span.toUs), tid, span.method, true});
  }

  uint32_t idOf(const MethodSpec& m) {
    const auto [it, added] = m_ids.try_emplace(&m, 0);
    if (added) it->second = m_writer.method(m.cls, m.name, m.signature, m.source);
    return it->second;
  }

  const TracedLaunch& m_launch;
  MethodTraceWriter m_writer;
  std::vector<Event> m_events;
  double m_stretch = 1.0;
  std::map<const MethodSpec*, uint32_t> m_ids;
};

}  // namespace

std::string demoLaunchTrace(const TracedLaunch& launch) {
  TraceBuilder trace(launch);
  // The threads a small app has (thread ids as offsets from the pid); RenderThread runs native
  // code only, so it has no Java frames.
  trace.thread(0, "main");
  trace.thread(2, "Jit thread pool");
  trace.thread(3, "Signal Catcher");
  trace.thread(5, "ReferenceQueueDaemon");
  trace.thread(6, "HeapTaskDaemon");
  trace.thread(7, "FinalizerDaemon");
  trace.thread(11, "binder:" + std::to_string(launch.pid) + "_1");
  trace.thread(20, "RenderThread");
  // Each layout needs some time before its first frame can end (cold 610 ms, warm 250, hot 80):
  // a shorter TotalTime is drawn that late; a longer one is the frame's (warm, hot) or the whole
  // launch's (cold) being slower.
  std::vector<Span> turns;
  switch (launch.kind) {
    case LaunchKind::kCold: {
      // The layout's first frame ends at kColdLayoutMs; a slower launch (the seeded cold times,
      // under the tracer) is the same work stretched after the bind.
      constexpr int64_t kColdLayoutMs = 612;
      const int64_t end = ms(static_cast<double>(std::clamp<int64_t>(launch.totalMs, 610, kColdLayoutMs)));
      if (launch.totalMs > kColdLayoutMs) {
        trace.stretchAfterBind(static_cast<double>(launch.totalMs - kColdBindAfterMs) /
                               static_cast<double>(kColdLayoutMs - kColdBindAfterMs));
      }
      turns.push_back(bindApplication());
      turns.push_back(launchActivity(ms(292), ms(293), ms(510)));
      turns.push_back(firstFrame(ms(548), end, ms(60)));
      turns.push_back(idleFrom(end + ms(1)));
      trace.thread(24, "mxi-prefetch");  // started by initPhotoCache; opens the demo's database
      trace.add(24, {&kThreadRun,
                     ms(283.6),
                     ms(431),
                     {{&kPrefetchRun,
                       ms(283.7),
                       ms(430.5),
                       {{&kOpenDatabase, ms(284), ms(330)},
                        {&kRawQuery, ms(331), ms(360)},
                        {&kCursorCount, ms(361), ms(429)}}}}});
      break;
    }
    case LaunchKind::kWarm: {
      const int64_t end = ms(static_cast<double>(std::max<int64_t>(launch.totalMs, 250)));
      turns.push_back(launchActivity(kBefore, ms(8), end - ms(100)));
      turns.push_back(firstFrame(end - ms(62), end, ms(40)));
      turns.push_back(idleFrom(end + ms(1)));
      break;
    }
    case LaunchKind::kHot: {
      const int64_t end = ms(static_cast<double>(std::max<int64_t>(launch.totalMs, 80)));
      turns.push_back(restartActivity(kBefore, ms(8)));
      turns.push_back(firstFrame(ms(42.5), end, ms(18)));
      turns.push_back(idleFrom(end + ms(1)));
      break;
    }
  }
  trace.add(0, mainThread(std::move(turns)));
  trace.add(6,
            {&kThreadRun,
             kBefore,
             kOpen,
             {{&kDaemonRun, kBefore, kOpen, {{&kHeapTaskRun, kBefore, kOpen, {{&kRunHeapTasks, kBefore, kOpen}}}}}}});
  return trace.write();
}

}  // namespace mxi::sim
