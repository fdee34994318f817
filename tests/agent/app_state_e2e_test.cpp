// End to end, what happens to the app being recorded: not installed (the closest names), not
// running (refused, --wait, --launch), killed and restarted mid-recording (noted, followed),
// nothing captured (no file). The fixture: e2e_record_fixture.h.
#include "tests/agent/e2e_record_fixture.h"

namespace mxi::test {
namespace {

using namespace std::chrono_literals;

// The recording's marks (texts) and frames (IntendedVsync), read back.
struct MarksAndFrames {
  std::vector<core::session::SessionRecord> marks;
  std::vector<int64_t> frameStartNs;
};
MarksAndFrames marksAndFrames(const fs::path& session) {
  MarksAndFrames out;
  auto reader = core::session::SessionReader::open(session.string());
  EXPECT_TRUE(reader.ok()) << reader.status().toString();
  if (!reader.ok()) return out;
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  EXPECT_TRUE((*reader)
                  ->forEachRecord([&](const core::session::SessionRecord& r) {
                    if (r.type == core::session::RecordType::kMark) out.marks.push_back(r);
                    if (r.type == core::session::RecordType::kFrame) out.frameStartNs.push_back(r.timeNs);
                    return true;
                  })
                  .ok());
  return out;
}

// They record a system app, whose databases run-as refuses to copy: --no-sql-check keeps that
// "not checked" mark out of the marks they count.
class AppStateE2eTest : public E2eRecordTest {
 protected:
  // The replay's origin (epoch ms) once the agent started it; 0 when it did not within 20 s.
  int64_t replayOrigin() const {
    for (int i = 0; i < 400; ++i) {
      std::ifstream in(s_dir / "root/var/mxi-sim/origin");
      int64_t origin = 0;
      if (in >> origin && origin > 0) return origin;
      std::this_thread::sleep_for(50ms);
    }
    return 0;
  }
  static void sleepUntilEpochMs(int64_t epochMs) {
    std::this_thread::sleep_until(std::chrono::system_clock::time_point(std::chrono::milliseconds(epochMs)));
  }
  // A shell command on the simulated phone through the real adb client.
  ProgramRun phoneShell(const std::string& command) const {
    return s_adb->adb({"-s", s_sim->hostPort(), "shell", command});
  }
  RunningProgram record(std::vector<std::string> args) const {
    args.insert(args.begin(), {cliPath(), "record"});
    return RunningProgram(args, RunOptions().withEnv(env()).mergingStderr());
  }
  // `mxi record` for 8 s exits 2 with `err`, leaving no file, before any agent collected anything
  // (only the app list was asked for: pm, ps, dumpsys activity).
  void expectRefusedBeforeRecording(const std::string& package, const std::string& err) {
    const fs::path out = m_scratch / "refused.mxs";
    const size_t callsBefore = calls().size();
    const ProgramRun r = mxi({"record", "--package", package, "--duration", "8", "-o", out.string()});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err, err);
    EXPECT_FALSE(fs::exists(out));
    EXPECT_EQ(calls().substr(callsBefore).find("gfxinfo"), std::string::npos);
    EXPECT_EQ(calls().substr(callsBefore).find("logcat"), std::string::npos);
  }
  static constexpr const char* kLaunch =
      "am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER com.android.settings";
};

TEST_F(AppStateE2eTest, AppThatIsNotInstalledIsRefusedWithTheClosestNamesAndNoFile) {
  expectRefusedBeforeRecording("com.android.setings",
                               "mxi: record: com.android.setings is not installed on the device (installed packages "
                               "with similar names: com.android.settings, com.android.settings.intelligence, "
                               "com.android.se)\n");
}

TEST_F(AppStateE2eTest, AppThatIsNotRunningIsRefusedAtOnce) {
  const SimSetting stopped("MXI_SIM_STOPPED=com.android.settings");
  expectRefusedBeforeRecording("com.android.settings",
                               "mxi: record: com.android.settings is installed but not running: start it, or record "
                               "with --wait (from when it starts) or --launch (mxi starts it)\n");
}

TEST_F(AppStateE2eTest, LaunchStartsTheAppAndRecordsItsFrames) {
  const SimSetting stopped("MXI_SIM_STOPPED=com.android.settings");
  const fs::path out = m_scratch / "launched.mxs";
  const ProgramRun r = recordUntil(
      {"--package", "com.android.settings", "--launch", "--poll-ms", "250", "--no-sql-check", "-o", out.string()},
      "frames 89 (+175 flagged)");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.err.starts_with("mxi record: com.android.settings is installed but not running; launching it\n"))
      << r.err;
  EXPECT_NE(calls().find("am start -W -a android.intent.action.MAIN -c android.intent.category.LAUNCHER "
                         "com.android.settings\n"),
            std::string::npos);
  // Started before the replay began, the new process draws every replayed frame.
  const Recorded rec = readSession(out);
  EXPECT_EQ(rec.frames, 264u);
  EXPECT_TRUE(marksAndFrames(out).marks.empty());
  const ProgramRun info = mxi({"session", "info", out.string()});
  EXPECT_NE(info.out.find("closed cleanly: yes\n"), std::string::npos) << info.out;
}

