#include "sim_launch.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "sim_launch_log.h"
#include "sim_launch_state.h"
#include "sim_processes.h"

namespace mxi::sim {

namespace {

// system_server's pid and the threads that log launches (ActivityManager's handler thread,
// android.display where ActivityMetricsLogger reports windows drawn).
constexpr int kSystemServer = 1200, kAmThread = 1247, kDisplayThread = 1290;
// ApplicationInfo flags of a debuggable app with code (the am_anr line's value too).
constexpr const char* kAppFlags = "952745541";

// The app's uid from its user ("u0_a42" → 10042, "system" → 1000).
int uidOf(const SimApp& app) {
  if (app.user.starts_with("u0_a")) return 10000 + std::atoi(app.user.c_str() + 4);
  return app.user == "system" ? 1000 : 2000;
}

// TimeUtils.formatDuration: "+612ms", "+1s234ms", "+2s0ms" (minutes and more do not occur here).
std::string formatDuration(int64_t ms) {
  if (ms == 0) return "0";
  return ms >= 1000 ? "+" + std::to_string(ms / 1000) + "s" + std::to_string(ms % 1000) + "ms"
                    : "+" + std::to_string(ms) + "ms";
}

bool listed(const std::string& list, int64_t n) {
  return ("," + list + ",").find("," + std::to_string(n) + ",") != std::string::npos;
}

struct LogWriter {
  const SimConfig& config;
  int64_t startMs;
  std::vector<StampedLogLine> lines;

