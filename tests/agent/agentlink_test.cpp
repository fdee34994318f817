// core/agentlink pieces that need no device: probe and --version parsing, frame conversion, the
// app checks (closest installed names), the recorder following the
// app's process and discarding a recording that captured nothing (a scripted agent), and the one
// live pipeline: the recorder is a source whose sinks (the file, the CLI's live model, the GUI's
// hand-off to another thread) each see every record once and show the same figures.
#include <gtest/gtest.h>

#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "core/agentlink/agent_deployer.h"
#include "core/agentlink/app_presence.h"
#include "core/agentlink/device_agent.h"
#include "core/agentlink/device_apps.h"
#include "core/agentlink/live_recorder.h"
#include "core/agentlink/strictmode_record.h"
#include "core/exports/chrome_trace.h"
#include "core/exports/html_report.h"
#include "core/exports/session_json.h"
#include "core/json/json_reader.h"
#include "core/json/json_writer.h"
#include "core/live/live_handoff.h"
#include "core/live/live_record_feed.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"
#include "tests/support/scripted_agent_stream.h"
#include "tests/support/test_paths.h"

namespace mxi::core::agentlink {
namespace {

TEST(AgentLink, ProbeOutput) {
  auto p = parseProbe("arm64-v8a\r\n34\r\n2000\r\n/system/bin/dumpsys\r\n");
  ASSERT_TRUE(p.ok()) << p.status().toString();
  EXPECT_EQ(p->abi, "arm64-v8a");
  EXPECT_EQ(p->sdk, 34);
  EXPECT_EQ(p->uid, "2000");
  EXPECT_EQ(p->toolDir, "/system/bin");
  EXPECT_EQ(parseProbe("x86_64\n30\n2000\n\n").status().toString(),
            "device probe: no ABI or no dumpsys on the device: x86_64\n30\n2000\n\n");
  EXPECT_FALSE(parseProbe("arm64-v8a\n").ok());
}

TEST(AgentLink, VersionLine) {
  const RemoteAgent a = parseVersionLine("mxi-agent 0.1.0 ca203fc19e8b6265\n");
  EXPECT_TRUE(a.present);
  EXPECT_EQ(a.version, "0.1.0");
  EXPECT_EQ(a.buildHash, "ca203fc19e8b6265");
  EXPECT_FALSE(parseVersionLine("/system/bin/sh: /data/local/tmp/mxi-agent: not found\n").present);
  EXPECT_FALSE(parseVersionLine("/data/local/tmp/mxi-agent[1]: syntax error: unexpected '('\n").present);
}

TEST(AgentLink, DeviceAppsRunningFirstFromToyboxPs) {
  const std::string packages =
      "package:com.android.settings\r\npackage:com.example.shop\npackage:android\n"
      "package:com.example.idle\n";
  // toybox `ps -A` (Android 8+): USER PID PPID VSZ RSS WCHAN ADDR S NAME.
  const std::string ps =
      "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\n"
      "root             1     0 10904448  6276 0                   0 S init\n"
      "u0_a123       4242   612 15253272 98765 0                   0 S com.example.shop\n"
      "u0_a123       4250   612 15253272 98765 0                   0 S com.example.shop:push\n"
      "system        1701   612 15512732 120000 0                  0 S com.android.settings\n";
  const std::string activity = "  ResumedActivity: ActivityRecord{5e2c1a7 u0 com.android.settings/.Settings t42}\n";
  const auto apps = parseDeviceApps(packages, ps, activity);
  // The agent's rules (core/devicetext): "android", the framework, is no app package name.
  ASSERT_EQ(apps.size(), 3u);
  EXPECT_EQ(apps[0].package, "com.android.settings");
  EXPECT_TRUE(apps[0].foreground);
  EXPECT_EQ(apps[0].pid, 1701);
  EXPECT_EQ(apps[1].package, "com.example.shop");
  EXPECT_EQ(apps[1].pid, 4242);  // the main process, not :push
  EXPECT_TRUE(apps[1].running);
  EXPECT_FALSE(apps[1].foreground);
  EXPECT_EQ(apps[2].package, "com.example.idle");
  EXPECT_EQ(apps[2].pid, 0);
  EXPECT_FALSE(apps[2].running);
  // A package whose only process is "pkg:suffix" runs, with no main pid.
  const auto helperOnly = parseDeviceApps("package:com.example.shop\n",
                                          "USER PID PPID VSZ RSS WCHAN ADDR S NAME\n"
                                          "u0_a1 77 1 1 1 0 0 S com.example.shop:push\n",
                                          "");
  ASSERT_EQ(helperOnly.size(), 1u);
  EXPECT_TRUE(helperOnly[0].running);
  EXPECT_EQ(helperOnly[0].pid, 0);
  EXPECT_TRUE(parseDeviceApps("", ps, activity).empty());
  EXPECT_TRUE(parseDeviceApps("package:\nnot a package line\n", "", "").empty());
}

TEST(AgentLink, InstalledAgentSearchPrefersTheExplicitPath) {
  AgentSearch search;
  search.explicitPath = "/opt/agent";
  EXPECT_EQ(findInstalledAgent("arm64-v8a", search), "/opt/agent");
  search.explicitPath.clear();
  // A build tree: the host agent for x86_64, the cross sub-builds under agents/<abi>.
  const auto build = test::scratchDir("agent-search-build");
  std::filesystem::create_directories(build / "device-agent");
  std::filesystem::create_directories(build / "agents/arm64-v8a/device-agent");
  std::ofstream(build / "device-agent/mxi-agent") << "host";
  std::ofstream(build / "agents/arm64-v8a/device-agent/mxi-agent") << "arm64";
  search.buildDir = build.string();
  if (std::getenv("MXI_AGENT_PATH") == nullptr && std::getenv("MXI_AGENT_DIR") == nullptr) {
    EXPECT_EQ(findInstalledAgent("x86_64", search), (build / "device-agent/mxi-agent").string());
    EXPECT_EQ(findInstalledAgent("arm64-v8a", search), (build / "agents/arm64-v8a/device-agent/mxi-agent").string());
    EXPECT_EQ(findInstalledAgent("armeabi-v7a", search), "");
    EXPECT_EQ(findInstalledAgent("mips", search), "");
  }
}

// An agent of another protocol version is refused at the handshake, naming both versions, before
// any of its messages is read.
TEST(AgentLink, AnAgentOfAnotherProtocolIsRefusedAtTheHandshake) {
  CancelToken endOfScript;
  protocol::AgentHello old;
  old.protocolVersion = protocol::kProtocolVersion - 1;
  AgentConnection connection(std::make_unique<test::ScriptedAgentStream>(
      std::vector<protocol::Message>{old, protocol::FrameBatch{}}, endOfScript));
  auto hello = connection.handshake("token", {});
  ASSERT_FALSE(hello.ok());
  EXPECT_EQ(hello.status().message(), "the agent speaks protocol " + std::to_string(protocol::kProtocolVersion - 1) +
                                          ", this mxi " + std::to_string(protocol::kProtocolVersion) +
                                          ": deploy the agent of this build (mxi agent deploy)");
  // The same agent of this build is accepted.
  CancelToken end2;
  AgentConnection current(
      std::make_unique<test::ScriptedAgentStream>(std::vector<protocol::Message>{protocol::AgentHello{}}, end2));
  EXPECT_TRUE(current.handshake("token", {}).ok());
}

TEST(AgentLink, RandomTokensAreValidAndDiffer) {
  const std::string a = randomToken(), b = randomToken();
  EXPECT_EQ(a.size(), 16u);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), std::string::npos);
}

