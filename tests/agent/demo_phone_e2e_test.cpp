// The demo phone as someone demoing sees it, end to end through the real adb server, the agent
// and `mxi record`: within 10 s of starting, a Matrix issue, an evil method and the ANR have
// arrived; every record lies on the device's one clock from the recording's start; and the live
// line, `mxi session summary` and the exports give the same frames, FPS and length. Both demos:
// the synthetic one `--demo` plays (in the build tree as installed), and the replay of real
// captures a test points it at.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "core/session/session_reader.h"
#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

struct Demo {
  const char* name;
  const char* package;
  bool synthetic;
};

class DemoPhoneTest : public ::testing::TestWithParam<Demo> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed";
    if (!GetParam().synthetic && referenceDir().empty())
      GTEST_SKIP() << "../shared/reference is absent: no captures to replay";
    m_scratch = scratchDir(std::string("demo_phone_") + GetParam().name);
    std::vector<std::string> args{"--demo", "--android-tool", MXI_TEST_ANDROID_TOOL};
    if (!GetParam().synthetic) {  // the demo plays the real captures only when pointed at them
      args.insert(args.end(), {"--env", "MXI_SIM_REFERENCE=" + (fs::path(referenceDir()) / "fixtures").string()});
    }
    m_sim = std::make_unique<SimProcess>(args, m_scratch / "root");
    m_adb = std::make_unique<PrivateAdbServer>();
    ASSERT_TRUE(m_sim->started() && m_adb->started() && m_adb->connect(*m_sim)) << m_sim->log();
  }

  ProgramRun mxi(std::vector<std::string> args) {
    return runMxi(std::move(args),
                  RunOptions().withEnv(mxiEnvironment(m_adb->environment(), m_sim->hostPort(), MXI_TEST_AGENT)));
  }

  fs::path m_scratch;
  std::unique_ptr<SimProcess> m_sim;
  std::unique_ptr<PrivateAdbServer> m_adb;
};

// The last value after `key` in `text` ("… frames 533 (+0 flagged) …").
std::string lastAfter(const std::string& text, const std::string& key, char until) {
  const size_t at = text.rfind(key);
  if (at == std::string::npos) return "<no " + key + ">";
  const size_t from = at + key.size();
  return text.substr(from, text.find(until, from) - from);
}

TEST_P(DemoPhoneTest, AnIssueAnEvilMethodAndTheAnrWithinTenSecondsAllOnOneClock) {
  const fs::path session = m_scratch / "demo.mxs";
  const ProgramRun r = mxi({"record", "--package", GetParam().package, "--duration", "10", "-o", session.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;

  auto reader = core::session::SessionReader::open(session.string());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  const int64_t start = (*reader)->header().startMonotonicNs;
  ASSERT_GT(start, 0) << "the agent's hello gives the device's clock";
  int64_t firstIssue = -1, firstEvil = -1, firstAnr = -1, firstFrame = -1;
  ASSERT_TRUE((*reader)
                  ->forEachRecord([&](const core::session::SessionRecord& rec) {
                    const int64_t t = rec.timeNs - start;
                    if (rec.type == core::session::RecordType::kFrame && firstFrame < 0) firstFrame = t;
                    if (rec.type == core::session::RecordType::kIssue) {
                      if (firstIssue < 0) firstIssue = t;
                      if (firstEvil < 0 && rec.text.find("\"tag\":\"Trace_EvilMethod\"") != std::string::npos)
                        firstEvil = t;
                    }
                    if (rec.type == core::session::RecordType::kAnr && firstAnr < 0) firstAnr = t;
                    return true;
                  })
                  .ok());
  constexpr int64_t kTenSeconds = 10'000'000'000;
  for (const auto& [what, t] :
       {std::pair{"frame", firstFrame}, {"Matrix issue", firstIssue}, {"evil method", firstEvil}, {"ANR", firstAnr}}) {
    EXPECT_GE(t, 0) << "the first " << what << " is after the recording's start (or missing)";
    EXPECT_LT(t, kTenSeconds) << "the first " << what;
  }

  // One clock: the session lasts what was recorded, and every record agrees with the frames.
  const auto summary = (*reader)->summarize();
  EXPECT_EQ(summary.offClockNs, 0);
  EXPECT_GT(summary.durationMs(), 5'000.0);
  EXPECT_LT(summary.durationMs(), 11'000.0);

  // The live line's last figures are the summary's.
  const std::string line = r.err.substr(r.err.rfind("complete: "));
  char fps[32];
  std::snprintf(fps, sizeof fps, "%.1f fps", summary.overall.fps());
  EXPECT_NE(line.find(fps), std::string::npos) << line;
  EXPECT_EQ(lastAfter(line, "frames ", ' '), std::to_string(summary.frames)) << line;
  EXPECT_EQ(lastAfter(line, "(+", ' '), std::to_string(summary.flaggedFrames)) << line;
  const ProgramRun text = mxi({"session", "summary", session.string()});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  char figures[64];
  std::snprintf(figures, sizeof figures, "FPS %5.1f", summary.overall.fps());
  EXPECT_NE(text.out.find(std::string("all scenes")), std::string::npos);
  EXPECT_NE(text.out.find(figures), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("clocks disagree"), std::string::npos) << text.out;
  const ProgramRun json = mxi({"session", "export", session.string(), "--to", "json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  EXPECT_NE(json.out.find("\"offClockMs\": 0.0"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Demos, DemoPhoneTest,
                         ::testing::Values(Demo{"Synthetic", "com.example.mxi.demo", true},
                                           Demo{"ReplayedCaptures", "com.android.settings", false}),
                         [](const auto& param) { return std::string(param.param.name); });

}  // namespace
}  // namespace mxi::test
