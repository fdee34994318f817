// SqlRingTracker: successive `dumpsys dbinfo` rings of one connection become each operation once
// (overlap, a running operation sent when it finished, a full rollover said, prepare ops and
// dumpsys meminfo's PRAGMAs left out), and the printed local times placed on the epoch.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "device-agent/src/sql_ring_tracker.h"

namespace mxi::agent {
namespace {

namespace proto = core::protocol;

constexpr uint64_t kNow = 1635288627305;  // 2021-10-26 22:50:27.305 UTC

// A dump of pid 4242's one connection #0 of /d/a.db, ops given newest first.
std::string dump(const std::vector<std::string>& ops) {
  std::string s =
      "** Database info for pid 4242 [com.example] **\n\n"
      "Connection pool for /d/a.db:\n  Open: true\n  Max connections: 1\n  Available primary connection:\n"
      "    Connection #0:\n      isPrimaryConnection: true\n      onlyAllowReadOnlyOperations: false\n"
      "      Most recently executed operations:\n";
  for (size_t i = 0; i < ops.size(); ++i) s += "        " + std::to_string(i) + ": " + ops[i] + "\n";
  return s;
}

// "[2021-10-26 22:50:SS.000] execute took MSms - succeeded, sql=\"SQL\", path=/d/a.db"
std::string op(int second, const std::string& sql, int ms = 1, const std::string& kind = "execute") {
  char time[32];
  std::snprintf(time, sizeof time, "2021-10-26 22:50:%02d.000", second);
  return std::string("[") + time + "] " + kind + " took " + std::to_string(ms) + "ms - succeeded, sql=\"" + sql +
         "\", path=/d/a.db";
}

std::vector<std::string> sqlOf(const std::vector<proto::SqlOperations>& batches) {
  std::vector<std::string> out;
  for (const auto& b : batches) {
    for (const auto& o : b.operations) out.push_back(o.sql);
  }
  return out;
}

std::vector<proto::SqlOperations> update(SqlRingTracker& t, const std::vector<std::string>& ops) {
  return t.update(core::dbinfo::parseDbinfo(dump(ops)), kNow, 0);
}

TEST(SqlRingTracker, FirstDumpGivesTheRingOldestFirstWithoutPrepareOrMeminfoPragmas) {
  SqlRingTracker t;
  const auto batches = update(t, {op(4, "PRAGMA page_size;"), op(3, "SELECT 2", 7), op(2, "SELECT 2", 0, "prepare"),
                                  op(1, "PRAGMA page_count;"), op(0, "SELECT 1", 3, "executeForCursorWindow")});
  ASSERT_EQ(batches.size(), 1u);
  const proto::SqlOperations& b = batches[0];
  EXPECT_EQ(b.pid, 4242);
  EXPECT_EQ(b.process, "com.example");
  EXPECT_EQ(b.dbPath, "/d/a.db");
  EXPECT_EQ(b.connectionId, 0);
  EXPECT_FALSE(b.ringRolledOver);
  ASSERT_EQ(b.operations.size(), 2u);
  EXPECT_EQ(b.operations[0], (proto::SqlOperation{"2021-10-26 22:50:00.000", kNow - 27305, 0, "executeForCursorWindow",
                                                  3, "succeeded", "SELECT 1"}));
  EXPECT_EQ(b.operations[1].sql, "SELECT 2");
  EXPECT_EQ(b.operations[1].durationMs, 7);
  EXPECT_EQ(b.operations[1].wallClockMs, kNow - 24305);
}

TEST(SqlRingTracker, OverlappingDumpsGiveOnlyTheNewOperations) {
  SqlRingTracker t;
  update(t, {op(2, "C"), op(1, "B"), op(0, "A")});
  EXPECT_EQ(sqlOf(update(t, {op(2, "C"), op(1, "B"), op(0, "A")})), std::vector<std::string>{});
  // Two new ones on top; the ring holds three, so A fell out.
  EXPECT_EQ(sqlOf(update(t, {op(4, "E"), op(3, "D"), op(2, "C")})), (std::vector<std::string>{"D", "E"}));
  // The same statement again at the same second with the same duration is a new entry on top.
  EXPECT_EQ(sqlOf(update(t, {op(4, "E"), op(4, "E"), op(3, "D")})), (std::vector<std::string>{"E"}));
}

TEST(SqlRingTracker, ARunningOperationIsSentOnceFinished) {
  SqlRingTracker t;
  const std::string running =
      "[2021-10-26 22:50:05.000] executeForCursorWindow started 120ms ago - running, "
      "sql=\"SELECT slow\", path=/d/a.db";
  EXPECT_EQ(sqlOf(update(t, {running, op(1, "A")})), (std::vector<std::string>{"A"}));
  const auto finished = update(t, {op(6, "B"), op(5, "SELECT slow", 950, "executeForCursorWindow"), op(1, "A")});
  ASSERT_EQ(finished.size(), 1u);
  ASSERT_EQ(finished[0].operations.size(), 2u);
  EXPECT_EQ(finished[0].operations[0].sql, "SELECT slow");
  EXPECT_EQ(finished[0].operations[0].durationMs, 950);
  EXPECT_EQ(finished[0].operations[1].sql, "B");
  EXPECT_EQ(sqlOf(update(t, {op(6, "B"), op(5, "SELECT slow", 950, "executeForCursorWindow"), op(1, "A")})),
            std::vector<std::string>{});
}

TEST(SqlRingTracker, ARingThatRolledOverCompletelyIsSaid) {
  SqlRingTracker t;
  update(t, {op(1, "B"), op(0, "A")});
  const auto batches = update(t, {op(9, "Z"), op(8, "Y")});
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_TRUE(batches[0].ringRolledOver);
  EXPECT_EQ(sqlOf(batches), (std::vector<std::string>{"Y", "Z"}));
  // A shorter ring sharing nothing is a reopened connection, not a rollover.
  const auto reopened = update(t, {op(10, "N")});
  ASSERT_EQ(reopened.size(), 1u);
  EXPECT_FALSE(reopened[0].ringRolledOver);
}

TEST(SqlRingTracker, AnotherPidIsAnotherConnection) {
  SqlRingTracker t;
  update(t, {op(0, "A")});
  std::string restarted = dump({op(0, "A")});
  restarted.replace(restarted.find("4242"), 4, "4343");
  const auto batches = t.update(core::dbinfo::parseDbinfo(restarted), kNow, 0);
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_EQ(batches[0].pid, 4343);
  EXPECT_EQ(sqlOf(batches), std::vector<std::string>{"A"});
}

TEST(SqlRingTracker, TimesArePlacedWithTheLocalOffsetAndAYearWhenNoneIsPrinted) {
  core::dbinfo::DbinfoOperation o;
  o.year = 2021, o.month = 10, o.day = 26, o.hour = 22, o.minute = 50, o.second = 27, o.millisecond = 305;
  EXPECT_EQ(dbinfoTimeToWallMs(o, kNow, 0), kNow);
  EXPECT_EQ(dbinfoTimeToWallMs(o, kNow, 2 * 3600'000), kNow - 2 * 3600'000);  // printed in UTC+2
  o.year.reset();
  EXPECT_EQ(dbinfoTimeToWallMs(o, kNow, 0), kNow);
  // December's stamp read on 1 January is last year's.
  o.month = 12, o.day = 31;
  constexpr uint64_t kNewYear2022 = 1640995200000;                                   // 2022-01-01 00:00:00 UTC
  EXPECT_EQ(dbinfoTimeToWallMs(o, kNewYear2022 + 1000, 0), kNewYear2022 - 4172695);  // 22:50:27.305 the day before
  o.month = 0;
  EXPECT_EQ(dbinfoTimeToWallMs(o, kNow, 0), 0u);
}

}  // namespace
}  // namespace mxi::agent
