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
  core::meminfo::MeminfoProcess p;
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
  core::meminfo::MeminfoProcess old;
  old.summary.totalPssKb = 44563;
  EXPECT_EQ(sampleOfMeminfo(old, 7, 1, kSourceMeminfoLocal),
            (proto::MemorySample{1, 7, -1, -1, -1, -1, -1, -1, -1, 44563, -1, -1, 0, "dumpsys meminfo --local"}));
}

TEST(MemorySampler, RealCapturesGiveTheirSummary) {
  const std::string android6 = readReference("meminfo/droid-monitor_android6.0.txt");
  const std::string android44 = readReference("meminfo/droid-monitor_android4.4.txt");
  if (android6.empty() || android44.empty()) GTEST_SKIP() << "../shared/reference is absent";
  const auto report6 = core::meminfo::parseMeminfo(android6);
  const auto* p6 = meminfoProcessOf(report6, 22861);
  ASSERT_NE(p6, nullptr);
  EXPECT_EQ(sampleOfMeminfo(*p6, 22861, 5, kSourceMeminfoGc),
            (proto::MemorySample{5, 22861, 17976, 24240, 33748, 1316, 40829, 17932, 9950, 145991, -1, 22236, 0,
                                 "dumpsys meminfo"}));
  const auto report44 = core::meminfo::parseMeminfo(android44);
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
  void SetUp() override {
    m_watch.configure(5000, 3);
    m_watch.arm(true);
  }
  LeakWatcher::Clock::time_point at(int seconds) const { return m_t0 + std::chrono::seconds(seconds); }
  // The watch's first check: the heap's excess over the system's count then is the baseline.
  void baseline(int64_t heap, int64_t system) {
    ASSERT_TRUE(m_watch.due(at(0)));
    ASSERT_TRUE(m_watch.checked(heap, system, at(0), 100).empty());
    ASSERT_TRUE(m_watch.hasBaseline());
  }
  LeakWatcher m_watch;
  LeakWatcher::Clock::time_point m_t0 = LeakWatcher::Clock::now();
};