TEST_F(AppStateE2eTest, WaitRecordsTheAppFromWhenItStarts) {
  const SimSetting stopped("MXI_SIM_STOPPED=com.android.settings");
  const SimSetting realTime("MXI_SIM_FRAME_MS=0");  // frames appear when their stamps come
  const fs::path out = m_scratch / "waited.mxs";
  RunningProgram mxiRecord = record({"--package", "com.android.settings", "--wait", "--duration", "9", "--poll-ms",
                                     "250", "--no-sql-check", "-o", out.string()});
  ASSERT_TRUE(
      mxiRecord.waitForOutput("mxi record: com.android.settings is not running; waiting for it to start\n", 20s))
      << mxiRecord.output();
  const int64_t origin = replayOrigin();
  ASSERT_GT(origin, 0);
  sleepUntilEpochMs(origin + 1500);  // past the replay's first frames, before its busiest seconds
  // The simulated phone's frames are stamped on this machine's CLOCK_MONOTONIC (steady_clock).
  const int64_t launchNs =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  const ProgramRun launched = phoneShell(kLaunch);
  ASSERT_EQ(launched.exitCode, 0) << launched.out << launched.err;
  ASSERT_EQ(mxiRecord.wait(60s), 0) << mxiRecord.output();
  const std::string output = mxiRecord.output();
  EXPECT_NE(output.find("mxi record: app process started (pid 30001) after waiting "), std::string::npos) << output;
  EXPECT_NE(output.find(" complete: "), std::string::npos) << output;
  const MarksAndFrames got = marksAndFrames(out);
  ASSERT_EQ(got.marks.size(), 1u);
  EXPECT_TRUE(got.marks[0].text.starts_with("app process started (pid 30001) after waiting ")) << got.marks[0].text;
  ASSERT_FALSE(got.frameStartNs.empty());
  // Only what the new process drew: nothing from before it started. (The mark comes a poll later,
  // or more on a loaded machine: it is no bound.)
  EXPECT_GE(*std::min_element(got.frameStartNs.begin(), got.frameStartNs.end()), launchNs);
  EXPECT_GE(got.marks[0].timeNs, launchNs);
}

