// The demo phone's launches (issue 45; tests/device-sim/tools/sim_launch.h): `am start -W` serves
// COLD, WARM and HOT as the runner prepares them (force-stop, --activity-clear-task, HOME), and an
// activity already in front only gets the intent; `Displayed` is logged with exactly TotalTime;
// the seeded times keep cold > warm > hot and MXI_SIM_STARTUP_EXTRA_MS adds exactly its ms to
// cold launches; `dumpsys gfxinfo PKG reset` then framestats lists the launch's first frame first;
// `cmd package resolve-activity --brief`; a crash on demand; a launch traced with --start-profiler
// or under `am profile start` is the demo app's own launch, judged by core/methodtrace into
// Matrix's stages. The tools run in a sandbox of their own (`mxi-device-sim --tools
// --setup-only`) on the synthetic demo phone.
#include <gtest/gtest.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_tree.h"
#include "core/methodtrace/method_trace_verdicts.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kDemo = "com.example.mxi.demo";
constexpr const char* kActivity = "com.example.mxi.demo/.DemoActivity";
constexpr const char* kLauncher = "com.android.launcher3/.uioverrides.QuickstepLauncher";

// What `am start -W` printed, key by key ("LaunchState" → "COLD"), plus its other lines in order.
struct AmStart {
  std::map<std::string, std::string> fields;
  std::vector<std::string> lines;
  int64_t wallMs = 0;  // how long the host waited for it

  int64_t number(const std::string& key) const {
    const auto it = fields.find(key);
    return it == fields.end() ? -1 : std::atoll(it->second.c_str());
  }
  std::string state() const { return fields.count("LaunchState") ? fields.at("LaunchState") : ""; }
};