TEST_F(LeakWatcherTest, AnActivityStillCountedAfterThreeChecksIsALeak) {
  baseline(1, 1);
  EXPECT_FALSE(m_watch.due(at(1)));  // nothing to watch
  m_watch.destroyed("a.Leaky", 1000, at(0));
  EXPECT_TRUE(m_watch.watching());
  EXPECT_TRUE(m_watch.due(at(0)));  // the check right after the destroy
  EXPECT_TRUE(m_watch.checked(2, 1, at(0)).empty());
  EXPECT_EQ(m_watch.nextCheck(), at(5));
  EXPECT_FALSE(m_watch.due(at(4)));
  EXPECT_TRUE(m_watch.checked(2, 1, at(5)).empty());
  EXPECT_EQ(m_watch.nextCheck(), at(10));
  EXPECT_TRUE(m_watch.checked(2, 1, at(10)).empty());
  const auto verdicts = m_watch.checked(2, 1, at(15));
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_TRUE(verdicts[0].candidates.empty());
  EXPECT_EQ(verdicts[0].leaked, 1u);
  EXPECT_EQ(verdicts[0].destroyedAtMs, 1000u);
  EXPECT_EQ(verdicts[0].checks, 3u);
  EXPECT_EQ(verdicts[0].heapActivities, 2);
  EXPECT_EQ(verdicts[0].systemActivities, 1);
  EXPECT_EQ(verdicts[0].sequence, 1u);
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, AnActivityCollectedByAForcedGcIsNoLeak) {
  baseline(1, 1);
  m_watch.destroyed("a.Detail", 1000, at(0));
  EXPECT_TRUE(m_watch.checked(2, 1, at(0)).empty());   // the framework still held it
  EXPECT_TRUE(m_watch.checked(2, 1, at(5)).empty());   // a first check may still see it
  EXPECT_TRUE(m_watch.checked(1, 1, at(10)).empty());  // then it is gone
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, OneNeverCountedIsDoneAtItsFirstCheck) {
  baseline(1, 1);
  m_watch.destroyed("a.Detail", 1000, at(0));
  EXPECT_TRUE(m_watch.checked(1, 1, at(0)).empty());
  EXPECT_TRUE(m_watch.watching());  // its record may still be counted
  EXPECT_TRUE(m_watch.checked(1, 1, at(5)).empty());
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, InterleavedCollectedAndLeakedDestroysNameTheLeakyOnly) {
  baseline(1, 1);
  std::vector<LeakVerdict> verdicts;
  auto check = [&](int64_t heap, int s) {
    for (LeakVerdict& v : m_watch.checked(heap, 1, at(s))) verdicts.push_back(std::move(v));
  };
  auto destroy = [&](const char* activity, int s) {
    m_watch.destroyed(activity, static_cast<uint64_t>(s) * 1000, at(s));
    ASSERT_TRUE(m_watch.due(at(s)));
    check(s < 10 ? 2 : s < 18 ? 3 : 4, s);
  };
  destroy("a.Leaky", 2);
  destroy("a.Detail", 5);
  check(2, 7);  // Leaky's first
  destroy("a.Leaky", 10);
  check(3, 12);
  destroy("a.Detail", 13);
  check(3, 15);
  check(3, 17);  // the first Leaky's third
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_EQ(verdicts[0].destroyedAtMs, 2000u);
  destroy("a.Leaky", 18);
  check(4, 20);
  check(4, 23);
  check(4, 25);  // the second Leaky's third
  ASSERT_EQ(verdicts.size(), 2u);
  EXPECT_EQ(verdicts[1].activity, "a.Leaky");
  EXPECT_EQ(verdicts[1].destroyedAtMs, 10'000u);
  EXPECT_EQ(verdicts[1].sequence, 2u);
  EXPECT_TRUE(m_watch.watching());  // the third is still watched
  EXPECT_EQ(m_watch.nextCheck(), at(28));
}

TEST_F(LeakWatcherTest, ALeakFromBeforeTheWatchIsNotBlamedOnALaterDestroy) {
  baseline(3, 1);  // two Activities leaked before the watch started
  m_watch.destroyed("a.Detail", 500, at(1));
  EXPECT_TRUE(m_watch.checked(3, 1, at(1)).empty());  // nothing rose
  m_watch.destroyed("a.Detail", 2000, at(2));
  EXPECT_TRUE(m_watch.checked(4, 1, at(2)).empty());  // the second held at first
  EXPECT_TRUE(m_watch.checked(3, 1, at(6)).empty());  // then collected; the first's check
  EXPECT_TRUE(m_watch.watching());
  EXPECT_TRUE(m_watch.checked(3, 1, at(7)).empty());
  EXPECT_FALSE(m_watch.watching());
  // A destroy logged before the baseline was taken is part of it.
  m_watch.destroyed("a.Leaky", 99, at(18));
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, AnEarlierLeakReleasedLowersTheBaseline) {
  baseline(3, 1);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  EXPECT_TRUE(m_watch.checked(2, 1, at(1)).empty());  // an old leak went as this one came
  m_watch.destroyed("a.Leaky", 2000, at(2));
  EXPECT_TRUE(m_watch.checked(3, 1, at(2)).empty());
  EXPECT_TRUE(m_watch.checked(3, 1, at(7)).empty());
  EXPECT_TRUE(m_watch.checked(3, 1, at(12)).empty());
  const auto verdicts = m_watch.checked(3, 1, at(17));
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].destroyedAtMs, 2000u);
}

