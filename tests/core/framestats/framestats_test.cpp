// gfxinfo framestats on real captures; every expectation below was computed by hand with awk
// from the fixture columns (duration = FrameCompleted - IntendedVsync, period = the column whose
// values are ~16.67/8.31 ms, dropped = floor(duration / period)).
#include <gtest/gtest.h>

#include "core/framestats/frame_stats.h"
#include "core/framestats/framestats_parser.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::framestats {
namespace {

TEST(FramestatsTest, OneWindowAt120HzWithByteOrderMark) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  auto capture = parseFramestats(test::readText(path));
  ASSERT_TRUE(capture.ok()) << capture.status().toString();
  const auto& c = **capture;
  ASSERT_EQ(c.windows.size(), 1u);
  EXPECT_TRUE(c.problems.empty());
  const auto& w = c.windows[0];
  EXPECT_EQ(w.process, "com.soundvisualization.accessibility");
  EXPECT_EQ(w.pid, 31667);
  EXPECT_EQ(w.name, "com.soundvisualization.accessibility/com.soundvisualization.accessibility.MainActivity");
  EXPECT_EQ(w.periodSource, "data");  // column labelled FrameStartTime holds the period on 12+
  ASSERT_EQ(w.frames.size(), 120u);

  // Row 1, by hand: IntendedVsync 314856675367713, HandleInputStart …797127, AnimationStart
  // …798586, PerformTraversalsStart …679645617, DrawStart …679688794, SyncQueued …680654054,
  // IssueDrawCommandsStart …680915357, FrameCompleted …686928950, period 8311780.
  const Frame& f = w.frames[0];
  EXPECT_EQ(f.startNs, 314856675367713);
  EXPECT_EQ(f.durationNs, 11561237);
  EXPECT_EQ(f.refreshPeriodNs, 8311780);
  EXPECT_EQ(f.droppedFrames(), 1);
  EXPECT_EQ(f.stageNs[0], 429414);   // delay
  EXPECT_EQ(f.stageNs[1], 1459);     // input
  EXPECT_EQ(f.stageNs[2], 3847031);  // animation
  EXPECT_EQ(f.stageNs[3], 43177);    // layout/measure
  EXPECT_EQ(f.stageNs[4], 965260);   // draw
  EXPECT_EQ(f.stageNs[5], 261303);   // sync
  EXPECT_EQ(f.stageNs[6], 6013593);  // GPU/swap
  EXPECT_EQ(f.dominantStage(), FrameStage::kGpuSwap);

  const FrameStats s = computeFrameStats(w.frames);
  EXPECT_EQ(s.frames, 120u);
  EXPECT_EQ(s.flaggedFrames, 0u);
  EXPECT_EQ(s.droppedSum, 179u);
  EXPECT_EQ(s.levels, (std::array<uint64_t, 5>{110, 8, 2, 0, 0}));
  EXPECT_EQ(s.jankFrames, 119u);
  // 1e9 * 120 / sum((dropped + 1) * period) = 48.2821 (awk)
  EXPECT_NEAR(s.fps, 48.2821, 0.0001);
  // Nearest rank over the sorted durations: 60th, 108th, 114th, 119th of 120.
  EXPECT_DOUBLE_EQ(s.p50Ms, 10.645467);
  EXPECT_DOUBLE_EQ(s.p90Ms, 13.263954);
  EXPECT_DOUBLE_EQ(s.p95Ms, 54.326070);
  EXPECT_DOUBLE_EQ(s.p99Ms, 76.683483);
  EXPECT_DOUBLE_EQ(s.maxMs, 77.219691);
  uint64_t dominated = 0;
  for (uint64_t n : s.dominantStages) dominated += n;
  EXPECT_EQ(dominated, s.jankFrames);
}

TEST(FramestatsTest, StagesAlwaysSumToTheDuration) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  auto capture = parseFramestats(test::readText(path));
  ASSERT_TRUE(capture.ok());
  for (const auto& w : (*capture)->windows) {
    for (const Frame& f : w.frames) {
      int64_t sum = 0;
      for (int64_t s : f.stageNs) {
        EXPECT_GE(s, 0);
        sum += s;
      }
      EXPECT_EQ(sum, f.durationNs);
    }
  }
}

