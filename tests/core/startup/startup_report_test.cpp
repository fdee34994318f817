// What `mxi startup` prints: the report JSON in the issue's shape (absent figures absent), the
// text a person reads, and one run's JSON round trip (the session file's record).
#include <gtest/gtest.h>

#include "core/json/json_writer.h"
#include "core/startup/startup_issues.h"
#include "core/startup/startup_report.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::startup {
namespace {

StartupRun launch(int index, const char* state, int64_t displayedMs) {
  StartupRun r;
  r.index = index;
  r.launchState = state;
  r.activity = "com.example.demo/.MainActivity";
  r.timeToInitialDisplayMs = displayedMs;
  r.totalTimeMs = displayedMs;
  r.waitTimeMs = displayedMs + 15;
  r.firstFrameMs = 40;
  return r;
}

StartupReport sampleReport() {
  StartupReport report;
  report.package = "com.example.demo";
  report.activity = "com.example.demo/.MainActivity";
  report.mode = LaunchMode::kCold;
  report.runs = {launch(0, "COLD", 1500), launch(1, "COLD", 1000), launch(2, "WARM", 400),
                 launch(3, "COLD", 1200), launch(4, "", 0),        launch(5, "COLD", 10600)};
  report.runs[0].timeToFullDisplayMs = 1900;  // only the warm-up reported it
  report.runs[3].firstFrameMs.reset();
  report.runs[4] = StartupRun{};
  report.runs[4].index = 4;
  report.runs[4].failure = "crashed: java.lang.IllegalStateException: boom";
  report.runs[5].traced = true;
  report.runs[5].stages = {{"application_create", 6000}, {"startup_duration", 10500}};
  judgeRuns(report.runs, report.mode);
  report.issues = startupIssues(report.runs, report.package);
  StartupVerdict v;
  v.baseline = "base.mxs";
  v.baselineN = 2;
  v.currentN = 2;
  v.baselineMedianMs = 1000;
  v.currentMedianMs = 1100;
  v.medianDeltaMs = 100;
  v.deltaPct = 10;
  v.p = 0.44;
  report.verdict = v;
  report.stoppedBy = "cancelled";
  return report;
}

std::vector<std::string> keysOf(const nlohmann::ordered_json& j) {
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  return keys;
}

TEST(ReportJson, ShapeAndAbsentFigures) {
  const nlohmann::ordered_json j = reportJson(sampleReport());
  EXPECT_EQ(keysOf(j), (std::vector<std::string>{"package", "activity", "mode", "runs", "stats", "issues", "verdict",
                                                 "stoppedBy"}));
  EXPECT_EQ(j["mode"], "cold");
  ASSERT_EQ(j["runs"].size(), 6u);
  EXPECT_EQ(keysOf(j["runs"][1]),
            (std::vector<std::string>{"index", "counted", "spoiledBy", "launchState", "activity", "totalTimeMs",
                                      "waitTimeMs", "timeToInitialDisplayMs", "firstFrameMs", "stages"}));
  EXPECT_FALSE(j["runs"][3].contains("firstFrameMs"));  // not given: absent, never 0
  EXPECT_EQ(j["runs"][2]["spoiledBy"], "WARM");
  EXPECT_EQ(j["runs"][2]["counted"], false);
  EXPECT_EQ(keysOf(j["runs"][4]),
            (std::vector<std::string>{"index", "counted", "spoiledBy", "failure", "launchState", "stages"}));
  EXPECT_EQ(j["runs"][5]["traced"], true);
  EXPECT_EQ(json::dumpJson(j["runs"][5]["stages"]), R"({"application_create":6000,"startup_duration":10500})");

  // Counted: runs 1 and 3. Full display only the warm-up gave: no stats for it.
  EXPECT_EQ(keysOf(j["stats"]),
            (std::vector<std::string>{"totalTimeMs", "waitTimeMs", "timeToInitialDisplayMs", "firstFrameMs"}));
  EXPECT_EQ(json::dumpJson(j["stats"]["timeToInitialDisplayMs"]),
            R"({"n":2,"min":1000,"median":1100.0,"p90":1180.0,"max":1200,"stddev":141.4213562373095,)"
            R"("cv":0.128564869306645})");
  EXPECT_EQ(j["stats"]["firstFrameMs"]["n"], 1);

  ASSERT_EQ(j["issues"].size(), 1u);  // the traced run at 10600 ms
  EXPECT_EQ(j["issues"][0]["run_index"], 5);
  EXPECT_EQ(keysOf(j["verdict"]), (std::vector<std::string>{"baseline", "medianDeltaMs", "deltaPct", "p", "significant",
                                                            "regression", "figure", "baselineN", "currentN",
                                                            "baselineMedianMs", "currentMedianMs", "words"}));
  EXPECT_EQ(j["verdict"]["words"], "no significant change (p = 0.44)");
  EXPECT_EQ(j["stoppedBy"], "cancelled");
}

TEST(ReportJson, NoVerdictNoStopNoActivity) {
  StartupReport report;
  report.package = "com.example.demo";
  report.mode = LaunchMode::kHot;
  const nlohmann::ordered_json j = reportJson(report);
  EXPECT_EQ(json::dumpJson(j), R"({"package":"com.example.demo","mode":"hot","runs":[],"stats":{},"issues":[]})");
}

TEST(ReportText, ReadsAsAReport) {
  EXPECT_EQ(reportText(sampleReport()),
            "cold launches of com.example.demo (com.example.demo/.MainActivity): 2 of 6 runs counted\n"
            "  run  state  TotalTime  WaitTime  Initial display  Full display  First frame   (ms)\n"
            "  #0   COLD        1500      1515             1500          1900           40  warm-up\n"
            "  #1   COLD        1000      1015             1000             -           40\n"
            "  #2   WARM         400       415              400             -           40  spoiled by WARM\n"
            "  #3   COLD        1200      1215             1200             -            -\n"
            "  #4   -              -         -                -             -            -  "
            "failed: crashed: java.lang.IllegalStateException: boom\n"
            "  #5   COLD       10600     10615            10600             -           40  "
            "traced: application_create 6000 ms, startup_duration 10500 ms\n"
            "\n"
            "Statistics over the counted runs (ms):\n"
            "  figure             n     min   median      p90     max   stddev      cv\n"
            "  TotalTime          2    1000   1100.0   1180.0    1200    141.4  12.9 %\n"
            "  WaitTime           2    1015   1115.0   1195.0    1215    141.4  12.7 %\n"
            "  Initial display    2    1000   1100.0   1180.0    1200    141.4  12.9 %\n"
            "  First frame        1      40     40.0     40.0      40      0.0   0.0 %\n"
            "\n"
            "Issues:\n"
            "  Trace_StartUp run #5 COLD: startup 10600 ms\n"
            "\n"
            "Verdict against base.mxs: no significant change (p = 0.44)\n"
            "  Initial display median 1000.0 ms (n = 2) \u2192 1100.0 ms (n = 2)\n"
            "\n"
            "Stopped early: cancelled\n");
}

TEST(ReportText, NothingCounted) {
  StartupReport report;
  report.package = "com.example.demo";
  report.mode = LaunchMode::kWarm;
  EXPECT_EQ(reportText(report),
            "warm launches of com.example.demo: 0 of 0 runs counted\n"
            "  run  state  TotalTime  WaitTime  Initial display  Full display  First frame   (ms)\n"
            "\n"
            "Statistics over the counted runs (ms):\n"
            "  figure             n     min   median      p90     max   stddev      cv\n"
            "  (no counted run)\n"
            "\n"
            "Issues: none\n");
}

// What driving the phone and what tracing cost: medians of their pairs, beside the figures.
TEST(ReportCosts, MeasuringAndTracingAreMediansOfTheirPairs) {
  StartupReport report;
  report.package = "com.example.demo";
  report.runs = {launch(0, "COLD", 1500), launch(1, "COLD", 1000), launch(2, "COLD", 1300), launch(3, "COLD", 1200),
                 launch(4, "COLD", 1450), launch(5, "", 0),        launch(6, "COLD", 1400)};
  report.runs[0].hostWallMs = 1900;  // the warm-up: no cost counted
  report.runs[1].hostWallMs = 1080;  // WaitTime 1015: 65 ms
  report.runs[3].hostWallMs = 1245;  // WaitTime 1215: 30 ms
  for (int traced : {2, 4, 6}) report.runs[static_cast<size_t>(traced)].traced = true;
  report.runs[5].failure = "timed out after 30 s";  // run 6 has no timed run before it
  judgeRuns(report.runs, report.mode);
  EXPECT_EQ(measuringCostMs(report.runs), 47.5);
  EXPECT_EQ(tracerCostMs(report.runs), 275);  // +300 (#2 after #1), +250 (#4 after #3)
  const nlohmann::ordered_json j = reportJson(report);
  EXPECT_EQ(j["measuringCostMs"], 47.5);
  EXPECT_EQ(j["tracerCostMs"], 275.0);
  const std::string text = reportText(report);
  EXPECT_NE(text.find("  measuring: the host waited 48 ms (median) beyond WaitTime per launch"), std::string::npos)
      << text;
  EXPECT_NE(text.find("  tracing: a traced launch took +275 ms against the timed one before it (median), in no "
                      "figure\n"),
            std::string::npos)
      << text;

  // A timed run the system served another state is no like-for-like pair.
  report.runs[3].launchState = "WARM";
  judgeRuns(report.runs, report.mode);
  EXPECT_EQ(tracerCostMs(report.runs), 300);  // #2 after #1 only

  report.runs[2].traced = report.runs[4].traced = false;  // untraced: no pair left
  EXPECT_EQ(tracerCostMs(report.runs), std::nullopt);
  EXPECT_FALSE(reportJson(report).contains("tracerCostMs"));
}

TEST(RunJson, RoundTrip) {
  StartupRun run = launch(3, "COLD", 812);
  run.counted = true;
  run.spoiledBy = "WARM";
  run.failure = "timed out after 30 s";
  run.traced = true;
  run.timeToFullDisplayMs = 1400;
  run.stages = {{"application_create", 300}, {"first_activity_create", 700}};
  run.hostWallMs = 950;
  run.startUnixMs = 1700000000123;
  run.processStarted = false;
  run.traceIssueJson = R"({"tag":"Trace_StartUp","stack":"0,1,1,700\n"})";
  const std::string text = json::dumpJson(runJson(run));
  const StartupRun back = runFromJson(nlohmann::json::parse(text));
  EXPECT_EQ(json::dumpJson(runJson(back)), text);
  EXPECT_EQ(back.index, 3);
  EXPECT_EQ(back.processStarted, false);
  EXPECT_EQ(back.hostWallMs, 950);
  EXPECT_EQ(back.traceIssueJson, run.traceIssueJson);
  EXPECT_EQ(back.stages, run.stages);
}

TEST(RunJson, MissingKeysStayAbsentAndUnknownOnesAreIgnored) {
  const StartupRun back =
      runFromJson(nlohmann::json::parse(R"({"index":2,"launchState":"HOT","waitTimeMs":90,"future":[1,2]})"));
  EXPECT_EQ(back.index, 2);
  EXPECT_EQ(back.launchState, "HOT");
  EXPECT_EQ(back.waitTimeMs, 90);
  EXPECT_EQ(back.totalTimeMs, std::nullopt);
  EXPECT_EQ(back.processStarted, std::nullopt);
  EXPECT_EQ(back.hostWallMs, std::nullopt);
  EXPECT_FALSE(back.counted);
  EXPECT_TRUE(back.stages.empty());
  EXPECT_EQ(runFromJson(nlohmann::json::parse("[1]")).index, 0);  // not an object: an empty run
}

}  // namespace
}  // namespace mxi::core::startup