TEST_F(LeakWatcherTest, TwoDestroyedBetweenTheSameChecksBothLeakedAreNamedEach) {
  baseline(1, 1);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  m_watch.destroyed("a.Other", 1100, at(1));
  EXPECT_TRUE(m_watch.checked(3, 1, at(1)).empty());
  EXPECT_TRUE(m_watch.checked(3, 1, at(6)).empty());
  EXPECT_TRUE(m_watch.checked(3, 1, at(11)).empty());
  const auto verdicts = m_watch.checked(3, 1, at(16));
  ASSERT_EQ(verdicts.size(), 2u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_EQ(verdicts[1].activity, "a.Other");
  EXPECT_EQ(verdicts[1].destroyedAtMs, 1100u);
  EXPECT_EQ(verdicts[1].sequence, 2u);
}

TEST_F(LeakWatcherTest, OneOfTwoOfDifferentClassesIsACandidatesVerdict) {
  baseline(1, 1);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  m_watch.destroyed("a.Detail", 1100, at(1));
  EXPECT_TRUE(m_watch.checked(3, 1, at(1)).empty());  // both held right after
  EXPECT_TRUE(m_watch.checked(2, 1, at(6)).empty());  // one went
  EXPECT_TRUE(m_watch.checked(2, 1, at(11)).empty());
  const auto verdicts = m_watch.checked(2, 1, at(16));
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "");
  EXPECT_EQ(verdicts[0].candidates, (std::vector<std::string>{"a.Leaky", "a.Detail"}));
  EXPECT_EQ(verdicts[0].leaked, 1u);
  EXPECT_EQ(verdicts[0].destroyedAtMs, 1000u);
  EXPECT_EQ(verdicts[0].checks, 3u);
  // Reported: the leak is in the baseline now.
  m_watch.destroyed("a.Detail", 20'000, at(20));
  EXPECT_TRUE(m_watch.checked(2, 1, at(20)).empty());
  EXPECT_TRUE(m_watch.checked(2, 1, at(25)).empty());
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, OneOfTwoOfTheSameClassNamesTheClass) {
  baseline(1, 1);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  m_watch.destroyed("a.Leaky", 1100, at(1));
  EXPECT_TRUE(m_watch.checked(2, 1, at(1)).empty());
  for (int s : {6, 11}) EXPECT_TRUE(m_watch.checked(2, 1, at(s)).empty());
  const auto verdicts = m_watch.checked(2, 1, at(16));
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_TRUE(verdicts[0].candidates.empty());
}

// Two held Activities destroyed apart, then one released before either survived a check: the
// counts cannot say which, so the two are judged together.
TEST_F(LeakWatcherTest, AReleaseTheCountsCannotPlaceMergesTheCohorts) {
  baseline(1, 1);
  m_watch.destroyed("a.Detail", 1000, at(1));
  EXPECT_TRUE(m_watch.checked(2, 1, at(1)).empty());
  m_watch.destroyed("a.Leaky", 3000, at(3));
  EXPECT_TRUE(m_watch.checked(3, 1, at(3)).empty());
  EXPECT_TRUE(m_watch.checked(2, 1, at(6)).empty());  // Detail's first check: one went
  for (int s : {8, 11, 13}) EXPECT_TRUE(m_watch.checked(2, 1, at(s)).empty()) << s;
  const auto verdicts = m_watch.checked(2, 1, at(16));  // Detail's third; Leaky's third was at 18
  EXPECT_TRUE(verdicts.empty());
  const auto later = m_watch.checked(2, 1, at(18));
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later[0].candidates, (std::vector<std::string>{"a.Detail", "a.Leaky"}));
}

