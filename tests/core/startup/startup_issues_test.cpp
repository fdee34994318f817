// Matrix StartupTracer's thresholds over repeated launches: the exact Trace_StartUp JSON, and
// core/matrix reading it back as a startup issue with its figures.
#include <gtest/gtest.h>

#include "core/matrix/matrix_issue.h"
#include "core/startup/startup_issues.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::startup {
namespace {

constexpr const char* kApp = "com.example.demo";

StartupRun launch(int index, const char* state, int64_t displayedMs) {
  StartupRun r;
  r.index = index;
  r.launchState = state;
  r.activity = "com.example.demo/.MainActivity";
  r.timeToInitialDisplayMs = displayedMs;
  r.totalTimeMs = displayedMs - 20;
  r.waitTimeMs = displayedMs + 20;
  r.startUnixMs = 1700000000000 + index;
  return r;
}

TEST(StartupIssues, ColdAtAndAboveTenSeconds) {
  std::vector<StartupRun> runs{launch(0, "COLD", 20000), launch(1, "COLD", 9999), launch(2, "COLD", 10400),
                               launch(3, "COLD", 10000)};
  judgeRuns(runs, LaunchMode::kCold);
  const auto issues = startupIssues(runs, kApp);
  ASSERT_EQ(issues.size(), 2u);  // the warm-up is not counted; 9999 ms is under the threshold
  EXPECT_EQ(issues[0],
            R"({"tag":"Trace_StartUp","type":0,"process":"com.example.demo","time":1700000000002,"detail":"STARTUP",)"
            R"("startup_duration":10400,"is_warm_start_up":false,"scene":"com.example.demo.MainActivity",)"
            R"("launch_state":"COLD","run_index":2,"am_total_time":10380,"am_wait_time":10420})");
  EXPECT_EQ(issues[1],
            R"({"tag":"Trace_StartUp","type":0,"process":"com.example.demo","time":1700000000003,"detail":"STARTUP",)"
            R"("startup_duration":10000,"is_warm_start_up":false,"scene":"com.example.demo.MainActivity",)"
            R"("launch_state":"COLD","run_index":3,"am_total_time":9980,"am_wait_time":10020})");

  const auto parsed = matrix::parseIssueJson(issues[0]);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(parsed->kind, matrix::IssueKind::kStartup);
  EXPECT_EQ(parsed->detail, "STARTUP");
  EXPECT_EQ(parsed->process, kApp);
  ASSERT_TRUE(parsed->startup);
  EXPECT_EQ(parsed->startup->startupDurationMs, 10400);
  EXPECT_EQ(parsed->startup->warmStart, false);
  EXPECT_EQ(parsed->startup->amTotalTimeMs, 10380);
  EXPECT_EQ(parsed->startup->amWaitTimeMs, 10420);
  EXPECT_EQ(parsed->startup->launchState, "COLD");
}

TEST(StartupIssues, WarmAndHotAtFourSeconds) {
  std::vector<StartupRun> warm{launch(1, "WARM", 3999), launch(2, "WARM", 4000)};
  judgeRuns(warm, LaunchMode::kWarm);
  auto issues = startupIssues(warm, kApp);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_NE(issues[0].find(R"("startup_duration":4000,"is_warm_start_up":true)"), std::string::npos) << issues[0];

  std::vector<StartupRun> hot{launch(1, "HOT", 5000)};
  judgeRuns(hot, LaunchMode::kHot);
  EXPECT_EQ(startupIssues(hot, kApp).size(), 1u);
  EXPECT_EQ(startupIssues(hot, kApp, {.coldMs = 10000, .warmMs = 6000}).size(), 0u);
}

TEST(StartupIssues, SpoiledAndFailedRunsGiveNone) {
  std::vector<StartupRun> runs{launch(1, "WARM", 30000), launch(2, "COLD", 30000)};
  runs[1].failure = "timed out after 30 s";
  judgeRuns(runs, LaunchMode::kCold);
  EXPECT_TRUE(startupIssues(runs, kApp).empty());
}

TEST(StartupIssues, TotalTimeWhenNoDisplayedLine) {
  std::vector<StartupRun> runs{launch(1, "COLD", 0)};
  runs[0].timeToInitialDisplayMs.reset();
  runs[0].totalTimeMs = 12000;
  judgeRuns(runs, LaunchMode::kCold);
  const auto issues = startupIssues(runs, kApp);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_NE(issues[0].find(R"("startup_duration":12000)"), std::string::npos) << issues[0];
}

TEST(StartupIssues, SlowestFirst) {
  std::vector<StartupRun> runs{launch(1, "COLD", 11000), launch(2, "COLD", 15000), launch(3, "COLD", 12000)};
  judgeRuns(runs, LaunchMode::kCold);
  const auto issues = startupIssues(runs, kApp);
  ASSERT_EQ(issues.size(), 3u);
  EXPECT_NE(issues[0].find(R"("run_index":2)"), std::string::npos);
  EXPECT_NE(issues[1].find(R"("run_index":3)"), std::string::npos);
  EXPECT_NE(issues[2].find(R"("run_index":1)"), std::string::npos);
}

TEST(StartupIssues, TracedRunStartsFromItsTraceIssue) {
  StartupRun traced = launch(4, "COLD", 10500);
  traced.traced = true;
  traced.traceIssueJson =
      R"({"tag":"Trace_StartUp","type":0,"process":"com.example.demo","time":1699999999000,"source":"methodTrace",)"
      R"("detail":"STARTUP","application_create":6000,"stage_between_app_and_activity":100,)"
      R"("first_activity_create":10300,"startup_duration":10300,"is_warm_start_up":false,)"
      R"("scene":"com.example.demo.MainActivity","stack":"0,1,1,10300\n1,2,1,6000\n","stackKey":"2|",)"
      R"("methodNames":{"1":["com.example.demo.App","onCreate","()V"],"2":["com.example.demo.Db","open","()V"]}})";
  std::vector<StartupRun> runs{traced};
  judgeRuns(runs, LaunchMode::kCold);
  const auto issues = startupIssues(runs, kApp);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(
      issues[0],
      R"({"tag":"Trace_StartUp","type":0,"process":"com.example.demo","time":1699999999000,"source":"methodTrace",)"
      R"("detail":"STARTUP","application_create":6000,"stage_between_app_and_activity":100,)"
      R"("first_activity_create":10300,"startup_duration":10300,"is_warm_start_up":false,)"
      R"("scene":"com.example.demo.MainActivity","stack":"0,1,1,10300\n1,2,1,6000\n","stackKey":"2|",)"
      R"("methodNames":{"1":["com.example.demo.App","onCreate","()V"],"2":["com.example.demo.Db","open","()V"]},)"
      R"("launch_state":"COLD","run_index":4,"am_total_time":10480,"am_wait_time":10520})");
  auto parsed = matrix::parseIssueText(issues[0]);
  matrix::decodeIssues(parsed, nullptr);
  ASSERT_EQ(parsed.issues.size(), 1u);
  const matrix::MatrixIssue& issue = parsed.issues[0];
  EXPECT_EQ(issue.kind, matrix::IssueKind::kStartup);
  ASSERT_TRUE(issue.startup);
  EXPECT_EQ(issue.startup->applicationCreateMs, 6000);
  EXPECT_EQ(issue.startup->startupDurationMs, 10300);
  EXPECT_EQ(issue.startup->amTotalTimeMs, 10480);
  EXPECT_EQ(issue.stack, "0,1,1,10300\n1,2,1,6000\n");
}

TEST(StartupIssues, TracedRunWithoutTraceIssueGetsTheFiguresOnly) {
  StartupRun traced = launch(1, "WARM", 4500);
  traced.traced = true;
  traced.stages = {{"first_activity_create", 4200}, {"startup_duration", 4400}};
  std::vector<StartupRun> runs{traced};
  judgeRuns(runs, LaunchMode::kWarm);
  const auto issues = startupIssues(runs, kApp);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0],
            R"({"tag":"Trace_StartUp","type":0,"process":"com.example.demo","time":1700000000001,"detail":"STARTUP",)"
            R"("first_activity_create":4200,"startup_duration":4500,"is_warm_start_up":true,)"
            R"("scene":"com.example.demo.MainActivity","launch_state":"WARM","run_index":1,"am_total_time":4480,)"
            R"("am_wait_time":4520})");
}

}  // namespace
}  // namespace mxi::core::startup
