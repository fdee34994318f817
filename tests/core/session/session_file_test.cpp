// The .mxs format: round trip, index fast path vs block walk, torn tails at every byte offset,
// corrupt blocks, forward compatibility, summaries. The typed records: session_records_test.cpp;
// the session's span: session_span_test.cpp.
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

// N mixed records; returns them as written.
std::vector<SessionRecord> writeSession(const std::filesystem::path& path, size_t n, const WriterOptions& options) {
  auto w = SessionWriter::create(path.string(), test::testSessionHeader(), options);
  EXPECT_TRUE(w.ok()) << w.status().toString();
  std::vector<SessionRecord> written;
  std::mt19937_64 rng(7);
  int64_t t = 5'000'000'000;
  for (size_t i = 0; i < n; ++i) {
    SessionRecord r;
    t += 16'666'667;
    r.timeNs = t;
    if (i % 50 == 0) {
      r.type = RecordType::kScene;
      r.text = "com.example.Scene" + std::to_string(i / 50 % 3);
    } else if (i % 97 == 0) {
      r.type = RecordType::kIssue;
      r.text =
          R"({"tag":"Trace_EvilMethod","detail":"NORMAL","cost":900,"stackKey":"12|","stack":"0,1048574,1,900\n1,12,1,880\n"})";
    } else if (i % 331 == 0) {
      r.type = RecordType::kMark;
      r.text = "mark " + std::to_string(i);
    } else if (i % 499 == 0) {
      r.type = RecordType::kHeapDump;
      r.text = "/data/local/tmp/dump" + std::to_string(i) + ".hprof";
      r.detail = "manual";
    } else {
      r.type = RecordType::kFrame;
      r.frame = test::syntheticFrame(t, 8'000'000 + static_cast<int64_t>(rng() % 40'000'000));
      r.frame.flags = i % 61 == 0 ? 1 : 0;
    }
    EXPECT_TRUE((*w)->append(r).ok());
    written.push_back(r);
  }
  EXPECT_TRUE((*w)->close().ok());
  return written;
}

void expectSameRecord(const SessionRecord& a, const SessionRecord& b) {
  ASSERT_EQ(a.type, b.type);
  EXPECT_EQ(a.timeNs, b.timeNs);
  EXPECT_EQ(a.text, b.text);
  EXPECT_EQ(a.detail, b.detail);
  if (a.type == RecordType::kFrame) {
    EXPECT_EQ(a.frame.startNs, b.frame.startNs);
    EXPECT_EQ(a.frame.durationNs, b.frame.durationNs);
    EXPECT_EQ(a.frame.refreshPeriodNs, b.frame.refreshPeriodNs);
    EXPECT_EQ(a.frame.flags, b.frame.flags);
    EXPECT_EQ(a.frame.stageNs, b.frame.stageNs);
  }
}

