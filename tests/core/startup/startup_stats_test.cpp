// The statistics of repeated launches on known inputs, and the rule that keeps a spoiled run out.
// Expected numbers are computed by hand (numpy is not installed here): p90 is numpy's default
// "linear" percentile, the value at rank 0.9·(n − 1) interpolated between its neighbours.
#include <gtest/gtest.h>

#include "core/startup/startup_stats.h"

namespace mxi::core::startup {
namespace {

TEST(FigureStats, TenLaunches) {
  // Sorted: 598 610 612 620 633 640 645 655 690 701; sum 6404, mean 640.4.
  const FigureStats s = figureStats({612, 640, 598, 701, 655, 620, 633, 690, 610, 645});
  EXPECT_EQ(s.n, 10);
  EXPECT_EQ(s.min, 598);
  EXPECT_EQ(s.max, 701);
  EXPECT_DOUBLE_EQ(s.median, 636.5);  // (633 + 640) / 2
  EXPECT_NEAR(s.p90, 691.1, 1e-9);    // rank 8.1: 690 + 0.1 · (701 − 690)
  // Squared deviations sum to 10366.4; / 9 = 1151.82…; sqrt = 33.93850648…
  EXPECT_NEAR(s.stddev, 33.938506481903744, 1e-9);
  EXPECT_NEAR(s.cv, 33.938506481903744 / 640.4, 1e-12);
}

TEST(FigureStats, OddCountMedianIsTheMiddleValue) {
  const FigureStats s = figureStats({1200, 1000, 1100});
  EXPECT_EQ(s.n, 3);
  EXPECT_DOUBLE_EQ(s.median, 1100);
  EXPECT_DOUBLE_EQ(s.p90, 1180);    // rank 1.8: 1100 + 0.8 · 100
  EXPECT_DOUBLE_EQ(s.stddev, 100);  // sqrt((100² + 0 + 100²) / 2)
  EXPECT_DOUBLE_EQ(s.cv, 100.0 / 1100);
}

TEST(FigureStats, TwoValues) {
  const FigureStats s = figureStats({300, 100});
  EXPECT_DOUBLE_EQ(s.median, 200);
  EXPECT_DOUBLE_EQ(s.p90, 280);  // rank 0.9
  EXPECT_NEAR(s.stddev, 141.4213562373095, 1e-9);
}

TEST(FigureStats, OneValueHasNoSpread) {
  const FigureStats s = figureStats({5});
  EXPECT_EQ(s.n, 1);
  EXPECT_EQ(s.min, 5);
  EXPECT_EQ(s.max, 5);
  EXPECT_EQ(s.median, 5);
  EXPECT_EQ(s.p90, 5);
  EXPECT_EQ(s.stddev, 0);
  EXPECT_EQ(s.cv, 0);
}

TEST(FigureStats, NoValues) {
  const FigureStats s = figureStats({});
  EXPECT_EQ(s.n, 0);
  EXPECT_EQ(s.median, 0);
}

TEST(FigureStats, ZeroMeanHasZeroCv) {
  const FigureStats s = figureStats({-10, 10});
  EXPECT_NEAR(s.stddev, 14.142135623730951, 1e-9);
  EXPECT_EQ(s.cv, 0);
}

StartupRun run(int index, std::string state, std::optional<bool> processStarted = std::nullopt) {
  StartupRun r;
  r.index = index;
  r.launchState = std::move(state);
  r.processStarted = processStarted;
  r.totalTimeMs = 100 + index;
  return r;
}

TEST(JudgeRuns, EveryModeAgainstEveryState) {
  for (LaunchMode mode : {LaunchMode::kCold, LaunchMode::kWarm, LaunchMode::kHot}) {
    for (const char* state : {"COLD", "WARM", "HOT"}) {
      std::vector<StartupRun> runs{run(1, state)};
      judgeRuns(runs, mode);
      const bool same = launchStateOf(mode) == state;
      SCOPED_TRACE(std::string(launchModeName(mode)) + " run served " + state);
      EXPECT_EQ(runs[0].counted, same);
      EXPECT_EQ(runs[0].spoiledBy, same ? "" : state);
    }
  }
}

TEST(JudgeRuns, StateIsReadWhateverItsCase) {
  std::vector<StartupRun> runs{run(1, "cold"), run(2, "Warm")};
  judgeRuns(runs, LaunchMode::kCold);
  EXPECT_TRUE(runs[0].counted);
  EXPECT_FALSE(runs[1].counted);
  EXPECT_EQ(runs[1].spoiledBy, "WARM");
}

TEST(JudgeRuns, MissingStateJudgedFromANewProcess) {
  // Android 9 and older print no LaunchState: am_proc_start during the launch means COLD.
  struct Case {
    LaunchMode mode;
    std::optional<bool> processStarted;
    bool counted;
    const char* spoiledBy;
  };
  const Case cases[] = {
      {LaunchMode::kCold, true, true, ""},         {LaunchMode::kCold, false, false, "WARM"},
      {LaunchMode::kCold, std::nullopt, true, ""}, {LaunchMode::kWarm, true, false, "COLD"},
      {LaunchMode::kWarm, false, true, ""},        {LaunchMode::kWarm, std::nullopt, true, ""},
      {LaunchMode::kHot, true, false, "COLD"},     {LaunchMode::kHot, false, true, ""},
      {LaunchMode::kHot, std::nullopt, true, ""},
  };
  for (const Case& c : cases) {
    std::vector<StartupRun> runs{run(1, "", c.processStarted)};
    judgeRuns(runs, c.mode);
    SCOPED_TRACE(std::string(launchModeName(c.mode)) + " processStarted " +
                 (c.processStarted ? (*c.processStarted ? "true" : "false") : "unknown"));
    EXPECT_EQ(runs[0].counted, c.counted);
    EXPECT_EQ(runs[0].spoiledBy, c.spoiledBy);
  }
}

TEST(JudgeRuns, UnknownStateIsLikeNoState) {
  // WaitResult.launchStateToString prints "UNKNOWN (0)" when the platform could not tell.
  std::vector<StartupRun> runs{run(1, "UNKNOWN (0)", true), run(2, "UNKNOWN (0)")};
  judgeRuns(runs, LaunchMode::kWarm);
  EXPECT_EQ(runs[0].spoiledBy, "COLD");
  EXPECT_TRUE(runs[1].counted);
}

TEST(JudgeRuns, WarmUpFailedAndTracedRunsAreNotCounted) {
  std::vector<StartupRun> runs{run(0, "COLD"), run(1, "COLD"), run(2, "COLD"), run(3, "WARM"), run(4, "COLD")};
  runs[2].failure = "crashed: java.lang.IllegalStateException: boom";
  runs[3].traced = true;  // a traced run is out whatever its state, and not called spoiled
  runs[4].counted = false;
  runs[4].spoiledBy = "stale";  // judging starts afresh
  judgeRuns(runs, LaunchMode::kCold);
  EXPECT_FALSE(runs[0].counted);
  EXPECT_EQ(runs[0].spoiledBy, "");
  EXPECT_TRUE(runs[1].counted);
  EXPECT_FALSE(runs[2].counted);
  EXPECT_EQ(runs[2].spoiledBy, "");
  EXPECT_FALSE(runs[3].counted);
  EXPECT_EQ(runs[3].spoiledBy, "");
  EXPECT_TRUE(runs[4].counted);
  EXPECT_EQ(runs[4].spoiledBy, "");
}

TEST(RunStatus, OneRuleForWhyARunIsOut) {
  std::vector<StartupRun> runs{run(0, "COLD"), run(0, "COLD"), run(1, "COLD"),
                               run(2, "WARM"), run(3, "WARM"), run(4, "COLD")};
  runs[1].failure = "crashed: boom";  // a warm-up that crashed says it failed
  runs[3].traced = true;
  runs[5].index = 5;
  judgeRuns(runs, LaunchMode::kCold);
  runs.push_back(run(6, "COLD"));  // not judged yet
  EXPECT_EQ(runStatus(runs[0]), RunStatus::kWarmUp);
  EXPECT_EQ(runStatus(runs[1]), RunStatus::kFailed);
  EXPECT_EQ(runStatus(runs[2]), RunStatus::kCounted);
  EXPECT_EQ(runStatus(runs[3]), RunStatus::kTraced);
  EXPECT_EQ(runStatus(runs[4]), RunStatus::kSpoiled);
  EXPECT_EQ(runStatus(runs[5]), RunStatus::kCounted);
  EXPECT_EQ(runStatus(runs[6]), RunStatus::kUnjudged);
  // A file written by hand may say both: spoiled comes first.
  runs[3].spoiledBy = "WARM";
  EXPECT_EQ(runStatus(runs[3]), RunStatus::kSpoiled);
}

TEST(CountedValues, OnlyCountedRunsThatHaveTheFigure) {
  std::vector<StartupRun> runs{run(0, "COLD"), run(1, "COLD"), run(2, "WARM"), run(3, "COLD")};
  runs[1].firstFrameMs = 40;
  judgeRuns(runs, LaunchMode::kCold);
  EXPECT_EQ(countedValues(runs, Figure::kTotalTime), (std::vector<int64_t>{101, 103}));
  EXPECT_EQ(countedValues(runs, Figure::kFirstFrame), (std::vector<int64_t>{40}));
  EXPECT_TRUE(countedValues(runs, Figure::kTimeToFullDisplay).empty());
}

TEST(StartupRunNames, ModesStatesAndFigures) {
  EXPECT_EQ(parseLaunchMode("HOT"), LaunchMode::kHot);
  EXPECT_EQ(parseLaunchMode("Warm"), LaunchMode::kWarm);
  EXPECT_EQ(parseLaunchMode("cold"), LaunchMode::kCold);
  EXPECT_EQ(parseLaunchMode("lukewarm"), std::nullopt);
  EXPECT_EQ(launchStateOf(LaunchMode::kWarm), "WARM");
  EXPECT_EQ(figureKey(Figure::kTimeToInitialDisplay), "timeToInitialDisplayMs");
  EXPECT_EQ(figureLabel(Figure::kFirstFrame), "First frame");
}

}  // namespace
}  // namespace mxi::core::startup
