// The demo phone's launches (issue 45; tests/device-sim/tools/sim_launch.h): `am start -W` serves
// COLD, WARM and HOT as the runner prepares them (force-stop, --activity-clear-task, HOME), and an
// activity already in front only gets the intent; `Displayed` is logged with exactly TotalTime;
// the seeded times keep cold > warm > hot and MXI_SIM_STARTUP_EXTRA_MS adds exactly its ms to
// cold launches; `dumpsys gfxinfo PKG reset` then framestats lists the launch's first frame first;
// `cmd package resolve-activity --brief`; a crash on demand. The traced launches:
// demo_launch_trace_test.cpp. The tools run in a sandbox of their own (`mxi-device-sim --tools
// --setup-only`) on the synthetic demo phone.
#include <cmath>
#include <set>
#include <thread>

#include "tests/agent/demo_launch_fixture.h"

namespace mxi::test {
namespace {

using namespace std::chrono_literals;

TEST_F(DemoLaunchTest, LaunchStatesFollowForceStopClearTaskHomeAndBack) {
  // The demo app runs in front from the start: the intent goes to its activity, nothing launches.
  const AmStart top = launch();
  EXPECT_EQ(top.lines.at(0), "Starting: Intent { cmp=com.example.mxi.demo/.DemoActivity }");
  EXPECT_EQ(top.lines.at(1),
            "Warning: Activity not started, intent has been delivered to currently running top-most instance.");
  EXPECT_EQ(top.lines.at(2), "Status: ok");
  EXPECT_EQ(top.state(), "UNKNOWN (0)");
  EXPECT_EQ(top.fields.at("Activity"), kActivity);
  EXPECT_EQ(top.number("TotalTime"), 0);
  EXPECT_EQ(top.lines.back(), "Complete");
  EXPECT_EQ(top.lines.size(), 8u);

  const AmStart c = cold(m_phone);
  EXPECT_EQ(c.state(), "COLD");
  EXPECT_EQ(c.lines.size(), 7u);  // Starting, Status, LaunchState, Activity, TotalTime, WaitTime, Complete
  EXPECT_EQ(tool("pidof", {kDemo}), "30001\n");
  EXPECT_EQ(resumed(m_phone), kActivity);

  const AmStart w = warm(m_phone);
  EXPECT_EQ(w.lines.at(0), "Starting: Intent { flg=0x8000 cmp=com.example.mxi.demo/.DemoActivity }");
  EXPECT_EQ(w.state(), "WARM");
  EXPECT_EQ(tool("pidof", {kDemo}), "30001\n");  // the same process

  tool("input", {"keyevent", "KEYCODE_HOME"});
  EXPECT_EQ(resumed(m_phone), kLauncher);
  const AmStart h = launch();
  EXPECT_EQ(h.lines.at(1), "Warning: Activity not started, its current task has been brought to the front");
  EXPECT_EQ(h.state(), "HOT");
  EXPECT_EQ(resumed(m_phone), kActivity);

  // BACK on Android 12+ moves the root activity's task back: still alive, the next launch is HOT.
  tool("input", {"keyevent", "4"});
  EXPECT_EQ(resumed(m_phone), kLauncher);
  EXPECT_EQ(launch().state(), "HOT");
  // A warm launch while in front recreates the activity; again in front, the intent is delivered.
  EXPECT_EQ(warm(m_phone).state(), "WARM");
  EXPECT_EQ(launch().state(), "UNKNOWN (0)");
  // -S force-stops first.
  EXPECT_EQ(launch({"-S"}).state(), "COLD");
  EXPECT_EQ(tool("pidof", {kDemo}), "30002\n");
}

TEST_F(DemoLaunchTest, BackBeforeAndroid12FinishesTheActivity) {
  const Phone old = makePhone("android11", {"MXI_SIM_SDK=30"});
  EXPECT_EQ(cold(old).state(), "COLD");
  tool(old, "input", {"keyevent", "KEYCODE_BACK"});
  EXPECT_EQ(resumed(old), kLauncher);
  EXPECT_EQ(launchOn(old).state(), "WARM");  // the process lived on, its activity did not
  tool(old, "input", {"keyevent", "3"});
  EXPECT_EQ(launchOn(old).state(), "HOT");
}

// Any simulated app launches: on the phone replaying the reference captures, another app launched
// in front (its process alive, no activity: WARM) sends the foreground app to the background,
// from where it comes back HOT with its replayed launcher window.
TEST_F(DemoLaunchTest, AnotherAppInFrontSendsTheFirstToTheBackground) {
  if (referenceDir().empty()) GTEST_SKIP() << "no ../shared/reference";
  const Phone replayed = makePhone("replayed", {"MXI_SIM_REFERENCE=" + referenceDir() + "/fixtures"});
  EXPECT_EQ(tool(replayed, "cmd", {"package", "resolve-activity", "--brief", "com.android.settings"}),
            "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n"
            "com.android.settings/.homepage.SettingsHomepageActivity\n");
  const AmStart other =
      parseAmStart(tool(replayed, "am", {"start", "-W", "-n", "com.rzm.matrix_testing/.MainActivity"}), 0);
  EXPECT_EQ(other.state(), "WARM");
  EXPECT_EQ(resumed(replayed), "com.rzm.matrix_testing/.MainActivity");
  const AmStart back = parseAmStart(tool(replayed, "am",
                                         {"start", "-W", "-a", "android.intent.action.MAIN", "-c",
                                          "android.intent.category.LAUNCHER", "com.android.settings"}),
                                    0);
  EXPECT_EQ(back.lines.at(0),
            "Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
            "pkg=com.android.settings }");
  EXPECT_EQ(back.state(), "HOT");
  EXPECT_EQ(back.fields.at("Activity"), "com.android.settings/.homepage.SettingsHomepageActivity");
  EXPECT_EQ(resumed(replayed), "com.android.settings/com.android.settings.homepage.SettingsHomepageActivity");
}

// Every launch's Displayed line carries exactly its TotalTime; WaitTime adds am's round trip and
// `am start -W` really takes that long; the states' medians are apart (5 launches each).
TEST_F(DemoLaunchTest, DisplayedIsTotalTimeAndColdIsSlowerThanWarmSlowerThanHot) {
  std::map<std::string, std::vector<int64_t>> totals;
  for (const char* mode : {"COLD", "WARM", "HOT"}) {
    for (int i = 0; i < 5; ++i) {
      const std::string since = stamp(m_phone);
      const std::string m = mode;
      const AmStart a = m == "COLD" ? cold(m_phone) : m == "WARM" ? warm(m_phone) : hot(m_phone);
      ASSERT_EQ(a.state(), mode);
      const int64_t total = a.number("TotalTime"), waited = a.number("WaitTime");
      totals[mode].push_back(total);
      EXPECT_GE(waited - total, 10);
      EXPECT_LE(waited - total, 30);
      EXPECT_GE(a.wallMs, waited);
      const std::string log = logSince(m_phone, since);
      EXPECT_EQ(startingWith(messagesOf(log, "ActivityTaskManager"), "Displayed "),
                std::vector<std::string>{std::string("Displayed ") + kActivity + ": " + formatted(total)})
          << log;
      EXPECT_EQ(messagesOf(log, "wm_activity_launch_time"),
                std::vector<std::string>{"[0,217849130," + std::string(kActivity) + "," + std::to_string(total) + "]"});
      // A cold launch starts the process: am_proc_start with the new pid, the app's uid, and the
      // hosting activity's full name.
      const auto procStart = messagesOf(log, "am_proc_start");
      if (m == "COLD") {
        const std::string pid = std::to_string(30001 + i);
        EXPECT_EQ(procStart, std::vector<std::string>{"[0," + pid +
                                                      ",10042,com.example.mxi.demo,pre-top-activity,{com.example.mxi."
                                                      "demo/com.example.mxi.demo.DemoActivity}]"});
      } else {
        EXPECT_TRUE(procStart.empty()) << log;
      }
    }
  }
  // The spread (±8 % around 850, 350, 125 ms) keeps the states apart on every launch.
  for (int64_t t : totals["COLD"]) EXPECT_TRUE(t >= 782 && t <= 918) << t;
  for (int64_t t : totals["WARM"]) EXPECT_TRUE(t >= 322 && t <= 378) << t;
  for (int64_t t : totals["HOT"]) EXPECT_TRUE(t >= 115 && t <= 135) << t;
  EXPECT_GT(median(totals["COLD"]), median(totals["WARM"]));
  EXPECT_GT(median(totals["WARM"]), median(totals["HOT"]));
  // Launches vary from run to run.
  EXPECT_GT(std::set<int64_t>(totals["COLD"].begin(), totals["COLD"].end()).size(), 2u);
}

// The same seed gives the same times; MXI_SIM_STARTUP_EXTRA_MS adds exactly its ms to cold
// launches (TotalTime, WaitTime, Displayed) and nothing to warm ones; Fully drawn follows.
TEST_F(DemoLaunchTest, ExtraMsAddsExactlyThatToColdLaunches) {
  const Phone slow = makePhone("slow", {"MXI_SIM_STARTUP_EXTRA_MS=400"});
  for (int i = 0; i < 2; ++i) {
    const AmStart base = cold(m_phone), slower = cold(slow);
    EXPECT_EQ(slower.number("TotalTime"), base.number("TotalTime") + 400);
    EXPECT_EQ(slower.number("WaitTime"), base.number("WaitTime") + 400);
  }
  const std::string since = stamp(slow);
  const AmStart slowCold = cold(slow);
  std::this_thread::sleep_for(450ms);  // reportFullyDrawn comes 150–400 ms after the first frame
  const std::string log = logSince(slow, since);
  const int64_t total = slowCold.number("TotalTime");
  ASSERT_GE(total, 1000);
  const auto atm = messagesOf(log, "ActivityTaskManager");
  ASSERT_EQ(atm.size(), 2u) << log;
  EXPECT_EQ(atm[0], std::string("Displayed ") + kActivity + ": " + formatted(total));  // "+1s234ms"
  const std::string prefix = std::string("Fully drawn ") + kActivity + ": ";
  ASSERT_TRUE(atm[1].starts_with(prefix)) << atm[1];
  const std::string fully = atm[1].substr(prefix.size());  // "+1s456ms"
  const int64_t fullyMs = std::atoll(fully.c_str() + 1) * 1000 + std::atoll(fully.c_str() + fully.find('s') + 1);
  EXPECT_EQ(formatted(fullyMs), fully);
  EXPECT_GE(fullyMs - total, 150);
  EXPECT_LE(fullyMs - total, 400);
  EXPECT_EQ(warm(slow).number("TotalTime"), warm(m_phone).number("TotalTime"));
  // Another seed, other times.
  const Phone other = makePhone("other-seed", {"MXI_SIM_STARTUP_SEED=7"});
  std::set<int64_t> a, b;
  for (int i = 0; i < 3; ++i) {
    a.insert(cold(m_phone).number("TotalTime"));
    b.insert(cold(other).number("TotalTime"));
  }
  EXPECT_NE(a, b);
}

TEST_F(DemoLaunchTest, OlderAndroidLogsAsActivityManager) {
  const Phone pie = makePhone("android9", {"MXI_SIM_SDK=28"});
  const std::string since = stamp(pie);
  const AmStart a = cold(pie);
  const std::string log = logSince(pie, since);
  const std::string total = std::to_string(a.number("TotalTime"));
  const auto am = messagesOf(log, "ActivityManager");
  EXPECT_NE(
      std::find(am.begin(), am.end(), std::string("Displayed ") + kActivity + ": " + formatted(a.number("TotalTime"))),
      am.end())
      << log;
  EXPECT_TRUE(messagesOf(log, "ActivityTaskManager").empty());
  EXPECT_EQ(messagesOf(log, "am_activity_launch_time"),
            std::vector<std::string>{"[0,217849130," + std::string(kActivity) + "," + total + "," + total + "]"});
  EXPECT_EQ(
      messagesOf(log, "am_proc_start"),
      std::vector<std::string>{
          "[0,30001,10042,com.example.mxi.demo,activity,{com.example.mxi.demo/com.example.mxi.demo.DemoActivity}]"});
}

// framestats rows: (IntendedVsync, FrameCompleted).
std::vector<std::pair<int64_t, int64_t>> frameRows(const std::string& gfxinfo) {
  std::vector<std::pair<int64_t, int64_t>> rows;
  bool inBlock = false, header = false;
  for (const std::string& line : linesOf(gfxinfo)) {
    if (line == "---PROFILEDATA---") {
      inBlock = !inBlock;
      header = inBlock;
      continue;
    }
    if (!inBlock) continue;
    if (header) {
      EXPECT_TRUE(line.starts_with("Flags,IntendedVsync,")) << line;
      EXPECT_EQ(std::count(line.begin(), line.end(), ','), 12);
      header = false;
      continue;
    }
    std::vector<int64_t> cells;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) cells.push_back(std::atoll(cell.c_str()));
    if (cells.size() >= 12) rows.emplace_back(cells[1], cells[11]);
  }
  return rows;
}

TEST_F(DemoLaunchTest, GfxinfoResetThenALaunchListsItsFirstFrameFirst) {
  tool("dumpsys", {"gfxinfo", kDemo, "framestats"});  // the timeline begins
  std::this_thread::sleep_for(300ms);
  EXPECT_FALSE(frameRows(tool("dumpsys", {"gfxinfo", kDemo, "framestats"})).empty());
  const int64_t resetNs = monotonicNs();
  tool("dumpsys", {"gfxinfo", kDemo, "reset"});
  for (const auto& [vsync, done] : frameRows(tool("dumpsys", {"gfxinfo", kDemo, "framestats"}))) {
    EXPECT_GE(vsync, resetNs);  // nothing drawn before the reset
  }
  std::map<std::string, int64_t> firstFrameMs;
  for (const char* mode : {"COLD", "WARM", "HOT"}) {
    const std::string m = mode;
    if (m == "COLD") tool("am", {"force-stop", kDemo});
    if (m == "HOT") tool("input", {"keyevent", "KEYCODE_HOME"});
    tool("dumpsys", {"gfxinfo", kDemo, "reset"});
    const AmStart a =
        launch(m == "WARM" ? std::vector<std::string>{"--activity-clear-task"} : std::vector<std::string>{});
    const int64_t returnedNs = monotonicNs();
    ASSERT_EQ(a.state(), mode);
    std::this_thread::sleep_for(100ms);
    const auto rows = frameRows(tool("dumpsys", {"gfxinfo", kDemo, "framestats"}));
    ASSERT_GE(rows.size(), 2u) << mode;
    // The first frame is the launch's: it completes at the Displayed moment (the phone's own
    // stamp of that line, to its millisecond), TotalTime into the launch, so at least WaitTime −
    // TotalTime before `am` returned; the app's own frames start once it is on screen. (No upper
    // bound on the host's wait: how soon a process exits is this machine's load, not the phone's.)
    std::string displayedStamp;
    for (const std::string& line : linesOf(tool("logcat", {"-d", "-v", "threadtime", "-v", "epoch", "-b", "main"}))) {
      if (line.find("Displayed ") != std::string::npos)
        displayedStamp = line.substr(0, line.find(' ', line.find_first_not_of(' ')));
    }
    ASSERT_FALSE(displayedStamp.empty()) << mode;
    const int64_t displayedMs = std::llround(std::atof(displayedStamp.c_str()) * 1000);
    // logcat's epoch stamps are the wall clock, framestats' the monotonic one (this machine's both).
    const int64_t wallMinusMonotonicMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count() -
        monotonicNs() / 1'000'000;
    EXPECT_NEAR(static_cast<double>(rows[0].second / 1'000'000 + wallMinusMonotonicMs),
                static_cast<double>(displayedMs), 2.0)
        << mode;
    const int64_t beforeReturnMs = (returnedNs - rows[0].second) / 1'000'000;
    EXPECT_GE(beforeReturnMs, a.number("WaitTime") - a.number("TotalTime") - 1) << mode;
    EXPECT_GE(rows[1].first, rows[0].second) << mode;
    firstFrameMs[m] = (rows[0].second - rows[0].first) / 1'000'000;
  }
  EXPECT_TRUE(firstFrameMs["COLD"] >= 153 && firstFrameMs["COLD"] <= 187) << firstFrameMs["COLD"];
  EXPECT_TRUE(firstFrameMs["WARM"] >= 72 && firstFrameMs["WARM"] <= 88) << firstFrameMs["WARM"];
  EXPECT_TRUE(firstFrameMs["HOT"] >= 16 && firstFrameMs["HOT"] <= 20) << firstFrameMs["HOT"];
}

TEST_F(DemoLaunchTest, ResolveActivityNamesTheLauncherActivity) {
  EXPECT_EQ(tool("cmd", {"package", "resolve-activity", "--brief", "-c", "android.intent.category.LAUNCHER", kDemo}),
            "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n"
            "com.example.mxi.demo/.DemoActivity\n");
  EXPECT_EQ(tool("cmd", {"package", "resolve-activity", "--brief", "-c", "android.intent.category.LAUNCHER",
                         "com.example.absent"}),
            "No activity found\n");
}

// MXI_SIM_STARTUP_CRASH_ON=2: the app's second `am start` dies in onCreate before drawing.
TEST_F(DemoLaunchTest, TheLaunchAskedForCrashesBeforeDrawing) {
  const Phone crashing = makePhone("crashing", {"MXI_SIM_STARTUP_CRASH_ON=2"});
  EXPECT_EQ(cold(crashing).state(), "COLD");  // the first
  tool(crashing, "am", {"force-stop", kDemo});
  const std::string since = stamp(crashing);
  const AmStart crashed = launchOn(crashing);
  // stopWaitingForActivityVisible: no launch state, no TotalTime.
  ASSERT_EQ(crashed.lines.size(), 6u);
  EXPECT_EQ(crashed.lines.at(1), "Status: ok");
  EXPECT_EQ(crashed.lines.at(2), "LaunchState: UNKNOWN (0)");
  EXPECT_EQ(crashed.lines.at(3), std::string("Activity: ") + kActivity);
  EXPECT_TRUE(crashed.lines.at(4).starts_with("WaitTime: "));
  EXPECT_EQ(crashed.lines.at(5), "Complete");
  EXPECT_EQ(run(crashing, "pidof", {kDemo}).exitCode, 1);  // the process died
  EXPECT_EQ(resumed(crashing), kLauncher);
  const std::string log = logSince(crashing, since);
  const std::string message = "Simulated crash in onCreate: launch 2 of MXI_SIM_STARTUP_CRASH_ON";
  const auto runtime = messagesOf(log, "AndroidRuntime");
  ASSERT_GE(runtime.size(), 4u) << log;
  EXPECT_EQ(runtime[0], "FATAL EXCEPTION: main");
  EXPECT_EQ(runtime[1], "Process: com.example.mxi.demo, PID: 30002");
  EXPECT_EQ(runtime[2],
            "java.lang.RuntimeException: Unable to start activity ComponentInfo{com.example.mxi.demo/"
            "com.example.mxi.demo.DemoActivity}: java.lang.IllegalStateException: " +
                message);
  EXPECT_NE(std::find(runtime.begin(), runtime.end(), "Caused by: java.lang.IllegalStateException: " + message),
            runtime.end());
  EXPECT_EQ(messagesOf(log, "am_crash"),
            std::vector<std::string>{"[0,30002,com.example.mxi.demo,952745541,java.lang.IllegalStateException," +
                                     message + ",DemoActivity.java,57,0]"});
  EXPECT_TRUE(messagesOf(log, "ActivityTaskManager").size() == 1 &&
              messagesOf(log, "ActivityTaskManager")[0] == std::string("  Force finishing activity ") + kActivity)
      << log;  // no Displayed
  // Only the crash buffer holds the FATAL EXCEPTION block.
  EXPECT_EQ(tool(crashing, "logcat", {"-d", "-b", "main", "-t", since}).find("FATAL EXCEPTION"), std::string::npos);
  // The next launch starts the app again.
  const AmStart again = launchOn(crashing);
  EXPECT_EQ(again.state(), "COLD");
  EXPECT_EQ(tool(crashing, "pidof", {kDemo}), "30003\n");
}

}  // namespace
}  // namespace mxi::test
