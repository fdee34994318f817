// The agent's memory sampler and leak watch, as logic: destroy events of every release's shape
// (AOSP EventLogTags, docs/DEVICES.md), samples from meminfo (real captures when present) and
// smaps_rollup, and the watch's verdicts for leaked, collected and dying Activities.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "device-agent/src/leak_watcher.h"
#include "device-agent/src/logcat_parser.h"
#include "device-agent/src/memory_sampler.h"
#include "tests/support/test_paths.h"

namespace mxi::agent {
namespace {

using namespace std::chrono_literals;
namespace proto = core::protocol;

// <reference>/fixtures/<rel>, read in place; "" when the reference folder is absent.
std::string readReference(const std::string& rel) {
  const std::string dir = test::referenceDir();
  if (dir.empty()) return {};
  std::ifstream in(std::filesystem::path(dir) / "fixtures" / rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::optional<ActivityDestroyEvent> destroyOf(const std::string& line) {
  const auto l = parseLogLine(line);
  return l ? parseActivityDestroy(*l) : std::nullopt;
}

TEST(ActivityDestroy, EveryReleasesShape) {
  // Android 9 (android.app EventLogTags: User, Component Name = getClassName(), Reason).
  auto p = destroyOf(
      "1700000000.100  4242  4242 I am_on_destroy_called: [0,com.example.mxi.demo.LeakyActivity,performDestroy]");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->activity, "com.example.mxi.demo.LeakyActivity");
  EXPECT_EQ(p->reason, "performDestroy");
  // Android 10–11: Token, Component Name, Reason.
  auto q = destroyOf("1700000000.100  4242  4242 I wm_on_destroy_called: [118820153,com.app.Main,performDestroy]");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->activity, "com.app.Main");
  // Android 12+: Token, Component Name, Reason, time.
  auto s = destroyOf(
      "11-26 13:48:16.123  4242  4242 I wm_on_destroy_called: [118820153,com.app.Detail$Inner,performDestroy,3]");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->activity, "com.app.Detail$Inner");
  EXPECT_EQ(s->reason, "performDestroy");
  // The shapes with a user and a token, and a bare token, with short and long component names.
  auto u = destroyOf("1.000 1 1 I am_on_destroy_called: [0,77,com.app/.Main,finish]");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->activity, "com.app.Main");
  EXPECT_EQ(u->reason, "finish");
  auto t = destroyOf("1.000 1 1 I am_on_destroy_called: [77,com.app/com.other.Main]");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->activity, "com.other.Main");
  EXPECT_EQ(t->reason, "");
}

TEST(ActivityDestroy, OtherLinesAndJunkAreNoDestroy) {
  EXPECT_FALSE(destroyOf("1.000 1 1 I wm_on_stop_called: [1,com.app.Main,STOP]"));
  EXPECT_FALSE(destroyOf("1.000 1 1 I am_on_destroy_called: 0,com.app.Main,x"));
  EXPECT_FALSE(destroyOf("1.000 1 1 I am_on_destroy_called: [0,1,2]"));
  EXPECT_FALSE(destroyOf("1.000 1 1 I am_on_destroy_called: []"));
  EXPECT_FALSE(destroyOf("1.000 1 1 I wm_on_destroy_called: [1,com.app.Main;rm -rf,x]"));
  EXPECT_FALSE(destroyOf("1.000 1 1 I wm_on_destroy_called: [1,.Main,x]"));
}

