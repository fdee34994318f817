// Issue 45 end to end: `mxi startup` through the real adb server against the demo phone, whose
// app launches with a seeded spread of times, logs `Displayed` and `Fully drawn`, and is slower
// cold by MXI_SIM_STARTUP_EXTRA_MS (tests/device-sim/README.md, "Launches").
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/startup/launch_log.h"
#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kDemoApp = "com.example.mxi.demo";

class StartupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed";
    ASSERT_TRUE(m_adb.started());
  }
  std::unique_ptr<SimProcess> phone(const std::string& name, std::vector<std::string> extra = {}) {
    extra.insert(extra.begin(), "--demo");
    extra.insert(extra.end(), {"--android-tool", build::androidTool()});
    auto sim = std::make_unique<SimProcess>(extra, scratchDir("startup_" + name) / "root");
    EXPECT_TRUE(sim->started() && m_adb.connect(*sim)) << sim->log();
    return sim;
  }
  ProgramRun mxi(const SimProcess& sim, std::vector<std::string> args) {
    return runMxi(std::move(args), RunOptions().withEnv(mxiEnvironment(m_adb.environment(), sim.hostPort(), "")));
  }
  // Every `Displayed` time the phone logged for the demo app, oldest first.
  std::vector<int64_t> displayedLines(const SimProcess& sim) {
    const ProgramRun log = m_adb.adb(
        {"-s", sim.hostPort(), "logcat", "-d", "-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "system"});
    std::vector<int64_t> out;
    const std::regex displayed(R"(Displayed com\.example\.mxi\.demo/[^:]*: (\+\S+))");
    for (auto it = std::sregex_iterator(log.out.begin(), log.out.end(), displayed); it != std::sregex_iterator();
         ++it) {
      out.push_back(core::startup::parseLaunchDuration((*it)[1].str()).value_or(-1));
    }
    return out;
  }
  static json run(const ProgramRun& r) {
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    return json::parse(r.out, nullptr, false);
  }
  PrivateAdbServer m_adb;
};

double median(const json& report, const std::string& figure) { return report["stats"][figure]["median"].get<double>(); }

TEST_F(StartupTest, FiveColdRunsCountedEachEqualToItsDisplayedLine) {
  const auto sim = phone("cold");
  const fs::path session = scratchDir("startup_cold_out") / "cold.mxs";
  const json j = run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "5", "--mode", "cold", "--format", "json",
                                "-o", session.string(), "-q"}));
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["package"], kDemoApp);
  EXPECT_EQ(j["mode"], "cold");
  ASSERT_EQ(j["runs"].size(), 6u) << j.dump(1);
  const std::vector<int64_t> displayed = displayedLines(*sim);
  ASSERT_EQ(displayed.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    const json& r = j["runs"][i];
    EXPECT_EQ(r["index"], i);
    EXPECT_EQ(r["counted"], i > 0) << r.dump();
    EXPECT_EQ(r["launchState"], "COLD") << r.dump();
    EXPECT_EQ(r["timeToInitialDisplayMs"], displayed[i]) << r.dump();
    EXPECT_EQ(r["totalTimeMs"], displayed[i]) << r.dump();
    EXPECT_GT(r["waitTimeMs"].get<int64_t>(), r["totalTimeMs"].get<int64_t>()) << r.dump();
    EXPECT_GT(r["timeToFullDisplayMs"].get<int64_t>(), r["timeToInitialDisplayMs"].get<int64_t>()) << r.dump();
    EXPECT_GT(r["firstFrameMs"].get<int64_t>(), 0) << r.dump();
    EXPECT_EQ(r["stages"], json::object()) << "no trace, no stages: " << r.dump();
  }
  EXPECT_EQ(j["stats"]["timeToInitialDisplayMs"]["n"], 5);
  std::vector<int64_t> counted(displayed.begin() + 1, displayed.end());
  std::sort(counted.begin(), counted.end());
  EXPECT_EQ(median(j, "timeToInitialDisplayMs"), static_cast<double>(counted[2]));
  EXPECT_EQ(j["stats"]["timeToInitialDisplayMs"]["min"], counted.front());
  EXPECT_EQ(j["stats"]["timeToInitialDisplayMs"]["max"], counted.back());
  EXPECT_FALSE(j.contains("verdict"));

  // The runs are a session: summary and the JSON export know them.
  const ProgramRun summary = mxi(*sim, {"session", "summary", session.string(), "--format", "json"});
  ASSERT_EQ(summary.exitCode, 0) << summary.err;
  const json s = json::parse(summary.out);
  EXPECT_EQ(s["startupRuns"], 6);
  EXPECT_EQ(s["startup"]["stats"]["timeToInitialDisplayMs"], j["stats"]["timeToInitialDisplayMs"]);
  const ProgramRun text = mxi(*sim, {"session", "summary", session.string()});
  EXPECT_NE(text.out.find("startup: 5 cold launches counted of 6"), std::string::npos) << text.out;
}

