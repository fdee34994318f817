// The lines `mxi record` prints about a recording: the status line (the live model's figures, then
// the outages) and the line that counts an outage while it goes on.
#include <gtest/gtest.h>

#include "app/cli/record_status_line.h"

namespace mxi::cli {
namespace {

using core::agentlink::RecordStats;
using Kind = core::live::LiveEvent::Kind;

TEST(RecordStatusLineTest, TheFiguresThenTheOutagesWithTheirTimeWithoutData) {
  RecordStats s;
  s.elapsedSeconds = 13;  // wall-clock time: not shown; the line gives the session's own length
  core::live::LiveStatus figures;
  figures.durationMs = 12'040;
  figures.fps = 58;
  figures.frames = 720;
  figures.flaggedFrames = 3;
  figures.levels = {700, 12, 5, 2, 1};
  figures.events[static_cast<size_t>(Kind::kEvilMethod)] = 2;
  figures.events[static_cast<size_t>(Kind::kIo)] = 1;
  figures.events[static_cast<size_t>(Kind::kAnr)] = 1;
  figures.events[static_cast<size_t>(Kind::kMark)] = 4;
  EXPECT_EQ(formatStats(figures, s),
            "12.0s  58.0 fps  frames 720 (+3 flagged) [best 700 normal 12 middle 5 high 2 frozen 1]  "
            "issues evil-method 2 io 1  anr 1");
  figures.frameGaps = 2;
  figures.framesNotSeenMax = 30;
  s.reconnects = s.outages = 1;
  s.outageSeconds = 22.04;
  EXPECT_TRUE(
      formatStats(figures, s).ends_with("  anr 1  not seen <=30 frames in 2 gap(s)  1 outage, 22.0 s without data"))
      << formatStats(figures, s);
  s.reconnects = s.outages = 2;
  s.outageSeconds = 23.5;
  EXPECT_TRUE(formatStats(figures, s).ends_with("  2 outages, 23.5 s without data")) << formatStats(figures, s);
}

TEST(RecordStatusLineTest, AnOutageUnderWayIsCountedInWholeSecondsWithItsShortReason) {
  RecordStats s;
  s.unreachableSeconds = 12.4;
  s.unreachableWhy = "device offline";
  EXPECT_EQ(formatOutage(s), "agent unreachable for 12 s (device offline), retrying");
  s.unreachableWhy.clear();
  EXPECT_EQ(formatOutage(s), "agent unreachable for 12 s, retrying");
}

}  // namespace
}  // namespace mxi::cli
