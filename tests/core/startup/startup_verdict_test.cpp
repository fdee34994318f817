// A set of launches against a baseline: Mann–Whitney's two-sided p, the words and the CI gate.
#include <gtest/gtest.h>

#include "core/startup/startup_stats.h"
#include "core/startup/startup_verdict.h"

namespace mxi::core::startup {
namespace {

std::vector<StartupRun> countedRuns(std::vector<int64_t> displayedMs) {
  std::vector<StartupRun> runs;
  for (size_t i = 0; i < displayedMs.size(); ++i) {
    StartupRun r;
    r.index = static_cast<int>(i) + 1;
    r.launchState = "COLD";
    r.timeToInitialDisplayMs = displayedMs[i];
    r.totalTimeMs = displayedMs[i] + 5;
    runs.push_back(r);
  }
  judgeRuns(runs, LaunchMode::kCold);
  return runs;
}

TEST(CompareRuns, IdenticalSetsAreNoSignificantChange) {
  const auto runs = countedRuns({1000, 1010, 990, 1005, 995});
  const auto v = compareRuns(runs, runs, "base.mxs");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->baseline, "base.mxs");
  EXPECT_EQ(v->figure, Figure::kTimeToInitialDisplay);
  EXPECT_EQ(v->medianDeltaMs, 0);
  EXPECT_EQ(v->p, 1);  // both one-sided p-values exceed 0.5: twice the smaller is clamped to 1
  EXPECT_FALSE(v->significant);
  EXPECT_FALSE(v->regression);
  EXPECT_EQ(v->words(), "no significant change (p = 1)");
  EXPECT_FALSE(failsRegressionGate(*v, 10));
}

TEST(CompareRuns, FiveAgainstFiveSeparatedBy400ms) {
  const auto base = countedRuns({1000, 1010, 990, 1005, 995});
  const auto slow = countedRuns({1400, 1410, 1390, 1405, 1395});
  const auto v = compareRuns(base, slow, "base.mxs");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->baselineN, 5);
  EXPECT_EQ(v->currentN, 5);
  EXPECT_EQ(v->baselineMedianMs, 1000);
  EXPECT_EQ(v->currentMedianMs, 1400);
  EXPECT_EQ(v->medianDeltaMs, 400);
  EXPECT_DOUBLE_EQ(v->deltaPct, 40);
  // U = 25 of 25, mean 12.5, σ = sqrt(25 · 11 / 12) = 4.78714; z = (12.5 − 0.5) / σ = 2.50671;
  // one-sided 0.5 · erfc(z / √2) = 0.0060929, two-sided 0.0121858.
  EXPECT_NEAR(v->p, 0.012185780355344818, 1e-9);
  EXPECT_TRUE(v->significant);
  EXPECT_TRUE(v->regression);
  EXPECT_EQ(v->words(), "slower by 400 ms (40.0 %), p = 0.012");
  EXPECT_TRUE(failsRegressionGate(*v, 10));
  EXPECT_FALSE(failsRegressionGate(*v, 90));

  const auto back = compareRuns(slow, base, "slow.mxs");
  ASSERT_TRUE(back);
  EXPECT_NEAR(back->p, 0.012185780355344818, 1e-9);
  EXPECT_FALSE(back->regression);
  EXPECT_EQ(back->words(), "faster by 400 ms (28.6 %), p = 0.012");
  EXPECT_FALSE(failsRegressionGate(*back, 10));
}

TEST(CompareRuns, FallsBackToTotalTimeThenWaitTime) {
  auto base = countedRuns({1000, 1010});
  auto current = countedRuns({1000, 1010});
  current[0].timeToInitialDisplayMs.reset();
  current[1].timeToInitialDisplayMs.reset();
  auto v = compareRuns(base, current, "b");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->figure, Figure::kTotalTime);
  for (auto& r : current) r.totalTimeMs.reset(), r.waitTimeMs = 7;
  for (auto& r : base) r.waitTimeMs = 7;
  v = compareRuns(base, current, "b");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->figure, Figure::kWaitTime);
  for (auto& r : base) r.waitTimeMs.reset();
  EXPECT_FALSE(compareRuns(base, current, "b"));
}

TEST(CompareRuns, UncountedRunsAreLeftOut) {
  auto base = countedRuns({1000, 1010, 990});
  base[0].counted = false;  // e.g. spoiled
  base[0].timeToInitialDisplayMs = 99999;
  const auto v = compareRuns(base, countedRuns({1000}), "b");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->baselineN, 2);
  EXPECT_EQ(v->baselineMedianMs, 1000);  // (1010 + 990) / 2
}

TEST(VerdictWords, TinyPValueAndRounding) {
  StartupVerdict v;
  v.significant = true;
  v.regression = true;
  v.medianDeltaMs = 412.5;
  v.deltaPct = 38.46;
  v.p = 0.00079;
  EXPECT_EQ(v.words(), "slower by 413 ms (38.5 %), p < 0.001");
  v.p = 0.0079;
  EXPECT_EQ(v.words(), "slower by 413 ms (38.5 %), p = 0.0079");
  v.regression = false;
  v.medianDeltaMs = 0;  // the sets differ, the medians do not
  v.p = 0.03;
  EXPECT_EQ(v.words(), "same median, different spread (p = 0.03)");
  v.significant = false;
  v.p = 0.6905;
  EXPECT_EQ(v.words(), "no significant change (p = 0.69)");
}

TEST(RegressionGate, OnlyASignificantSlowdownAbovePct) {
  StartupVerdict v;
  v.medianDeltaMs = 200;
  v.deltaPct = 20;
  v.significant = false;
  EXPECT_FALSE(failsRegressionGate(v, 10));  // slower, but within noise
  v.significant = true;
  v.regression = true;
  EXPECT_TRUE(failsRegressionGate(v, 10));
  EXPECT_FALSE(failsRegressionGate(v, 20));  // not above the bar
}

}  // namespace
}  // namespace mxi::core::startup