TEST(FramestatsTest, AllProcessesDumpWithFlagsAndGarbageRows) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  auto capture = parseFramestats(test::readText(path));
  ASSERT_TRUE(capture.ok());
  const auto& c = **capture;
  ASSERT_EQ(c.windows.size(), 13u);
  // Rows per window (awk): flagged, skipped as garbage (FrameCompleted 0 or bit-flipped), counted.
  struct Expect {
    size_t rows;
    uint64_t flagged, garbage, counted, dropped;
    std::array<uint64_t, 5> levels;
    uint64_t jank;
  };
  const Expect expected[13] = {
      {120, 4, 0, 116, 246, {86, 25, 4, 1, 0}, 78}, {67, 33, 2, 32, 85, {26, 2, 3, 1, 0}, 13},
      {80, 61, 0, 19, 27, {16, 2, 1, 0, 0}, 9},     {120, 81, 1, 38, 52, {36, 2, 0, 0, 0}, 33},
      {120, 86, 0, 34, 0, {34, 0, 0, 0, 0}, 0},     {120, 1, 4, 115, 3, {115, 0, 0, 0, 0}, 2},
      {86, 3, 0, 83, 21, {82, 1, 0, 0, 0}, 13},     {117, 36, 0, 81, 232, {62, 13, 5, 1, 0}, 57},
      {0, 0, 0, 0, 0, {0, 0, 0, 0, 0}, 0},          {21, 2, 2, 17, 4, {17, 0, 0, 0, 0}, 3},
      {0, 0, 0, 0, 0, {0, 0, 0, 0, 0}, 0},          {120, 15, 2, 103, 158, {79, 21, 3, 0, 0}, 58},
      {120, 1, 0, 119, 155, {92, 27, 0, 0, 0}, 72},
  };
  size_t problems = 0;
  for (size_t i = 0; i < 13; ++i) {
    SCOPED_TRACE(i);
    const auto& w = c.windows[i];
    EXPECT_EQ(w.frames.size() + expected[i].garbage, expected[i].rows);
    const FrameStats s = computeFrameStats(w.frames);
    EXPECT_EQ(s.flaggedFrames, expected[i].flagged);
    EXPECT_EQ(s.frames, expected[i].counted);
    EXPECT_EQ(s.droppedSum, expected[i].dropped);
    EXPECT_EQ(s.levels, expected[i].levels);
    EXPECT_EQ(s.jankFrames, expected[i].jank);
    if (!w.frames.empty()) {
      EXPECT_EQ(w.refreshPeriodNs, 16666667);
    }
    problems += expected[i].garbage;
  }
  EXPECT_EQ(c.problems.size(), problems);
  EXPECT_EQ(c.windows[0].name, "de.codevoid.andronavibar/de.codevoid.andronavibar.MainActivity");
  EXPECT_EQ(c.windows[4].name, "Taskbar");
  EXPECT_EQ(c.windows[4].process, "com.android.launcher3");
  EXPECT_EQ(c.windows[7].name,
            "com.google.android.apps.docs/com.google.android.apps.docs.drive.app.navigation.NavigationActivity");
  // Window 8 by hand: 81 counted durations, nearest ranks 41/73/77/81.
  const FrameStats docs = computeFrameStats(c.windows[7].frames);
  EXPECT_DOUBLE_EQ(docs.p50Ms, 24.116059);
  EXPECT_DOUBLE_EQ(docs.p90Ms, 112.602108);
  EXPECT_DOUBLE_EQ(docs.p95Ms, 277.440175);
  EXPECT_DOUBLE_EQ(docs.p99Ms, 683.040396);
}

TEST(FramestatsTest, ConfigurableThresholds) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  auto capture = parseFramestats(test::readText(path));
  ASSERT_TRUE(capture.ok());
  DropThresholds t{1, 2, 3, 4};
  const FrameStats s = computeFrameStats((*capture)->windows[0].frames, t);
  EXPECT_EQ(s.levels[0], 1u);  // only the frame with 0 dropped frames stays Best
  uint64_t total = 0;
  for (uint64_t n : s.levels) total += n;
  EXPECT_EQ(total, 120u);
}

TEST(FramestatsTest, SlicesPartitionTheFrames) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  auto capture = parseFramestats(test::readText(path));
  ASSERT_TRUE(capture.ok());
  const auto& frames = (*capture)->windows[0].frames;
  const auto slices = sliceFrames(frames, 250'000'000);
  uint64_t total = 0;
  for (const auto& s : slices) total += s.stats.frames;
  EXPECT_EQ(total, 120u);
  EXPECT_EQ(slices.front().startNs, frames.front().startNs);
}

TEST(FramestatsTest, SummaryWithoutFramestatsIsAClearError) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/mikubu39_emulator_summary.txt");
  auto capture = parseFramestats(test::readText(path));
  ASSERT_FALSE(capture.ok());
  EXPECT_EQ(capture.status().code(), StatusCode::kInvalidInput);
  EXPECT_NE(capture.status().message().find("dumpsys gfxinfo <package> framestats"), std::string::npos);
}

TEST(FramestatsTest, FallbackRefreshRateWithoutPeriodColumn) {
  // Pre-Android 12 layout (16 columns, no FrameInterval): the period comes from the option.
  const std::string text =
      "---PROFILEDATA---\n"
      "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
      "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
      "FrameCompleted,DequeueBufferDuration,QueueBufferDuration,\r\n"
      "0,1000000000,1000000000,0,0,1001000000,1002000000,1003000000,1004000000,1005000000,1006000000,"
      "1007000000,1008000000,1050000000,0,0,\r\n"
      "---PROFILEDATA---\n";
  auto capture = parseFramestats(text, {90.0});
  ASSERT_TRUE(capture.ok());
  const auto& w = (*capture)->windows[0];
  ASSERT_EQ(w.frames.size(), 1u);
  EXPECT_EQ(w.periodSource, "option");
  EXPECT_EQ(w.frames[0].refreshPeriodNs, 11111111);
  EXPECT_EQ(w.frames[0].droppedFrames(), 4);  // 50 ms / 11.11 ms
  EXPECT_EQ(w.frames[0].dominantStage(), FrameStage::kGpuSwap);
}

}  // namespace
}  // namespace mxi::core::framestats