AmStart parseAmStart(const std::string& out, int64_t wallMs) {
  AmStart r;
  r.wallMs = wallMs;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    r.lines.push_back(line);
    const size_t colon = line.find(": ");
    if (colon != std::string::npos && line.find(' ') > colon) r.fields[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return r;
}

int64_t monotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// "+612ms", "+1s234ms" as TimeUtils.formatDuration writes a launch time.
std::string formatted(int64_t ms) {
  return ms >= 1000 ? "+" + std::to_string(ms / 1000) + "s" + std::to_string(ms % 1000) + "ms"
                    : "+" + std::to_string(ms) + "ms";
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The messages of `tag`'s lines in logcat's threadtime output ("STAMP PID TID L TAG: MESSAGE").
std::vector<std::string> messagesOf(const std::string& log, const std::string& tag) {
  std::vector<std::string> out;
  for (const std::string& line : linesOf(log)) {
    std::istringstream in(line);
    std::string stamp, pid, tid, level;
    in >> stamp >> pid >> tid >> level;
    std::string rest;
    std::getline(in, rest);
    const size_t from = rest.find_first_not_of(' '), colon = rest.find(": ");
    if (from == std::string::npos || colon == std::string::npos) continue;
    std::string lineTag = rest.substr(from, colon - from);
    lineTag.erase(lineTag.find_last_not_of(' ') + 1);
    if (lineTag == tag) out.push_back(rest.substr(colon + 2));
  }
  return out;
}

// Those starting with `prefix`.
std::vector<std::string> startingWith(const std::vector<std::string>& messages, const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& m : messages) {
    if (m.starts_with(prefix)) out.push_back(m);
  }
  return out;
}

int64_t median(std::vector<int64_t> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

class DemoLaunchTest : public ::testing::Test {
 protected:
  void SetUp() override { m_phone = makePhone("phone", {}); }

  // A sandbox of its own with these settings on top of the synthetic demo's.
  struct Phone {
    fs::path root;
    std::vector<std::string> env;
  };
  Phone makePhone(const std::string& name, const std::vector<std::string>& settings) {
    const fs::path scratch = scratchDir(name);
    Phone p{scratch / "root",
            {"MXI_SIM_REFERENCE=", "MXI_SIM_LEAD_MS=0", "MXI_SIM_STATE=" + (scratch / "state").string()}};
    const ProgramRun setup = runProgram({build::deviceSim(), "--tools", "--setup-only", "--root", p.root.string(),
                                         "--android-tool", build::androidTool()});
    EXPECT_EQ(setup.exitCode, 0) << setup.err;
    p.env.insert(p.env.end(), settings.begin(), settings.end());
    return p;
  }

  ProgramRun run(const Phone& p, const std::string& name, const std::vector<std::string>& args) {
    std::vector<std::string> argv = {(p.root / "bin" / name).string()};
    argv.insert(argv.end(), args.begin(), args.end());
    return runProgram(argv, RunOptions().withEnv(p.env));
  }
  std::string tool(const Phone& p, const std::string& name, const std::vector<std::string>& args) {
    const ProgramRun r = run(p, name, args);
    EXPECT_EQ(r.exitCode, 0) << name << ": " << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
  }
  std::string tool(const std::string& name, const std::vector<std::string>& args) { return tool(m_phone, name, args); }

  AmStart launchOn(const Phone& p, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"start", "-W"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"-n", kActivity});
    const auto begin = std::chrono::steady_clock::now();
    const std::string out = tool(p, "am", args);
    return parseAmStart(
        out, std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begin).count());
  }
  AmStart launch(std::vector<std::string> extra = {}) { return launchOn(m_phone, std::move(extra)); }

  // The runner's preparation of each mode (docs/STARTUP.md), then the launch.
  AmStart cold(const Phone& p) {
    tool(p, "am", {"force-stop", kDemo});
    return launchOn(p);
  }
  AmStart warm(const Phone& p) { return launchOn(p, {"--activity-clear-task"}); }
  AmStart hot(const Phone& p) {
    tool(p, "input", {"keyevent", "KEYCODE_HOME"});
    return launchOn(p);
  }

  // The newest log line's stamp: where the next launch's lines begin.
  std::string stamp(const Phone& p) {
    const auto lines = linesOf(tool(p, "logcat",
                                    {"-d", "-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "system", "-b",
                                     "events", "-b", "crash", "-t", "1"}));
    std::istringstream in(lines.empty() ? "" : lines.back());
    std::string first;
    in >> first;
    return first;
  }
  // The lines stamped after `since` (logcat's -t is inclusive), as the runner reads them.
  std::string logSince(const Phone& p, const std::string& since) {
    const std::string out = tool(p, "logcat",
                                 {"-d", "-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "system", "-b", "events",
                                  "-b", "crash", "-t", since});
    std::string after;
    for (const std::string& line : linesOf(out)) {
      if (std::atof(line.c_str()) > std::atof(since.c_str())) after += line + "\n";
    }
    return after;
  }

  std::string resumed(const Phone& p) {
    const std::string out = tool(p, "dumpsys", {"activity", "activities"});
    const size_t at = out.find("ResumedActivity: ActivityRecord{5e2c1a7 u0 ");
    if (at == std::string::npos) return "";
    const size_t from = at + 43;
    return out.substr(from, out.find(' ', from) - from);
  }

  Phone m_phone;
};

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

// A traced launch as `mxi startup --trace` reads it: the trace file judged by core/methodtrace
// with `am start -W`'s answers.
struct JudgedLaunch {
  core::methodtrace::MethodTrace trace;
  core::methodtrace::MethodTraceReport report;

  std::vector<std::string> tags() const {
    std::vector<std::string> out;
    for (const std::string& json : report.issueJson) {
      out.push_back(nlohmann::json::parse(json).at("tag").get<std::string>());
    }
    return out;
  }
  // The issue tagged `tag` (an empty object when there is none).
  nlohmann::json issue(const std::string& tag) const {
    for (const std::string& json : report.issueJson) {
      auto j = nlohmann::json::parse(json);
      if (j.at("tag") == tag) return j;
    }
    return nlohmann::json::object();
  }
  const core::methodtrace::TraceThread& main() const { return trace.threads.at(report.mainThread.value()); }
  // The slowest path through the call tree under the Trace_StartUp issue's call, down to where
  // less than 30 % of its time is (where the app's views and Matrix's stacks point).
  std::vector<std::string> slowestPath() const {
    std::vector<std::string> names;
    size_t at = 0;
    while (at < report.issueJson.size() && nlohmann::json::parse(report.issueJson[at]).at("tag") != "Trace_StartUp") {
      ++at;
    }
    if (at == report.issueJson.size()) return names;
    const auto tree = core::methodtrace::callTreeOf(main(), report.issueCalls.at(at));
    for (uint32_t node = 0;;) {
      const auto& m = trace.methods.at(tree.nodes[node].method);
      names.push_back(m.className + "." + m.name);
      if (tree.nodes[node].children.empty()) break;
      const uint32_t slowest = tree.nodes[node].children.front();
      if (tree.nodes[slowest].wallUs * 10 < tree.nodes[0].wallUs * 3) break;
      node = slowest;
    }
    return names;
  }
};