// The demo's values in the Android 13–14 layout, and the same process without App Summary.
TEST(MemorySampler, SampleOfMeminfoTakesTheAppSummary) {
  core::devicetext::MeminfoProcess p;
  p.pid = 4242;
  p.summary = {.javaHeapKb = 61234,
               .nativeHeapKb = 22345,
               .codeKb = 13456,
               .stackKb = 812,
               .graphicsKb = 9876,
               .privateOtherKb = 2345,
               .systemKb = 1567,
               .totalPssKb = 111635,
               .totalRssKb = 185000,
               .totalSwapKb = 120};
  const proto::MemorySample s = sampleOfMeminfo(p, 4242, 99, kSourceMeminfoLocal);
  EXPECT_EQ(s, (proto::MemorySample{99, 4242, 61234, 22345, 13456, 812, 9876, 2345, 1567, 111635, 185000, 120, 0,
                                    "dumpsys meminfo --local"}));
  core::devicetext::MeminfoProcess old;
  old.summary.totalPssKb = 44563;
  EXPECT_EQ(sampleOfMeminfo(old, 7, 1, kSourceMeminfoLocal),
            (proto::MemorySample{1, 7, -1, -1, -1, -1, -1, -1, -1, 44563, -1, -1, 0, "dumpsys meminfo --local"}));
}

TEST(MemorySampler, RealCapturesGiveTheirSummary) {
  const std::string android6 = readReference("meminfo/droid-monitor_android6.0.txt");
  const std::string android44 = readReference("meminfo/droid-monitor_android4.4.txt");
  if (android6.empty() || android44.empty()) GTEST_SKIP() << "../shared/reference is absent";
  const auto report6 = core::devicetext::parseMeminfo(android6);
  const auto* p6 = meminfoProcessOf(report6, 22861);
  ASSERT_NE(p6, nullptr);
  EXPECT_EQ(sampleOfMeminfo(*p6, 22861, 5, kSourceMeminfoGc),
            (proto::MemorySample{5, 22861, 17976, 24240, 33748, 1316, 40829, 17932, 9950, 145991, -1, 22236, 0,
                                 "dumpsys meminfo"}));
  const auto report44 = core::devicetext::parseMeminfo(android44);
  EXPECT_EQ(meminfoProcessOf(report44, 1), nullptr);  // another pid
  const auto* p44 = meminfoProcessOf(report44, 30125);
  ASSERT_NE(p44, nullptr);
  EXPECT_EQ(sampleOfMeminfo(*p44, 30125, 5, kSourceMeminfoGc),
            (proto::MemorySample{5, 30125, -1, -1, -1, -1, -1, -1, -1, 44563, -1, -1, 0, "dumpsys meminfo"}));
}

TEST(MemorySampler, SmapsRollupTotals) {
  const char* rollup =
      "12c00000-7fcc1d6000 ---p 00000000 00:00 0                              [rollup]\n"
      "Rss:              181492 kB\nPss:               96354 kB\nPss_Anon:          30000 kB\n"
      "Pss_File:          60000 kB\nShared_Clean:      80000 kB\nSwap:               1200 kB\n"
      "SwapPss:             900 kB\nLocked:                0 kB\n";
  const auto r = parseSmapsRollup(rollup);
  ASSERT_TRUE(r);
  EXPECT_EQ(sampleOfSmapsRollup(*r, 42, 3),
            (proto::MemorySample{3, 42, -1, -1, -1, -1, -1, -1, -1, 96354, 181492, 900, 0, "smaps_rollup"}));
  const auto noSwapPss = parseSmapsRollup("Rss: 10 kB\nPss: 8 kB\nSwap: 4 kB\n");
  ASSERT_TRUE(noSwapPss);
  EXPECT_EQ(sampleOfSmapsRollup(*noSwapPss, 1, 1).totalSwapKb, 4);
  EXPECT_FALSE(parseSmapsRollup(""));
  EXPECT_FALSE(parseSmapsRollup("Rss: 10 kB\nPss: lots kB\n"));
  EXPECT_FALSE(parseSmapsRollup("Permission denied\n"));
}

class LeakWatcherTest : public ::testing::Test {
 protected:
  void SetUp() override { m_watch.configure(5000, 3); }
  LeakWatcher::Clock::time_point at(int seconds) const { return m_t0 + std::chrono::seconds(seconds); }
  LeakWatcher m_watch;
  LeakWatcher::Clock::time_point m_t0 = LeakWatcher::Clock::now();
};