TEST_F(AppStateE2eTest, WaitForAnAppThatNeverStartsKeepsNoFileAndFails) {
  const SimSetting stopped("MXI_SIM_STOPPED=com.android.settings");
  const fs::path out = m_scratch / "never.mxs";
  const ProgramRun r =
      mxi({"record", "--package", "com.android.settings", "--wait", "--duration", "3", "-o", out.string()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("mxi record: com.android.settings is not running; waiting for it to start\n"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("mxi record: nothing recorded: com.android.settings never ran during the "), std::string::npos)
      << r.err;
  EXPECT_TRUE(r.err.ends_with(" s recording; " + out.string() + " was not kept\n")) << r.err;
  EXPECT_EQ(r.err.find("complete"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
}

// The reported case: an app that runs but draws and reports nothing (a background service) used
// to leave an empty, footless file after "complete".
// Without a memory timeline (--memory-ms 0): a running app's samples alone are a recording worth
// keeping (leak_watch_test), so this one asks for none.
TEST_F(AppStateE2eTest, ARecordingThatCapturedNothingKeepsNoFileAndFails) {
  const fs::path out = m_scratch / "idle.mxs";
  const ProgramRun r =
      mxi({"record", "--package", "com.android.bluetooth", "--duration", "3", "--memory-ms", "0", "-o", out.string()});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("mxi record: nothing recorded: com.android.bluetooth drew no frames and reported no Matrix "
                       "issues or ANRs in "),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.err.ends_with(" s (an app draws only while it is in front and its screen changes); " + out.string() +
                              " was not kept\n"))
      << r.err;
  EXPECT_EQ(r.err.find("complete"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(AppStateE2eTest, AppKilledMidRecordingIsNotedAndFollowedWhenItRestarts) {
  const SimSetting realTime("MXI_SIM_FRAME_MS=0");
  const fs::path out = m_scratch / "killed.mxs";
  RunningProgram mxiRecord = record({"--package", "com.android.settings", "--duration", "14", "--poll-ms", "250",
                                     "--no-sql-check", "-o", out.string()});
  const int64_t origin = replayOrigin();
  ASSERT_GT(origin, 0) << mxiRecord.output();
  sleepUntilEpochMs(origin + 4500);  // the replay's first busy seconds drawn
  ASSERT_EQ(phoneShell("am force-stop com.android.settings").exitCode, 0);
  ASSERT_TRUE(mxiRecord.waitForOutput(
      "mxi record: app process died (pid 1955); what was recorded is kept; waiting for it to restart\n", 10s))
      << mxiRecord.output();
  sleepUntilEpochMs(origin + 6500);  // back before its next busy second
  ASSERT_EQ(phoneShell(kLaunch).exitCode, 0);
  ASSERT_EQ(mxiRecord.wait(60s), 0) << mxiRecord.output();
  const std::string output = mxiRecord.output();
  EXPECT_NE(output.find("mxi record: app process restarted as pid 30001, "), std::string::npos) << output;
  EXPECT_NE(output.find(" s after pid 1955 died; recording it\n"), std::string::npos) << output;
  EXPECT_NE(output.find(" complete: "), std::string::npos) << output;

  const MarksAndFrames got = marksAndFrames(out);
  ASSERT_EQ(got.marks.size(), 2u);
  EXPECT_EQ(got.marks[0].text, "app process died (pid 1955)");
  EXPECT_TRUE(got.marks[1].text.starts_with("app process restarted as pid 30001, ")) << got.marks[1].text;
  EXPECT_TRUE(got.marks[1].text.ends_with(" s after pid 1955 died")) << got.marks[1].text;
  auto framesIn = [&](int64_t from, int64_t to) {
    return std::count_if(got.frameStartNs.begin(), got.frameStartNs.end(),
                         [&](int64_t t) { return t >= from && t < to; });
  };
  EXPECT_GT(framesIn(INT64_MIN, got.marks[0].timeNs), 0) << "kept from before the death";
  EXPECT_GT(framesIn(got.marks[1].timeNs, INT64_MAX), 0) << "recorded from the restarted process";

  // The session says so; it was closed cleanly.
  const ProgramRun summary = mxi({"session", "summary", out.string()});
  ASSERT_EQ(summary.exitCode, 0) << summary.err;
  EXPECT_NE(summary.out.find("marks:\n  at "), std::string::npos) << summary.out;
  EXPECT_NE(summary.out.find(" s: app process died (pid 1955)\n  at "), std::string::npos) << summary.out;
  const ProgramRun info = mxi({"session", "info", out.string()});
  EXPECT_NE(info.out.find("closed cleanly: yes\n"), std::string::npos) << info.out;
}

}  // namespace
}  // namespace mxi::test
