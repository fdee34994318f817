// The .mxs typed records: memory samples, SQL operations, frame gaps and startup runs round trip,
// are counted in the block summaries, stay readable for readers that predate them, and are clear
// errors when malformed.
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

meminfo::MemorySample memorySample(int64_t timeNs, int64_t java, uint32_t marks = 0) {
  meminfo::MemorySample m;
  m.timeNs = timeNs;
  m.pid = 4321;
  m.javaHeapKb = java;
  m.nativeHeapKb = 20'480;
  m.codeKb = 9'000;
  m.stackKb = 120;
  m.graphicsKb = 3'100;
  m.privateOtherKb = 700;
  m.systemKb = 11'000;
  m.totalPssKb = java + 20'480 + 9'000 + 120 + 3'100 + 700 + 11'000;
  m.totalRssKb = 98'000;
  m.totalSwapKb = -1;  // not given
  m.marks = marks;
  return m;
}

TEST(SessionFileTest, MemorySamplesRoundTripAndAreCounted) {
  const auto dir = test::scratchDir("session-memory");
  WriterOptions o;
  o.blockBytes = 1024;  // several blocks, the later ones with memory only
  auto w = SessionWriter::create((dir / "m.mxs").string(), test::testSessionHeader(), o);
  ASSERT_TRUE(w.ok());
  std::vector<meminfo::MemorySample> written;
  for (int i = 0; i < 100; ++i) {
    written.push_back(memorySample(5'000'000'000 + i * 1'000'000'000LL, 10'000 + i * 64,
                                   i == 7 ? meminfo::kMemoryMarkGcForced | meminfo::kMemoryMarkLeakFound : 0));
    if (i == 3) written.back().systemKb = -1;  // a layout without that category
    ASSERT_TRUE((*w)->appendMemory(written.back()).ok());
    if (i < 5) {
      ASSERT_TRUE((*w)->appendFrame(test::syntheticFrame(5'000'000'000 + i * 16'666'667LL, 9'000'000)).ok());
    }
  }
  ASSERT_TRUE((*w)->close().ok());
  auto r = SessionReader::open((dir / "m.mxs").string());
  ASSERT_TRUE(r.ok()) << r.status().toString();
  ASSERT_GT((*r)->blocks().size(), 3u);
  const SessionSummary s = (*r)->summarize();
  EXPECT_EQ(s.memorySamples, 100u);
  EXPECT_EQ(s.unknownRecords, 0u);
  EXPECT_EQ(s.frames, 5u);
  // Memory samples share the frames' clock: 99 s of an idle app's timeline are not "another clock".
  EXPECT_EQ(s.firstTimeNs, 5'000'000'000);
  EXPECT_EQ(s.lastTimeNs, 104'000'000'000);
  EXPECT_EQ(s.offClockNs, 0);
  auto records = (*r)->recordsOfType(RecordType::kMemory);
  ASSERT_TRUE(records.ok());
  ASSERT_EQ(records->size(), 100u);
  for (size_t i = 0; i < 100; ++i) {
    EXPECT_EQ((*records)[i].memory, written[i]) << i;
    EXPECT_EQ((*records)[i].timeNs, written[i].timeNs);
  }
  EXPECT_EQ(recordTypeName(RecordType::kMemory), "memory");
  NullProgress progress;
  CancelToken cancel;
  auto data = loadSession(**r, progress, cancel);
  ASSERT_TRUE(data.ok()) << data.status().toString();
  EXPECT_EQ((*data)->memory, written);
  EXPECT_EQ((*data)->unknownRecords, 0u);
  EXPECT_EQ((*data)->lastTimeNs, 104'000'000'000);
  EXPECT_EQ((*data)->offClockNs, 0);
}

// What a reader built before kMemory sees in a block summary: the first eight slots (memory
// counted in slot 0, unknown), then — for a block without frames — an inverted placeholder span
// that its min/max merge and judgeSessionSpan ignore.
TEST(SessionFileTest, BlockSummariesStayReadableForReadersBeforeMemory) {
  BlockSummary b;
  b.firstTimeNs = 100;
  b.lastTimeNs = 900;
  b.recordsByType[static_cast<size_t>(RecordType::kMark)] = 2;
  b.recordsByType[static_cast<size_t>(RecordType::kMemory)] = 5;
  std::string bytes;
  b.encode(bytes);
  ByteReader old(bytes);
  EXPECT_EQ(old.svarint(), 100);
  EXPECT_EQ(old.svarint(), 900);
  std::array<uint64_t, 8> slots{};
  for (uint64_t& n : slots) n = old.varint();
  EXPECT_EQ(slots[0], 5u);  // unknown to that reader: it skips the records too
  EXPECT_EQ(slots[static_cast<size_t>(RecordType::kMark)], 2u);
  EXPECT_EQ(old.str(), "");
  EXPECT_EQ(old.varint(), 0u);  // scenes
  const int64_t first = old.svarint(), last = old.svarint();
  EXPECT_GT(first, last);
  EXPECT_EQ(judgeSessionSpan({100, 900}, std::make_pair(first, last)).offClockNs, 0);
  auto decoded = BlockSummary::decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.status().toString();
  EXPECT_FALSE(decoded->hasFrameSpan);
  EXPECT_EQ(decoded->recordsByType, b.recordsByType);
  EXPECT_FALSE(BlockSummary::decode(bytes.substr(0, bytes.size() - 1)).ok());
  // With frames the real span is kept; without memory nothing is appended (the old layout).
  b.hasFrameSpan = true;
  b.framesFirstNs = 200;
  b.framesLastNs = 300;
  bytes.clear();
  b.encode(bytes);
  decoded = BlockSummary::decode(bytes);
  ASSERT_TRUE(decoded.ok());
  EXPECT_TRUE(decoded->hasFrameSpan);
  EXPECT_EQ(decoded->framesFirstNs, 200);
  EXPECT_EQ(decoded->recordsByType, b.recordsByType);
  b.recordsByType[static_cast<size_t>(RecordType::kMemory)] = 0;
  std::string plain;
  b.encode(plain);
  EXPECT_LT(plain.size(), bytes.size());
}

SqlOperation sqlOperation(int64_t timeNs, std::string sql, int64_t durationMs) {
  SqlOperation q;
  q.timeNs = timeNs;
  q.pid = 4242;
  q.process = "com.example.mxi.demo";
  q.dbPath = "/data/user/0/com.example.mxi.demo/databases/demo.db";
  q.connectionId = 0;
  q.timeText = "2026-11-29 00:50:27.305";
  q.wallClockMs = 1'795'913'427'305;
  q.kind = "executeForCursorWindow";
  q.durationMs = durationMs;
  q.status = "succeeded";
  q.sql = std::move(sql);
  return q;
}

TEST(SessionFileTest, SqlOperationsRoundTripAndAreCounted) {
  const auto dir = test::scratchDir("session-sql");
  auto w = SessionWriter::create((dir / "q.mxs").string(), test::testSessionHeader());
  ASSERT_TRUE(w.ok());
  std::vector<SqlOperation> written = {sqlOperation(5'000'000'000, "SELECT * FROM t WHERE a = 1", 12),
                                       sqlOperation(6'000'000'000, "INSERT INTO t VALUES (\"x\")", -1)};
  written[1].connectionId = -1;  // a ring printed without its connection header
  written[1].wallClockMs = 0;    // a time the agent could not place
  for (const SqlOperation& q : written) {
    SessionRecord r;
    r.type = RecordType::kSqlOperation;
    r.timeNs = q.timeNs;
    r.sql = q;
    ASSERT_TRUE((*w)->append(r).ok());
  }
  ASSERT_TRUE((*w)->appendMark(7'000'000'000, "after").ok());
  ASSERT_TRUE((*w)->close().ok());
  auto r = SessionReader::open((dir / "q.mxs").string());
  ASSERT_TRUE(r.ok()) << r.status().toString();
  const SessionSummary s = (*r)->summarize();
  EXPECT_EQ(s.sqlOperations, 2u);
  EXPECT_EQ(s.marks, 1u);
  EXPECT_EQ(s.unknownRecords, 0u);
  auto records = (*r)->recordsOfType(RecordType::kSqlOperation);
  ASSERT_TRUE(records.ok());
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].sql, written[0]);
  EXPECT_EQ((*records)[1].sql, written[1]);
  EXPECT_EQ(recordTypeName(RecordType::kSqlOperation), "sqlOperation");
  NullProgress progress;
  CancelToken cancel;
  auto data = loadSession(**r, progress, cancel);
  ASSERT_TRUE(data.ok()) << data.status().toString();
  EXPECT_EQ((*data)->sqlOperations, written);
}

// `mxi startup -o`'s runs: record type 10, each run's JSON kept as written, counted in the block
// summaries and loaded in record order.
TEST(SessionFileTest, StartupRunsRoundTripAndAreCounted) {
  const auto dir = test::scratchDir("session-startup");
  auto w = SessionWriter::create((dir / "s.mxs").string(), test::testSessionHeader());
  ASSERT_TRUE(w.ok());
  const std::vector<std::string> runs = {R"({"index":0,"counted":false,"launchState":"COLD","totalTimeMs":912})",
                                         R"({"index":1,"counted":true,"launchState":"COLD","totalTimeMs":845})"};
  for (size_t i = 0; i < runs.size(); ++i) {
    ASSERT_TRUE(
        (*w)->append(textRecord(RecordType::kStartupRun, static_cast<int64_t>(i) * 2'000'000'000, runs[i])).ok());
  }
  ASSERT_TRUE((*w)->close().ok());
  auto r = SessionReader::open((dir / "s.mxs").string());
  ASSERT_TRUE(r.ok()) << r.status().toString();
  const SessionSummary s = (*r)->summarize();
  EXPECT_EQ(s.startupRuns, 2u);
  EXPECT_EQ(s.unknownRecords, 0u);
  EXPECT_EQ(recordTypeName(RecordType::kStartupRun), "startupRun");
  NullProgress progress;
  CancelToken cancel;
  auto data = loadSession(**r, progress, cancel);
  ASSERT_TRUE(data.ok()) << data.status().toString();
  ASSERT_EQ((*data)->startupRuns.size(), 2u);
  EXPECT_EQ((*data)->startupRuns[0].text, runs[0]);
  EXPECT_EQ((*data)->startupRuns[1].text, runs[1]);
  EXPECT_EQ((*data)->startupRuns[1].timeNs, 2'000'000'000);
}

// A reader built before kSqlOperation (it knows slots up to kMemory) reads the later counts as
// "count, memory, sql": it takes memory's and leaves the SQL operations counted as unknown, which
// is what it does with their records (RecordType200IsSkippedAndCounted).
TEST(SessionFileTest, BlockSummariesStayReadableForReadersBeforeSqlOperations) {
  BlockSummary b;
  b.recordsByType[static_cast<size_t>(RecordType::kMemory)] = 5;
  b.recordsByType[static_cast<size_t>(RecordType::kSqlOperation)] = 7;
  std::string bytes;
  b.encode(bytes);
  ByteReader old(bytes);
  old.svarint();
  old.svarint();
  EXPECT_EQ(old.varint(), 12u);  // slot 0 for readers before kMemory: both unknown
  for (int i = 1; i < 8; ++i) EXPECT_EQ(old.varint(), 0u);
  EXPECT_EQ(old.str(), "");
  EXPECT_EQ(old.varint(), 0u);  // scenes
  old.svarint();                // the placeholder span
  old.svarint();
  EXPECT_EQ(old.varint(), 3u);  // later slots: memory, SQL, startup runs
  EXPECT_EQ(old.varint(), 5u);
  EXPECT_EQ(old.varint(), 7u);
  EXPECT_EQ(old.varint(), 0u);
  auto decoded = BlockSummary::decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.status().toString();
  EXPECT_EQ(decoded->recordsByType, b.recordsByType);
  EXPECT_EQ(decoded->recordsByType[0], 0u);
}

// A hostile or damaged SQL record: a duration below -1 reads as "not printed", a body cut short
// is an error naming the record.
TEST(SessionFileTest, MalformedSqlOperationRecordsAreClearErrors) {
  SessionRecord r;
  r.type = RecordType::kSqlOperation;
  r.timeNs = 10;
  r.sql = sqlOperation(10, "SELECT 1", -7);
  std::string payload;
  int64_t previous = 0;
  encodeRecord(r, previous, payload);
  std::vector<SessionRecord> out;
  uint64_t skipped = 0;
  ASSERT_TRUE(decodeRecords(payload, out, skipped).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].sql.durationMs, -1);
  // Cut the body's last byte (the SQL's) and fix the record's length prefix to match.
  std::string cut = payload.substr(0, payload.size() - 1);
  cut[1] = static_cast<char>(cut[1] - 1);
  out.clear();
  const Status s = decodeRecords(cut, out, skipped);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("malformed sqlOperation record"), std::string::npos) << s.toString();
}

// A hostile or damaged memory record: values below -1 read as "not given", the pid is clamped,
// a body cut short is an error naming the record.
TEST(SessionFileTest, MalformedMemoryRecordsAreClearErrors) {
  std::string payload;
  int64_t previous = 0;
  SessionRecord r;
  r.type = RecordType::kMemory;
  r.timeNs = 50;
  r.memory = memorySample(50, 1'000);
  r.memory.codeKb = -77;
  r.memory.pid = -5;
  encodeRecord(r, previous, payload);
  std::vector<SessionRecord> out;
  uint64_t skipped = 0;
  ASSERT_TRUE(decodeRecords(payload, out, skipped).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].memory.codeKb, -1);
  EXPECT_EQ(out[0].memory.pid, -5);
  EXPECT_EQ(out[0].memory.timeNs, 50);
  // Cut the body short but keep the framing valid: type, length, then fewer bytes.
  std::string cut;
  ByteWriter cw(cut);
  cw.u8(static_cast<uint8_t>(RecordType::kMemory));
  std::string body;
  ByteWriter bw(body);
  bw.svarint(50);
  bw.svarint(4321);
  bw.svarint(1'000);
  cw.str(body);
  out.clear();
  const Status s = decodeRecords(cut, out, skipped);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "malformed memory record");
  EXPECT_EQ(s.offset(), 0u);
}

TEST(SessionFileTest, FrameGapsRoundTripAndAWildSpanSaturates) {
  const auto dir = test::scratchDir("session-gaps");
  auto w = SessionWriter::create((dir / "g.mxs").string(), test::testSessionHeader());
  ASSERT_TRUE(w.ok());
  SessionRecord gap;
  gap.type = RecordType::kFrameGap;
  gap.timeNs = 5'000'000'000;
  gap.gapNs = 1'200'000'000;
  gap.gapFrames = 71;
  gap.text = "com.example.Main";
  ASSERT_TRUE((*w)->appendMark(4'000'000'000, "before").ok());
  ASSERT_TRUE((*w)->append(gap).ok());
  // What a hostile device could send: an end past the clock's range (found by fuzz_live_record).
  SessionRecord wild = gap;
  wild.timeNs = INT64_MAX - 10;
  wild.gapNs = INT64_MAX / 2;
  EXPECT_EQ(recordEndNs(wild), INT64_MAX);
  ASSERT_TRUE((*w)->append(wild).ok());
  ASSERT_TRUE((*w)->close().ok());
  auto r = SessionReader::open((dir / "g.mxs").string());
  ASSERT_TRUE(r.ok()) << r.status().toString();
  EXPECT_EQ((*r)->summarize().frameGaps, 2u);
  EXPECT_EQ((*r)->summarize().unknownRecords, 0u);
  auto gaps = (*r)->recordsOfType(RecordType::kFrameGap);
  ASSERT_TRUE(gaps.ok());
  ASSERT_EQ(gaps->size(), 2u);
  EXPECT_EQ((*gaps)[0].timeNs, 5'000'000'000);
  EXPECT_EQ((*gaps)[0].gapNs, 1'200'000'000);
  EXPECT_EQ((*gaps)[0].gapFrames, 71u);
  EXPECT_EQ((*gaps)[0].text, "com.example.Main");
  EXPECT_EQ(recordEndNs((*gaps)[0]), 6'200'000'000);
}

}  // namespace
}  // namespace mxi::core::session