TEST(SessionFileTest, RoundTripThroughTheIndex) {
  const auto dir = test::scratchDir("session-roundtrip");
  WriterOptions o;
  o.blockBytes = 2048;
  o.indexInterval = 4;
  const auto written = writeSession(dir / "a.mxs", 3000, o);
  auto reader = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  const SessionReader& r = **reader;
  EXPECT_TRUE(r.recovery().cleanClose);
  EXPECT_TRUE(r.recovery().intact());
  EXPECT_EQ(r.header().device, "emulator-5554 (sdk_gphone64_x86_64, Android 14)");
  EXPECT_EQ(r.header().app, "com.example.app");
  EXPECT_EQ(r.header().agentVersion, "0.1.0");
  EXPECT_EQ(r.header().startTimeUnixMs, 1'700'000'000'123);
  EXPECT_EQ(r.header().startMonotonicNs, 5'000'000'000);
  EXPECT_EQ(r.header().refreshHz, 60);
  EXPECT_EQ(r.header().extras, (std::vector<std::pair<std::string, std::string>>{{"abi", "x86_64"}}));
  EXPECT_GT(r.blocks().size(), 10u);
  EXPECT_EQ(r.recordCount(), 3000u);
  const auto back = test::readAllRecords(r);
  ASSERT_EQ(back.size(), written.size());
  for (size_t i = 0; i < back.size(); ++i) expectSameRecord(back[i], written[i]);
}

// A recording that captured nothing is still closed cleanly: an empty index and the footer.
TEST(SessionFileTest, SessionWithoutRecordsIsClosedCleanly) {
  const auto dir = test::scratchDir("session-empty");
  {
    auto w = SessionWriter::create((dir / "e.mxs").string(), test::testSessionHeader());
    ASSERT_TRUE(w.ok()) << w.status().toString();
    ASSERT_TRUE((*w)->close().ok());
  }
  auto reader = SessionReader::open((dir / "e.mxs").string());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  EXPECT_TRUE((*reader)->recovery().intact());
  EXPECT_EQ((*reader)->recovery().notes, std::vector<std::string>{});
  EXPECT_EQ((*reader)->blocks().size(), 0u);
  EXPECT_EQ((*reader)->recordCount(), 0u);
  EXPECT_EQ((*reader)->header().app, "com.example.app");
}

TEST(SessionFileTest, WalkWithoutFooterFindsTheSameBlocks) {
  const auto dir = test::scratchDir("session-walk");
  WriterOptions o;
  o.blockBytes = 2048;
  o.indexInterval = 4;
  writeSession(dir / "a.mxs", 2000, o);
  auto clean = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(clean.ok());
  std::string bytes = test::fileBytes(dir / "a.mxs");
  bytes.resize(bytes.size() - kFooterSize);  // footer gone: a recording that was not closed
  test::writeBytes(dir / "b.mxs", bytes);
  auto walked = SessionReader::open((dir / "b.mxs").string());
  ASSERT_TRUE(walked.ok());
  EXPECT_FALSE((*walked)->recovery().cleanClose);
  EXPECT_TRUE((*walked)->recovery().intact());
  ASSERT_EQ((*walked)->blocks().size(), (*clean)->blocks().size());
  for (size_t i = 0; i < (*clean)->blocks().size(); ++i) {
    EXPECT_EQ((*walked)->blocks()[i].offset, (*clean)->blocks()[i].offset);
    EXPECT_EQ((*walked)->blocks()[i].records, (*clean)->blocks()[i].records);
  }
  EXPECT_EQ((*walked)->recordCount(), 2000u);
}

TEST(SessionFileTest, TornTailAtEveryByteOfTheLastBlock) {
  const auto dir = test::scratchDir("session-torn");
  WriterOptions o;
  o.blockBytes = 1024;
  const auto written = writeSession(dir / "a.mxs", 400, o);
  auto clean = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(clean.ok());
  const auto& blocks = (*clean)->blocks();
  ASSERT_GE(blocks.size(), 3u);
  const BlockInfo last = blocks.back();
  const uint64_t complete = 400 - last.records;  // records in the blocks before the last one
  const std::string bytes = test::fileBytes(dir / "a.mxs");
  // The last block's header + summary length, to know when its record count is readable.
  const uint32_t summaryLen = static_cast<uint32_t>(static_cast<uint8_t>(bytes[last.offset + 4])) |
                              static_cast<uint32_t>(static_cast<uint8_t>(bytes[last.offset + 5])) << 8;
  for (uint64_t cut = last.offset; cut < last.offset + last.length; ++cut) {
    SCOPED_TRACE(cut - last.offset);
    test::writeBytes(dir / "torn.mxs", std::string_view(bytes).substr(0, cut));
    auto torn = SessionReader::open((dir / "torn.mxs").string());
    ASSERT_TRUE(torn.ok()) << torn.status().toString();
    const SessionReader& r = **torn;
    EXPECT_FALSE(r.recovery().cleanClose);
    ASSERT_EQ(r.recordCount(), complete);
    EXPECT_EQ(r.recovery().tornBytes, cut - last.offset);
    if (cut - last.offset >= kBlockHeaderSize + summaryLen) {
      EXPECT_EQ(r.recovery().lostRecords, last.records);
      EXPECT_TRUE(r.recovery().lostRecordsExact);
    } else if (cut > last.offset) {
      EXPECT_FALSE(r.recovery().lostRecordsExact);
    }
    const auto back = test::readAllRecords(r);
    ASSERT_EQ(back.size(), complete);
    for (size_t i = 0; i < back.size(); i += 37) expectSameRecord(back[i], written[i]);
    expectSameRecord(back.back(), written[complete - 1]);
  }
}

TEST(SessionFileTest, CorruptMiddleBlockIsSkippedAndReported) {
  const auto dir = test::scratchDir("session-corrupt");
  WriterOptions o;
  o.blockBytes = 1024;
  writeSession(dir / "a.mxs", 400, o);
  auto clean = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(clean.ok());
  const BlockInfo victim = (*clean)->blocks()[1];
  std::string bytes = test::fileBytes(dir / "a.mxs");
  bytes[victim.offset + victim.length - 3] ^= 0x5A;  // inside its payload
  test::writeBytes(dir / "b.mxs", bytes);
  // With the footer the index is trusted; the damage shows when the block is read.
  auto indexed = SessionReader::open((dir / "b.mxs").string());
  ASSERT_TRUE(indexed.ok());
  auto block = (*indexed)->readBlock(1);
  ASSERT_FALSE(block.ok());
  EXPECT_EQ(block.status().offset(), victim.offset);
  EXPECT_NE(block.status().message().find("CRC"), std::string::npos);
  // Without it, the walk skips the block and keeps everything after it.
  bytes.resize(bytes.size() - kFooterSize);
  test::writeBytes(dir / "c.mxs", bytes);
  auto walked = SessionReader::open((dir / "c.mxs").string());
  ASSERT_TRUE(walked.ok());
  EXPECT_EQ((*walked)->recovery().corruptBytes, victim.length);
  EXPECT_EQ((*walked)->recovery().lostRecords, victim.records);
  EXPECT_EQ((*walked)->recordCount(), 400u - victim.records);
  EXPECT_EQ(test::readAllRecords(**walked).size(), 400u - victim.records);
}

TEST(SessionFileTest, UnknownRecordTypesAreSkipped) {
  const auto dir = test::scratchDir("session-forward");
  auto w = SessionWriter::create((dir / "a.mxs").string(), test::testSessionHeader());
  ASSERT_TRUE(w.ok());
  SessionRecord future;
  future.type = static_cast<RecordType>(42);  // what a newer writer might add
  future.timeNs = 1;
  future.text = "from the future";
  ASSERT_TRUE((*w)->appendMark(1, "before").ok());
  ASSERT_TRUE((*w)->append(future).ok());
  ASSERT_TRUE((*w)->appendMark(2, "after").ok());
  ASSERT_TRUE((*w)->close().ok());
  auto r = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(r.ok());
  uint64_t skipped = 0;
  auto records = (*r)->readBlock(0, &skipped);
  ASSERT_TRUE(records.ok());
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[1].text, "after");
  EXPECT_EQ(skipped, 1u);
  EXPECT_EQ((*r)->summarize().unknownRecords, 1u);
}