// The app logs the destroy before the system drops the Activity's record: a rise after the check
// right after the destroy is the destroyed Activity's until its first own check.
TEST_F(LeakWatcherTest, ARiseAfterTheDestroyLineIsClaimedByIt) {
  baseline(2, 2);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  EXPECT_TRUE(m_watch.checked(2, 2, at(1)).empty());  // its record still counted
  EXPECT_TRUE(m_watch.checked(2, 1, at(6)).empty());  // gone: the heap's excess is this one
  EXPECT_TRUE(m_watch.checked(2, 1, at(11)).empty());
  const auto verdicts = m_watch.checked(2, 1, at(16));
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  // A rise with no destroy of ours to claim it (an Activity of another process's record, say)
  // becomes part of the baseline after an interval.
  EXPECT_TRUE(m_watch.checked(3, 1, at(17)).empty());
  m_watch.destroyed("a.Detail", 30'000, at(30));
  EXPECT_TRUE(m_watch.checked(3, 1, at(30)).empty());
  EXPECT_TRUE(m_watch.checked(3, 1, at(35)).empty());
  EXPECT_FALSE(m_watch.watching());
}

// The baseline's check reads the log after its tools ran: a leak logged while they ran, after the
// heap was counted, was dropped (no baseline yet), and the collected DetailActivity destroyed next
// took the blame for its rise (a loaded machine's baseline check, CI's DemoLeakWatchTest).
TEST_F(LeakWatcherTest, ADestroyReadDuringTheBaselinesCheckIsWatched) {
  std::vector<LeakVerdict> verdicts;
  auto checkUntil = [&](int last) {
    for (int s = 0; s <= last; ++s) {
      while (m_watch.due(at(s))) {
        for (LeakVerdict& v : m_watch.checked(2, 1, at(s))) verdicts.push_back(std::move(v));
      }
    }
  };
  m_watch.destroyed("a.Old", 1400, at(0));    // logged before the check began: in the baseline
  m_watch.destroyed("a.Leaky", 2000, at(0));  // logged while meminfo ran, after it counted
  ASSERT_TRUE(m_watch.checked(1, 1, at(0), 1500).empty());
  checkUntil(2);
  m_watch.destroyed("a.Detail", 5000, at(3));  // collected
  checkUntil(30);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_EQ(verdicts[0].destroyedAtMs, 2000u);
  EXPECT_FALSE(m_watch.watching());
}

// A rise no open cohort claims waits for a destroy line still on its way; a destroy logged after
// the counts that saw the rise were complete cannot be that one (here a collected DetailActivity).
TEST_F(LeakWatcherTest, ARiseIsNotClaimedByADestroyLoggedAfterItWasCounted) {
  baseline(1, 1);
  std::vector<LeakVerdict> verdicts;
  auto check = [&](int64_t heap, int s) {  // counting from s to s + 0.3 s
    const auto ms = static_cast<uint64_t>(s) * 1000;
    for (LeakVerdict& v : m_watch.checked(heap, 1, at(s), ms, ms + 300)) verdicts.push_back(std::move(v));
  };
  m_watch.destroyed("a.Leaky", 1000, at(1));
  check(2, 1);
  check(2, 6);
  check(3, 11);  // the Leaky's second check: a rise, no cohort open
  m_watch.destroyed("a.Detail", 12'000, at(12));
  check(3, 12);
  check(3, 16);  // the Leaky's third
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  check(3, 17);  // the Detail's first: the rise joined the baseline, nothing held
  EXPECT_EQ(verdicts.size(), 1u);
  EXPECT_FALSE(m_watch.watching());
}

// The checks as the agent makes them: counting from `fromMs` to `toMs` (device wall clock).
class TimedLeakWatcherTest : public LeakWatcherTest {
 protected:
  void check(int64_t heap, int64_t system, int s, uint64_t fromMs, uint64_t toMs) {
    for (LeakVerdict& v : m_watch.checked(heap, system, at(s), fromMs, toMs)) verdicts.push_back(std::move(v));
  }
  // Each check that is due by second `last`, counting from its second to 0.3 s later.
  void checkUntil(int64_t heap, int last) {
    for (int s = 0; s <= last; ++s) {
      const auto ms = static_cast<uint64_t>(s) * 1000;
      while (m_watch.due(at(s))) check(heap, 1, s, ms, ms + 300);
    }
  }
  std::vector<LeakVerdict> verdicts;
};

// A leak logged while a check counted, its line read only after that check, which was the first
// own check of a DetailActivity destroyed 5 s before: the check right after the Detail's destroy
// saw no rise and the system dropped no record since, so this check's rise (the heap's count) is
// not the Detail's. It waits for the late line, and the leak is named (it was pinned on the Detail,
// or both were named, when an agent on a loaded machine read the line late).
TEST_F(TimedLeakWatcherTest, ALeakReadLateIsNotPinnedOnADestroyJudgedBefore) {
  baseline(1, 1);
  m_watch.destroyed("a.Detail", 1000, at(1));
  check(1, 1, 1, 1000, 1300);
  check(2, 1, 6, 6000, 6300);                 // the Detail's first check counted the leak of 6.1 s
  m_watch.destroyed("a.Leaky", 6100, at(7));  // read late
  checkUntil(2, 30);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_TRUE(verdicts[0].candidates.empty());
  EXPECT_EQ(verdicts[0].destroyedAtMs, 6100u);
  EXPECT_EQ(verdicts[0].checks, 3u);
  EXPECT_FALSE(m_watch.watching());
}

// The check right after a LeakyActivity's destroy ran late, past a DetailActivity's destroy logged
// while it counted and read with its tools' output: that check is the Leaky's; the Detail's is the
// next one, which began after its destroy (AgentMemoryTest.Interleaved… named both when an agent on
// a loaded machine judged them by the same check).
TEST_F(TimedLeakWatcherTest, ADestroyLoggedWhileACheckCountedIsJudgedByTheNextCheck) {
  baseline(1, 1);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  m_watch.destroyed("a.Detail", 2400, at(2));
  check(2, 1, 2, 1700, 2500);
  EXPECT_TRUE(m_watch.due(at(2)));  // the Detail's check, at once
  check(2, 1, 2, 2600, 2900);
  checkUntil(2, 30);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_TRUE(verdicts[0].candidates.empty());
  EXPECT_EQ(verdicts[0].destroyedAtMs, 1000u);
  EXPECT_FALSE(m_watch.watching());
}

// Two destroys logged before the same check began counting, one of them read only after it: the
// check's rise went to the other. Which of the two the heap kept, the counts cannot say.
TEST_F(TimedLeakWatcherTest, ADestroyReadLateLoggedBeforeTheCheckBeganIsJudgedWithTheClaimant) {
  baseline(1, 1);
  m_watch.destroyed("a.Detail", 1000, at(1));
  check(2, 1, 1, 1100, 1400);
  m_watch.destroyed("a.Leaky", 1050, at(2));  // read late
  checkUntil(2, 30);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "");
  EXPECT_EQ(verdicts[0].candidates, (std::vector<std::string>{"a.Detail", "a.Leaky"}));
  EXPECT_EQ(verdicts[0].leaked, 1u);
  EXPECT_FALSE(m_watch.watching());
}

// The check right after a destroy ended within a second of it, while the system still listed the
// Activity's record; the next check sees the record dropped: that rise is the destroy's. A rise of
// the heap's own count at that next check is not (a later destroy's, whose line is late).
TEST_F(TimedLeakWatcherTest, ARecordTheSystemDroppedAfterTheCheckRightAfterTheDestroyIsItsRise) {
  baseline(2, 2);
  m_watch.destroyed("a.Leaky", 1000, at(1));
  check(2, 2, 1, 1010, 1100);  // its record still listed
  check(2, 1, 6, 6000, 6300);  // dropped: the excess rose by one
  check(2, 1, 11, 11'000, 11'300);
  check(2, 1, 16, 16'000, 16'300);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].activity, "a.Leaky");
  EXPECT_FALSE(m_watch.watching());
  m_watch.destroyed("a.Detail", 20'000, at(20));
  check(2, 1, 20, 20'010, 20'100);
  check(3, 1, 25, 25'000, 25'300);  // the heap counts one more, the system dropped nothing
  checkUntil(3, 40);
  EXPECT_EQ(verdicts.size(), 1u);  // no destroy claims it: part of the baseline
  EXPECT_FALSE(m_watch.watching());
}

TEST_F(LeakWatcherTest, ResetEndsTheWatchWithoutVerdictsAndTakesANewBaseline) {
  baseline(1, 1);
  m_watch.destroyed("a.Leaky", 1000, at(0));
  EXPECT_TRUE(m_watch.checked(2, 1, at(0)).empty());
  EXPECT_TRUE(m_watch.checked(2, 1, at(5)).empty());
  m_watch.reset(at(10));
  EXPECT_FALSE(m_watch.hasBaseline());
  EXPECT_TRUE(m_watch.watching());  // for the baseline
  EXPECT_FALSE(m_watch.due(at(9)));
  EXPECT_TRUE(m_watch.due(at(10)));
  m_watch.destroyed("a.Leaky", 9000, at(9));  // logged before the new baseline's check: in it
  EXPECT_TRUE(m_watch.checked(5, 1, at(10), 10'000).empty());
  EXPECT_FALSE(m_watch.watching());
  m_watch.arm(false);
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
