// Compare: a planted 20% frame-time regression on one scene is flagged; sessions drawn from the
// same distribution (fixed seeds) are not; evil methods, IO and ANR deltas.
#include <gtest/gtest.h>

#include <random>

#include "core/base/mann_whitney.h"
#include "core/session/session_reader.h"
#include "core/sessioncompare/session_compare.h"
#include "tests/core/session/session_test_util.h"
#include "tests/support/test_paths.h"

namespace mxi::core::sessioncompare {
namespace {

// Two scenes of 600 frames each; frame times log-normal around 12 ms (heavy tail like real
// data); `slowdown` multiplies the "Feed" scene's frame times.
std::shared_ptr<const session::SessionData> makeSession(const std::filesystem::path& path, uint64_t seed,
                                                        double slowdown, const std::vector<std::string>& issues = {}) {
  session::SessionHeader h;
  h.app = "com.example";
  auto w = session::SessionWriter::create(path.string(), h);
  EXPECT_TRUE(w.ok());
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> frameMs(std::log(12.0), 0.35);
  int64_t t = 1'000'000'000;
  for (const char* scene : {"Home", "Feed"}) {
    EXPECT_TRUE((*w)->appendSceneChange(t, scene).ok());
    const double factor = std::string(scene) == "Feed" ? slowdown : 1.0;
    for (int i = 0; i < 600; ++i) {
      const auto ns = static_cast<int64_t>(frameMs(rng) * factor * 1e6);
      EXPECT_TRUE((*w)->appendFrame(test::syntheticFrame(t, ns)).ok());
      t += 16'666'667;
    }
  }
  for (const auto& issue : issues) EXPECT_TRUE((*w)->appendIssue(t, issue).ok());
  EXPECT_TRUE((*w)->close().ok());
  auto reader = session::SessionReader::open(path.string());
  EXPECT_TRUE(reader.ok());
  NullProgress progress;
  CancelToken cancel;
  auto data = session::loadSession(**reader, progress, cancel);
  EXPECT_TRUE(data.ok()) << data.status().toString();
  return *data;
}

const SceneDelta& scene(const SessionComparison& c, const std::string& name) {
  for (const auto& s : c.scenes) {
    if (s.scene == name) return s;
  }
  ADD_FAILURE() << "no scene " << name;
  return c.scenes.front();
}

TEST(SessionCompareTest, PlantedTwentyPercentRegressionIsFlagged) {
  const auto dir = test::scratchDir("compare-regression");
  const auto base = makeSession(dir / "base.mxs", 1, 1.0);
  const auto next = makeSession(dir / "new.mxs", 2, 1.2);
  const SessionComparison c = compareSessions(*base, *next);
  ASSERT_EQ(c.scenes.size(), 2u);
  EXPECT_EQ(scene(c, "Feed").verdict, Verdict::kRegression);
  EXPECT_LT(scene(c, "Feed").test.pGreater, 1e-6);
  EXPECT_NEAR(scene(c, "Feed").medianChangePct, 20, 6);
  EXPECT_EQ(scene(c, "Home").verdict, Verdict::kSame);
  ASSERT_EQ(c.regressions.size(), 1u);
  EXPECT_EQ(c.regressions[0].rfind("scene Feed: median frame time +", 0), 0u) << c.regressions[0];
  EXPECT_TRUE(c.hasRegression());
}

TEST(SessionCompareTest, SameDistributionIsNotARegression) {
  const auto dir = test::scratchDir("compare-noise");
  // Several seed pairs: noise must never be called a regression at the default thresholds.
  for (uint64_t seed = 10; seed < 20; seed += 2) {
    const auto base = makeSession(dir / "base.mxs", seed, 1.0);
    const auto next = makeSession(dir / "new.mxs", seed + 1, 1.0);
    const SessionComparison c = compareSessions(*base, *next);
    EXPECT_FALSE(c.hasRegression()) << "seed " << seed << ": " << (c.regressions.empty() ? "" : c.regressions[0]);
    for (const auto& s : c.scenes) EXPECT_NE(s.verdict, Verdict::kRegression);
  }
}

TEST(SessionCompareTest, ImprovementIsNotARegression) {
  const auto dir = test::scratchDir("compare-improvement");
  const auto base = makeSession(dir / "base.mxs", 3, 1.25);
  const auto next = makeSession(dir / "new.mxs", 4, 1.0);
  const SessionComparison c = compareSessions(*base, *next);
  EXPECT_FALSE(c.hasRegression());
  EXPECT_EQ(scene(c, "Feed").verdict, Verdict::kImprovement);
}

TEST(SessionCompareTest, EvilMethodsIoAndStartup) {
  const auto dir = test::scratchDir("compare-issues");
  const std::string evil =
      R"({"tag":"Trace_EvilMethod","content":{"detail":"NORMAL","cost":%COST%,"stackKey":"%KEY%|","stack":"0,1048574,1,%COST%\n"}})";
  auto evilWith = [&](const std::string& key, int cost) {
    std::string s = evil;
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"%COST%", std::to_string(cost)}, {"%KEY%", key}}) {
      for (size_t at = s.find(from); at != std::string::npos; at = s.find(from)) s.replace(at, from.size(), to);
    }
    return s;
  };
  const std::string io1 = R"({"tag":"io","type":1,"content":{"path":"/sdcard/a.txt","cost":700,"opType":1}})";
  const std::string io2 = R"({"tag":"io","type":2,"content":{"path":"/sdcard/b.txt","cost":10,"opType":1}})";
  const std::string startup =
      R"({"tag":"Trace_StartUp","content":{"application_create":%MS%,"first_activity_create":300}})";
  auto startupWith = [&](int ms) {
    std::string s = startup;
    s.replace(s.find("%MS%"), 4, std::to_string(ms));
    return s;
  };
  const auto base = makeSession(
      dir / "base.mxs", 5, 1.0,
      {evilWith("11", 800), evilWith("11", 900), evilWith("22", 1000), evilWith("33", 750), io1, startupWith(400)});
  const auto next = makeSession(dir / "new.mxs", 6, 1.0,
                                {evilWith("11", 1300), evilWith("11", 1200), evilWith("22", 1010), evilWith("44", 720),
                                 io1, io1, io2, startupWith(520)});
  const SessionComparison c = compareSessions(*base, *next);
  std::map<std::string, Verdict> evilVerdicts;
  for (const auto& e : c.evilMethods) evilVerdicts[e.stackKey] = e.verdict;
  EXPECT_EQ(
      evilVerdicts,
      (std::map<std::string, Verdict>{
          {"11|", Verdict::kRegression}, {"22|", Verdict::kSame}, {"33|", Verdict::kGone}, {"44|", Verdict::kNew}}));
  ASSERT_EQ(c.io.size(), 2u);
  EXPECT_EQ(c.io[0].path, "/sdcard/a.txt");
  EXPECT_EQ(c.io[0].verdict, Verdict::kRegression);  // 1 -> 2
  EXPECT_EQ(c.io[1].verdict, Verdict::kNew);
  ASSERT_EQ(c.startup.size(), 2u);
  EXPECT_EQ(c.startup[0].metric, "applicationCreateMs");
  EXPECT_TRUE(c.startup[0].regression);  // 400 -> 520: +30%, +120 ms
  EXPECT_FALSE(c.startup[1].regression);
  // 11 slower, 44 new, io a.txt more, io b.txt new, startup.
  EXPECT_EQ(c.regressions.size(), 5u);
  CompareThresholds lenient;
  lenient.newEvilMethodIsRegression = false;
  lenient.newIoIssueIsRegression = false;
  lenient.evilSlowerPct = 100;
  lenient.startupSlowerPct = 50;
  EXPECT_EQ(compareSessions(*base, *next, lenient).regressions.size(), 1u);  // only io a.txt 1 -> 2
}

TEST(MannWhitneyTest, KnownSmallExample) {
  // base {1,2,3}, next {4,5,6}: U(next) = 9 (every pair), effect 1.
  const auto r = mannWhitney({1, 2, 3}, {4, 5, 6});
  EXPECT_DOUBLE_EQ(r.u, 9);
  EXPECT_DOUBLE_EQ(r.effect, 1);
  EXPECT_GT(r.z, 0);
  // Ties: {1,2,2} vs {2,3,3}: ranks 1, 3,3,3, 5.5,5.5 → R(next) = 14, U = 14 - 6 = 8.
  EXPECT_DOUBLE_EQ(mannWhitney({1, 2, 2}, {2, 3, 3}).u, 8);
  const auto same = mannWhitney({5, 5, 5}, {5, 5, 5});
  EXPECT_DOUBLE_EQ(same.pGreater, 1);
}

}  // namespace
}  // namespace mxi::core::sessioncompare