  void add(int64_t afterMs, LogBuffer buffer, int pid, int tid, char level, std::string tag, std::string message) {
    lines.push_back({startMs + afterMs, {0, pid, tid, level, std::move(tag), std::move(message), buffer}});
  }
  // What system_server logs, as ActivityManager (Android ≤ 9) or ActivityTaskManager.
  std::string atm() const { return config.sdk >= 29 ? "ActivityTaskManager" : "ActivityManager"; }
};

void logProcessStart(LogWriter& log, const SimApp& app, const std::string& activity) {
  const std::string package = packageOf(app.package), pid = std::to_string(app.pid);
  const std::string hosting = "{" + fullComponent(activity) + "}";  // ComponentName.toShortString
  const std::string type = log.config.sdk >= 31 ? "pre-top-activity" : "activity";
  const std::string uid = app.user.starts_with("u0_a") ? "u0a" + app.user.substr(4) : app.user;
  log.add(8, LogBuffer::kEvents, kSystemServer, kAmThread, 'I', "am_proc_start",
          "[0," + pid + "," + std::to_string(uidOf(app)) + "," + package + "," + type + "," + hosting + "]");
  log.add(8, LogBuffer::kSystem, kSystemServer, kAmThread, 'I', "ActivityManager",
          "Start proc " + pid + ":" + package + "/" + uid + " for " + type + " " + hosting);
}

// ActivityMetricsLogger.logAppDisplayed (and its event), then the app's reportFullyDrawn().
void logDrawn(LogWriter& log, const SimApp& app, const std::string& activity, const LaunchTimes& t) {
  const std::string total = std::to_string(t.totalMs);
  log.add(t.totalMs, LogBuffer::kMain, kSystemServer, kDisplayThread, 'I', log.atm(),
          "Displayed " + activity + ": " + formatDuration(t.totalMs));
  if (log.config.sdk >= 29) {
    log.add(t.totalMs, LogBuffer::kEvents, kSystemServer, kDisplayThread, 'I', "wm_activity_launch_time",
            "[0,217849130," + activity + "," + total + "]");
  } else {
    log.add(t.totalMs, LogBuffer::kEvents, kSystemServer, kDisplayThread, 'I', "am_activity_launch_time",
            "[0,217849130," + activity + "," + total + "," + total + "]");
  }
  // Only the demo app reports when its content is loaded (Activity.reportFullyDrawn).
  if (t.fullyDrawnMs > 0 && packageOf(app.package) == "com.example.mxi.demo") {
    setPendingLaunchLine(log.config, packageOf(app.package),
                         {log.startMs + t.fullyDrawnMs,
                          {0, kSystemServer, kDisplayThread, 'I', log.atm(),
                           "Fully drawn " + activity + ": " + formatDuration(t.fullyDrawnMs), LogBuffer::kMain}});
  }
}

// The app throws in onCreate: RuntimeInit's FATAL EXCEPTION block (crash buffer), then
// system_server's am_crash, the activity force-finished and the process dead.
void logCrash(LogWriter& log, const SimApp& app, const std::string& activity, int64_t atMs, int64_t launch) {
  const std::string full = fullComponent(activity);
  const std::string cls = full.substr(full.find('/') + 1), file = cls.substr(cls.rfind('.') + 1) + ".java";
  // No comma: am_crash's fields are comma-separated.
  const std::string message =
      "Simulated crash in onCreate: launch " + std::to_string(launch) + " of MXI_SIM_STARTUP_CRASH_ON";
  const std::vector<std::string> block = {
      "FATAL EXCEPTION: main",
      "Process: " + app.package + ", PID: " + std::to_string(app.pid),
      "java.lang.RuntimeException: Unable to start activity ComponentInfo{" + full +
          "}: java.lang.IllegalStateException: " + message,
      "\tat android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3782)",
      "\tat android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3922)",
      "\tat android.app.servertransaction.LaunchActivityItem.execute(LaunchActivityItem.java:103)",
      "\tat android.app.servertransaction.TransactionExecutor.executeCallbacks(TransactionExecutor.java:139)",
      "\tat android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:96)",
      "\tat android.app.ActivityThread$H.handleMessage(ActivityThread.java:2443)",
      "\tat android.os.Handler.dispatchMessage(Handler.java:106)",
      "\tat android.os.Looper.loopOnce(Looper.java:205)",
      "\tat android.os.Looper.loop(Looper.java:294)",
      "\tat android.app.ActivityThread.main(ActivityThread.java:8177)",
      "\tat java.lang.reflect.Method.invoke(Native Method)",
      "\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)",
      "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)",
      "Caused by: java.lang.IllegalStateException: " + message,
      "\tat " + cls + ".onCreate(" + file + ":57)",
      "\tat android.app.Activity.performCreate(Activity.java:8595)",
      "\tat android.app.Activity.performCreate(Activity.java:8573)",
      "\tat android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1456)",
      "\tat android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3764)",
      "\t... 12 more",
  };
  for (const std::string& line : block) log.add(atMs, LogBuffer::kCrash, app.pid, app.pid, 'E', "AndroidRuntime", line);
  // EventLogTags: am_crash (User, PID, Process Name, Flags, Exception, Message, File, Line[, Recoverable: 11+]).
  log.add(atMs + 2, LogBuffer::kEvents, kSystemServer, kAmThread, 'I', "am_crash",
          "[0," + std::to_string(app.pid) + "," + app.package + "," + kAppFlags + ",java.lang.IllegalStateException," +
              message + "," + file + ",57" + (log.config.sdk >= 30 ? ",0]" : "]"));
  log.add(atMs + 3, LogBuffer::kSystem, kSystemServer, kAmThread, 'W', log.atm(),
          "  Force finishing activity " + activity);
  log.add(atMs + 60, LogBuffer::kSystem, kSystemServer, kAmThread, 'I', "ActivityManager",
          "Process " + app.package + " (pid " + std::to_string(app.pid) + ") has died: fg  TOP ");
}

}  // namespace

LaunchOutcome launchActivity(Ctx& c, SimApp& app, const LaunchRequest& request) {
  const std::string package = packageOf(app.package);
  LaunchOutcome out;
  out.startMs = nowMs();
  const int64_t startNs = monotonicNowNs();
  out.activity = request.component.empty() ? launcherActivityOf(c, app) : shortComponent(request.component);
  AppLaunchState state = readLaunchState(c, app);
  const std::string front = frontPackage(c.config);
  const bool inFront = front == package || (front.empty() && package == c.device.foreground);
  ++state.launches;
  LogWriter log{c.config, out.startMs, {}};
  if (app.pid == 0) {
    startProcess(c.config, c.device.apps, package);
    c.startedNs = applyProcessState(c.config, c.device.apps);  // `app` now has its new pid
    out.kind = LaunchKind::kCold;
    logProcessStart(log, app, out.activity);
  } else if (state.activity == ActivityLife::kResumed && inFront && !request.clearTask) {
    // ActivityStarter.recycleTask: the task is in front already → START_DELIVERED_TO_TOP, and
    // waitResultIfNeeded does not wait (TotalTime 0, no launch state).
    out.result = LaunchResult::kDeliveredToTop;
    // Only am's round trip: 5–15 ms, drawn apart from the launch states' own figures (9).
    out.times.waitMs = 5 + static_cast<int64_t>(10 * seededUnit(c.config.startupSeed, 9, state.launches, 5));
    writeLaunchState(c.config, package, state);
    return out;
  } else if (state.activity != ActivityLife::kNone && !request.clearTask) {
    out.kind = LaunchKind::kHot;
    out.result = LaunchResult::kBroughtToFront;
  } else {
    out.kind = LaunchKind::kWarm;  // the process lives; its activity is created (anew)
  }
  // The activity before this launch is gone or stopped: what it had not reported yet, it never will.
  settlePendingLaunchLine(c.config, package);
  int64_t& ofKind = out.kind == LaunchKind::kCold ? state.cold : out.kind == LaunchKind::kWarm ? state.warm : state.hot;
  out.times = launchTimes(c.config, out.kind, ++ofKind);
  if (request.traced) {
    // Drawing is as slow as the app's code before it; am's round trip and the app's fully drawn
    // report after its first frame are not.
    const auto slower = static_cast<int64_t>(std::llround(static_cast<double>(out.times.totalMs) * kTracedSlowdown));
    const int64_t extra = slower - out.times.totalMs;
    out.times.totalMs += extra;
    out.times.waitMs += extra;
    if (out.times.fullyDrawnMs > 0) out.times.fullyDrawnMs += extra;
  }
  // The app in front before goes to the background, its activity stopped but alive.
  const std::string before = front.empty() ? c.device.foreground : front;
  if (before != package && before != kLauncher) {
    if (const SimApp* other = findApp(c, before); other != nullptr && !isStopped(c, *other)) {
      AppLaunchState otherState = readLaunchState(c, *other);
      if (otherState.activity == ActivityLife::kResumed) otherState.activity = ActivityLife::kStopped;
      writeLaunchState(c.config, before, otherState);
    }
  }
  if (listed(c.config.startupCrashOn, state.launches)) {
    // onCreate throws after the process is up and the activity's class loaded.
    const int64_t crashMs =
        (out.kind == LaunchKind::kCold ? 260 : 90) +
        static_cast<int64_t>(60 * seededUnit(c.config.startupSeed, static_cast<uint64_t>(out.kind), ofKind, 6));
    logCrash(log, app, out.activity, crashMs, state.launches);
    appendLaunchLog(c.config, log.lines);
    out.result = LaunchResult::kCrashed;
    out.times = {0, crashMs + out.times.waitMs - out.times.totalMs, 0, 0};
    state.activity = ActivityLife::kNone;
    writeLaunchState(c.config, package, state);
    stopProcesses(c.config, package);
    setFrontPackage(c.config, kLauncher);
    return out;
  }
  logDrawn(log, app, out.activity, out.times);
  appendLaunchLog(c.config, log.lines);
  state.activity = ActivityLife::kResumed;
  state.activityPid = app.pid;
  state.firstFrameCompletedNs = startNs + out.times.totalMs * 1'000'000;
  state.firstFrameVsyncNs = state.firstFrameCompletedNs - out.times.firstFrameMs * 1'000'000;
  writeLaunchState(c.config, package, state);
  setFrontPackage(c.config, package);
  return out;
}

}  // namespace mxi::sim
