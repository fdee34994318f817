// The agent's text parsers on real captured outputs (../shared/reference, read in place) and on
// the documented formats.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/devicetext/app_list.h"
#include "core/protocol/framestats_polling.h"
#include "device-agent/src/device_info_parsers.h"
#include "device-agent/src/dropbox_parser.h"
#include "device-agent/src/frame_collector.h"
#include "device-agent/src/framestats_parser.h"
#include "device-agent/src/logcat_parser.h"
#include "tests/support/test_paths.h"

namespace mxi::agent {
namespace {

using namespace core::devicetext;

std::string readReference(const std::string& rel) {
  const std::string dir = test::referenceDir();
  if (dir.empty()) return {};
  std::ifstream in(std::filesystem::path(dir) / "fixtures" / rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Framestats, Android14AllProcessesCapture) {
  const std::string text = readReference("gfxinfo/topicon-t865_all-processes_framestats.txt");
  if (text.empty()) GTEST_SKIP() << "../shared/reference is absent";
  const auto windows = parseFramestats(text);
  // PROVENANCE.md: 13 PROFILEDATA blocks with 120,67,80,120,120,120,86,117,0,21,0,120,120 rows.
  ASSERT_EQ(windows.size(), 13u);
  const std::vector<size_t> rows = {120, 67, 80, 120, 120, 120, 86, 117, 0, 21, 0, 120, 120};
  size_t total = 0;
  for (size_t i = 0; i < windows.size(); ++i) {
    EXPECT_EQ(windows[i].frames.size(), rows[i]) << i;
    total += windows[i].frames.size();
  }
  EXPECT_EQ(total, 1091u);
  EXPECT_EQ(windows[1].window, "com.android.settings/com.android.settings.homepage.SettingsHomepageActivity");
  const auto& first = windows[1].frames.front();
  EXPECT_EQ(first.flags, 1u);
  EXPECT_EQ(first.intendedVsync, 25821299661779);
  EXPECT_EQ(first.vsync, 25821599661785);
  EXPECT_EQ(first.frameCompleted, 25821883970307);
  EXPECT_EQ(first.gpuCompleted, 25821883970307);
  EXPECT_EQ(first.frameIntervalNs, 16666667);  // from the column labelled FrameStartTime
}

TEST(Framestats, Bom120HzCapture) {
  const std::string text = readReference("gfxinfo/choi890_soundvis_120hz_framestats.txt");
  if (text.empty()) GTEST_SKIP() << "../shared/reference is absent";
  const auto windows = parseFramestats(text);
  ASSERT_EQ(windows.size(), 1u);
  EXPECT_EQ(windows[0].window,
            "com.soundvisualization.accessibility/com.soundvisualization.accessibility.MainActivity");
  ASSERT_EQ(windows[0].frames.size(), 120u);
  EXPECT_EQ(windows[0].frames[0].intendedVsync, 314856675367713);
  EXPECT_EQ(windows[0].frames[0].frameIntervalNs, 8311780);
  EXPECT_EQ(windows[0].frames[1].frameIntervalNs, 8311747);
}

TEST(Framestats, Pre12HeaderWithCrlfAndNoWindowLine) {
  const std::string text =
      "\tcom.a.b/com.a.b.Main/android.view.ViewRootImpl@1 (visibility=0)\r\n---PROFILEDATA---\r\n"
      "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
      "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,"
      "DequeueBufferDuration,QueueBufferDuration,\r\n"
      "0,100,101,0,0,102,103,104,105,106,107,108,109,20000110,5,6,\r\n---PROFILEDATA---\r\n";
  const auto windows = parseFramestats(text);
  ASSERT_EQ(windows.size(), 1u);
  EXPECT_EQ(windows[0].window, "com.a.b/com.a.b.Main");
  ASSERT_EQ(windows[0].frames.size(), 1u);
  EXPECT_EQ(windows[0].frames[0].swapBuffers, 109);
  EXPECT_EQ(windows[0].frames[0].frameCompleted, 20000110);
  EXPECT_EQ(windows[0].frames[0].frameIntervalNs, 0);
}

TEST(Framestats, ScenesOfWindows) {
  EXPECT_EQ(sceneOfWindow("com.a/.Main"), "com.a.Main");
  EXPECT_EQ(sceneOfWindow("com.a/com.a.ui.Main"), "com.a.ui.Main");
  EXPECT_EQ(sceneOfWindow("Taskbar"), "Taskbar");
}

TEST(Framestats, ARowShorterThanTheHeaderIsNoFrame) {
  // A cut line: IntendedVsync is column 3 of the header, the row stops before it (out of
  // bounds before the fix; the ASan suite reads it).
  const auto windows = parseFramestats(
      "---PROFILEDATA---\nFlags,Vsync,HandleInputStart,IntendedVsync,FrameCompleted,\n"
      "0,1,2\n0,5,6,10,20,\n---PROFILEDATA---\n");
  ASSERT_EQ(windows.size(), 1u);
  ASSERT_EQ(windows[0].frames.size(), 1u);
  EXPECT_EQ(windows[0].frames[0].intendedVsync, 10);
  EXPECT_EQ(windows[0].frames[0].frameCompleted, 20);
}

TEST(FrameDedup, OnlyNewRowsPerWindowAreSent) {
  WindowFrames w{"p.q/.A", {}};
  for (int64_t v : {10, 20, 30}) {
    core::protocol::FrameTiming f;
    f.intendedVsync = v;
    w.frames.push_back(f);
  }
  FrameDeduplicator d;
  auto b1 = d.newFrames("p.q", {w}, "", 16666667).batches;
  ASSERT_EQ(b1.size(), 1u);
  EXPECT_EQ(b1[0].frames.size(), 3u);
  EXPECT_EQ(b1[0].scene, "p.q.A");
  core::protocol::FrameTiming f;
  f.intendedVsync = 40;
  w.frames.erase(w.frames.begin());  // the 120-row window slides
  w.frames.push_back(f);
  auto b2 = d.newFrames("p.q", {w}, "", 16666667).batches;
  ASSERT_EQ(b2.size(), 1u);
  ASSERT_EQ(b2[0].frames.size(), 1u);
  EXPECT_EQ(b2[0].frames[0].intendedVsync, 40);
  EXPECT_TRUE(d.newFrames("p.q", {w}, "", 16666667).batches.empty());
  // A late row with an older IntendedVsync (seen in real captures) is still new.
  f.intendedVsync = 25;
  w.frames.push_back(f);
  auto b3 = d.newFrames("p.q", {w}, "", 16666667).batches;
  ASSERT_EQ(b3.size(), 1u);
  ASSERT_EQ(b3[0].frames.size(), 1u);
  EXPECT_EQ(b3[0].frames[0].intendedVsync, 25);
  // Two frames of one vsync (also seen in real captures) are two rows.
  f.frameCompleted = 99;
  w.frames.push_back(f);
  auto b4 = d.newFrames("p.q", {w}, "", 16666667).batches;
  ASSERT_EQ(b4.size(), 1u);
  EXPECT_EQ(b4[0].frames.size(), 1u);
}

// The platform's ring of 120 rows, frames first..first+count-1 one vsync apart.
WindowFrames ring(int64_t first, int64_t count, int64_t periodNs) {
  WindowFrames w{"p.q/.A", {}};
  for (int64_t i = first; i < first + count; ++i) {
    core::protocol::FrameTiming f;
    f.intendedVsync = i * periodNs;
    f.frameCompleted = i * periodNs + 5'000'000;
    w.frames.push_back(f);
  }
  return w;
}

TEST(FrameDedup, AFullRingSharingNoRowWithTheLastPollIsAGap) {
  constexpr int64_t kPeriod = 8'333'333;  // 120 Hz
  FrameDeduplicator d;
  EXPECT_TRUE(d.newFrames("p.q", {ring(0, 120, kPeriod)}, "", kPeriod).gaps.empty());  // the first poll
  // The next poll overlaps (rows 60..179): nothing lost.
  const NewFrames overlapping = d.newFrames("p.q", {ring(60, 120, kPeriod)}, "", kPeriod);
  EXPECT_TRUE(overlapping.gaps.empty());
  ASSERT_EQ(overlapping.batches.size(), 1u);
  EXPECT_EQ(overlapping.batches[0].frames.size(), 60u);
  // Then rows 300..419: frames 180..299 were never listed.
  const NewFrames late = d.newFrames("p.q", {ring(300, 120, kPeriod)}, "", kPeriod);
  ASSERT_EQ(late.gaps.size(), 1u);
  const core::protocol::FrameGap& gap = late.gaps[0];
  EXPECT_EQ(gap.packageName, "p.q");
  EXPECT_EQ(gap.scene, "p.q.A");
  EXPECT_EQ(gap.lastSeenVsyncNs, uint64_t{179} * kPeriod);
  EXPECT_EQ(gap.nextSeenVsyncNs, uint64_t{300} * kPeriod);
  EXPECT_EQ(gap.maxLostFrames, 120u);  // vsyncs 180..299
  ASSERT_EQ(late.batches.size(), 1u);
  EXPECT_EQ(late.batches[0].frames.size(), 120u);
}

TEST(FrameDedup, AShortListingWithoutOverlapIsANewRendererNotAGap) {
  constexpr int64_t kPeriod = 16'666'667;
  FrameDeduplicator d;
  (void)d.newFrames("p.q", {ring(0, 120, kPeriod)}, "", kPeriod);
  // The window was recreated: its new renderer lists 30 rows, all it ever drew.
  const NewFrames fresh = d.newFrames("p.q", {ring(500, 30, kPeriod)}, "", kPeriod);
  EXPECT_TRUE(fresh.gaps.empty());
  ASSERT_EQ(fresh.batches.size(), 1u);
  EXPECT_EQ(fresh.batches[0].frames.size(), 30u);
}

TEST(FramestatsPolling, TheIntervalKeepsTwoPollsWithinHalfTheRing) {
  using core::protocol::framestatsPollIntervalMs;
  EXPECT_EQ(framestatsPollIntervalMs(1000, 60'000), 1000u);
  EXPECT_EQ(framestatsPollIntervalMs(2000, 60'000), 1000u);
  EXPECT_EQ(framestatsPollIntervalMs(1000, 90'000), 666u);
  EXPECT_EQ(framestatsPollIntervalMs(1000, 120'000), 500u);
  EXPECT_EQ(framestatsPollIntervalMs(1000, 144'000), 416u);
  EXPECT_EQ(framestatsPollIntervalMs(250, 120'000), 250u);  // already often enough
  EXPECT_EQ(framestatsPollIntervalMs(1000, 0), 1000u);      // refresh rate unknown
  EXPECT_EQ(framestatsPollIntervalMs(1000, 1'000'000), 100u);
}

TEST(ProcessList, ToyboxAndAndroid7ToolboxFormats) {
  const auto toybox =
      parseProcessList("  PID USER           NAME\n    1 root           init\n 4242 u0_a12         com.example.app\n");
  ASSERT_EQ(toybox.size(), 2u);
  EXPECT_EQ(toybox[1].pid, 4242);
  EXPECT_EQ(toybox[1].user, "u0_a12");
  EXPECT_EQ(toybox[1].name, "com.example.app");
  // Android 7 (toolbox ps), as a phone prints it: USER first, a state column before NAME.
  const auto toolbox = parseProcessList(
      "USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME\n"
      "root      1     0     17096  932   ffffffff 00000000 S /init\n"
      "u0_a121   18663 11811 1539076 309116 SyS_epoll_ b57bf514 S com.android.mediacenter\n");
  ASSERT_EQ(toolbox.size(), 2u);
  EXPECT_EQ(toolbox[1].pid, 18663);
  EXPECT_EQ(toolbox[1].user, "u0_a121");
  EXPECT_EQ(toolbox[1].name, "com.android.mediacenter");
}

TEST(Logcat, EpochAndThreadtimeLines) {
  auto l = parseLogLine("1683420595.133 20001 20001 E TestPluginListener: tag[io]type[1];key[null];content[{}]");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->timeMs, 1683420595133u);
  EXPECT_EQ(l->pid, 20001);
  EXPECT_EQ(l->level, 'E');
  EXPECT_EQ(l->tag, "TestPluginListener");
  auto t = parseLogLine(
      "10-01 18:12:49.599  4600  4614 I am_anr  : [0,29761,com.google.android.youtube,953695941,executing service "
      "com.google.android.youtube/.X]");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->pid, 4600);
  EXPECT_EQ(t->tag, "am_anr");
  auto anr = parseAmAnr(*t);
  ASSERT_TRUE(anr);
  EXPECT_EQ(anr->pid, 29761);
  EXPECT_EQ(anr->packageName, "com.google.android.youtube");
  EXPECT_EQ(anr->reason, "executing service com.google.android.youtube/.X");
  EXPECT_FALSE(parseLogLine("--------- beginning of main"));
}

TEST(Logcat, MatrixIssueFromRealToStringLines) {
  const std::string capture = readReference("matrix-issues/logcat-tostring/io_com.rzm.matrix_testing.txt");
  if (capture.empty()) GTEST_SKIP() << "../shared/reference is absent";
  const std::string first = capture.substr(0, capture.find('\n'));
  const std::string text = "1683420595.133  9000  9000 E TestPluginListener: " + first;  // LogLine views it
  auto line = parseLogLine(text);
  ASSERT_TRUE(line);
  auto issue = parseMatrixIssue(*line);
  ASSERT_TRUE(issue);
  EXPECT_EQ(issue->tag, "io");
  EXPECT_EQ(issue->type, 1);
  EXPECT_EQ(issue->key, "null");
  EXPECT_EQ(issue->kind, core::protocol::IssueKind::kIo);
  EXPECT_FALSE(issue->truncated);
  EXPECT_EQ(issue->contentJson, first.substr(first.find("content[") + 8, first.size() - first.find("content[") - 9));
  EXPECT_TRUE(issue->contentJson.starts_with("{\"path\":\"\\/sdcard\\/a.txt\""));
  EXPECT_TRUE(issue->contentJson.ends_with("\"time\":1683420595133}"));

  auto cut = parseLogLine(
      "1.000 1 1 I Matrix.DefaultPluginListener: report issue content: "
      "tag[Trace_EvilMethod]type[0];key[null];content[{\"cost\":");
  ASSERT_TRUE(cut);
  auto partial = parseMatrixIssue(*cut);
  ASSERT_TRUE(partial);
  EXPECT_TRUE(partial->truncated);
  EXPECT_EQ(partial->contentJson, "{\"cost\":");
  EXPECT_EQ(partial->kind, core::protocol::IssueKind::kEvilMethod);
}

TEST(DeviceInfo, GetpropDisplayActivityPs) {
  const auto props = parseGetprop("[ro.product.model]: [SM-T865]\n[ro.build.version.sdk]: [34]\n[bad line\n");
  EXPECT_EQ(props.size(), 2u);
  EXPECT_EQ(props.at("ro.product.model"), "SM-T865");
  EXPECT_EQ(
      parseDisplayRefreshMilliHz("  mActiveModeId=2\n  supportedModes [{id=1, width=1080, height=2400, fps=60.000004, "
                                 "alternativeRefreshRates=[120.00001]}, {id=2, width=1080, height=2400, fps=120.00001, "
                                 "alternativeRefreshRates=[]}]"),
      120000u);
  EXPECT_EQ(
      parseDisplayRefreshMilliHz(
          "DisplayDeviceInfo{..., modeId 1, defaultModeId 1, supportedModes [{id=1, width=1, height=1, fps=90.0}]"),
      90000u);
  EXPECT_EQ(parseDisplayRefreshMilliHz("nothing here"), std::nullopt);
  EXPECT_EQ(parseSurfaceFlingerRefreshMilliHz("refresh-rate              : 59.999999 fps\n"), 60000u);
  EXPECT_EQ(
      parseResumedActivity("  mResumedActivity: ActivityRecord{4c2a1b u0 com.android.settings/.SubSettings t12}\n"),
      "com.android.settings/.SubSettings");
  EXPECT_EQ(parseResumedActivity("    topResumedActivity=ActivityRecord{7 u0 a.b/a.b.C t3}\n"), "a.b/a.b.C");
  EXPECT_EQ(parseResumedActivity("no activity"), std::nullopt);
  const auto ps = parseProcessList(
      "  PID USER           NAME\n    1 root           init\n 1955 system         com.android.settings\n");
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[1].pid, 1955);
  EXPECT_EQ(ps[1].user, "system");
  EXPECT_EQ(ps[1].name, "com.android.settings");
}

TEST(Dropbox, EntriesAndMainThread) {
  const std::string text =
      "Drop box contents: 2 entries\nMax entries: 1000\n\n"
      "========================================\n2026-11-23 10:00:00 data_app_anr (text, 10 bytes)\n"
      "Process: a.b\nPID: 7\nSubject: old\n\n----- pid 7 at 2026-11-23 -----\n\n\"main\" prio=5 tid=1 Blocked\n  at "
      "a.B.c(B.java:1)\n\n\"other\" prio=5\n"
      "========================================\n2026-11-23 10:00:05 data_app_anr (text, 10 bytes)\nProcess: c.d\nPID: "
      "8\n";
  const auto entries = parseDropbox(text);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].header, "2026-11-23 10:00:00 data_app_anr (text, 10 bytes)");
  EXPECT_EQ(entries[0].process, "a.b");
  EXPECT_EQ(entries[0].pid, 7);
  EXPECT_EQ(entries[1].process, "c.d");
  EXPECT_NE(entries[0].text.find("\"main\" prio=5 tid=1 Blocked\n  at a.B.c(B.java:1)\n"), std::string::npos);
}

TEST(PackageList, PmOutputKeepsOnlyValidPackageNames) {
  // pm's documented format, CRLF from old adb shells, and lines that must not pass.
  const std::string text =
      "package:com.android.settings\r\npackage:com.example.app\nWARNING: linker: something\n"
      "package:com.x;rm -rf /\npackage:\npackage:nodots\npackage:com.example.app\n";
  EXPECT_EQ(parsePmListPackages(text),
            (std::vector<std::string>{"com.android.settings", "com.example.app", "com.example.app"}));
  EXPECT_TRUE(parsePmListPackages("").empty());
}

TEST(PackageList, JoinedWithProcessesSortedAndOnce) {
  const std::vector<core::protocol::ProcessInfo> ps = {{1, "root", "init"},
                                                       {100, "u0_a1", "com.b.app"},
                                                       {101, "u0_a1", "com.b.app:remote"},
                                                       {200, "u0_a2", "com.c.app:push"},
                                                       {300, "u0_a3", "com.a.appx"}};
  const auto got = joinPackagesWithProcesses({"com.c.app", "com.b.app", "com.a.app", "com.b.app"}, ps);
  const std::vector<core::protocol::PackageInfo> expected = {
      {"com.a.app", false, 0},   // com.a.appx is another package
      {"com.b.app", true, 100},  // main process and a :remote one
      {"com.c.app", true, 0},    // only a secondary process runs
  };
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(belongsToPackage("com.b.app:remote", "com.b.app"));
  EXPECT_FALSE(belongsToPackage("com.b.apps", "com.b.app"));
  EXPECT_FALSE(belongsToPackage("com.b", "com.b.app"));
}

}  // namespace
}  // namespace mxi::agent