TEST(AgentLink, FrameConversionSplitsStagesWithoutGaps) {
  protocol::FrameTiming t;
  t.intendedVsync = 1000;
  t.handleInputStart = 1100;
  t.animationStart = 1150;
  t.performTraversalsStart = 1300;
  t.drawStart = 1600;
  t.syncQueued = 1700;
  t.issueDrawCommandsStart = 0;  // missing: zero time
  t.frameCompleted = 2000;
  t.frameIntervalNs = 0;  // none in the row: the batch's period
  t.flags = 2;
  const framestats::Frame f = framestats::frameFromTiming(t, 16'666'666);
  EXPECT_EQ(f.startNs, 1000);
  EXPECT_EQ(f.durationNs, 1000);
  EXPECT_EQ(f.refreshPeriodNs, 16'666'666);
  EXPECT_EQ(f.flags, 2u);
  EXPECT_EQ(f.stageNs, (std::array<int64_t, framestats::kFrameStageCount>{100, 50, 150, 300, 100, 0, 300}));
}

TEST(LiveRecorderTest, InvalidUtf8FromTheDeviceIsRecordedNotThrown) {
  // logcat ends entries near 4 KB, here inside 首 (E9 A6 96): the agent passes the cut text on.
  protocol::MatrixIssue cut;
  cut.logTimeMs = 1000;
  cut.pid = 7;
  cut.tag = "Trace_EvilMethod";
  cut.kind = protocol::IssueKind::kEvilMethod;
  cut.truncated = true;
  cut.contentJson = "{\"cost\":900,\"scene\":\"\xE9\xA6\x96\xE9\xA1\xB5\",\"stack\":\"0,1,1,900\\n\xE9\xA6";
  cut.monotonicNs = 2'000'000'000;
  protocol::AnrReport anr;
  anr.timeMs = 1100;
  anr.pid = 7;
  anr.reason = "Input dispatching timed out \xFF";
  anr.traces = "----- pid 7 at 2026-01-01 -----\nCmd line: com.example.cn\xC3\n----- end 7 -----\n";
  anr.monotonicNs = 2'100'000'000;
  protocol::FrameBatch frames;
  frames.scene =
      "com.example.cn.\xE9\xA6"
      "Activity";  // a window name cut the same way
  frames.refreshPeriodNs = 16'666'667;
  protocol::FrameTiming t;
  t.intendedVsync = 1'000'000'000;
  t.frameCompleted = 1'010'000'000;
  frames.frames.push_back(t);

  CancelToken endOfScript;
  protocol::AgentHello hello;
  hello.deviceModel = "Pixel \xFE";
  hello.abi = "arm64-v8a";
  hello.refreshMilliHz = 60000;
  const std::string path = (test::scratchDir("live_recorder_utf8") / "u.mxs").string();
  bool connected = false;
  LiveRecorder recorder(
      {"com.example.cn", std::chrono::milliseconds(0), 1000, path},
      [&](protocol::AgentHello& h) -> StatusOr<std::unique_ptr<AgentConnection>> {
        if (connected) return ioError("gone");
        connected = true;
        h = hello;
        return std::make_unique<AgentConnection>(
            std::make_unique<test::ScriptedAgentStream>(std::vector<protocol::Message>{frames, cut, anr}, endOfScript));
      },
      nullptr, nullptr);
  live::LiveSession figures;  // what `mxi record` prints
  live::LiveRecordFeed feed(figures);
  recorder.addSink(feed);
  ASSERT_TRUE(recorder.run(endOfScript).ok());
  EXPECT_EQ(figures.eventCount(live::LiveEvent::Kind::kEvilMethod), 1u);
  EXPECT_EQ(figures.eventCount(live::LiveEvent::Kind::kAnr), 1u);

  auto reader = session::SessionReader::open(path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  NullProgress progress;
  auto data = session::loadSession(**reader, progress, CancelToken());
  ASSERT_TRUE(data.ok()) << data.status().toString();
  ASSERT_EQ((*data)->issues.size(), 1u);
  const matrix::MatrixIssue& issue = (*data)->issues[0].issue;
  EXPECT_TRUE(issue.truncated);
  EXPECT_EQ(issue.costMs, 900);
  EXPECT_EQ(issue.scene, "首页");
  EXPECT_EQ(issue.contentJson, "{\"cost\":900,\"scene\":\"首页\",\"stack\":\"0,1,1,900\\n\xEF\xBF\xBD");
  ASSERT_EQ((*data)->anrs.size(), 1u);
  ASSERT_EQ((*data)->frames.size(), 1u);
  const std::string json = json::dumpJson(exports::sessionToJson(**data));
  EXPECT_NE(json.find("\"truncated\":true"), std::string::npos);
  EXPECT_NE(json::dumpJson(exports::sessionToChromeTrace(**data)).find("\"truncated\":true"), std::string::npos);
  EXPECT_NE(exports::sessionToHtml(**data).find("(truncated)"), std::string::npos);
}

TEST(AppPresenceTest, InstalledRunningOrTheClosestNames) {
  const std::vector<DeviceApp> apps = {{"com.android.settings", 1955, true, true},
                                       {"com.android.systemui", 1300, true, false},
                                       {"com.google.android.gms", 0, false, false},
                                       {"mobi.mangatoon.comics.aphone.portuguese", 0, false, false},
                                       {"org.mozilla.firefox", 0, false, false}};
  const AppCheck running = checkApp(apps, "com.android.settings");
  EXPECT_EQ(running.presence, AppPresence::kRunning);
  EXPECT_EQ(running.pid, 1955);
  EXPECT_EQ(checkApp(apps, "com.google.android.gms").presence, AppPresence::kNotRunning);
  const AppCheck typo = checkApp(apps, "com.android.setings");
  EXPECT_EQ(typo.presence, AppPresence::kNotInstalled);
  EXPECT_EQ(typo.similar,
            (std::vector<std::string>{"com.android.settings", "com.android.systemui", "com.google.android.gms"}));
  // A part of the name finds the whole; nothing alike finds nothing.
  EXPECT_EQ(checkApp(apps, "mangatoon").similar, (std::vector<std::string>{"mobi.mangatoon.comics.aphone.portuguese"}));
  EXPECT_EQ(checkApp(apps, "net.example.zzz").similar, (std::vector<std::string>{}));
  EXPECT_EQ(notInstalledMessage("com.android.setings", typo.similar),
            "com.android.setings is not installed on the device (installed packages with similar names: "
            "com.android.settings, com.android.systemui, com.google.android.gms)");
  EXPECT_EQ(notInstalledMessage("net.example.zzz", {}),
            "net.example.zzz is not installed on the device (no installed package has a similar name)");
  EXPECT_EQ(notRunningMessage("com.google.android.gms"), "com.google.android.gms is installed but not running");
}

// A sink that keeps what it is given: every record, and the calls in order ("open", "push", …).
class CollectingSink final : public live::RecordSink {
 public:
  Status open(const session::SessionHeader& header) override {
    calls.push_back("open");
    startNs = header.startMonotonicNs;
    return okStatus();
  }
  Status push(std::span<const session::SessionRecord> batch) override {
    if (calls.empty() || calls.back() != "push") calls.push_back("push");
    records.insert(records.end(), batch.begin(), batch.end());
    return okStatus();
  }
  Status flush() override {
    ++flushes;
    return okStatus();
  }
  Status close() override {
    calls.push_back("close");
    return okStatus();
  }
  std::vector<session::SessionRecord> records;
  std::vector<std::string> calls;
  int64_t startNs = 0;
  int flushes = 0;
};

// The recorder over a scripted agent: what the agent says about the app, and what it recorded.
struct ScriptedRecording {
  Status status;
  RecordStats stats;
  std::vector<std::string> notices, marks;
  std::vector<std::pair<int32_t, std::string>> appEvents;
};
ScriptedRecording recordScript(const std::string& path, const std::vector<protocol::Message>& script,
                               std::vector<HeapDumpProgress>* dumps = nullptr) {
  CancelToken endOfScript;
  bool connected = false;
  ScriptedRecording out;
  LiveRecorder recorder(
      {"com.example.app", std::chrono::milliseconds(0), 1000, path},
      [&](protocol::AgentHello& h) -> StatusOr<std::unique_ptr<AgentConnection>> {
        if (connected) return ioError("gone");
        connected = true;
        h.deviceModel = "Pixel 8";
        h.refreshMilliHz = 60000;
        h.monotonicNs = 500'000'000;
        return std::make_unique<AgentConnection>(std::make_unique<test::ScriptedAgentStream>(script, endOfScript));
      },
      nullptr, [&](const std::string& notice) { out.notices.push_back(notice); });
  recorder.setAppObserver([&](int32_t pid, const std::string& what) { out.appEvents.emplace_back(pid, what); });
  if (dumps != nullptr) {
    recorder.setHeapDumpObserver([dumps](const HeapDumpProgress& p) { dumps->push_back(p); });
    recorder.requestHeapDump({path + ".hprof", 0, 0, "test", std::nullopt});
  }
  CollectingSink written;
  recorder.addSink(written);
  out.status = recorder.run(endOfScript);
  out.stats = recorder.stats();
  for (const session::SessionRecord& r : written.records) {
    if (r.type == session::RecordType::kMark) out.marks.push_back(r.text);
  }
  return out;
}

protocol::FrameBatch oneFrame(int64_t vsyncNs) {
  protocol::FrameBatch batch;
  batch.packageName = "com.example.app";
  batch.scene = "com.example.app.Main";
  batch.refreshPeriodNs = 16'666'667;
  protocol::FrameTiming t;
  t.intendedVsync = vsyncNs;
  t.frameCompleted = vsyncNs + 10'000'000;
  batch.frames.push_back(t);
  return batch;
}

TEST(LiveRecorderTest, TheAppsDeathAndRestartAreToldAndMarkedAndItsNewFramesRecorded) {
  using protocol::AppRunState;
  const std::string path = (test::scratchDir("live_recorder_app") / "a.mxs").string();
  const ScriptedRecording r = recordScript(
      path, {protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true}, oneFrame(1'000'000'000),
             protocol::AppState{"com.example.app", 100, AppRunState::kRunning, false},  // only behind: no news
             protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false},
             protocol::AppState{"com.example.app", 200, AppRunState::kRunning, true}, oneFrame(2'000'000'000),
             protocol::AppState{"com.example.app", 300, AppRunState::kRunning, true}});
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  ASSERT_EQ(r.marks.size(), 3u);
  EXPECT_EQ(r.marks[0], "app process died (pid 100)");
  EXPECT_EQ(r.marks[1], "app process restarted as pid 200, 0.0 s after pid 100 died");
  EXPECT_EQ(r.marks[2], "app process restarted: pid 200 died, pid 300 runs");
  EXPECT_EQ(r.notices, (std::vector<std::string>{
                           "app process died (pid 100); what was recorded is kept; waiting for it to restart",
                           "app process restarted as pid 200, 0.0 s after pid 100 died; recording it",
                           "app process restarted: pid 200 died, pid 300 runs; recording it"}));
  EXPECT_EQ(r.appEvents, (std::vector<std::pair<int32_t, std::string>>{
                             {0, "app process died (pid 100)"},
                             {200, "app process restarted as pid 200, 0.0 s after pid 100 died"},
                             {300, "app process restarted: pid 200 died, pid 300 runs"}}));
  EXPECT_EQ(r.stats.captured, 2u);
  EXPECT_FALSE(r.stats.discarded);
  EXPECT_EQ(r.stats.appPid, 300);
  auto reader = session::SessionReader::open(path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  EXPECT_EQ((*reader)->summarize().frames, 2u);
  EXPECT_EQ((*reader)->summarize().marks, 3u);
}

TEST(LiveRecorderTest, AnAppThatStartsLateIsWaitedFor) {
  using protocol::AppRunState;
  const std::string path = (test::scratchDir("live_recorder_wait") / "w.mxs").string();
  const ScriptedRecording r = recordScript(
      path, {protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false},
             protocol::AppState{"com.example.app", 42, AppRunState::kRunning, true}, oneFrame(900'000'000)});
  ASSERT_TRUE(r.status.ok()) << r.status.toString();
  EXPECT_EQ(r.marks, (std::vector<std::string>{"app process started (pid 42) after waiting 0.0 s"}));
  EXPECT_EQ(r.notices, (std::vector<std::string>{"com.example.app is not running; waiting for it to start",
                                                 "app process started (pid 42) after waiting 0.0 s; recording it"}));
  EXPECT_FALSE(r.stats.discarded);
  EXPECT_TRUE(std::filesystem::exists(path));
}

// A heap dump asked for before the agent said that the app runs is sent only once it does.
TEST(LiveRecorderTest, AHeapDumpWaitsForTheAppToRun) {
  using protocol::AppRunState;
  const auto dir = test::scratchDir("live_recorder_dump_wait");
  std::vector<HeapDumpProgress> never;
  (void)recordScript((dir / "never.mxs").string(),
                     {protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false}, oneFrame(900'000'000)},
                     &never);
  EXPECT_TRUE(never.empty());  // not sent, so neither begun nor failed
  std::vector<HeapDumpProgress> later;
  (void)recordScript((dir / "later.mxs").string(),
                     {protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false},
                      protocol::AppState{"com.example.app", 42, AppRunState::kRunning, true}, oneFrame(900'000'000)},
                     &later);
  ASSERT_EQ(later.size(), 2u);  // sent once it ran; the script ended before the dump arrived
  EXPECT_FALSE(later[0].finished);
  EXPECT_TRUE(later[1].finished);
  EXPECT_EQ(later[1].result.code(), StatusCode::kCancelled);
}