JudgedLaunch judged(const fs::path& file, const AmStart& am) {
  JudgedLaunch out;
  auto read = core::methodtrace::readMethodTrace(readFile(file));
  EXPECT_TRUE(read.ok()) << read.status().toString();
  if (!read.ok()) return out;
  EXPECT_FALSE(read->error.has_value());
  out.trace = std::move(read->trace);
  core::methodtrace::MethodTraceOptions options;
  options.process = kDemo;
  options.launch = core::methodtrace::LaunchTimes{am.number("TotalTime"), am.number("WaitTime"), am.state(),
                                                  am.fields.count("Activity") ? am.fields.at("Activity") : ""};
  out.report = core::methodtrace::judgeMethodTrace(out.trace, options);
  return out;
}

int64_t epochMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// `am start -W --start-profiler FILE` of the demo app, then `am profile stop`, as `mxi startup
// --trace` runs a cold launch: the file is that launch, from the application's bind (40 ms into
// it, after the fork) to its first frame at TotalTime 612, with Matrix's stages.
TEST_F(DemoLaunchTest, AColdLaunchWithTheProfilerIsTracedWithMatrixStages) {
  const fs::path file = scratchDir("cold-trace") / "launch.trace";
  tool("am", {"force-stop", kDemo});
  const std::string since = stamp(m_phone);
  const int64_t before = epochMs();
  const AmStart a = launch({"--start-profiler", file.string(), "--sampling", "1000"});
  ASSERT_EQ(a.state(), "COLD");
  EXPECT_EQ(a.number("TotalTime"), 612);
  EXPECT_EQ(a.number("WaitTime"), 640);
  EXPECT_FALSE(fs::exists(file));  // ART writes the trace when profiling stops
  EXPECT_EQ(tool("am", {"profile", "stop", kDemo}), "");
  const int64_t after = epochMs();
  const JudgedLaunch j = judged(file, a);
  ASSERT_TRUE(j.report.mainThread.has_value());

  // A classic v3 dual-clock trace of the new process, begun as it binds the application.
  EXPECT_EQ(j.trace.version, 3);
  EXPECT_FALSE(j.trace.streaming);
  EXPECT_TRUE(j.trace.hasCpuClock());
  EXPECT_EQ(j.trace.pid, 30001);
  EXPECT_EQ(j.main().id, 30001u);
  EXPECT_EQ(j.main().name, "main");
  EXPECT_GE(static_cast<int64_t>(j.trace.startTimeUs / 1000), before + 40);
  EXPECT_LE(static_cast<int64_t>(j.trace.startTimeUs / 1000), after);
  std::set<std::string> threads;
  for (const auto& t : j.trace.threads) threads.insert(t.name);
  for (const char* name : {"main", "RenderThread", "HeapTaskDaemon", "mxi-prefetch"}) {
    EXPECT_TRUE(threads.count(name)) << name;
  }

  // Matrix's stages: Application.onCreate ends 250 ms after the bind, the activity's creation
  // begins 33 ms later, its first frame ends 572 ms after the bind (612 − the 40 ms fork).
  EXPECT_EQ(j.tags(), (std::vector<std::string>{"Trace_StartUp", "io"}));
  const nlohmann::json startup = j.issue("Trace_StartUp");
  EXPECT_EQ(startup.at("application_create"), 250) << startup.dump();
  EXPECT_EQ(startup.at("stage_between_app_and_activity"), 33);
  EXPECT_EQ(startup.at("first_activity_create"), 572);
  EXPECT_EQ(startup.at("startup_duration"), 572);
  EXPECT_EQ(startup.at("is_warm_start_up"), false);
  EXPECT_EQ(startup.at("scene"), "com.example.mxi.demo.DemoActivity");
  EXPECT_EQ(startup.at("am_total_time"), 612);
  EXPECT_EQ(startup.at("launch_state"), "COLD");
  EXPECT_EQ(startup.at("process"), kDemo);
  EXPECT_EQ(startup.at("time"), j.trace.startTimeUs / 1000);  // the bind, where the trace begins
  // Where the launch's time went: the application's initSdks, reading its config file.
  EXPECT_EQ(
      j.slowestPath(),
      (std::vector<std::string>{
          "android.app.ActivityThread.handleBindApplication", "android.app.Instrumentation.callApplicationOnCreate",
          "com.example.mxi.demo.DemoApplication.onCreate", "com.example.mxi.demo.DemoApplication.initSdks",
          "com.example.mxi.demo.DemoApplication.readSdkConfig", "java.io.FileInputStream.read"}));
  // That read is main-thread IO: four 20 ms reads.
  const nlohmann::json io = j.issue("io");
  EXPECT_EQ(io.at("cost"), 80);
  EXPECT_EQ(io.at("op"), 4);
  EXPECT_EQ(io.at("maxOnceCost"), 20);
  EXPECT_EQ(io.at("caller"), "com.example.mxi.demo.DemoApplication.readSdkConfig()Lorg/json/JSONObject;");
  // The Looper's three turns: bindApplication, the activity's launch and resume, the first frame.
  ASSERT_EQ(j.report.dispatches.size(), 3u);
  EXPECT_EQ(j.report.dispatches[2].target, "android.view.Choreographer$FrameDisplayEventReceiver.run");

  // The profiled app still reports fully drawn, 150–400 ms after its first frame.
  std::this_thread::sleep_for(450ms);
  const auto drawn = startingWith(messagesOf(logSince(m_phone, since), "ActivityTaskManager"), "Fully drawn ");
  ASSERT_EQ(drawn.size(), 1u);
  const std::string prefix = std::string("Fully drawn ") + kActivity + ": +";
  ASSERT_TRUE(drawn[0].starts_with(prefix)) << drawn[0];
  const int64_t fullyMs = std::atoll(drawn[0].c_str() + prefix.size());
  EXPECT_EQ(drawn[0], prefix + std::to_string(fullyMs) + "ms");  // under a second: "+Nms"
  EXPECT_TRUE(fullyMs >= 612 + 150 && fullyMs <= 612 + 400) << drawn[0];

  // The same launch again gives the same trace (only its process and clock differ).
  const fs::path again = scratchDir("cold-trace") / "again.trace";
  tool("am", {"force-stop", kDemo});
  const AmStart b = launch({"--start-profiler", again.string()});
  tool("am", {"profile", "stop", kDemo});
  const JudgedLaunch k = judged(again, b);
  EXPECT_EQ(k.trace.pid, 30002);
  EXPECT_EQ(k.issue("Trace_StartUp").at("application_create"), 250);
  EXPECT_EQ(k.issue("Trace_StartUp").at("first_activity_create"), 572);
  EXPECT_EQ(k.trace.records, j.trace.records);
}

