// `mxi session summary|export|info` on a session with one damaged block (a flipped byte): each
// reads around it, says what was lost (which block, its offset, how many records, which time
// span) in its text and in the JSON `recovery`, and exits 0 as for any recovered file.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/session/session_reader.h"
#include "tests/core/session/block_session.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

using nlohmann::json;

struct Damaged {
  std::string path;
  uint64_t offset = 0, length = 0;  // of block 2
};

// The five-block session with a byte of block 2 flipped (`at` from its header, or from its end
// when negative); the footer cut unless `keepFooter`.
Damaged damagedSession(const std::string& name, int64_t at, bool keepFooter) {
  const auto dir = test::scratchDir("session-damage-cli-" + name);
  test::writeBlockSession(dir / "intact.mxs");
  auto intact = core::session::SessionReader::open((dir / "intact.mxs").string());
  EXPECT_TRUE(intact.ok());
  const auto& victim = (*intact)->blocks().at(2);
  std::string bytes = test::fileBytes(dir / "intact.mxs");
  bytes[victim.offset + (at < 0 ? victim.length - static_cast<uint64_t>(-at) : static_cast<uint64_t>(at))] ^= 0x5A;
  if (!keepFooter) bytes.resize(bytes.size() - core::session::kFooterSize);
  test::writeBytes(dir / "damaged.mxs", bytes);
  return {(dir / "damaged.mxs").string(), victim.offset, victim.length};
}

std::string lostNote(const Damaged& d, const std::string& reason, const std::string& records) {
  return "block 2 at byte offset " + std::to_string(d.offset) + ": " + reason + "; " + records +
         " lost between 2.510 s and 4.000 s (" + std::to_string(d.length) + " bytes skipped)";
}

json expectedBlock2(const Damaged& d, const std::string& reason, const json& records) {
  return {{"index", 2},         {"offset", d.offset},      {"bytes", d.length},
          {"records", records}, {"fromNs", 7'510'000'000}, {"toNs", 9'000'000'000},
          {"reason", reason}};
}

TEST(SessionDamageCliTest, SummaryReadsAroundAPayloadFlipBehindACleanFooter) {
  const Damaged d = damagedSession("summary", -3, true);
  const test::ProgramRun text = test::runMxi({"session", "summary", d.path});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  // The figures come from the index, which still holds block 2's summary; its records are lost.
  EXPECT_EQ(text.out.substr(0, text.out.find('\n')),
            "com.example.app on test-device: 4.5 s, 50 frames (+0 flagged), 0 issues, 0 ANRs, 5 marks, 0 heap dumps");
  const std::string tail = text.out.substr(text.out.find("marks:\n"));
  EXPECT_EQ(tail,
            "marks:\n"
            "  at 0.000 s: block 0\n"
            "  at 1.000 s: block 1\n"
            "  at 3.000 s: block 3\n"
            "  at 4.000 s: block 4\n"
            "closed cleanly: yes\n"
            "damage: 0 torn byte(s) at the end, " +
                std::to_string(d.length) +
                " corrupt byte(s) skipped, 12 record(s) lost\n"
                "  " +
                lostNote(d, "payload CRC mismatch", "12 records") + "\n");

  const test::ProgramRun js = test::runMxi({"session", "summary", d.path, "--format", "json"});
  ASSERT_EQ(js.exitCode, 0) << js.err;
  const json j = json::parse(js.out);
  EXPECT_EQ(j["intact"], false);
  const json& r = j["recovery"];
  EXPECT_EQ(r["cleanClose"], true);
  EXPECT_EQ(r["intact"], false);
  EXPECT_EQ(r["tornBytes"], 0);
  EXPECT_EQ(r["corruptBytes"], d.length);
  EXPECT_EQ(r["lostRecords"], 12);
  EXPECT_EQ(r["lostRecordsExact"], true);
  EXPECT_EQ(r["damagedBlocks"], json::array({expectedBlock2(d, "payload CRC mismatch", 12)}));
  EXPECT_EQ(r["notes"], json::array({lostNote(d, "payload CRC mismatch", "12 records")}));
}

TEST(SessionDamageCliTest, ExportAndInfoNameTheBlock) {
  const Damaged d = damagedSession("export", -3, true);
  const test::ProgramRun exported = test::runMxi({"session", "export", d.path, "--to", "json", "-q"});
  ASSERT_EQ(exported.exitCode, 0) << exported.err;
  EXPECT_EQ(exported.err, "mxi: " + d.path + ": " + lostNote(d, "payload CRC mismatch", "12 records") + "\n");
  const json j = json::parse(exported.out);
  EXPECT_EQ(j["recovery"]["damagedBlocks"], json::array({expectedBlock2(d, "payload CRC mismatch", 12)}));
  EXPECT_EQ(j["marks"].size(), 4u);

  // `session info` checks every payload, so it names the block without decoding records.
  const test::ProgramRun info = test::runMxi({"session", "info", d.path, "--format", "json"});
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_EQ(json::parse(info.out)["recovery"]["damagedBlocks"],
            json::array({expectedBlock2(d, "payload CRC mismatch", 12)}));
}

// A flipped length field in a file without footer: the walk resyncs on the next block; the
// record count went with the header.
TEST(SessionDamageCliTest, LengthFlipWithoutFooter) {
  const Damaged d = damagedSession("length", 9, false);
  const test::ProgramRun info = test::runMxi({"session", "info", d.path});
  ASSERT_EQ(info.exitCode, 0) << info.err;
  const std::string tail = info.out.substr(info.out.find("closed cleanly:"));
  EXPECT_EQ(tail,
            "closed cleanly: no\n"
            "damage: 0 torn byte(s) at the end, " +
                std::to_string(d.length) +
                " corrupt byte(s) skipped, 0 record(s) lost or more\n"
                "  " +
                lostNote(d, "header damaged", "an unknown number of records") +
                "\n"
                "  no footer: the session was not closed (recording still running or interrupted)\n");
  const test::ProgramRun js = test::runMxi({"session", "summary", d.path, "--format", "json"});
  ASSERT_EQ(js.exitCode, 0) << js.err;
  const json j = json::parse(js.out);
  EXPECT_EQ(j["frames"], 40);
  EXPECT_EQ(j["recovery"]["damagedBlocks"], json::array({expectedBlock2(d, "header damaged", nullptr)}));
  EXPECT_EQ(j["recovery"]["lostRecordsExact"], false);
}

}  // namespace
}  // namespace mxi
