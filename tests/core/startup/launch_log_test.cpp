// The launch log (`logcat -d -v threadtime -v epoch -b main -b system -b events -b crash`) in the
// formats the platform logs: ActivityMetricsLogger's Displayed / Fully drawn under both tags,
// am_proc_start, am_crash and AndroidRuntime's FATAL EXCEPTION block; and `+1s234ms` durations.
#include <gtest/gtest.h>

#include "core/startup/launch_log.h"
#include "core/startup/launcher_activity.h"

namespace mxi::core::startup {
namespace {

constexpr const char* kApp = "com.example.demo";

TEST(ParseLaunchDuration, TimeUtilsFormats) {
  EXPECT_EQ(parseLaunchDuration("+1s234ms"), 1234);
  EXPECT_EQ(parseLaunchDuration("+612ms"), 612);
  EXPECT_EQ(parseLaunchDuration("+2s"), 2000);
  EXPECT_EQ(parseLaunchDuration("+2s0ms"), 2000);
  EXPECT_EQ(parseLaunchDuration("1s5ms"), 1005);
  EXPECT_EQ(parseLaunchDuration("+1m2s3ms"), 62003);
  EXPECT_EQ(parseLaunchDuration("+1h0m0s1ms"), 3600001);
  EXPECT_EQ(parseLaunchDuration("0"), 0);
}

TEST(ParseLaunchDuration, RejectsOtherText) {
  for (const char* bad :
       {"", "+", "abc", "+12", "+ms", "+1ms2s", "+2s1m", "+5x", "+1s234", "+1s 234ms", "-612ms", "+1234567890ms"}) {
    EXPECT_EQ(parseLaunchDuration(bad), std::nullopt) << bad;
  }
}

TEST(ReadLaunchLog, ColdLaunchOnAndroid10Plus) {
  const char* log =
      "--------- beginning of main\n"
      "1700000000.100  1000  1150 I ActivityTaskManager: START u0 {flg=0x10000000 "
      "cmp=com.example.demo/.MainActivity} from uid 2000\n"
      "--------- beginning of events\n"
      "1700000000.150  1000  1180 I am_proc_start: "
      "[0,4321,10123,com.example.demo,pre-top-activity,{com.example.demo/com.example.demo.MainActivity}]\n"
      "1700000001.234  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +1s234ms\n"
      "1700000002.001  1000  1200 I ActivityTaskManager: Fully drawn com.example.demo/.MainActivity: +1s900ms\n";
  const LaunchLog l = readLaunchLog(log, kApp, "1700000000.000");
  EXPECT_EQ(l.displayedMs, 1234);
  EXPECT_EQ(l.displayedComponent, "com.example.demo/.MainActivity");
  EXPECT_EQ(l.fullyDrawnMs, 1900);
  EXPECT_TRUE(l.processStarted);
  EXPECT_EQ(l.crash, "");
  EXPECT_EQ(l.lastStamp, "1700000002.001");
}

TEST(ReadLaunchLog, OlderActivityManagerTagWithTotal) {
  // ActivityRecord.reportLaunchTimeLocked (Android ≤ 9) appends " (total +…)" when the task's
  // launch took longer than this activity's.
  const char* log =
      "1500000000.500   900   950 I ActivityManager: Displayed com.example.demo/.MainActivity: +612ms (total "
      "+1s2ms)\r\n";
  const LaunchLog l = readLaunchLog(log, kApp, "");
  EXPECT_EQ(l.displayedMs, 612);
  EXPECT_FALSE(l.processStarted);
}

TEST(ReadLaunchLog, Android14NamesTheUser) {
  const char* log =
      "1700000001.234  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity for user 0: "
      "+845ms\n";
  const LaunchLog l = readLaunchLog(log, kApp, "");
  EXPECT_EQ(l.displayedMs, 845);
  EXPECT_EQ(l.displayedComponent, "com.example.demo/.MainActivity");
}

TEST(ReadLaunchLog, OtherAppsAndOtherTagsAreIgnored) {
  const char* log =
      "1700000000.200  1000  1200 I ActivityTaskManager: Displayed com.example.demo.other/.Main: +300ms\n"
      "1700000000.210  1000  1200 I ActivityTaskManager: Displayed com.example/.Main: +301ms\n"
      "1700000000.220  4321  4321 I MyApp   : Displayed com.example.demo/.MainActivity: +302ms\n"
      "1700000000.230  1000  1180 I am_proc_start: [0,4400,10124,com.other,activity,{com.other/.Main}]\n"
      "1700000000.240  1000  1180 I am_proc_start: "
      "[0,4401,10123,com.example.demo:sync,service,{com.example.demo/.SyncService}]\n"
      "1700000000.300  1000  1200 I ActivityTaskManager: Displayed com.example.demo/pkg.Second: +700ms\n"
      "1700000000.400  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +800ms\n";
  const LaunchLog l = readLaunchLog(log, kApp, "");
  EXPECT_EQ(l.displayedMs, 700);  // the first of the app's components
  EXPECT_EQ(l.displayedComponent, "com.example.demo/pkg.Second");
  EXPECT_FALSE(l.processStarted);
}

TEST(ReadLaunchLog, LinesAtOrBeforeTheStampAreThePreviousLaunchs) {
  // logcat -t STAMP is inclusive: the line the stamp came from comes again.
  const char* log =
      "1700000000.999  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +100ms\n"
      "1700000001.000  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +200ms\n"
      "1700000001.000  1000  1180 I am_proc_start: [0,4321,10123,com.example.demo,activity,{x}]\n"
      "1700000001.001  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +300ms\n";
  const LaunchLog l = readLaunchLog(log, kApp, "1700000001.000");
  EXPECT_EQ(l.displayedMs, 300);
  EXPECT_FALSE(l.processStarted);
  EXPECT_EQ(readLaunchLog(log, kApp, "1700000001.0").displayedMs, 300);  // stamps compare as numbers
  EXPECT_EQ(readLaunchLog(log, kApp, "").displayedMs, 100);
  EXPECT_EQ(readLaunchLog(log, kApp, "1700000001.001").displayedMs, std::nullopt);
}

TEST(ReadLaunchLog, FatalExceptionBlock) {
  const char* log =
      "--------- beginning of crash\n"
      "1700000001.500  4321  4321 E AndroidRuntime: FATAL EXCEPTION: main\n"
      "1700000001.500  4321  4321 E AndroidRuntime: Process: com.example.demo, PID: 4321\n"
      "1700000001.500  4321  4321 E AndroidRuntime: java.lang.RuntimeException: Unable to start activity "
      "ComponentInfo{com.example.demo/com.example.demo.MainActivity}: java.lang.IllegalStateException: boom\n"
      "1700000001.500  4321  4321 E AndroidRuntime: \tat android.app.ActivityThread.performLaunchActivity"
      "(ActivityThread.java:3449)\n"
      "1700000001.510  1000  1300 I am_crash: "
      "[0,4321,com.example.demo,948453190,java.lang.RuntimeException,Unable to start activity,ActivityThread.java,3449,"
      "0]\n";
  const LaunchLog l = readLaunchLog(log, kApp, "");
  EXPECT_EQ(l.crash,
            "java.lang.RuntimeException: Unable to start activity "
            "ComponentInfo{com.example.demo/com.example.demo.MainActivity}: java.lang.IllegalStateException: boom");
  EXPECT_EQ(l.displayedMs, std::nullopt);
}

TEST(ReadLaunchLog, AnotherProcessCrashIsNotTheApps) {
  const char* log =
      "1700000001.500  5555  5555 E AndroidRuntime: FATAL EXCEPTION: main\n"
      "1700000001.500  5555  5555 E AndroidRuntime: Process: com.other, PID: 5555\n"
      "1700000001.500  5555  5555 E AndroidRuntime: java.lang.NullPointerException\n";
  EXPECT_EQ(readLaunchLog(log, kApp, "").crash, "");
}

TEST(ReadLaunchLog, AmCrashAloneNamesTheException) {
  // Its message may hold commas; Android 11+ adds a Recoverable field.
  const char* log =
      "1700000001.510  1000  1300 I am_crash: "
      "[0,4321,com.example.demo,948453190,java.lang.IllegalStateException,bad, worse,Main.java,42,0]\n";
  EXPECT_EQ(readLaunchLog(log, kApp, "").crash, "java.lang.IllegalStateException: bad, worse");
  const char* old =
      "1500000001.510  1000  1300 I am_crash: "
      "[0,4321,com.example.demo,948453190,java.lang.IllegalStateException,boom,Main.java,42]\n";
  EXPECT_EQ(readLaunchLog(old, kApp, "").crash, "java.lang.IllegalStateException: boom");
}

TEST(ReadLaunchLog, NotLogcatLinesAreSkipped) {
  const char* log =
      "logcat: invalid option\n"
      "11-29 07:00:00.000  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +100ms\n"
      "1700000000.x  1000  1200 I ActivityTaskManager: Displayed com.example.demo/.MainActivity: +100ms\n"
      "\n";
  const LaunchLog l = readLaunchLog(log, kApp, "");
  EXPECT_EQ(l.displayedMs, std::nullopt);
  EXPECT_EQ(l.lastStamp, "");
}

TEST(LastLogStamp, TheNewestLine) {
  EXPECT_EQ(lastLogStamp("--------- beginning of main\n"
                         "  1700000005.042  1000  1200 I chatty  : uid=1000 expire 3 lines\n"),
            "1700000005.042");
  EXPECT_EQ(lastLogStamp(""), "");
  EXPECT_EQ(lastLogStamp("--------- beginning of system\n"), "");
}

TEST(ParseResolvedActivity, BriefOutput) {
  EXPECT_EQ(parseResolvedActivity("priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n"
                                  "com.example.demo/.MainActivity\n"),
            "com.example.demo/.MainActivity");
  EXPECT_EQ(parseResolvedActivity("com.android.settings/com.android.settings.Settings\r\n\r\n"),
            "com.android.settings/com.android.settings.Settings");
  EXPECT_EQ(parseResolvedActivity("No activity found\n"), std::nullopt);
  EXPECT_EQ(parseResolvedActivity(""), std::nullopt);
  EXPECT_EQ(parseResolvedActivity("Error: unknown command\n"), std::nullopt);
  EXPECT_EQ(parseResolvedActivity("a/b/c\n"), std::nullopt);
  EXPECT_EQ(parseResolvedActivity("/.Main\n"), std::nullopt);
}

}  // namespace
}  // namespace mxi::core::startup
