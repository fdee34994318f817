// One damaged block in the middle of a session: every reader of records reads around it (the
// blocks before and after are kept) and the recovery report names it — which block, its offset,
// how many records and which time span were lost — behind a clean footer (found when the block
// is read) and without one (found by the walk).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/base/progress.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"
#include "tests/core/session/block_session.h"
#include "tests/support/test_paths.h"

namespace mxi::core::session {
namespace {

using test::blockSessionMarkNs;

struct DamagedFile {
  std::string path;
  BlockInfo victim;  // as the intact file's index lists it
};

// Writes the five-block session, flips a byte of block `k` (`at` from its header, or from its end
// when negative) and, unless `keepFooter`, cuts the footer so that opening walks the blocks.
DamagedFile damagedSession(const std::string& name, size_t k, int64_t at, bool keepFooter) {
  const auto dir = test::scratchDir("session-damage-" + name);
  test::writeBlockSession(dir / "intact.mxs");
  auto intact = SessionReader::open((dir / "intact.mxs").string());
  EXPECT_TRUE(intact.ok());
  EXPECT_EQ((*intact)->blocks().size(), test::kBlockSessionBlocks);
  DamagedFile f{(dir / "damaged.mxs").string(), (*intact)->blocks()[k]};
  std::string bytes = test::fileBytes(dir / "intact.mxs");
  bytes[f.victim.offset + (at < 0 ? f.victim.length - static_cast<uint64_t>(-at) : static_cast<uint64_t>(at))] ^= 0x5A;
  if (!keepFooter) bytes.resize(bytes.size() - kFooterSize);
  test::writeBytes(f.path, bytes);
  return f;
}

std::vector<std::string> marksOf(const std::vector<SessionRecord>& records) {
  std::vector<std::string> out;
  for (const auto& r : records) {
    if (r.type == RecordType::kMark) out.push_back(r.text);
  }
  return out;
}

// The report of block 2 lost (12 records, between block 1's last frame end and block 3's mark).
void expectBlock2Lost(const RecoveryReport& r, const BlockInfo& victim, const std::string& reason, bool countKnown) {
  ASSERT_EQ(r.damagedBlocks.size(), 1u);
  const DamagedBlock& d = r.damagedBlocks[0];
  EXPECT_EQ(d.index, 2u);
  EXPECT_EQ(d.offset, victim.offset);
  EXPECT_EQ(d.bytes, victim.length);
  EXPECT_EQ(d.records, countKnown ? std::optional<uint64_t>(12) : std::nullopt);
  EXPECT_EQ(d.fromNs, blockSessionMarkNs(1) + 510'000'000);
  EXPECT_EQ(d.toNs, blockSessionMarkNs(3));
  EXPECT_EQ(d.reason, reason);
  EXPECT_FALSE(r.intact());
  EXPECT_EQ(r.tornBytes, 0u);
  EXPECT_EQ(r.corruptBytes, victim.length);
  EXPECT_EQ(r.lostRecords, countKnown ? 12u : 0u);
  EXPECT_EQ(r.lostRecordsExact, countKnown);
  const std::string note = "block 2 at byte offset " + std::to_string(victim.offset) + ": " + reason + "; " +
                           (countKnown ? "12 records" : "an unknown number of records") +
                           " lost between 2.510 s and 4.000 s (" + std::to_string(victim.length) + " bytes skipped)";
  EXPECT_NE(std::find(r.notes.begin(), r.notes.end(), note), r.notes.end()) << ::testing::PrintToString(r.notes);
}

// Everything but block 2, with block 3's frames in the scene block 2 changed to.
void expectLoadedAroundBlock2(const SessionReader& reader) {
  NullProgress progress;
  auto data = loadSession(reader, progress, CancelToken());
  ASSERT_TRUE(data.ok()) << data.status().toString();
  EXPECT_EQ((*data)->frames.size(), 40u);
  std::vector<std::string> marks;
  for (const auto& m : (*data)->marks) marks.push_back(m.text);
  EXPECT_EQ(marks, (std::vector<std::string>{"block 0", "block 1", "block 3", "block 4"}));
  ASSERT_EQ((*data)->frames.size(), 40u);
  EXPECT_EQ((*data)->scenes[(*data)->frames[19].scene], "com.example.First");
  EXPECT_EQ((*data)->frames[20].frame.startNs, blockSessionMarkNs(3) + 50'000'000);
  EXPECT_EQ((*data)->scenes[(*data)->frames[20].scene], "com.example.Second");
  EXPECT_EQ((*data)->recovery.damagedBlocks.size(), 1u);
}

TEST(SessionDamageTest, FlippedPayloadByteBehindACleanFooter) {
  const DamagedFile g = damagedSession("payload-indexed", 2, -3, true);  // inside the payload
  auto reader = SessionReader::open(g.path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  EXPECT_TRUE((*reader)->recovery().intact());  // the index is trusted: no payload read yet
  EXPECT_EQ((*reader)->blocks().size(), 5u);
  const auto records = test::readAllRecords(**reader);
  EXPECT_EQ(records.size(), 57u - 12u);
  EXPECT_EQ(marksOf(records), (std::vector<std::string>{"block 0", "block 1", "block 3", "block 4"}));
  expectBlock2Lost((*reader)->recovery(), g.victim, "payload CRC mismatch", true);
  EXPECT_TRUE((*reader)->recovery().cleanClose);
  // Read again: still one damaged block.
  auto marks = (*reader)->recordsOfType(RecordType::kMark);
  ASSERT_TRUE(marks.ok());
  EXPECT_EQ(marksOf(*marks), (std::vector<std::string>{"block 0", "block 1", "block 3", "block 4"}));
  expectBlock2Lost((*reader)->recovery(), g.victim, "payload CRC mismatch", true);
  // A fresh reader: loading reads around it; checking the payloads alone names it too.
  auto loading = SessionReader::open(g.path);
  ASSERT_TRUE(loading.ok());
  expectLoadedAroundBlock2(**loading);
  expectBlock2Lost((*loading)->recovery(), g.victim, "payload CRC mismatch", true);
  auto checking = SessionReader::open(g.path);
  ASSERT_TRUE(checking.ok());
  (*checking)->checkPayloads();
  expectBlock2Lost((*checking)->recovery(), g.victim, "payload CRC mismatch", true);
}

TEST(SessionDamageTest, FlippedPayloadByteWithoutAFooter) {
  const DamagedFile g = damagedSession("payload-walked", 2, -3, false);
  auto reader = SessionReader::open(g.path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_FALSE((*reader)->recovery().cleanClose);
  EXPECT_EQ((*reader)->blocks().size(), 4u);
  EXPECT_EQ((*reader)->recordCount(), 45u);
  expectBlock2Lost((*reader)->recovery(), g.victim, "payload CRC mismatch", true);
  EXPECT_EQ((*reader)->recovery().notes.back(),
            "no footer: the session was not closed (recording still running or interrupted)");
  EXPECT_EQ(marksOf(test::readAllRecords(**reader)),
            (std::vector<std::string>{"block 0", "block 1", "block 3", "block 4"}));
  expectLoadedAroundBlock2(**reader);
}

// A damaged length field: the header's lengths cannot be trusted, so the walk finds the next
// block by its magic and CRCs; behind a clean footer the index's length gives it away.
TEST(SessionDamageTest, FlippedLengthFieldByteAtEveryPosition) {
  for (int64_t at = 4; at < 12; ++at) {  // summaryLen, payloadLen
    SCOPED_TRACE(at);
    const DamagedFile walked = damagedSession("length-walked", 2, at, false);
    auto w = SessionReader::open(walked.path);
    ASSERT_TRUE(w.ok()) << w.status().toString();
    EXPECT_EQ((*w)->recordCount(), 45u);
    expectBlock2Lost((*w)->recovery(), walked.victim, "header damaged", false);
    expectLoadedAroundBlock2(**w);

    const DamagedFile indexed = damagedSession("length-indexed", 2, at, true);
    auto i = SessionReader::open(indexed.path);
    ASSERT_TRUE(i.ok()) << i.status().toString();
    EXPECT_TRUE((*i)->recovery().cleanClose);
    expectLoadedAroundBlock2(**i);
    expectBlock2Lost((*i)->recovery(), indexed.victim, "header does not match the index", true);
  }
}

// The first block: nothing kept before it, so the span is open at its start.
TEST(SessionDamageTest, DamagedFirstBlock) {
  const DamagedFile f = damagedSession("first", 0, -3, false);
  auto reader = SessionReader::open(f.path);
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  const RecoveryReport r = (*reader)->recovery();
  ASSERT_EQ(r.damagedBlocks.size(), 1u);
  EXPECT_EQ(r.damagedBlocks[0].index, 0u);
  EXPECT_EQ(r.damagedBlocks[0].fromNs, std::nullopt);
  EXPECT_EQ(r.damagedBlocks[0].toNs, blockSessionMarkNs(1));
  EXPECT_EQ(r.notes[0], "block 0 at byte offset " + std::to_string(f.victim.offset) +
                            ": payload CRC mismatch; 12 records lost before 2.000 s (" +
                            std::to_string(f.victim.length) + " bytes skipped)");
  EXPECT_EQ((*reader)->recordCount(), 45u);
}

// A damaged middle and a torn tail in one file: both are reported, the damage first.
TEST(SessionDamageTest, DamagedBlockAndTornTail) {
  const auto dir = test::scratchDir("session-damage-torn");
  test::writeBlockSession(dir / "intact.mxs");
  auto intact = SessionReader::open((dir / "intact.mxs").string());
  ASSERT_TRUE(intact.ok());
  const BlockInfo victim = (*intact)->blocks()[1];
  const BlockInfo last = (*intact)->blocks()[4];
  std::string bytes = test::fileBytes(dir / "intact.mxs");
  bytes[victim.offset + victim.length - 3] ^= 0x5A;
  bytes.resize(last.offset + 10);  // inside the last block's header
  test::writeBytes(dir / "damaged.mxs", bytes);
  auto reader = SessionReader::open((dir / "damaged.mxs").string());
  ASSERT_TRUE(reader.ok()) << reader.status().toString();
  EXPECT_EQ((*reader)->recordCount(), 12u + 12u + 11u);
  const RecoveryReport r = (*reader)->recovery();
  ASSERT_EQ(r.damagedBlocks.size(), 1u);
  EXPECT_EQ(r.damagedBlocks[0].index, 1u);
  EXPECT_EQ(r.damagedBlocks[0].records, 11u);
  EXPECT_EQ(r.tornBytes, 10u);
  EXPECT_EQ(r.corruptBytes, victim.length);
  EXPECT_EQ(r.lostRecords, 11u);
  EXPECT_FALSE(r.lostRecordsExact);  // the torn block's header went with the cut
  EXPECT_EQ(r.notes,
            (std::vector<std::string>{
                "block 1 at byte offset " + std::to_string(victim.offset) +
                    ": payload CRC mismatch; 11 records lost between 1.510 s and 3.000 s (" +
                    std::to_string(victim.length) + " bytes skipped)",
                "torn tail: 10 bytes at offset " + std::to_string(last.offset) + " are not a complete block"}));
}

}  // namespace
}  // namespace mxi::core::session