// Starting the agent (a deploy, a slow phone) takes none of the duration: an agent that answers
// after 1.2 s still gets its 1 s of recording, and the elapsed time is the recording's.
TEST(LiveRecorderTest, TheDurationCountsFromTheAgentsFirstAnswer) {
  const std::string path = (test::scratchDir("live_recorder_duration") / "d.mxs").string();
  CancelToken endOfScript;
  bool connected = false;
  LiveRecorder recorder(
      {"com.example.app", std::chrono::milliseconds(1000), 1000, path},
      [&](protocol::AgentHello& h) -> StatusOr<std::unique_ptr<AgentConnection>> {
        if (connected) return ioError("gone");
        connected = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1200));
        h.refreshMilliHz = 60000;
        return std::make_unique<AgentConnection>(std::make_unique<test::ScriptedAgentStream>(
            std::vector<protocol::Message>{oneFrame(1'000'000'000), oneFrame(1'016'666'667)}, endOfScript));
      },
      nullptr, nullptr);
  ASSERT_TRUE(recorder.run(endOfScript).ok());
  EXPECT_EQ(recorder.stats().captured, 2u);  // both frames
  EXPECT_FALSE(recorder.stats().discarded);
  EXPECT_LT(recorder.stats().elapsedSeconds, 1.2);
}

