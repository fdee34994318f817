// ANR thread dumps from real devices (Android 5-6 Meizu, Android 7 emulator, Android 13/14
// native-only and dropbox "bad data" captures).
#include <gtest/gtest.h>

#include "core/anr/anr_trace.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::anr {
namespace {

size_t threadCount(const AnrReport& r) {
  size_t n = 0;
  for (const auto& p : r.processes) n += p.threads.size();
  return n;
}

TEST(AnrTraceTest, FourteenProcessesFromAMeizuPhone) {
  MXI_REQUIRE_FIXTURE(path, "anr/wanandroid_arm64-device_traces.txt");
  auto report = parseAnrTrace(test::readText(path));
  ASSERT_TRUE(report.ok()) << report.status().toString();
  const AnrReport& r = **report;
  ASSERT_EQ(r.processes.size(), 14u);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_EQ(threadCount(r), 516u);  // grep -c '^"…tid='
  const AnrProcess& app = r.processes[0];
  EXPECT_EQ(app.pid, 18672);
  EXPECT_EQ(app.cmdline, "com.example.shinelon.wanandroid");
  EXPECT_EQ(app.abi, "arm64");
  EXPECT_EQ(app.time, "2019-01-27 20:09:52");
  EXPECT_TRUE(app.complete);
  const AnrThread* main = r.mainThread();
  ASSERT_NE(main, nullptr);
  EXPECT_EQ(main, &app.threads[0]);  // main thread first
  EXPECT_EQ(main->tid, 1);
  EXPECT_EQ(main->state, "Suspended");
  EXPECT_EQ(main->prio, 5);
  ASSERT_FALSE(main->frames.empty());
  bool populate = false;
  for (const auto& f : main->frames) populate = populate || f.find("ViewPager.populate") != std::string::npos;
  EXPECT_TRUE(populate);
  EXPECT_TRUE(r.deadlocks.empty());
  for (const auto& p : r.processes) EXPECT_TRUE(p.threads.empty() || p.threads[0].isMain()) << p.cmdline;
}

TEST(AnrTraceTest, SystemServerLockContentionBecomesBlockingChains) {
  MXI_REQUIRE_FIXTURE(path, "anr/cwimage_android7-emulator-x86_traces.txt");
  auto report = parseAnrTrace(test::readText(path));
  ASSERT_TRUE(report.ok()) << report.status().toString();
  const AnrReport& r = **report;
  ASSERT_EQ(r.processes.size(), 3u);
  EXPECT_EQ(r.processes[0].cmdline, "system_server");
  EXPECT_EQ(r.processes[1].cmdline, "system_server");
  EXPECT_EQ(r.processes[2].cmdline, "com.android.phone");
  EXPECT_EQ(r.processes[0].abi, "x86");
  EXPECT_EQ(r.processes[0].buildFingerprint,
            "Android/sdk_google_phone_x86/generic_x86:7.0/NYC/3287311:userdebug/test-keys");
  // 13 "waiting to lock" lines; 3 name "an unknown object" (no holder).
  size_t waiting = 0, onHashMap = 0;
  for (const auto& p : r.processes) {
    for (const auto& t : p.threads) {
      if (!t.waitingToLock) continue;
      ++waiting;
      if (t.waitingToLock->lock == "0x00f7fc8a") {
        ++onHashMap;
        EXPECT_EQ(t.waitingToLock->lockClass, "java.util.HashMap");
        EXPECT_EQ(t.waitingToLock->heldByTid, 12);
      }
    }
  }
  EXPECT_EQ(waiting, 13u);
  EXPECT_EQ(onHashMap, 10u);
  EXPECT_EQ(r.blockingChains.size(), 13u);
  // Every HashMap waiter's chain ends at "android.ui" (tid 12), which is not itself waiting.
  size_t endingAt12 = 0;
  for (const auto& c : r.blockingChains) {
    if (c.tids.size() == 2 && c.tids[1] == 12) ++endingAt12;
    EXPECT_FALSE(c.endsInCycle);
  }
  EXPECT_EQ(endingAt12, 10u);
  EXPECT_TRUE(r.deadlocks.empty());
}

TEST(AnrTraceTest, DropboxHeaderWithNativeOnlySectionsIsAPartialResult) {
  MXI_REQUIRE_FIXTURE(path, "anr/sentry_thread_dump_bad_data.txt");
  auto report = parseAnrTrace(test::readText(path));
  ASSERT_TRUE(report.ok()) << report.status().toString();
  const AnrReport& r = **report;
  EXPECT_EQ(r.subject.rfind("Input dispatching timed out (7985007 com.example.app/", 0), 0u);
  ASSERT_EQ(r.processes.size(), 2u);
  EXPECT_TRUE(r.processes[0].nativeOnly);
  EXPECT_EQ(r.processes[0].cmdline, "com.example.app:mainProcess");
  EXPECT_EQ(r.processes[1].cmdline, "com.example.app:gameProcess");
  EXPECT_EQ(threadCount(r), 996u);  // grep -c '^sysTid='
  const AnrThread& first = r.processes[0].threads[0];
  EXPECT_EQ(first.sysTid, 12233);
  EXPECT_EQ(first.name, "main");
  EXPECT_EQ(first.state, "R");
  EXPECT_EQ(r.processes[0].threads[1].state, "S");
  EXPECT_EQ(r.processes[0].threads[1].frames, std::vector<std::string>{"wchan: do_sigtimedwait"});
}

TEST(AnrTraceTest, OlderNativeOnlyLayout) {
  MXI_REQUIRE_FIXTURE(path, "anr/sentry_thread_dump_native_only.txt");
  auto report = parseAnrTrace(test::readText(path));
  ASSERT_TRUE(report.ok());
  EXPECT_EQ((*report)->processes.size(), 3u);
  EXPECT_EQ(threadCount(**report), 114u);
  EXPECT_EQ((*report)->processes[0].threads[0].state, "futex_wait_queue_me");
}

TEST(AnrTraceTest, TruncatedDumpKeepsWhatWasReadAndSaysSo) {
  MXI_REQUIRE_FIXTURE(path, "anr/wanandroid_arm64-device_traces.txt");
  const std::string text = test::readText(path);
  auto report = parseAnrTrace(std::string_view(text).substr(0, text.size() / 2));
  ASSERT_TRUE(report.ok());
  ASSERT_EQ((*report)->problems.size(), 1u);
  EXPECT_NE((*report)->problems[0].message.find("truncated"), std::string::npos);
  EXPECT_FALSE((*report)->processes.back().complete);
}

TEST(AnrTraceTest, NoThreadDumpIsAClearError) {
  auto report = parseAnrTrace("Subject: Input dispatching timed out\nRssKb: 1\n");
  ASSERT_FALSE(report.ok());
  EXPECT_NE(report.status().message().find("no thread dump"), std::string::npos);
  EXPECT_NE(report.status().message().find("ANR subject"), std::string::npos);
}

TEST(AnrTraceTest, DeadlockCycleIsFoundOnce) {
  // Two threads each holding the lock the other wants, in ART's layout (lock graph logic test).
  const std::string text =
      "----- pid 42 at 2024-01-01 00:00:00 -----\n"
      "Cmd line: com.example\n\n"
      "\"worker\" prio=5 tid=7 Blocked\n"
      "  at com.example.A.b(A.java:1)\n"
      "  - waiting to lock <0x0b> (a java.lang.Object) held by thread 1\n"
      "  - locked <0x0a> (a java.lang.Object)\n\n"
      "\"main\" prio=5 tid=1 Blocked\n"
      "  at com.example.A.a(A.java:2)\n"
      "  - waiting to lock <0x0a> (a java.lang.Object) held by thread 7\n"
      "  - locked <0x0b> (a java.lang.Object)\n\n"
      "----- end 42 -----\n";
  auto report = parseAnrTrace(text);
  ASSERT_TRUE(report.ok());
  const AnrReport& r = **report;
  EXPECT_EQ(r.processes[0].threads[0].name, "main");
  EXPECT_EQ(r.processes[0].threads[0].locked, std::vector<std::string>{"0x0b"});
  ASSERT_EQ(r.deadlocks.size(), 1u);
  EXPECT_EQ(r.deadlocks[0].tids, (std::vector<int64_t>{1, 7}));
  ASSERT_EQ(r.blockingChains.size(), 2u);
  EXPECT_EQ(r.blockingChains[0].tids, (std::vector<int64_t>{1, 7}));
  EXPECT_TRUE(r.blockingChains[0].endsInCycle);
}

}  // namespace
}  // namespace mxi::core::anr
