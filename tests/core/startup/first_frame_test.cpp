// The first frame after a launch from `dumpsys gfxinfo PKG framestats`: a real capture from the
// shared reference material, and inline samples in the pre-Android-12 layout.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/startup/first_frame.h"
#include "tests/support/test_paths.h"

namespace mxi::core::startup {
namespace {

TEST(FirstFrame, RealCapture120Hz) {
  const std::string ref = mxi::test::referenceDir();
  if (ref.empty()) GTEST_SKIP() << "no ../shared/reference";
  std::ifstream in(ref + "/fixtures/gfxinfo/choi890_soundvis_120hz_framestats.txt", std::ios::binary);
  if (!in) GTEST_SKIP() << "choi890_soundvis_120hz_framestats.txt absent";
  std::stringstream text;
  text << in.rdbuf();
  // First row: FrameCompleted 314856686928950 − IntendedVsync 314856675367713 = 11 561 237 ns.
  EXPECT_EQ(firstFrameMs(text.str()), 12);
}

constexpr const char* kHeader =
    "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
    "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,"
    "DequeueBufferDuration,QueueBufferDuration,\n";

std::string capture(const std::string& rows) {
  return "Applications Graphics Acceleration Info:\nUptime: 1000 Realtime: 1000\n\n"
         "** Graphics info for pid 4321 [com.example.demo] **\n\n"
         "Window: com.example.demo/com.example.demo.MainActivity\n---PROFILEDATA---\n" +
         std::string(kHeader) + rows + "---PROFILEDATA---\n";
}

TEST(FirstFrame, FlaggedFirstFrameCounts) {
  // The launch's first frame has Flags 1 (the window became visible): it is the one wanted.
  const std::string rows =
      "1,1000000000,1000000000,9223372036854775807,0,1001000000,1002000000,1003000000,1010000000,1020000000,"
      "1021000000,1022000000,1030000000,1045600000,100000,200000,\n"
      "0,1016666667,1016666667,9223372036854775807,0,1017000000,1018000000,1019000000,1020000000,1021000000,"
      "1022000000,1023000000,1024000000,1026000000,100000,200000,\n";
  EXPECT_EQ(firstFrameMs(capture(rows)), 46);  // 45.6 ms rounds up
}

TEST(FirstFrame, RowWithoutCompletionIsPassedOver) {
  const std::string rows =
      "0,1000000000,1000000000,9223372036854775807,0,1001000000,1002000000,1003000000,1010000000,1020000000,"
      "1021000000,1022000000,1030000000,0,100000,200000,\n"
      "0,1016666667,1016666667,9223372036854775807,0,1017000000,1018000000,1019000000,1020000000,1021000000,"
      "1022000000,1023000000,1024000000,1037066667,100000,200000,\n";
  EXPECT_EQ(firstFrameMs(capture(rows)), 20);  // 20.4 ms rounds down
}

TEST(FirstFrame, NoFramesNoFigure) {
  EXPECT_EQ(firstFrameMs(capture("")), std::nullopt);
  EXPECT_EQ(firstFrameMs("No process found for: com.example.demo\n"), std::nullopt);
  EXPECT_EQ(firstFrameMs(""), std::nullopt);
}

}  // namespace
}  // namespace mxi::core::startup