TEST_F(StartupTest, WarmAndHotRunsSayTheirStateAndAreFaster) {
  const auto sim = phone("modes");
  const json cold = run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "3", "--format", "json", "-q"}));
  const json warm =
      run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "3", "--mode", "warm", "--format", "json", "-q"}));
  const json hot =
      run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "3", "--mode", "hot", "--format", "json", "-q"}));
  for (const auto& [report, state] : {std::pair{&warm, "WARM"}, std::pair{&hot, "HOT"}}) {
    ASSERT_EQ((*report)["runs"].size(), 4u) << report->dump(1);
    for (size_t i = 1; i < 4; ++i) {
      EXPECT_EQ((*report)["runs"][i]["launchState"], state) << report->dump(1);
      EXPECT_EQ((*report)["runs"][i]["counted"], true) << report->dump(1);
    }
  }
  EXPECT_GT(median(cold, "totalTimeMs"), median(warm, "totalTimeMs"));
  EXPECT_GT(median(warm, "totalTimeMs"), median(hot, "totalTimeMs"));
}

// --trace: after each timed launch a traced one, whose method trace gives Matrix's stages. The
// demo app's launch under the tracer is a quarter slower (tests/device-sim/README.md,
// "Launches"): the traced runs are slower than every timed one, stay out of the figures, and
// their cost is reported beside them.
TEST_F(StartupTest, TracedLaunchesGiveMatrixStagesAndStayOutOfTheFigures) {
  const auto sim = phone("traced");
  const json j = run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "2", "--trace", "--format", "json", "-q"}));
  ASSERT_EQ(j["runs"].size(), 5u) << j.dump(1);  // the warm-up, then timed and traced in turn
  int64_t slowestTimed = 0;
  for (size_t i = 0; i < 5; ++i) {
    const json& r = j["runs"][i];
    EXPECT_EQ(r["launchState"], "COLD") << r.dump();
    const bool traced = i == 2 || i == 4;
    EXPECT_EQ(r.value("traced", false), traced) << r.dump();
    EXPECT_EQ(r["counted"], i == 1 || i == 3) << r.dump();
    const int64_t total = r["totalTimeMs"].get<int64_t>();
    if (!traced) {
      EXPECT_EQ(r["stages"], json::object()) << r.dump();
      slowestTimed = std::max(slowestTimed, total);
      continue;
    }
    // The trace begins at the bind, 40 ms into the launch, and its first frame ends at TotalTime;
    // its application_create is 250 of the 572 ms a 612 ms launch spends after the bind.
    const json& stages = r["stages"];
    EXPECT_EQ(stages["first_activity_create"], total - 40) << r.dump();
    EXPECT_EQ(stages["startup_duration"], total - 40) << r.dump();
    const double appCreate = 250.0 * static_cast<double>(total - 40) / 572.0;
    EXPECT_NEAR(stages["application_create"].get<double>(), appCreate, 1.0) << r.dump();
    EXPECT_GT(total, slowestTimed) << "the tracer slows the launch: " << j.dump(1);
  }
  EXPECT_EQ(j["stats"]["totalTimeMs"]["n"], 2);
  EXPECT_GT(j["tracerCostMs"].get<double>(), 0) << j.dump(1);
  EXPECT_EQ(j["issues"], json::array()) << "no launch near Matrix's 10 s";

  // Warm: no application to bind, the activity created again 38 ms into the launch.
  const json w = run(mxi(
      *sim, {"startup", "--package", kDemoApp, "--runs", "1", "--mode", "warm", "--trace", "--format", "json", "-q"}));
  ASSERT_EQ(w["runs"].size(), 3u) << w.dump(1);
  const json& traced = w["runs"][2];
  EXPECT_EQ(traced["launchState"], "WARM") << traced.dump();
  EXPECT_FALSE(traced["stages"].contains("application_create")) << traced.dump();
  EXPECT_EQ(traced["stages"]["first_activity_create"], traced["totalTimeMs"].get<int64_t>() - 38) << traced.dump();
  EXPECT_GT(traced["totalTimeMs"].get<int64_t>(), w["runs"][1]["totalTimeMs"].get<int64_t>());
}

TEST_F(StartupTest, ABaselineAgainstItselfIsNoChangeAndAgainstASlowerBuildFailsTheGate) {
  const fs::path dir = scratchDir("startup_baseline_out");
  const fs::path base = dir / "base.mxs";
  {
    const auto sim = phone("baseline");
    run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "5", "-o", base.string(), "-q"}));
    const ProgramRun same = mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "5", "--baseline", base.string(),
                                       "--fail-on-regression", "10", "--format", "json", "-q"});
    ASSERT_EQ(same.exitCode, 0) << same.out << same.err;
    const json v = json::parse(same.out)["verdict"];
    EXPECT_EQ(v["baseline"], base.string());
    EXPECT_EQ(v["significant"], false) << v.dump();
    EXPECT_EQ(v["regression"], false) << v.dump();
    EXPECT_TRUE(v["words"].get<std::string>().starts_with("no significant change (p = ")) << v.dump();
  }
  const auto slower = phone("slower", {"--env", "MXI_SIM_STARTUP_EXTRA_MS=400"});
  const ProgramRun r = mxi(*slower, {"startup", "--package", kDemoApp, "--runs", "5", "--baseline", base.string(),
                                     "--fail-on-regression", "10", "--format", "json", "-q"});
  EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
  const json v = json::parse(r.out)["verdict"];
  EXPECT_LT(v["p"].get<double>(), 0.05) << v.dump();
  EXPECT_EQ(v["significant"], true);
  EXPECT_EQ(v["regression"], true);
  EXPECT_GT(v["medianDeltaMs"].get<double>(), 300) << v.dump();
  EXPECT_NE(r.err.find("slower by"), std::string::npos) << r.err;
}

