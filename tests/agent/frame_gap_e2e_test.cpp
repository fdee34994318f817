// No silent frame loss, end to end: the real adb server ↔ mxi-device-sim (the synthetic app's
// frames, tests/device-sim/tools/synthetic_frames.h, the last 120 listed as a phone lists them) ↔ the agent ↔ `mxi
// record`. On a 120 Hz display the agent polls often enough that every frame arrives, whatever --poll-ms asked; when
// frames come faster than polls can follow, every gap is recorded with exactly the frames it
// hides, and the live line, `session summary` and the exports show it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/session/session_reader.h"
#include "tests/agent/e2e_support.h"
#include "tests/device-sim/tools/synthetic_frames.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/sanitizer.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kApp = "com.example.mxi.demo";  // the synthetic app

// These tests assert that no frame is lost at a real phone's frame rates, which needs each poll
// (the agent running the simulated dumpsys) to finish within a few hundred ms. Under ASan the
// agent and the tools run several times slower, so on a loaded 2-core machine polls fall behind
// for a reason no phone has; the regular suite runs them (test::underAddressSanitizer()).
class FrameGapTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed"; }

  // A phone with a display of `refreshHz` drawing a frame every `frameMs` of real time.
  void startPhone(int refreshHz, int frameMs) {
    m_scratch = scratchDir(std::string("frame_gap_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    m_sim = std::make_unique<SimProcess>(
        std::vector<std::string>{"--tools", "--android-tool", build::androidTool(), "--env",
                                 "MXI_SIM_REFERENCE=" + (m_scratch / "no-captures").string(), "--env",
                                 "MXI_SIM_REFRESH_HZ=" + std::to_string(refreshHz), "--env",
                                 "MXI_SIM_FRAME_MS=" + std::to_string(frameMs), "--env", "MXI_SIM_LEAD_MS=300"},
        m_scratch / "root");
    m_adb = std::make_unique<PrivateAdbServer>();
    ASSERT_TRUE(m_sim->started() && m_adb->started() && m_adb->connect(*m_sim)) << m_sim->log();
  }

  ProgramRun mxi(std::vector<std::string> args) {
    return runMxi(std::move(args),
                  RunOptions().withEnv(mxiEnvironment(m_adb->environment(), m_sim->hostPort(), build::agent())));
  }

  // The synthetic app's vsync index of a device time: its rows start at the timeline's origin
  // (the simulated tools' state file: epoch ms, then CLOCK_MONOTONIC ns) plus whole periods.
  int64_t vsyncOf(int64_t timeNs, int64_t periodNs) {
    std::ifstream in(m_scratch / "root" / "var" / "mxi-sim" / "origin");
    int64_t epochMs = 0, originNs = 0;
    in >> epochMs >> originNs;
    EXPECT_EQ((timeNs - originNs) % periodNs, 0) << "not a synthetic row's stamp: " << timeNs;
    return (timeNs - originNs) / periodNs;
  }
  int64_t rowOf(int64_t timeNs, int64_t periodNs) {
    const int64_t row = m_frames.rowAt(vsyncOf(timeNs, periodNs));
    EXPECT_GE(row, 0) << "no synthetic row starts at " << timeNs;
    return row;
  }

  struct Timeline {
    std::vector<int64_t> rows;  // the synthetic row of every recorded frame, ascending
    std::vector<core::session::SessionRecord> gaps;
  };
  Timeline read(const fs::path& session, int64_t periodNs) {
    Timeline t;
    auto reader = core::session::SessionReader::open(session.string());
    EXPECT_TRUE(reader.ok()) << reader.status().toString();
    if (!reader.ok()) return t;
    EXPECT_TRUE((*reader)
                    ->forEachRecord([&](const core::session::SessionRecord& r) {
                      if (r.type == core::session::RecordType::kFrame) t.rows.push_back(rowOf(r.timeNs, periodNs));
                      if (r.type == core::session::RecordType::kFrameGap) t.gaps.push_back(r);
                      return true;
                    })
                    .ok());
    std::sort(t.rows.begin(), t.rows.end());
    return t;
  }

  fs::path m_scratch;
  std::unique_ptr<SimProcess> m_sim;
  std::unique_ptr<PrivateAdbServer> m_adb;
  sim::SyntheticFrames m_frames;
};