// Record type 200 stands for any type a newer writer adds: today's reader reads the file,
// skips the record and counts it, in the blocks and in the summary.
TEST(SessionFileTest, RecordType200IsSkippedAndCounted) {
  const auto dir = test::scratchDir("session-type200");
  auto w = SessionWriter::create((dir / "a.mxs").string(), test::testSessionHeader());
  ASSERT_TRUE(w.ok());
  SessionRecord future;
  future.type = static_cast<RecordType>(200);
  future.timeNs = 1'500;
  future.text = std::string(300, 'x');
  ASSERT_TRUE((*w)->appendMark(1'000, "before").ok());
  ASSERT_TRUE((*w)->append(future).ok());
  ASSERT_TRUE((*w)->appendMark(2'000, "after").ok());
  ASSERT_TRUE((*w)->close().ok());
  auto r = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(r.ok()) << r.status().toString();
  const auto all = test::readAllRecords(**r);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].text, "before");
  EXPECT_EQ(all[1].text, "after");
  EXPECT_EQ(all[1].timeNs, 2'000);  // the skipped record's time delta still counts
  EXPECT_EQ((*r)->summarize().unknownRecords, 1u);
  EXPECT_EQ((*r)->summarize().memorySamples, 0u);
  NullProgress progress;
  CancelToken cancel;
  auto data = loadSession(**r, progress, cancel);
  ASSERT_TRUE(data.ok()) << data.status().toString();
  EXPECT_EQ((*data)->unknownRecords, 1u);
  EXPECT_EQ((*data)->marks.size(), 2u);
}

TEST(SessionFileTest, NotASessionAndNewerVersionsAreClearErrors) {
  const auto dir = test::scratchDir("session-bad");
  test::writeBytes(dir / "x.mxs", "hello");
  auto r = SessionReader::open((dir / "x.mxs").string());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("bad magic"), std::string::npos);
  std::string v3 = std::string(kFileMagic) + std::string("\x03\0\0\0\0\0\0\0", 8);
  test::writeBytes(dir / "v3.mxs", v3);
  r = SessionReader::open((dir / "v3.mxs").string());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "session format version 3 is not supported (this mxi reads version 2)");
  EXPECT_EQ(r.status().offset(), 8u);
  EXPECT_EQ(SessionReader::open((dir / "missing.mxs").string()).status().code(), StatusCode::kNotFound);
}

TEST(SessionFileTest, SummaryFromBlockHeadersMatchesTheFrames) {
  const auto dir = test::scratchDir("session-summary");
  WriterOptions o;
  o.blockBytes = 4096;
  const auto written = writeSession(dir / "a.mxs", 5000, o);
  auto r = SessionReader::open((dir / "a.mxs").string());
  ASSERT_TRUE(r.ok());
  const SessionSummary s = (*r)->summarize();
  // Count by hand from what was written.
  std::map<std::string, std::vector<framestats::Frame>> byScene;
  std::string scene;
  uint64_t issues = 0, marks = 0, dumps = 0, scenes = 0, flagged = 0, frames = 0;
  for (const auto& rec : written) {
    switch (rec.type) {
      case RecordType::kScene:
        scene = rec.text;
        ++scenes;
        break;
      case RecordType::kFrame:
        byScene[scene].push_back(rec.frame);
        rec.frame.flags ? ++flagged : ++frames;
        break;
      case RecordType::kIssue: ++issues; break;
      case RecordType::kMark: ++marks; break;
      case RecordType::kHeapDump: ++dumps; break;
      default: break;
    }
  }
  EXPECT_EQ(s.records, 5000u);
  EXPECT_EQ(s.frames, frames);
  EXPECT_EQ(s.flaggedFrames, flagged);
  EXPECT_EQ(s.issues, issues);
  EXPECT_EQ(s.marks, marks);
  EXPECT_EQ(s.heapDumps, dumps);
  EXPECT_EQ(s.sceneChanges, scenes);
  EXPECT_EQ(s.firstTimeNs, written.front().timeNs);
  ASSERT_EQ(s.scenes.size(), 3u);
  for (const auto& sc : s.scenes) {
    const framestats::FrameStats exact = framestats::computeFrameStats(byScene[sc.scene]);
    EXPECT_EQ(sc.frames, exact.frames) << sc.scene;
    EXPECT_EQ(sc.levels, exact.levels);
    EXPECT_EQ(sc.droppedSum, exact.droppedSum);
    EXPECT_NEAR(sc.fps(), exact.fps, 1e-6);
    // Histogram percentiles are the upper bound of the 0.5 ms bucket holding the exact value.
    EXPECT_GE(sc.percentileMs(90), exact.p90Ms);
    EXPECT_LT(sc.percentileMs(90), exact.p90Ms + 0.5 + 1e-9);
  }
}

}  // namespace
}  // namespace mxi::core::session
