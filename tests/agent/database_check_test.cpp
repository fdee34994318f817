// The desktop halves of the record-time database check that need no phone: which SQLiteTime lines
// the follower takes (the app's, once each across restarts of its stream), which statements go to
// which copied database, and the session records a check becomes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/agentlink/database_check.h"
#include "core/agentlink/sqlite_time_log.h"

namespace mxi::core::agentlink {
namespace {

TEST(SqliteTimeFollowerTest, TakesTheAppsLinesOnceEachFromWhereItsStreamStarts) {
  SqliteTimeFollower follower("com.example.app", 1764374400);
  // Before the property was set: not this recording's.
  follower.takeLine(
      "1764374399.999 100 100 V SQLiteTime: /data/user/0/com.example.app/databases/a.db: \"SELECT 0\" took 1.000 ms");
  follower.takeLine(
      "1764374400.100 100 100 V SQLiteTime: /data/user/0/com.example.app/databases/a.db: \"SELECT 1\" took 1.000 ms");
  // Another app started after the property was set logs too.
  follower.takeLine(
      "1764374400.150 200 200 V SQLiteTime: /data/user/0/com.example.other/databases/a.db: \"SELECT 9\" took 1.000 "
      "ms");
  follower.takeLine(
      "1764374400.200 100 120 V SQLiteTime: /data/data/com.example.app/databases/b.db: \"SELECT 2\" took "
      "2.500 ms");
  // A restarted stream begins at the newest line's millisecond: that line again, and one new there.
  follower.takeLine(
      "1764374400.200 100 120 V SQLiteTime: /data/data/com.example.app/databases/b.db: \"SELECT 2\" took "
      "2.500 ms");
  follower.takeLine(
      "1764374400.200 100 100 V SQLiteTime: /data/data/com.example.app/databases/b.db: \"SELECT 3\" took "
      "0.100 ms");
  follower.takeLine("1764374400.300 100 100 I ActivityManager: com.example.app is not SQL");
  const auto got = follower.statements();
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].sql, "SELECT 1");
  EXPECT_EQ(got[0].source, "logcat:1");
  EXPECT_EQ(got[1].sql, "SELECT 2");
  EXPECT_EQ(got[1].database, "/data/data/com.example.app/databases/b.db");
  EXPECT_FALSE(*got[1].mainThread);
  EXPECT_DOUBLE_EQ(*got[1].durationMs, 2.5);
  EXPECT_EQ(got[2].sql, "SELECT 3");
  EXPECT_EQ(*got[2].timeMs, 1764374400200);
}

TEST(SqliteTimeSwitchTest, TheRestoreCommandQuotesTheValueForTheDeviceAndForTheUsersShell) {
  // An unset property comes back as an empty value, quoted twice: once for the phone's sh, once for the user's.
  SqliteTimeSwitch unset;
  EXPECT_EQ(unset.restoreShellCommand(), "setprop log.tag.SQLiteTime ''");
  EXPECT_EQ(unset.restoreAdbCommand("127.0.0.1:5555"),
            "adb -s 127.0.0.1:5555 shell 'setprop log.tag.SQLiteTime '\\'''\\'''");
}

TEST(DatabaseCheckTest, EachDatabaseGetsItsOwnStatementsAndThoseOfNoKnownDatabase) {
  std::vector<sqlitelint::LintStatement> all(4);
  all[0].sql = "SELECT a";
  all[0].database = "/data/user/0/p/databases/a.db";
  all[1].sql = "SELECT b";
  all[1].database = "/data/user/0/p/databases/b.db";
  all[2].sql = "SELECT unknown";
  all[3].sql = "SELECT aa";
  all[3].database = "/data/user/0/p/databases/aa.db";  // not a.db: the whole name counts
  const auto onA = statementsOn(all, "a.db");
  ASSERT_EQ(onA.size(), 2u);
  EXPECT_EQ(onA[0].sql, "SELECT a");
  EXPECT_EQ(onA[1].sql, "SELECT unknown");
}

TEST(DatabaseCheckTest, IssuesBecomeIssueRecordsAndWhatWasNotCheckedMarks) {
  DatabaseCheck check;
  sqlitelint::LintIssue issue;
  issue.id = "0123456789abcdef0123456789abcdef";
  issue.type = sqlitelint::IssueType::kAvoidAutoIncrement;
  issue.checker = sqlitelint::kAvoidAutoIncrementChecker;
  issue.table = "events";
  issue.dbPath = "/data/user/0/p/databases/a.db";
  issue.createTime = 1764374400000;
  check.issues.push_back(issue);
  check.notChecked.push_back({"b.db", "file is not a database"});
  const auto records = databaseCheckRecords(check, 5'000'000'000, 4242);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].type, session::RecordType::kIssue);
  EXPECT_EQ(records[0].timeNs, 5'000'000'000);
  const auto j = nlohmann::json::parse(records[0].text);
  EXPECT_EQ(j["tag"], "SQLiteLint");
  EXPECT_EQ(j["type"], 4);
  EXPECT_EQ(j["key"], issue.id);
  EXPECT_EQ(j["pid"], 4242);
  EXPECT_EQ(j["logTimeMs"], 1764374400000);
  EXPECT_EQ(j["truncated"], false);
  EXPECT_EQ(j["content"]["id"], issue.id);
  EXPECT_EQ(j["content"]["checker"], "AvoidAutoIncrementChecker");
  EXPECT_EQ(j["content"]["table"], "events");
  EXPECT_EQ(j["content"]["dbPath"], "/data/user/0/p/databases/a.db");
  EXPECT_EQ(records[1].type, session::RecordType::kMark);
  EXPECT_EQ(records[1].text, "SQLiteLint: not checked: b.db: file is not a database");
}

}  // namespace
}  // namespace mxi::core::agentlink