TEST(LiveRecorderTest, ARecordingThatCapturedNothingIsNotKept) {
  using protocol::AppRunState;
  const auto dir = test::scratchDir("live_recorder_empty");
  // The app never ran.
  const std::string never = (dir / "never.mxs").string();
  const ScriptedRecording a =
      recordScript(never, {protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false}});
  ASSERT_TRUE(a.status.ok()) << a.status.toString();
  EXPECT_TRUE(a.stats.discarded);
  EXPECT_EQ(a.stats.captured, 0u);
  EXPECT_FALSE(std::filesystem::exists(never));
  RecordOptions options{"com.example.app", std::chrono::milliseconds(0), 1000, never};
  RecordStats stats = a.stats;
  stats.elapsedSeconds = 8.2;
  EXPECT_EQ(describeNothingRecorded(stats, options),
            "nothing recorded: com.example.app never ran during the 8 s recording; " + never + " was not kept");
  // It ran, but drew and reported nothing (only a mark was written).
  const std::string idle = (dir / "idle.mxs").string();
  const ScriptedRecording b =
      recordScript(idle, {protocol::AppState{"com.example.app", 7, AppRunState::kRunning, false}});
  ASSERT_TRUE(b.status.ok()) << b.status.toString();
  EXPECT_TRUE(b.stats.discarded);
  EXPECT_FALSE(std::filesystem::exists(idle));
  stats = b.stats;
  stats.elapsedSeconds = 3;
  options.sessionPath = idle;
  EXPECT_EQ(describeNothingRecorded(stats, options),
            "nothing recorded: com.example.app drew no frames and reported no Matrix issues or ANRs in 3 s (an app "
            "draws only while it is in front and its screen changes); " +
                idle + " was not kept");
}