// `am profile start` on the running app, then a warm launch (`mxi startup --mode warm --trace`):
// no bindApplication, the activity created again; its first frame ends TotalTime (the seeded
// warm time) into the launch, 38 ms of which come before callActivityOnCreate.
TEST_F(DemoLaunchTest, AWarmLaunchUnderAmProfileIsTracedFromTheActivitysCreation) {
  cold(m_phone);
  tool("input", {"keyevent", "KEYCODE_HOME"});
  const fs::path file = scratchDir("warm-trace") / "warm.trace";
  EXPECT_EQ(tool("am", {"profile", "start", "--sampling", "1000", kDemo, file.string()}), "");
  const AmStart w = warm(m_phone);
  ASSERT_EQ(w.state(), "WARM");
  const int64_t total = w.number("TotalTime");
  EXPECT_TRUE(total >= 322 && total <= 378) << total;  // not the profiled launch's fixed 612
  tool("am", {"profile", "stop", kDemo});
  const JudgedLaunch j = judged(file, w);
  EXPECT_EQ(j.tags(), std::vector<std::string>{"Trace_StartUp"});
  const nlohmann::json startup = j.issue("Trace_StartUp");
  EXPECT_FALSE(startup.contains("application_create")) << startup.dump();
  EXPECT_FALSE(startup.contains("stage_between_app_and_activity"));
  EXPECT_EQ(startup.at("first_activity_create"), total - 38);
  EXPECT_EQ(startup.at("startup_duration"), total - 38);
  EXPECT_EQ(startup.at("is_warm_start_up"), true);
  EXPECT_EQ(startup.at("launch_state"), "WARM");
  EXPECT_EQ(j.slowestPath().at(0), "android.app.Instrumentation.callActivityOnCreate");
  EXPECT_NE(std::find(j.slowestPath().begin(), j.slowestPath().end(), "android.view.LayoutInflater.inflate"),
            j.slowestPath().end());
}

