// core/devicetext/resumed_activity: the foreground activity in `dumpsys activity activities`, in
// each form releases print, read once for the agent's scene and the app picker's foreground app.
// No real capture of that dump is in ../shared/reference, so the lines below are written after
// the platform's format (ActivityRecord.toString: "ActivityRecord{hash uUSER COMPONENT tTASK}").
#include <gtest/gtest.h>

#include "core/devicetext/resumed_activity.h"

namespace mxi::core::devicetext {
namespace {

TEST(ResumedActivityTest, PerStackLineOfOlderReleases) {
  EXPECT_EQ(
      parseResumedActivity("    mResumedActivity: ActivityRecord{4c2a1b u0 com.android.settings/.SubSettings t12}\n"),
      "com.android.settings/.SubSettings");
}

TEST(ResumedActivityTest, PerDisplayLineWithAndWithoutTheSpace) {
  EXPECT_EQ(parseResumedActivity("  ResumedActivity: ActivityRecord{5e2c1a7 u0 com.app/.Main t42}\n"), "com.app/.Main");
  EXPECT_EQ(parseResumedActivity("  ResumedActivity:ActivityRecord{5e2c1a7 u0 com.app/.Main t42}\n"), "com.app/.Main");
}

TEST(ResumedActivityTest, PerTaskLineOfNewerReleases) {
  EXPECT_EQ(parseResumedActivity("    topResumedActivity=ActivityRecord{7 u0 a.b/a.b.C t3}\n"), "a.b/a.b.C");
}

TEST(ResumedActivityTest, ComponentLastInTheRecord) {
  EXPECT_EQ(parseResumedActivity("  ResumedActivity: ActivityRecord{7 u0 a.b/.C}"), "a.b/.C");
}

TEST(ResumedActivityTest, _cr) {
  EXPECT_EQ(parseResumedActivity("  mResumedActivity: ActivityRecord{7 u0 a.b/.C t3}\r\n"), "a.b/.C");
  EXPECT_EQ(parseResumedActivity("  mResumedActivity: ActivityRecord{7 u0 a.b/.C}\r\n"), "a.b/.C");
}

TEST(ResumedActivityTest, _without_eol) {
  EXPECT_EQ(parseResumedActivity("mResumedActivity: ActivityRecord{7 u0 a.b/.C t3}"), "a.b/.C");
}

TEST(ResumedActivityTest, NullLinesNameNoneAndALaterLineStillCounts) {
  EXPECT_EQ(parseResumedActivity("    mResumedActivity: null\n"), std::nullopt);
  EXPECT_EQ(parseResumedActivity("    mResumedActivity: null\n"
                                 "  ResumedActivity: ActivityRecord{5e2 u0 com.app/.Main t42}\n"),
            "com.app/.Main");
}

TEST(ResumedActivityTest, OnlyResumedLinesCountAndTheFirstWins) {
  // Pause and focus lines name other components; the first resumed line is the answer.
  const std::string dump =
      "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n"
      "Display #0 (activities from top to bottom):\n"
      "  * Task{1a2b3c #42 type=standard A=10123:com.app U=0 visible=true mode=fullscreen}\n"
      "    mLastPausedActivity: ActivityRecord{9f8e u0 com.launcher/.Home t1}\n"
      "    topResumedActivity=ActivityRecord{5e2c1a7 u0 com.app/com.app.ui.MainActivity t42}\n"
      "    * Hist  #0: ActivityRecord{5e2c1a7 u0 com.app/com.app.ui.MainActivity t42}\n"
      "  * Task{4d5e #7 type=standard A=10077:com.other U=0 visible=true mode=multi-window}\n"
      "    topResumedActivity=ActivityRecord{77aa u0 com.other/.Split t7}\n"
      "\n"
      "  ResumedActivity: ActivityRecord{5e2c1a7 u0 com.app/com.app.ui.MainActivity t42}\n"
      "  mFocusedApp=ActivityRecord{5e2c1a7 u0 com.app/com.app.ui.MainActivity t42}\n";
  EXPECT_EQ(parseResumedActivity(dump), "com.app/com.app.ui.MainActivity");
  EXPECT_EQ(parseResumedActivity("    mLastPausedActivity: ActivityRecord{9f8e u0 com.launcher/.Home t1}\n"),
            std::nullopt);
}

TEST(ResumedActivityTest, NothingResumed) {
  EXPECT_EQ(parseResumedActivity(""), std::nullopt);
  EXPECT_EQ(parseResumedActivity("no activity"), std::nullopt);
  EXPECT_EQ(parseResumedActivity("  ResumedActivity: ActivityRecord{5e2c1a7 u0 /.Main t42}\n"), std::nullopt);
}

TEST(ResumedActivityTest, PackageOfAComponent) {
  EXPECT_EQ(packageOfComponent("com.app/.Main"), "com.app");
  EXPECT_EQ(packageOfComponent("com.app/com.other.Main"), "com.app");
  EXPECT_EQ(packageOfComponent("nothing"), "");
}

}  // namespace
}  // namespace mxi::core::devicetext
