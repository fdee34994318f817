// The .mxs format: round trip, index fast path vs block walk, torn tails at every byte offset,
// corrupt blocks, forward compatibility, summaries.
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

SessionHeader testHeader() {
  SessionHeader h;
  h.device = "emulator-5554 (sdk_gphone64_x86_64, Android 14)";
  h.app = "com.example.app";
  h.agentVersion = "0.1.0";
  h.startTimeUnixMs = 1'700'000'000'123;
  h.startMonotonicNs = 5'000'000'000;
  h.refreshHz = 60;
  h.extras = {{"abi", "x86_64"}};
  return h;
}

// N mixed records; returns them as written.
std::vector<SessionRecord> writeSession(const std::filesystem::path& path, size_t n, const WriterOptions& options) {
  auto w = SessionWriter::create(path.string(), testHeader(), options);
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

std::vector<SessionRecord> readAll(const SessionReader& r) {
  std::vector<SessionRecord> out;
  const Status s = r.forEachRecord([&](const SessionRecord& rec) {
    out.push_back(rec);
    return true;
  });
  EXPECT_TRUE(s.ok()) << s.toString();
  return out;
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
  const auto back = readAll(r);
  ASSERT_EQ(back.size(), written.size());
  for (size_t i = 0; i < back.size(); ++i) expectSameRecord(back[i], written[i]);
}

// A recording that captured nothing is still closed cleanly: an empty index and the footer.
TEST(SessionFileTest, SessionWithoutRecordsIsClosedCleanly) {
  const auto dir = test::scratchDir("session-empty");
  {
    auto w = SessionWriter::create((dir / "e.mxs").string(), testHeader());
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
    const auto back = readAll(r);
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
  EXPECT_EQ(readAll(**walked).size(), 400u - victim.records);
}

TEST(SessionFileTest, UnknownRecordTypesAreSkipped) {
  const auto dir = test::scratchDir("session-forward");
  auto w = SessionWriter::create((dir / "a.mxs").string(), testHeader());
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
  auto w = SessionWriter::create((dir / "a.mxs").string(), testHeader());
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
  const auto all = readAll(**r);
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

MemorySample memorySample(int64_t timeNs, int64_t java, uint32_t marks = 0) {
  MemorySample m;
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
  auto w = SessionWriter::create((dir / "m.mxs").string(), testHeader(), o);
  ASSERT_TRUE(w.ok());
  std::vector<MemorySample> written;
  for (int i = 0; i < 100; ++i) {
    written.push_back(memorySample(5'000'000'000 + i * 1'000'000'000LL, 10'000 + i * 64,
                                   i == 7 ? kMemoryMarkGcForced | kMemoryMarkLeakFound : 0));
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
  auto w = SessionWriter::create((dir / "q.mxs").string(), testHeader());
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
  EXPECT_EQ(old.varint(), 2u);  // later slots: memory, SQL
  EXPECT_EQ(old.varint(), 5u);
  EXPECT_EQ(old.varint(), 7u);
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
  auto w = SessionWriter::create((dir / "g.mxs").string(), testHeader());
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

TEST(SessionSpanTest, RecordsOnAnotherClockAreReportedNotAddedToTheLength) {
  // 20 s of frames from 1000 s on the device's clock; the issues and the ANR stamped on another
  // clock, near 8000 s (what the demo phone wrote before it shared one clock), a mark in between.
  constexpr int64_t kS = 1'000'000'000;
  const auto dir = test::scratchDir("session-span");
  auto w = SessionWriter::create((dir / "two-clocks.mxs").string(), testHeader());
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
  std::vector<MemorySample> samples(4);
  const int64_t java[] = {100, 400, 300, 700};  // times 0, 1, 2, 3 min: slope Σdt·dv / Σdt² = 850 / 5 = 170 kB/min
  for (size_t i = 0; i < samples.size(); ++i) {
    samples[i].timeNs = 7 * kMin + static_cast<int64_t>(i) * kMin;
    samples[i].javaHeapKb = java[i];
    samples[i].totalPssKb = i == 2 ? -1 : 1000;  // one sample without a total
  }
  samples[1].marks = kMemoryMarkGcForced | kMemoryMarkLeakFound;
  const MemorySummary m = summarizeMemory(samples);
  EXPECT_EQ(m.samples, 4u);
  EXPECT_EQ(m.firstTimeNs, 7 * kMin);
  EXPECT_EQ(m.lastTimeNs, 10 * kMin);
  EXPECT_EQ(m.gcForced, 1u);
  EXPECT_EQ(m.heapDumps, 0u);
  EXPECT_EQ(m.leaks, 1u);
  ASSERT_EQ(m.categories.size(), 2u);
  const MemoryCategoryStats* j = m.find(MemoryCategory::kJava);
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->samples, 4u);
  EXPECT_EQ(j->startKb, 100);
  EXPECT_EQ(j->peakKb, 700);
  EXPECT_EQ(j->peakTimeNs, 10 * kMin);
  EXPECT_EQ(j->endKb, 700);
  EXPECT_DOUBLE_EQ(j->growthKbPerMin, 170.0);
  const MemoryCategoryStats* pss = m.find(MemoryCategory::kTotalPss);
  ASSERT_NE(pss, nullptr);
  EXPECT_EQ(pss->samples, 3u);
  EXPECT_EQ(pss->growthKbPerMin, 0.0);
  EXPECT_EQ(m.peakPssKb, 1000);
  EXPECT_EQ(m.find(MemoryCategory::kNative), nullptr);
  EXPECT_EQ(summarizeMemory({}).samples, 0u);
  EXPECT_EQ(summarizeMemory({}).peakPssKb, -1);
  // One point, or every point at one time: no slope.
  const std::pair<int64_t, int64_t> one[] = {{5, 10}};
  EXPECT_EQ(growthKbPerMinute(one), 0.0);
  const std::pair<int64_t, int64_t> same[] = {{5, 10}, {5, 20}};
  EXPECT_EQ(growthKbPerMinute(same), 0.0);
  EXPECT_EQ(describeMemoryMarks(kMemoryMarkGcForced | kMemoryMarkHeapDumped | kMemoryMarkLeakFound),
            "GC forced, dump taken, leak found");
  EXPECT_EQ(memoryFieldName(MemoryCategory::kPrivateOther), "privateOtherKb");
  EXPECT_EQ(memoryCategoryKey(MemoryCategory::kTotalSwap), "totalSwap");
}

}  // namespace
}  // namespace mxi::core::session