TEST_F(LeakWatcherTest, AnActivityStillCountedAfterThreeChecksIsALeak) {
  m_watch.destroyed("a.Leaky", 1000, at(0));
  EXPECT_TRUE(m_watch.watching());
  EXPECT_EQ(m_watch.nextCheck(), at(5));
  EXPECT_FALSE(m_watch.due(at(4)));
  EXPECT_TRUE(m_watch.checked(2, 1, at(5)).empty());
  EXPECT_EQ(m_watch.nextCheck(), at(10));
  EXPECT_TRUE(m_watch.checked(2, 1, at(10)).empty());
  const auto verdicts = m_watch.checked(2, 1, at(15));
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_EQ(verdicts[0].destroyedAtMs, 1000u);
  EXPECT_EQ(verdicts[0].checks, 3u);
  EXPECT_EQ(verdicts[0].heapActivities, 2);
  EXPECT_EQ(verdicts[0].systemActivities, 1);
  EXPECT_EQ(verdicts[0].sequence, 1u);
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, AnActivityCollectedByAForcedGcIsNoLeak) {
  m_watch.destroyed("a.Detail", 1000, at(0));
  EXPECT_TRUE(m_watch.checked(2, 1, at(5)).empty());   // a first check may still see it
  EXPECT_TRUE(m_watch.checked(1, 1, at(10)).empty());  // then it is gone
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, LeaksAndCollectedActivitiesInterleavedAreToldApart) {
  // The demo's rhythm: a leak at 3 s, 13 s, 23 s; an Activity collected at 6 s, 16 s.
  m_watch.destroyed("a.Leaky", 3, at(3));
  m_watch.destroyed("a.Detail", 6, at(6));
  EXPECT_TRUE(m_watch.checked(2, 1, at(8)).empty());   // Leaky survives; Detail not yet due
  EXPECT_TRUE(m_watch.checked(2, 1, at(11)).empty());  // Detail is due and collected
  m_watch.destroyed("a.Leaky", 13, at(13));
  EXPECT_TRUE(m_watch.checked(3, 1, at(13)).empty());
  m_watch.destroyed("a.Detail", 16, at(16));
  const auto first = m_watch.checked(3, 1, at(18));
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].destroyedAtMs, 3u);
  EXPECT_TRUE(m_watch.checked(3, 1, at(21)).empty());  // the second Detail collected
  m_watch.destroyed("a.Leaky", 23, at(23));
  EXPECT_TRUE(m_watch.checked(4, 1, at(23)).empty());
  const auto second = m_watch.checked(4, 1, at(28));
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].activity, "a.Leaky");
  EXPECT_EQ(second[0].destroyedAtMs, 13u);
  EXPECT_EQ(second[0].sequence, 2u);
  EXPECT_TRUE(m_watch.watching());  // the third is still watched
}

TEST_F(LeakWatcherTest, ResetEndsTheWatchWithoutVerdicts) {
  m_watch.destroyed("a.Leaky", 1, at(0));
  EXPECT_TRUE(m_watch.checked(2, 1, at(5)).empty());
  m_watch.reset();
  EXPECT_FALSE(m_watch.watching());
  EXPECT_FALSE(m_watch.due(at(100)));
}

TEST(LeakWatcher, DefaultsAndClamps) {
  LeakWatcher w;
  w.configure(0, 0);
  EXPECT_EQ(w.interval(), 5000ms);
  EXPECT_EQ(w.checks(), 3u);
  w.configure(1, 1000);
  EXPECT_EQ(w.interval(), 500ms);
  EXPECT_EQ(w.checks(), 20u);
  w.configure(3'600'000, 2);
  EXPECT_EQ(w.interval(), 60'000ms);
  EXPECT_EQ(w.checks(), 2u);
}

}  // namespace
}  // namespace mxi::agent