TEST_F(FrameGapTest, OnA120HzDisplayThePollFollowsTheRingAndNoFrameIsLost) {
  if (test::underAddressSanitizer()) GTEST_SKIP() << "real-time frame rates are not kept under ASan (see above)";
  startPhone(120, 8);  // 125 frames a second: 120 listed rows hold under a second of them
  const fs::path session = m_scratch / "fast.mxs";
  const ProgramRun r =
      mxi({"record", "--package", kApp, "--duration", "6", "--poll-ms", "2000", "-o", session.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("mxi record: the display runs at 120 Hz: frames are read every 500 ms instead of 2000 (the "
                       "phone lists only a window's last 120)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("frames lost"), std::string::npos) << r.err;
  const Timeline t = read(session, 1'000'000'000 / 120);
  ASSERT_GE(t.rows.size(), 300u);
  EXPECT_TRUE(t.gaps.empty());
  // Every frame the app drew from the first recorded to the last is there, each once.
  EXPECT_EQ(t.rows.back() - t.rows.front() + 1, static_cast<int64_t>(t.rows.size()));
  EXPECT_EQ(std::adjacent_find(t.rows.begin(), t.rows.end()), t.rows.end());
}

TEST_F(FrameGapTest, FramesFasterThanThePollsAreRecordedAsGapsThatHideExactlyTheMissingFrames) {
  if (test::underAddressSanitizer()) GTEST_SKIP() << "real-time frame rates are not kept under ASan (see above)";
  startPhone(60, 2);  // 500 frames a second on a 60 Hz clock: a 1 s poll sees only the last 120
  const fs::path session = m_scratch / "gaps.mxs";
  const ProgramRun r = mxi({"record", "--package", kApp, "--duration", "6", "-o", session.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  constexpr int64_t kPeriod = 1'000'000'000 / 60;
  const Timeline t = read(session, kPeriod);
  ASSERT_GE(t.gaps.size(), 2u);
  uint64_t hidden = 0;
  int64_t hiddenRowsBeforeLastFrame = 0;
  for (const auto& gap : t.gaps) {
    // A gap spans the vsyncs from the newest frame seen to the next one seen: the most frames it
    // can hide is the vsyncs in between.
    EXPECT_EQ(gap.gapFrames,
              static_cast<uint32_t>(vsyncOf(gap.timeNs + gap.gapNs, kPeriod) - vsyncOf(gap.timeNs, kPeriod) - 1));
    EXPECT_EQ(gap.text, "com.example.mxi.demo.DemoActivity");
    hidden += gap.gapFrames;
    const int64_t last = rowOf(gap.timeNs, kPeriod), next = rowOf(gap.timeNs + gap.gapNs, kPeriod);
    EXPECT_LE(next - last - 1, static_cast<int64_t>(gap.gapFrames));  // the frames it did hide
    // The frames on both sides were recorded (after the last gap, the recording may have ended
    // before its batch came); none in between.
    EXPECT_TRUE(std::binary_search(t.rows.begin(), t.rows.end(), last));
    if (next > t.rows.back()) continue;
    hiddenRowsBeforeLastFrame += next - last - 1;
    EXPECT_TRUE(std::binary_search(t.rows.begin(), t.rows.end(), next));
    EXPECT_EQ(std::upper_bound(t.rows.begin(), t.rows.end(), last),
              std::lower_bound(t.rows.begin(), t.rows.end(), next));
  }
  // Recorded frames and the gaps' hidden frames account for every frame from the first to the last.
  EXPECT_EQ(static_cast<int64_t>(t.rows.size()) + hiddenRowsBeforeLastFrame, t.rows.back() - t.rows.front() + 1);

  EXPECT_NE(r.err.find("mxi record: frames lost: "), std::string::npos) << r.err;
  EXPECT_NE(
      r.err.find("not seen <=" + std::to_string(hidden) + " frames in " + std::to_string(t.gaps.size()) + " gap(s)"),
      std::string::npos)
      << r.err;
  const ProgramRun summary = mxi({"session", "summary", session.string()});
  ASSERT_EQ(summary.exitCode, 0) << summary.err;
  EXPECT_NE(summary.out.find("frames not seen: " + std::to_string(t.gaps.size()) + " gap(s), at most " +
                             std::to_string(hidden) + " frames missing from the figures above"),
            std::string::npos)
      << summary.out;
  const ProgramRun json = mxi({"session", "summary", "--format", "json", session.string()});
  EXPECT_NE(json.out.find("\"frameGaps\": " + std::to_string(t.gaps.size())), std::string::npos) << json.out;
  const ProgramRun html = mxi({"session", "export", session.string(), "--to", "html"});
  EXPECT_NE(html.out.find("<h2>Frames not seen</h2>"), std::string::npos);
  EXPECT_NE(html.out.find(" not seen (at most " + std::to_string(t.gaps[0].gapFrames) + " frames)"), std::string::npos);
  const ProgramRun chrome = mxi({"session", "export", session.string(), "--to", "chrome-trace"});
  EXPECT_NE(chrome.out.find("\"name\":\"Frames not seen\",\"cat\":\"frameGap\""), std::string::npos);
}

}  // namespace
}  // namespace mxi::test
