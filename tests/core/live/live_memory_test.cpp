// The live model's memory timeline: samples from kMemory records (bounded like the FPS series),
// the newest and peak PSS in LiveStatus and `mxi record`'s line, and the memory chart's marks
// (a sample's marks, heap dumps, memory issues).
#include <gtest/gtest.h>

#include <vector>

#include "core/live/live_record_feed.h"
#include "core/live/live_session.h"
#include "core/session/session_format.h"

namespace mxi::core::live {
namespace {

using meminfo::MemorySample;
using session::RecordType;
using session::SessionRecord;

constexpr int64_t kStartNs = 7'000'000'000;

SessionRecord memoryRecord(int64_t timeNs, int64_t pssKb, uint32_t marks = 0) {
  SessionRecord r;
  r.type = RecordType::kMemory;
  r.timeNs = timeNs;
  r.memory.timeNs = timeNs;
  r.memory.pid = 900;
  r.memory.javaHeapKb = pssKb / 2;
  r.memory.nativeHeapKb = pssKb / 4;
  r.memory.totalPssKb = pssKb;
  r.memory.marks = marks;
  return r;
}

TEST(LiveMemoryTest, SamplesMarksAndStatusFollowTheRecords) {
  LiveSession live;
  LiveRecordFeed feed(live);
  feed.setStartNs(kStartNs);
  std::vector<SessionRecord> records;
  records.push_back(memoryRecord(kStartNs + 1'000'000'000, 40'960));
  records.push_back(memoryRecord(kStartNs + 2'000'000'000, 61'440, meminfo::kMemoryMarkGcForced));
  SessionRecord dump;
  dump.type = RecordType::kHeapDump;
  dump.timeNs = kStartNs + 2'500'000'000;
  dump.text = "/tmp/a.hprof";
  dump.detail = "leak watch";
  records.push_back(dump);
  SessionRecord leak;
  leak.type = RecordType::kIssue;
  leak.timeNs = kStartNs + 2'700'000'000;
  leak.text = R"({"tag":"memory","activity":"com.example.LeakyActivity","process":"com.example"})";
  records.push_back(leak);
  records.push_back(memoryRecord(kStartNs + 3'000'000'000, 51'200));
  const uint64_t before = live.revision();
  feed.add(records);
  EXPECT_GT(live.revision(), before);

  ASSERT_EQ(live.memorySeries().size(), 3u);
  EXPECT_EQ(live.memorySeries()[0].timeMs, 1000);
  EXPECT_EQ(live.memorySeries()[0].sample, records[0].memory);
  EXPECT_EQ(live.memorySeries()[1].timeMs, 2000);
  EXPECT_EQ(live.memorySeries()[2].sample.totalPssKb, 51'200);
  EXPECT_EQ(live.memorySampleCount(), 3u);
  EXPECT_EQ(live.peakPssKb(), 61'440);

  ASSERT_EQ(live.memoryMarks().size(), 3u);
  EXPECT_EQ(live.memoryMarks()[0].timeMs, 2000);
  EXPECT_EQ(live.memoryMarks()[0].marks, meminfo::kMemoryMarkGcForced);
  EXPECT_EQ(live.memoryMarks()[0].text, "GC forced");
  EXPECT_EQ(live.memoryMarks()[1].timeMs, 2500);
  EXPECT_EQ(live.memoryMarks()[1].marks, meminfo::kMemoryMarkHeapDumped);
  EXPECT_EQ(live.memoryMarks()[1].text, "Heap dump /tmp/a.hprof");
  EXPECT_EQ(live.memoryMarks()[2].timeMs, 2700);
  EXPECT_EQ(live.memoryMarks()[2].marks, meminfo::kMemoryMarkLeakFound);
  EXPECT_EQ(live.memoryMarks()[2].text, "leaked com.example.LeakyActivity");
  // The heap dump stays a mark in the feed, the leak an issue.
  EXPECT_EQ(live.eventCount(LiveEvent::Kind::kMark), 1u);
  EXPECT_EQ(live.eventCount(LiveEvent::Kind::kLeak), 1u);

  const LiveStatus s = live.status();
  EXPECT_EQ(s.memorySamples, 3u);
  EXPECT_EQ(s.pssKb, 51'200);
  EXPECT_EQ(s.peakPssKb, 61'440);
  EXPECT_EQ(s.durationMs, 3000);  // an idle app's timeline: the memory samples make the length
  EXPECT_EQ(formatLiveStatus(s),
            "3.0s  0.0 fps  frames 0 (+0 flagged) [best 0 normal 0 middle 0 high 0 frozen 0]  issues leak 1  anr 0"
            "  PSS 50.0 MiB (peak 60.0 MiB)");
}

TEST(LiveMemoryTest, WithoutSamplesTheLineIsUnchanged) {
  LiveSession live;
  live.addMark("hello", 1500);
  EXPECT_EQ(live.status().memorySamples, 0u);
  EXPECT_EQ(live.status().pssKb, -1);
  EXPECT_EQ(formatLiveStatus(live.status()),
            "1.5s  0.0 fps  frames 0 (+0 flagged) [best 0 normal 0 middle 0 high 0 frozen 0]  issues 0  anr 0");
  // A source without TOTAL PSS (a /proc reading lacking it): counted, no PSS figure.
  MemorySample noPss;
  noPss.javaHeapKb = 100;
  live.addMemory(noPss, 2000);
  EXPECT_EQ(live.status().memorySamples, 1u);
  EXPECT_EQ(formatLiveStatus(live.status()),
            "2.0s  0.0 fps  frames 0 (+0 flagged) [best 0 normal 0 middle 0 high 0 frozen 0]  issues 0  anr 0");
}

TEST(LiveMemoryTest, TheSeriesKeepsTheNewestSamplesAndCountsAll) {
  LiveSession live;
  const size_t n = LiveSession::kMaxMemorySamples + 25;
  for (size_t i = 0; i < n; ++i) {
    MemorySample m;
    m.timeNs = static_cast<int64_t>(i) * 1'000'000'000;
    m.totalPssKb = static_cast<int64_t>(i == 10 ? 999'999 : 1000 + i);  // the peak falls out of the window
    live.addMemory(m, static_cast<int64_t>(i) * 1000);
  }
  ASSERT_EQ(live.memorySeries().size(), LiveSession::kMaxMemorySamples);
  EXPECT_EQ(live.memorySeries().front().timeMs, 25'000);
  EXPECT_EQ(live.memorySeries().back().sample.totalPssKb, static_cast<int64_t>(1000 + n - 1));
  EXPECT_EQ(live.memorySampleCount(), n);
  EXPECT_EQ(live.peakPssKb(), 999'999);
  for (size_t i = 0; i < LiveSession::kMaxMemoryMarks + 3; ++i) {
    live.addHeapDump("Heap dump " + std::to_string(i), static_cast<int64_t>(i));
  }
  EXPECT_EQ(live.memoryMarks().size(), LiveSession::kMaxMemoryMarks);
  EXPECT_EQ(live.memoryMarks().front().text, "Heap dump 3");
}

}  // namespace
}  // namespace mxi::core::live
