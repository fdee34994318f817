// A session's span: records stamped on another clock are reported, not added to its length; the
// memory statistics per category.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include <map>

#include "core/base/progress.h"
#include "core/framestats/frame_stats.h"
#include "core/meminfo/memory_stats.h"
#include "core/session/byte_codec.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"
#include "core/session/session_span.h"
#include "core/session/session_writer.h"
#include "tests/core/session/session_test_util.h"
#include "tests/support/test_paths.h"

namespace mxi::core::session {
namespace {

TEST(SessionSpanTest, RecordsOnAnotherClockAreReportedNotAddedToTheLength) {
  // 20 s of frames from 1000 s on the device's clock; the issues and the ANR stamped on another
  // clock, near 8000 s (what the demo phone wrote before it shared one clock), a mark in between.
  constexpr int64_t kS = 1'000'000'000;
  const auto dir = test::scratchDir("session-span");
  auto w = SessionWriter::create((dir / "two-clocks.mxs").string(), test::testSessionHeader());
  ASSERT_TRUE(w.ok());
  int64_t lastEnd = 0;
  for (int64_t i = 0; i < 1200; ++i) {
    const auto f = test::syntheticFrame(1000 * kS + i * 16'666'667, 8'000'000);
    ASSERT_TRUE((*w)->appendFrame(f).ok());
    lastEnd = f.startNs + f.durationNs;
    if (i == 600) {
      ASSERT_TRUE((*w)->appendMark(f.startNs, "halfway").ok());
    }
  }
  ASSERT_TRUE((*w)->appendIssue(8000 * kS, R"({"tag":"Trace_EvilMethod","type":0,"content":{"cost":900}})").ok());
  ASSERT_TRUE((*w)->appendAnr(8021 * kS, "----- pid 1 at x -----\n----- end 1 -----\n").ok());
  ASSERT_TRUE((*w)->close().ok());

  auto r = SessionReader::open((dir / "two-clocks.mxs").string());
  ASSERT_TRUE(r.ok()) << r.status().toString();
  const SessionSummary s = (*r)->summarize();
  EXPECT_EQ(s.firstTimeNs, 1000 * kS);
  EXPECT_EQ(s.lastTimeNs, lastEnd);
  EXPECT_EQ(s.offClockNs, 8021 * kS - lastEnd);
  EXPECT_NEAR(s.durationMs(), 19'992.0, 1.0);
  NullProgress quiet;
  auto data = loadSession(**r, quiet, CancelToken());
  ASSERT_TRUE(data.ok()) << data.status().toString();
  EXPECT_EQ((*data)->firstTimeNs, s.firstTimeNs);
  EXPECT_EQ((*data)->lastTimeNs, s.lastTimeNs);
  EXPECT_EQ((*data)->offClockNs, s.offClockNs);
  EXPECT_EQ(describeOffClock({s.firstTimeNs, s.lastTimeNs, s.offClockNs}),
            "records lie 7001.0 s outside the frames' 20.0 s: they were stamped on another clock; the session's length "
            "is the frames'");
}

TEST(SessionSpanTest, AnIdleAppsLateIssueStaysInTheSession) {
  // 5 s of frames, then the app idles and an ANR comes 50 s later: one clock, a 55 s session.
  constexpr int64_t kS = 1'000'000'000;
  const SessionSpan span = judgeSessionSpan({100 * kS, 160 * kS}, std::make_pair(100 * kS, 105 * kS));
  EXPECT_EQ(span.offClockNs, 0);
  EXPECT_EQ(span.firstNs, 100 * kS);
  EXPECT_EQ(span.lastNs, 160 * kS);
  EXPECT_EQ(describeOffClock(span), "");
  // Past the frames' own length and a minute: another clock.
  EXPECT_EQ(judgeSessionSpan({100 * kS, 166 * kS}, std::make_pair(100 * kS, 105 * kS)).offClockNs, 61 * kS);
  // An hour of frames explains an issue 50 minutes after them.
  EXPECT_EQ(judgeSessionSpan({0, 6600 * kS}, std::make_pair(0, 3600 * kS)).offClockNs, 0);
  // Records before the frames count the same; no frames at all: nothing to judge by.
  EXPECT_EQ(judgeSessionSpan({-7000 * kS, 20 * kS}, std::make_pair(0, 20 * kS)).offClockNs, 7000 * kS);
  EXPECT_EQ(judgeSessionSpan({0, 7000 * kS}, std::nullopt).lastNs, 7000 * kS);
  // Hostile stamps do not overflow.
  EXPECT_EQ(judgeSessionSpan({INT64_MIN, INT64_MAX}, std::make_pair(0, 1)).offClockNs, INT64_MAX);
}

TEST(SessionSpanTest, BlockSummariesWithoutAFrameSpanStillDecode) {
  BlockSummary old;
  old.firstTimeNs = 5;
  old.lastTimeNs = 9;
  std::string bytes;
  old.encode(bytes);  // no frames: no span appended, the layout older writers produced
  auto decoded = BlockSummary::decode(bytes);
  ASSERT_TRUE(decoded.ok());
  EXPECT_FALSE(decoded->hasFrameSpan);
  BlockSummary spanned = old;
  spanned.hasFrameSpan = true;
  spanned.framesFirstNs = 6;
  spanned.framesLastNs = 8;
  bytes.clear();
  spanned.encode(bytes);
  decoded = BlockSummary::decode(bytes);
  ASSERT_TRUE(decoded.ok());
  EXPECT_TRUE(decoded->hasFrameSpan);
  EXPECT_EQ(decoded->framesFirstNs, 6);
  EXPECT_EQ(decoded->framesLastNs, 8);
  EXPECT_FALSE(BlockSummary::decode(bytes.substr(0, bytes.size() - 1)).ok());
}

// Start, peak, end and least-squares growth per category; categories never given are left out.
TEST(MemoryStatsTest, SummaryPerCategory) {
  constexpr int64_t kMin = 60'000'000'000;
  std::vector<meminfo::MemorySample> samples(4);
  const int64_t java[] = {100, 400, 300, 700};  // times 0, 1, 2, 3 min: slope Σdt·dv / Σdt² = 850 / 5 = 170 kB/min
  for (size_t i = 0; i < samples.size(); ++i) {
    samples[i].timeNs = 7 * kMin + static_cast<int64_t>(i) * kMin;
    samples[i].javaHeapKb = java[i];
    samples[i].totalPssKb = i == 2 ? -1 : 1000;  // one sample without a total
  }
  samples[1].marks = meminfo::kMemoryMarkGcForced | meminfo::kMemoryMarkLeakFound;
  const meminfo::MemorySummary m = meminfo::summarizeMemory(samples);
  EXPECT_EQ(m.samples, 4u);
  EXPECT_EQ(m.firstTimeNs, 7 * kMin);
  EXPECT_EQ(m.lastTimeNs, 10 * kMin);
  EXPECT_EQ(m.gcForced, 1u);
  EXPECT_EQ(m.heapDumps, 0u);
  EXPECT_EQ(m.leaks, 1u);
  ASSERT_EQ(m.categories.size(), 2u);
  const meminfo::MemoryCategoryStats* j = m.find(meminfo::MemoryCategory::kJava);
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->samples, 4u);
  EXPECT_EQ(j->startKb, 100);
  EXPECT_EQ(j->peakKb, 700);
  EXPECT_EQ(j->peakTimeNs, 10 * kMin);
  EXPECT_EQ(j->endKb, 700);
  EXPECT_DOUBLE_EQ(j->growthKbPerMin, 170.0);
  const meminfo::MemoryCategoryStats* pss = m.find(meminfo::MemoryCategory::kTotalPss);
  ASSERT_NE(pss, nullptr);
  EXPECT_EQ(pss->samples, 3u);
  EXPECT_EQ(pss->growthKbPerMin, 0.0);
  EXPECT_EQ(m.peakPssKb, 1000);
  EXPECT_EQ(m.find(meminfo::MemoryCategory::kNative), nullptr);
  EXPECT_EQ(meminfo::summarizeMemory({}).samples, 0u);
  EXPECT_EQ(meminfo::summarizeMemory({}).peakPssKb, -1);
  // One point, or every point at one time: no slope.
  const std::pair<int64_t, int64_t> one[] = {{5, 10}};
  EXPECT_EQ(meminfo::growthKbPerMinute(one), 0.0);
  const std::pair<int64_t, int64_t> same[] = {{5, 10}, {5, 20}};
  EXPECT_EQ(meminfo::growthKbPerMinute(same), 0.0);
  EXPECT_EQ(meminfo::describeMemoryMarks(meminfo::kMemoryMarkGcForced | meminfo::kMemoryMarkHeapDumped |
                                         meminfo::kMemoryMarkLeakFound),
            "GC forced, dump taken, leak found");
  EXPECT_EQ(meminfo::memoryFieldName(meminfo::MemoryCategory::kPrivateOther), "privateOtherKb");
  EXPECT_EQ(meminfo::memoryCategoryKey(meminfo::MemoryCategory::kTotalSwap), "totalSwap");
}

}  // namespace
}  // namespace mxi::core::session