TEST_F(StartupTest, ACrashingLaunchIsReportedWithItsReasonAndTheOthersKept) {
  const auto sim = phone("crash", {"--env", "MXI_SIM_STARTUP_CRASH_ON=3"});
  const json j = run(mxi(*sim, {"startup", "--package", kDemoApp, "--runs", "4", "--format", "json", "-q"}));
  ASSERT_EQ(j["runs"].size(), 5u) << j.dump(1);
  const json& crashed = j["runs"][2];
  EXPECT_EQ(crashed["counted"], false);
  EXPECT_TRUE(crashed["failure"].get<std::string>().starts_with("crashed: ")) << crashed.dump();
  EXPECT_FALSE(crashed.contains("timeToInitialDisplayMs")) << crashed.dump();
  EXPECT_EQ(j["stats"]["timeToInitialDisplayMs"]["n"], 3) << j.dump(1);
}

TEST_F(StartupTest, AnAppThatIsNotInstalledIsRefusedWithTheClosestNames) {
  const auto sim = phone("missing");
  const ProgramRun r = mxi(*sim, {"startup", "--package", "com.example.mxi.dem", "--runs", "2"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("com.example.mxi.dem is not installed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(kDemoApp), std::string::npos) << r.err;
}

// The phone going away mid-set: the launches measured before are printed and written, the set
// says why it stopped, and the exit code says it is not whole.
TEST_F(StartupTest, ThePhoneGoingAwayKeepsTheLaunchesMeasuredAndSaysWhy) {
  auto sim = phone("gone");
  const fs::path session = scratchDir("startup_gone_out") / "gone.mxs";
  std::vector<std::string> args = {cliPath(),  "startup", "--package", kDemoApp,         "--runs",    "20",
                                   "--format", "json",    "-o",        session.string(), "--timeout", "3"};
  RunningProgram run(args, RunOptions().withEnv(mxiEnvironment(m_adb.environment(), sim->hostPort(), "")));
  // Three launches done (the progress lines are on stderr; the report will be on stdout).
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (run.errorOutput().find("launch 4 of 21") == std::string::npos && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_NE(run.errorOutput().find("launch 4 of 21"), std::string::npos) << run.errorOutput();
  sim->stop();
  EXPECT_EQ(run.wait(std::chrono::seconds(60)), 2) << run.errorOutput();
  const json j = json::parse(run.output(), nullptr, false);
  ASSERT_TRUE(j.is_object()) << run.output() << run.errorOutput();
  EXPECT_TRUE(j["stoppedBy"].get<std::string>().starts_with("the device stopped answering: ")) << j.dump(1);
  const size_t measured = j["runs"].size();
  EXPECT_GE(measured, 3u) << j.dump(1);
  EXPECT_LT(measured, 21u);
  for (const json& r : j["runs"]) EXPECT_EQ(r["launchState"], "COLD") << r.dump();
  const ProgramRun summary = runMxi({"session", "summary", session.string(), "--format", "json"});
  ASSERT_EQ(summary.exitCode, 0) << summary.err;
  EXPECT_EQ(json::parse(summary.out)["startupRuns"], measured);
}

// A baseline of another mode or app would measure the difference of the two, not of a change:
// refused before anything runs on the phone.
TEST_F(StartupTest, ABaselineOfAnotherModeOrAppIsRefused) {
  const auto sim = phone("other_mode");
  const fs::path base = scratchDir("startup_other_mode") / "cold.json";
  std::ofstream(base) << R"({"package":"com.example.mxi.demo","mode":"cold","runs":[]})";
  const ProgramRun hot = mxi(*sim, {"startup", "--package", kDemoApp, "--mode", "hot", "--baseline", base.string()});
  EXPECT_EQ(hot.exitCode, 2);
  EXPECT_EQ(hot.err,
            "mxi: startup: " + base.string() + ": holds cold launches; these are hot: compare launches of one mode\n");
  const ProgramRun other = mxi(*sim, {"startup", "--package", "com.android.settings", "--baseline", base.string()});
  EXPECT_EQ(other.exitCode, 2);
  EXPECT_EQ(other.err, "mxi: startup: " + base.string() +
                           ": holds launches of com.example.mxi.demo, not of com.android.settings\n");
  EXPECT_EQ(readFile(sim->root() / "var/mxi-sim/calls.log").find("am start"), std::string::npos);
}

}  // namespace
}  // namespace mxi::test