// The scripted stream of the pipeline tests: two scenes' frames (one slow), an evil method, an
// ANR, a frame gap, and the app dying and coming back (marks).
std::vector<protocol::Message> pipelineScript() {
  using protocol::AppRunState;
  protocol::FrameBatch home = oneFrame(1'000'000'000);
  home.scene = "com.example.app.Home";
  for (int i = 1; i < 30; ++i) home.frames.push_back({});
  for (int i = 1; i < 30; ++i) {
    home.frames[i].intendedVsync = 1'000'000'000 + i * 16'666'667;
    home.frames[i].frameCompleted = home.frames[i].intendedVsync + (i == 7 ? 120'000'000 : 9'000'000);
  }
  protocol::FrameBatch detail = oneFrame(2'000'000'000);
  detail.scene = "com.example.app.Detail";
  protocol::MatrixIssue evil;
  evil.logTimeMs = 1000;
  evil.pid = 100;
  evil.tag = "Trace_EvilMethod";
  evil.kind = protocol::IssueKind::kEvilMethod;
  evil.contentJson = R"({"detail":"NORMAL","cost":900,"stackKey":"12|","stack":"0,1048574,1,900\n1,12,1,880\n"})";
  evil.monotonicNs = 1'500'000'000;
  protocol::AnrReport anr;
  anr.timeMs = 1100;
  anr.pid = 100;
  anr.reason = "Input dispatching timed out";
  anr.traces = "----- pid 100 at 2026-01-01 -----\nCmd line: com.example.app\n----- end 100 -----\n";
  anr.monotonicNs = 1'600'000'000;
  protocol::FrameGap gap{"com.example.app", "com.example.app.Detail", 2'000'000'000, 2'500'000'000, 29};
  return {protocol::AppState{"com.example.app", 100, AppRunState::kRunning, true},
          home,
          evil,
          anr,
          protocol::AppState{"com.example.app", 0, AppRunState::kStopped, false},
          protocol::AppState{"com.example.app", 200, AppRunState::kRunning, true},
          detail,
          gap,
          oneFrame(2'600'000'000)};
}

// A recorder whose one agent plays pipelineScript() (started at 900 ms, 60 Hz) and then is gone:
// run(endOfScript) returns once the script has been played.
struct PipelineRecorder {
  explicit PipelineRecorder(const std::string& path)
      : recorder(
            {"com.example.app", std::chrono::milliseconds(0), 1000, path},
            [this](protocol::AgentHello& h) -> StatusOr<std::unique_ptr<AgentConnection>> {
              if (connected) return ioError("gone");
              connected = true;
              h.monotonicNs = 900'000'000;
              h.refreshMilliHz = 60000;
              return std::make_unique<AgentConnection>(
                  std::make_unique<test::ScriptedAgentStream>(pipelineScript(), endOfScript));
            },
            nullptr, nullptr) {}
  CancelToken endOfScript;
  bool connected = false;
  LiveRecorder recorder;
};

// The recorder is a source: the session file and every sink get the same records, once each, in
// the file's order, between one open() and one close() — the recorder itself keeps no figures.
TEST(LivePipelineTest, EverySinkGetsEachRecordOnceInTheFilesOrder) {
  const std::string path = (test::scratchDir("live_pipeline_once") / "p.mxs").string();
  PipelineRecorder pipeline(path);
  LiveRecorder& recorder = pipeline.recorder;
  CancelToken& endOfScript = pipeline.endOfScript;
  CollectingSink first, second;
  recorder.addSink(first);
  recorder.addSink(second);
  ASSERT_TRUE(recorder.run(endOfScript).ok());

  auto reader = session::SessionReader::open(path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  std::vector<session::SessionRecord> inFile;
  ASSERT_TRUE((*reader)
                  ->forEachRecord([&](const session::SessionRecord& r) {
                    inFile.push_back(r);
                    return true;
                  })
                  .ok());
  ASSERT_EQ(inFile.size(), 3u + 32u + 1u + 1u + 2u + 1u);  // scenes, frames, issue, ANR, marks, gap
  for (const CollectingSink* sink : {&first, &second}) {
    ASSERT_EQ(sink->records.size(), inFile.size());
    for (size_t i = 0; i < inFile.size(); ++i) {
      EXPECT_EQ(sink->records[i].type, inFile[i].type) << i;
      EXPECT_EQ(sink->records[i].timeNs, inFile[i].timeNs) << i;
      EXPECT_EQ(sink->records[i].text, inFile[i].text) << i;
    }
    EXPECT_EQ(sink->calls, (std::vector<std::string>{"open", "push", "close"}));
    EXPECT_EQ(sink->startNs, 900'000'000);
    EXPECT_GE(sink->flushes, 1);
  }
}

// The same stream into the CLI's sink (decoded and accumulated on the recorder's thread) and into
// the GUI's (decoded there, applied on another thread in batches): the same figures.
TEST(LivePipelineTest, TheDashboardsFiguresAreTheCommandLinesFigures) {
  const std::string path = (test::scratchDir("live_pipeline_figures") / "p.mxs").string();
  PipelineRecorder pipeline(path);
  LiveRecorder& recorder = pipeline.recorder;
  CancelToken& endOfScript = pipeline.endOfScript;
  live::LiveSession cli;
  live::LiveRecordFeed feed(cli);
  recorder.addSink(feed);

  // The "UI thread": applies what the hand-off wakes it for.
  live::LiveSession gui;
  std::mutex mutex;
  std::condition_variable woken;
  int wakes = 0;
  bool ended = false;
  live::LiveHandoff handoff([&] {
    std::lock_guard lock(mutex);
    ++wakes;
    woken.notify_one();
  });
  uint64_t applied = 0, batches = 0;
  std::thread ui([&] {
    std::unique_lock lock(mutex);
    while (true) {
      woken.wait(lock, [&] { return wakes > 0 || ended; });
      if (wakes == 0) break;
      wakes = 0;
      lock.unlock();
      live::LiveBatch batch = handoff.take();
      applied += batch.records;
      batches += batch.empty() ? 0 : 1;
      gui.apply(std::move(batch));
      lock.lock();
    }
  });
  recorder.addSink(handoff);
  CollectingSink written;
  recorder.addSink(written);
  const Status recorded = recorder.run(endOfScript);
  {
    std::lock_guard lock(mutex);
    ended = true;
    woken.notify_one();
  }
  ui.join();
  ASSERT_TRUE(recorded.ok()) << recorded.toString();
  EXPECT_TRUE(handoff.take().empty());  // nothing left behind

  EXPECT_EQ(applied, written.records.size());  // each record reached the GUI's model once
  EXPECT_GE(batches, 1u);
  EXPECT_LE(batches, handoff.wakes());
  EXPECT_EQ(cli.countedFrames(), 32u);
  EXPECT_EQ(cli.eventCount(live::LiveEvent::Kind::kEvilMethod), 1u);
  EXPECT_EQ(cli.eventCount(live::LiveEvent::Kind::kAnr), 1u);
  EXPECT_EQ(cli.status().frameGaps, 1u);
  EXPECT_EQ(live::formatLiveStatus(gui.status()), live::formatLiveStatus(cli.status()));
  EXPECT_EQ(gui.frameTimeHistogram(), cli.frameTimeHistogram());
  EXPECT_EQ(gui.sessionStartNs(), 900'000'000);
  EXPECT_EQ(cli.sessionStartNs(), 900'000'000);
  ASSERT_EQ(gui.scenes().size(), cli.scenes().size());
  for (size_t i = 0; i < cli.scenes().size(); ++i) {
    EXPECT_EQ(gui.scenes()[i].name, cli.scenes()[i].name);
    EXPECT_EQ(gui.scenes()[i].levels, cli.scenes()[i].levels);
  }
  ASSERT_EQ(gui.events().size(), cli.events().size());
  for (size_t i = 0; i < cli.events().size(); ++i) {
    EXPECT_EQ(gui.events()[i].summary, cli.events()[i].summary);
    EXPECT_EQ(gui.events()[i].timeMs, cli.events()[i].timeMs);
  }
}

// A StrictModeReport becomes the record a Matrix issue from the agent would: the wrapper with the
// IOCanary issue's tag, type, key and content, named after the recorded package; a main-thread IO
// shorter than IOCanary's rule gives none.
TEST(StrictModeRecordTest, AReportIsStoredAsTheIoIssueItStandsFor) {
  protocol::StrictModeReport report;
  report.logTimeMs = 1764150000100;
  report.pid = 4242;
  report.tid = 4242;
  report.text =
      "1764150000.100  4242  4242 D StrictMode: StrictMode policy violation; ~duration=87 ms: "
      "android.os.strictmode.DiskReadViolation\n"
      "1764150000.100  4242  4242 D StrictMode: \tat android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk("
      "StrictMode.java:1596)\n"
      "1764150000.100  4242  4242 D StrictMode: \tat java.io.FileInputStream.read(FileInputStream.java:307)\n"
      "1764150000.100  4242  4242 D StrictMode: \tat a.b.Catalog.read(Catalog.java:63)\n"
      "1764150000.100  4242  4242 D StrictMode: \tat android.app.ActivityThread.main(ActivityThread.java:7656)\n";
  const std::vector<std::string> records = strictModeRecordsJson(report, "a.b");
  ASSERT_EQ(records.size(), 1u);
  const nlohmann::json j = nlohmann::json::parse(records[0]);
  EXPECT_EQ(j["tag"], "io");
  EXPECT_EQ(j["type"], 1);
  EXPECT_EQ(j["key"], "mainThreadIo|DiskReadViolation|a.b.Catalog.read(Catalog.java:63)");
  EXPECT_EQ(j["pid"], 4242);
  EXPECT_EQ(j["logTimeMs"], 1764150000100);
  EXPECT_EQ(j["truncated"], false);
  EXPECT_EQ(j["content"]["cost"], 87);
  EXPECT_EQ(j["content"]["process"], "a.b");
  EXPECT_EQ(j["content"]["source"], "strictMode");
  EXPECT_EQ(j["content"]["stack"],
            "a.b.Catalog.read(Catalog.java:63)\nandroid.app.ActivityThread.main(ActivityThread.java:7656)\n");

  const size_t at = report.text.find("87 ms");
  report.text.replace(at, 2, "5");  // 5 ms: under IOCanary's 13 ms
  EXPECT_TRUE(strictModeRecordsJson(report, "a.b").empty());
  report.text = "1764150000.100  4242  4242 I Other: not StrictMode\n";
  EXPECT_TRUE(strictModeRecordsJson(report, "a.b").empty());
}

}  // namespace
}  // namespace mxi::core::agentlink