// A hot launch creates no activity (onRestart, onStart, onResume), so Matrix finds no launch in
// its trace; the trace still holds the restart and the first frame, TotalTime after the launch
// began (its transaction is dispatched 8 ms in; the frame's dispatch ends 0.3 ms after doFrame).
TEST_F(DemoLaunchTest, AHotLaunchUnderAmProfileShowsTheRestartAndTheFrame) {
  cold(m_phone);
  tool("input", {"keyevent", "KEYCODE_HOME"});
  const fs::path file = scratchDir("hot-trace") / "hot.trace";
  tool("am", {"profile", "start", kDemo, file.string()});
  const AmStart h = launch();
  ASSERT_EQ(h.state(), "HOT");
  tool("am", {"profile", "stop", kDemo});
  const JudgedLaunch j = judged(file, h);
  EXPECT_TRUE(j.tags().empty());
  ASSERT_EQ(j.report.dispatches.size(), 2u);
  const auto& restart = j.report.dispatches[0];
  const auto& frame = j.report.dispatches[1];
  EXPECT_EQ(restart.target, "android.app.ActivityThread$H.handleMessage");
  EXPECT_EQ(frame.target, "android.view.Choreographer$FrameDisplayEventReceiver.run");
  EXPECT_EQ(static_cast<int64_t>(frame.startUs + frame.wallUs - restart.startUs),
            (h.number("TotalTime") - 8) * 1000 + 300);
}

// What is not a traced launch of the demo app keeps the trace it had: the demo phone's sample
// (MXI_SIM_SAMPLE_TRACE, what --demo sets up) for `am profile` on the running demo app (the live
// view's and `mxi record --method-trace`'s traces), and a trace a test names
// (MXI_SIM_TRACE_SOURCE) for every profiling, launches included.
TEST_F(DemoLaunchTest, WithoutALaunchOrWithAChosenTraceTheFileIsThatTrace) {
  const fs::path dir = scratchDir("chosen-traces");
  const fs::path sample = dir / "sample.trace";
  { std::ofstream(sample, std::ios::binary) << methodTraceBytes("art-sampled-launcher.trace.gz"); }
  const std::string sampleBytes = readFile(sample);
  ASSERT_FALSE(sampleBytes.empty());
  const Phone demo = makePhone("sample", {"MXI_SIM_SAMPLE_TRACE=" + sample.string()});
  cold(demo);
  tool(demo, "am", {"profile", "start", "--sampling", "1000", kDemo, (dir / "running.trace").string()});
  tool(demo, "am", {"profile", "stop", kDemo});
  EXPECT_TRUE(readFile(dir / "running.trace") == sampleBytes);
  // A launch of it is its own, though.
  tool(demo, "am", {"force-stop", kDemo});
  const AmStart launched = launchOn(demo, {"--start-profiler", (dir / "launch.trace").string()});
  tool(demo, "am", {"profile", "stop", kDemo});
  EXPECT_EQ(judged(dir / "launch.trace", launched).issue("Trace_StartUp").at("application_create"), 250);

  const fs::path chosen = methodTraceFixture("perflib-basic.trace");
  const Phone named =
      makePhone("named", {"MXI_SIM_TRACE_SOURCE=" + chosen.string(), "MXI_SIM_SAMPLE_TRACE=" + sample.string()});
  tool(named, "am", {"force-stop", kDemo});
  launchOn(named, {"--start-profiler", (dir / "named.trace").string()});
  tool(named, "am", {"profile", "stop", kDemo});
  EXPECT_TRUE(readFile(dir / "named.trace") == readFile(chosen));

  // Without any trace, the demo app profiled without a launch has nothing to write.
  cold(m_phone);
  tool("am", {"profile", "start", kDemo, (dir / "none.trace").string()});
  const ProgramRun stop = run(m_phone, "am", {"profile", "stop", kDemo});
  EXPECT_EQ(stop.exitCode, 1);
  EXPECT_EQ(stop.err, "simulated am: MXI_SIM_TRACE_SOURCE is not set\n");
  EXPECT_FALSE(fs::exists(dir / "none.trace"));
}

}  // namespace
}  // namespace mxi::test
