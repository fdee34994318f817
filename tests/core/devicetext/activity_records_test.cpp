// core/devicetext/activity_records: the Activity records the system holds per process, which the
// leak watch compares with the heap's count. No real capture of `dumpsys activity activities` is in
// ../shared/reference; the dumps below follow the platform's format as public dumps show it
// (ActivityRecord.toString "ActivityRecord{hash uUSER COMPONENT tTASK}", ProcessRecord.toString
// "ProcessRecord{hash PID:PROCESS/UID}", one "Hist #N" line per record of a task's history).
#include <gtest/gtest.h>

#include "core/devicetext/activity_records.h"

namespace mxi::core::devicetext {
namespace {

// Android 13: two tasks of the app (one in its :remote process), the launcher, and the lines that
// repeat records (topResumedActivity, ResumedActivity, mLastPausedActivity).
constexpr const char* kAndroid13 = R"(ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)
Display #0 (activities from top to bottom):
  * Task{d19dee2 #61 type=standard A=10164:com.example U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=2}
    mLastPausedActivity: ActivityRecord{9c0 u0 com.example/.OldActivity t61}
    topResumedActivity=ActivityRecord{2b2ce0f u0 com.example/.DetailActivity t61}
    * Hist  #1: ActivityRecord{2b2ce0f u0 com.example/.DetailActivity t61}
      packageName=com.example processName=com.example
      launchedFromUid=10164 launchedFromPackage=com.example launchedFromFeature=null userId=0
      app=ProcessRecord{6752d47 15398:com.example/u0a164}
      Intent { cmp=com.example/.DetailActivity }
      state=RESUMED delayedResume=false finishing=false
    * Hist  #0: ActivityRecord{7ff01aa u0 com.example/com.example.MainActivity t61}
      packageName=com.example processName=com.example
      app=ProcessRecord{6752d47 15398:com.example/u0a164}
      state=STOPPED delayedResume=false finishing=false
  * Task{a1 #62 type=standard A=10164:com.example.remote U=0 visible=false visibleRequested=false mode=fullscreen translucent=false sz=1}
    * Hist  #0: ActivityRecord{e5 u0 com.example/.RemoteActivity t62}
      packageName=com.example processName=com.example:remote
      app=ProcessRecord{44 15420:com.example:remote/u0a164}
  * Task{9580295 #7 type=home U=0 visible=false visibleRequested=false mode=fullscreen translucent=true sz=1}
    * Hist  #0: ActivityRecord{c3 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t8}
      packageName=com.google.android.apps.nexuslauncher processName=com.google.android.apps.nexuslauncher
      app=ProcessRecord{b7 2011:com.google.android.apps.nexuslauncher/u0a95}

  ResumedActivity: ActivityRecord{2b2ce0f u0 com.example/.DetailActivity t61}
)";

TEST(ActivityRecordsTest, Android13HistoryLinesWithTheirProcesses) {
  const auto records = parseActivityRecords(kAndroid13);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].record, "2b2ce0f");
  EXPECT_EQ(records[0].component, "com.example/.DetailActivity");
  EXPECT_EQ(records[0].pid, 15398);
  EXPECT_EQ(records[0].process, "com.example");
  EXPECT_EQ(records[1].component, "com.example/com.example.MainActivity");
  EXPECT_EQ(records[2].pid, 15420);
  EXPECT_EQ(records[2].process, "com.example:remote");
  EXPECT_EQ(records[3].pid, 2011);
  EXPECT_EQ(countActivityRecordsOf(kAndroid13, 15398, "com.example"), 2);
  EXPECT_EQ(countActivityRecordsOf(kAndroid13, 15420, "com.example:remote"), 1);
  EXPECT_EQ(countActivityRecordsOf(kAndroid13, 999, "com.example"), 0);  // another process of that name
}

// Android 9: "Hist #" with one space, deeper indentation, "Running activities" repeating records
// as "Run #" lines, and a record whose process died (app=null).
constexpr const char* kAndroid9 = R"(ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)
Display #0 (activities from top to bottom):
  Stack #12: type=standard mode=fullscreen
  isSleeping=false
    Task id #42
    * TaskRecord{5b1 #42 A=com.app U=0 StackId=12 sz=3}
      affinity=com.app
      * Hist #2: ActivityRecord{4c2a1b u0 com.app/.Settings t42}
          packageName=com.app processName=com.app
          app=ProcessRecord{aa1 7301:com.app/u0a77}
      * Hist #1: ActivityRecord{3b u0 com.app/.Main t42}
          packageName=com.app processName=com.app
          app=ProcessRecord{aa1 7301:com.app/u0a77}
      * Hist #0: ActivityRecord{2a u0 com.app/.Splash t42}
          packageName=com.app processName=com.app
          app=null

    Running activities (most recent first):
      TaskRecord{5b1 #42 A=com.app U=0 StackId=12 sz=3}
        Run #1: ActivityRecord{4c2a1b u0 com.app/.Settings t42}
        Run #0: ActivityRecord{3b u0 com.app/.Main t42}

    mResumedActivity: ActivityRecord{4c2a1b u0 com.app/.Settings t42}
)";

TEST(ActivityRecordsTest, Android9HistoryWithADeadProcessRecord) {
  const auto records = parseActivityRecords(kAndroid9);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].component, "com.app/.Settings");
  EXPECT_EQ(records[0].pid, 7301);
  EXPECT_TRUE(records[2].processGone);
  EXPECT_EQ(countActivityRecordsOf(kAndroid9, 7301, "com.app"), 2);
}

TEST(ActivityRecordsTest, RecordsWithoutProcessDetailsCountByProcessNameOrPackage) {
  // A brief dump (no app= lines): processName= decides, else the component's package.
  const char* brief =
      "    * Hist  #1: ActivityRecord{1 u0 a.b/.One t3}\n"
      "      packageName=a.b processName=a.b:other\n"
      "    * Hist  #0: ActivityRecord{2 u0 a.b/.Two t3}\n"
      "  * Hist  #0: ActivityRecord{3 u0 c.d/.Three t4}\n";
  EXPECT_EQ(countActivityRecordsOf(brief, 5, "a.b"), 1);
  EXPECT_EQ(countActivityRecordsOf(brief, 5, "a.b:other"), 1);
  EXPECT_EQ(countActivityRecordsOf(brief, 5, "c.d"), 1);
}

TEST(ActivityRecordsTest, JunkAndHalfLinesCountNothing) {
  EXPECT_TRUE(parseActivityRecords("").empty());
  EXPECT_TRUE(parseActivityRecords("* Hist #0: ActivityRecord{\n* Hist #1: ActivityRecord{abc}\n").empty());
  EXPECT_TRUE(parseActivityRecords("    * Hist #0: ActivityRecord{1 u0 noslash t1}\n").empty());
  const char* badApp =
      "* Hist #0: ActivityRecord{1 u0 a.b/.C t1}\n  app=ProcessRecord{x notapid:a.b/u0}\n"
      "* Hist #1: ActivityRecord{2 u0 a.b/.D t1}\n  app=ProcessRecord{x -4:a.b/u0}\n"
      "* Hist #2: ActivityRecord{3 u0 a.b/.E t1}\n  app=ProcessRecord{x}\n";
  const auto records = parseActivityRecords(badApp);
  ASSERT_EQ(records.size(), 3u);
  for (const auto& r : records) EXPECT_EQ(r.pid, 0);
  EXPECT_EQ(countActivityRecordsOf(badApp, 7, "a.b"), 3);  // by package, the pids being unreadable
}

TEST(ActivityRecordsTest, ARecordListedTwiceCountsOnce) {
  const char* twice =
      "* Hist #0: ActivityRecord{1 u0 a.b/.C t1}\n  app=ProcessRecord{x 9:a.b/u0a1}\n"
      "* Hist #0: ActivityRecord{1 u0 a.b/.C t1}\n  app=ProcessRecord{x 9:a.b/u0a1}\n";
  EXPECT_EQ(countActivityRecordsOf(twice, 9, "a.b"), 1);
}

}  // namespace
}  // namespace mxi::core::devicetext
