// core/dbinfo/dbinfo_text: every capture of ../shared/reference/fixtures/dbinfo (Android 7, Android 11,
// SDK 36, two WCDB negatives) operation by operation; layouts written here from AOSP's format
// strings (Android 8-10, Samsung, several processes and pools, a '"' inside SQL); cut captures.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/dbinfo/dbinfo_text.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::dbinfo {
namespace {

DbinfoReport parseFixture(const std::filesystem::path& path) { return parseDbinfo(test::readText(path)); }

std::vector<std::string> kindsOf(const DbinfoConnection& c) {
  std::vector<std::string> out;
  for (const DbinfoOperation& op : c.operations) out.push_back(op.kind);
  return out;
}

std::vector<int64_t> durationsOf(const DbinfoConnection& c) {
  std::vector<int64_t> out;
  for (const DbinfoOperation& op : c.operations) out.push_back(op.durationMs.value_or(-1));
  return out;
}

std::vector<std::string> sqlOf(const DbinfoConnection& c) {
  std::vector<std::string> out;
  for (const DbinfoOperation& op : c.operations) out.push_back(op.sql.value_or("<absent>"));
  return out;
}

std::vector<uint64_t> problemLines(const DbinfoReport& r) {
  std::vector<uint64_t> out;
  for (const ParseProblem& p : r.problems) out.push_back(p.line);
  return out;
}

std::string problemText(const DbinfoReport& r) {
  std::string out;
  for (const ParseProblem& p : r.problems) out += std::to_string(p.line) + ": " + p.message + "\n";
  return out;
}

// Android 7 (MIUI): full header, one pool, a 15-entry ring without path=, empty sections.
TEST(DbinfoTest, Android7RingWithoutPath) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_android7_miui_mms_2017.txt");
  const DbinfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty()) << problemText(r);
  ASSERT_EQ(r.processes.size(), 1u);
  const DbinfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 11635);
  EXPECT_EQ(p.process, "com.android.mms");
  EXPECT_TRUE(p.files.empty());
  ASSERT_EQ(p.pools.size(), 1u);
  const DbinfoPool& pool = p.pools[0];
  EXPECT_EQ(pool.path, "/data/user/0/com.android.mms/databases/cache.db");
  EXPECT_EQ(pool.open, true);
  EXPECT_EQ(pool.maxConnections, 1);
  EXPECT_EQ(pool.totalExecutionTimeMs, std::nullopt);
  EXPECT_EQ(pool.configuration, std::nullopt);
  ASSERT_EQ(pool.connections.size(), 1u);
  const DbinfoConnection& c = pool.connections[0];
  EXPECT_EQ(c.id, 0);
  EXPECT_EQ(c.primary, true);
  EXPECT_EQ(c.readOnly, true);
  ASSERT_EQ(c.operations.size(), 15u);
  EXPECT_EQ(kindsOf(c),
            (std::vector<std::string>{"executeForCursorWindow", "prepare", "executeForLong", "prepare",
                                      "executeForString", "execute", "executeForLong", "executeForLong",
                                      "executeForLong", "executeForLong", "executeForString", "executeForString",
                                      "executeForString", "executeForLong", "executeForLong"}));
  EXPECT_EQ(durationsOf(c), (std::vector<int64_t>{1, 0, 1, 0, 1, 3, 0, 0, 0, 0, 0, 0, 1, 0, 1}));
  EXPECT_EQ(sqlOf(c), (std::vector<std::string>{
                          "SELECT action_id, action, timestamp FROM ad_cache",
                          "SELECT action_id, action, timestamp FROM ad_cache",
                          "PRAGMA user_version;",
                          "PRAGMA user_version;",
                          "SELECT locale FROM android_metadata UNION SELECT NULL ORDER BY locale DESC LIMIT 1",
                          "CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)",
                          "PRAGMA wal_autocheckpoint=100",
                          "PRAGMA wal_autocheckpoint",
                          "PRAGMA journal_size_limit=524288",
                          "PRAGMA journal_size_limit",
                          "PRAGMA synchronous",
                          "PRAGMA journal_mode=PERSIST",
                          "PRAGMA journal_mode",
                          "PRAGMA foreign_keys",
                          "PRAGMA page_size",
                      }));
  for (size_t i = 0; i < c.operations.size(); ++i) {
    const DbinfoOperation& op = c.operations[i];
    EXPECT_EQ(op.index, i);
    EXPECT_EQ(op.status, "succeeded");
    EXPECT_EQ(op.path, std::nullopt) << i;
    EXPECT_EQ(op.result, std::nullopt) << i;
    EXPECT_EQ(op.year, 2017);
    EXPECT_FALSE(op.meminfoOwn) << i;  // SQLiteOpenHelper's "PRAGMA page_size" has no ';'
    EXPECT_EQ(op.line, 13 + i);
  }
  const DbinfoOperation& first = c.operations[0];
  EXPECT_EQ(first.timeText, "2017-12-25 10:37:27.000");
  EXPECT_EQ((std::vector<int32_t>{first.month, first.day, first.hour, first.minute, first.second, first.millisecond}),
            (std::vector<int32_t>{12, 25, 10, 37, 27, 0}));
  EXPECT_EQ(c.operations[14].timeText, "2017-12-25 10:37:26.993");
  EXPECT_EQ(c.operations[14].millisecond, 993);
}

// Android 11 excerpt (no process header): Total execution time, Configuration, path=, one file row.
TEST(DbinfoTest, Android11ExcerptWithPathsAndFiles) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_android11_pixel2_settings_2021_excerpt.txt");
  const DbinfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty()) << problemText(r);
  ASSERT_EQ(r.processes.size(), 1u);
  const DbinfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, std::nullopt);
  EXPECT_EQ(p.process, std::nullopt);
  ASSERT_EQ(p.pools.size(), 1u);
  const std::string db = "/data/user_de/0/com.android.settings/databases/homepage_cards.db";
  const DbinfoPool& pool = p.pools[0];
  EXPECT_EQ(pool.path, db);
  EXPECT_EQ(pool.open, true);
  EXPECT_EQ(pool.maxConnections, 1);
  EXPECT_EQ(pool.totalExecutionTimeMs, 36);
  EXPECT_EQ(pool.configuration, "openFlags=268435456, isLegacyCompatibilityWalEnabled=false, journalMode=, syncMode=");
  ASSERT_EQ(pool.connections.size(), 1u);
  const DbinfoConnection& c = pool.connections[0];
  EXPECT_EQ(c.primary, true);
  EXPECT_EQ(c.readOnly, false);
  EXPECT_EQ(kindsOf(c), (std::vector<std::string>{"execute", "executeForLastInsertedRowId", "prepare"}));
  EXPECT_EQ(durationsOf(c), (std::vector<int64_t>{15, 0, 0}));
  const std::string insert =
      "INSERT INTO cards(package_name,app_version,slice_uri,name,type,category,score) VALUES (?,?,?,?,?,?,?)";
  EXPECT_EQ(sqlOf(c), (std::vector<std::string>{"COMMIT;", insert, insert}));
  for (const DbinfoOperation& op : c.operations) {
    EXPECT_EQ(op.path, db);
    EXPECT_EQ(op.result, std::nullopt);
    EXPECT_EQ(op.year, 2021);
  }
  EXPECT_EQ(c.operations[0].timeText, "2021-10-26 22:50:27.305");
  ASSERT_EQ(p.files.size(), 1u);
  EXPECT_EQ(p.files[0].directory, "/data/user_de/0/com.android.settings/databases");
  EXPECT_EQ(p.files[0].name, "battery_settings.db");
  EXPECT_EQ(p.files[0].bytes, 28672);
}

// SDK 36: no year, a TRANSACTION-IMMEDIATE without sql= but with result=, meminfo's PRAGMA temp.page_size;.
TEST(DbinfoTest, Sdk36Reconstructed) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_sdk36_settings_reconstructed.txt");
  const DbinfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty()) << problemText(r);
  ASSERT_EQ(r.processes.size(), 1u);
  EXPECT_EQ(r.processes[0].pid, 3603);
  EXPECT_EQ(r.processes[0].process, "com.android.settings");
  ASSERT_EQ(r.processes[0].pools.size(), 1u);
  const DbinfoPool& pool = r.processes[0].pools[0];
  const std::string db = "/data/user_de/0/com.android.settings/databases/battery-usage-db-v11";
  EXPECT_EQ(pool.path, db);
  EXPECT_EQ(pool.open, std::nullopt);
  EXPECT_EQ(pool.maxConnections, std::nullopt);
  ASSERT_EQ(pool.connections.size(), 1u);  // the ring without its "Connection #N:" header
  const DbinfoConnection& c = pool.connections[0];
  EXPECT_EQ(c.id, std::nullopt);
  EXPECT_EQ(c.primary, std::nullopt);
  ASSERT_EQ(c.operations.size(), 2u);
  const DbinfoOperation& pragma = c.operations[0];
  EXPECT_EQ(pragma.index, 0u);
  EXPECT_EQ(pragma.timeText, "06-10 09:21:34.320");
  EXPECT_EQ(pragma.year, std::nullopt);
  EXPECT_EQ(
      (std::vector<int32_t>{pragma.month, pragma.day, pragma.hour, pragma.minute, pragma.second, pragma.millisecond}),
      (std::vector<int32_t>{6, 10, 9, 21, 34, 320}));
  EXPECT_EQ(pragma.kind, "executeForLong");
  EXPECT_EQ(pragma.durationMs, 0);
  EXPECT_EQ(pragma.status, "succeeded");
  EXPECT_EQ(pragma.sql, "PRAGMA temp.page_size;");
  EXPECT_TRUE(pragma.meminfoOwn);  // collectDbStats on the attached "temp" database
  EXPECT_EQ(pragma.path, db);
  EXPECT_EQ(pragma.result, std::nullopt);
  const DbinfoOperation& transaction = c.operations[1];
  EXPECT_EQ(transaction.index, 9u);
  EXPECT_EQ(transaction.kind, "TRANSACTION-IMMEDIATE");
  EXPECT_EQ(transaction.durationMs, 4);
  EXPECT_EQ(transaction.status, "succeeded");
  EXPECT_EQ(transaction.sql, std::nullopt);
  EXPECT_FALSE(transaction.meminfoOwn);
  EXPECT_EQ(transaction.path, db);
  EXPECT_EQ(transaction.result, "1");
  EXPECT_EQ(transaction.line, 5u);
}

// The perfetto comment as written (lines wrapped for reading, "..." elisions): the pool header is
// broken, so every line after the process header is reported and no pool is made up.
TEST(DbinfoTest, Sdk36WrappedCommentIsReported) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/aosp_sdk36_perfetto_comment_verbatim.txt");
  const DbinfoReport r = parseFixture(path);
  EXPECT_EQ(problemLines(r), (std::vector<uint64_t>{2, 3, 4, 5, 6, 7, 8, 9})) << problemText(r);
  EXPECT_EQ(r.problems[0].message, "pool header without its final ':' (cut or wrapped line?)");
  EXPECT_EQ(r.problems[1].message,
            "\"battery-usage-db-v11:\" outside a \"Connection pool for\" block (an excerpt cut at its start?)");
  ASSERT_EQ(r.processes.size(), 1u);
  EXPECT_EQ(r.processes[0].pid, 3603);
  EXPECT_TRUE(r.processes[0].pools.empty());
}

// WCDB's pool excerpt, cut before its "Connection pool for": every line is reported, nothing kept.
TEST(DbinfoTest, WcdbIssue308IsForeign) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/foreign_wcdb_issue308_pool_excerpt.txt");
  const DbinfoReport r = parseFixture(path);
  std::vector<uint64_t> all;
  for (uint64_t line = 1; line <= 16; ++line) all.push_back(line);
  EXPECT_EQ(problemLines(r), all) << problemText(r);
  EXPECT_EQ(r.problems[0].message,
            "\"Open: true\" outside a \"Connection pool for\" block (an excerpt cut at its start?)");
  EXPECT_EQ(r.problems[10].message,
            "operation with tid= or bindArgs= outside a pool: Tencent WCDB's dump (foreign format)");
  EXPECT_EQ(r.problems[15].message, r.problems[10].message);
  EXPECT_TRUE(r.processes.empty());
  // The same ops inside a pool are still refused, for their WCDB-only fields.
  const DbinfoReport inPool = parseDbinfo("Connection pool for /x.db:\n" + test::readText(path));
  ASSERT_EQ(inPool.processes.size(), 1u);
  ASSERT_EQ(inPool.processes[0].pools.size(), 1u);
  ASSERT_EQ(inPool.processes[0].pools[0].connections.size(), 1u);
  EXPECT_TRUE(inPool.processes[0].pools[0].connections[0].operations.empty());
  EXPECT_EQ(problemLines(inPool), (std::vector<uint64_t>{12, 13, 14, 15, 16, 17})) << problemText(inPool);
  EXPECT_EQ(inPool.problems[0].message,
            "operation 0: \", tid=\" after the SQL: Tencent WCDB's dump, not the framework's (foreign format)");
}

// WCDB's acquired connection: the pool is read, its lastAcquire* lines and com.tencent.wcdb frames are reported.
TEST(DbinfoTest, WcdbIssue129IsForeign) {
  MXI_REQUIRE_FIXTURE(path, "dbinfo/foreign_wcdb_issue129_acquired_pool_excerpt.txt");
  const DbinfoReport r = parseFixture(path);
  std::vector<uint64_t> want;
  for (uint64_t line = 13; line <= 22; ++line) want.push_back(line);
  EXPECT_EQ(problemLines(r), want) << problemText(r);
  EXPECT_EQ(r.problems[0].message, "\"lastAcquireTid:\" is Tencent WCDB's, not the framework's (foreign format)");
  EXPECT_EQ(r.problems[2].message, "stack frame of WCDB's lastAcquireStackTrace (foreign format)");
  ASSERT_EQ(r.processes.size(), 1u);
  ASSERT_EQ(r.processes[0].pools.size(), 1u);
  const DbinfoPool& pool = r.processes[0].pools[0];
  EXPECT_EQ(pool.path, "/storage/emulated/0/Android/data/com.aaa.bbb/files/xxx/xxx.db");
  ASSERT_EQ(pool.connections.size(), 1u);
  EXPECT_EQ(pool.connections[0].id, 0);
  EXPECT_EQ(pool.connections[0].primary, true);
  EXPECT_TRUE(pool.connections[0].operations.empty());
}

// Every fixture cut at several byte offsets: what came before the cut is kept exactly, and a cut
// inside a line is reported.
TEST(DbinfoTest, CutCapturesKeepWhatCameBefore) {
  for (const char* name :
       {"dbinfo/aosp_android7_miui_mms_2017.txt", "dbinfo/aosp_android11_pixel2_settings_2021_excerpt.txt",
        "dbinfo/aosp_sdk36_settings_reconstructed.txt"}) {
    MXI_REQUIRE_FIXTURE(path, name);
    const std::string text = test::readText(path);
    const DbinfoReport whole = parseDbinfo(text);
    for (size_t cut : {text.size() / 5, text.size() / 3, text.size() / 2, text.size() * 2 / 3, text.size() - 20}) {
      while (text[cut - 1] == '\n') ++cut;  // a cut inside a line
      const std::string head = text.substr(0, cut);
      const DbinfoReport r = parseDbinfo(head);
      SCOPED_TRACE(std::string(name) + " cut at " + std::to_string(cut));
      ASSERT_FALSE(r.problems.empty());
      const uint64_t lastLine = static_cast<uint64_t>(std::count(head.begin(), head.end(), '\n')) + 1;
      EXPECT_EQ(r.problems.back().line, lastLine);
      EXPECT_EQ(r.problems.back().message,
                "the text ends inside this line (no final newline): the capture may be cut here");
      // Every op on a complete line before the cut is the whole capture's op.
      size_t kept = 0;
      for (size_t p = 0; p < r.processes.size(); ++p) {
        for (size_t q = 0; q < r.processes[p].pools.size(); ++q) {
          for (size_t c = 0; c < r.processes[p].pools[q].connections.size(); ++c) {
            for (size_t o = 0; o < r.processes[p].pools[q].connections[c].operations.size(); ++o) {
              const DbinfoOperation& got = r.processes[p].pools[q].connections[c].operations[o];
              if (got.line == lastLine) continue;
              const DbinfoOperation& want = whole.processes[p].pools[q].connections[c].operations[o];
              EXPECT_EQ(got.sql, want.sql);
              EXPECT_EQ(got.path, want.path);
              EXPECT_EQ(got.durationMs, want.durationMs);
              ++kept;
            }
          }
        }
      }
      size_t before = 0;  // ops of the whole capture on lines before the cut line
      for (const auto& p : whole.processes) {
        for (const auto& q : p.pools) {
          for (const auto& c : q.connections) {
            for (const auto& op : c.operations) before += op.line < lastLine ? 1 : 0;
          }
        }
      }
      EXPECT_EQ(kept, before);
    }
  }
}

// A cut inside an op's SQL: the op is reported, not kept with half its SQL.
TEST(DbinfoTest, CutInsideSqlIsReported) {
  const DbinfoReport r = parseDbinfo(
      "Connection pool for /data/user/0/a/databases/a.db:\n"
      "  Available primary connection:\n"
      "    Connection #0:\n"
      "      Most recently executed operations:\n"
      "        0: [2019-03-01 10:00:00.001] execute took 2ms - succeeded, sql=\"COMMIT;\", "
      "path=/data/user/0/a/databases/a.db\n"
      "        1: [2019-03-01 10:00:00.000] executeForCursorWindow took 2ms - succeeded, sql=\"SELECT * FROM t WHERE");
  ASSERT_EQ(r.problems.size(), 2u) << problemText(r);
  EXPECT_EQ(r.problems[0].line, 6u);
  EXPECT_EQ(r.problems[0].message, "operation 1: sql=\"…\" is not closed by '\"' (cut?)");
  EXPECT_EQ(r.problems[1].line, 6u);
  ASSERT_EQ(r.processes[0].pools[0].connections[0].operations.size(), 1u);
  EXPECT_EQ(r.processes[0].pools[0].connections[0].operations[0].sql, "COMMIT;");
}

// Android 8-10 from AOSP's format strings (Operation.describe with ", path=", SQLiteConnectionPool.dump,
// SQLiteDebug's header): two processes, two pools, primary and non-primary connections, a running op,
// a failed op with its exception, a '"' inside SQL, meminfo's own statements.
TEST(DbinfoTest, Android8To10SeveralProcessesAndPools) {
  const std::string text = R"X(Applications Database Info:

** Database info for pid 4242 [com.example.notes] **

Connection pool for /data/user/0/com.example.notes/databases/notes.db:
  Open: true
  Max connections: 4
  Available primary connection:
    Connection #0:
      isPrimaryConnection: true
      onlyAllowReadOnlyOperations: false
      Most recently executed operations:
        0: [2019-05-02 08:15:01.120] executeForLong took 0ms - succeeded, sql="PRAGMA page_count;", path=/data/user/0/com.example.notes/databases/notes.db
        1: [2019-05-02 08:15:01.119] executeForCursorWindow took 1ms - succeeded, sql="PRAGMA database_list;", path=/data/user/0/com.example.notes/databases/notes.db
        2: [2019-05-02 08:15:00.900] executeForChangedRowCount took 12ms - succeeded, sql="UPDATE notes SET title="say "hi"", path=x WHERE id=?", path=/data/user/0/com.example.notes/databases/notes.db
        3: [2019-05-02 08:15:00.850] execute took 3ms - failed, sql="INSERT INTO notes(id) VALUES (1)", path=/data/user/0/com.example.notes/databases/notes.db, exception="UNIQUE constraint failed: notes.id (code 1555 SQLITE_CONSTRAINT_PRIMARYKEY)"
  Available non-primary connections:
    Connection #1:
      isPrimaryConnection: false
      onlyAllowReadOnlyOperations: true
      Most recently executed operations:
        0: [2019-05-02 08:15:02.000] executeForCursorWindow started 250ms ago - running, sql="SELECT * FROM notes ORDER BY modified DESC", path=/data/user/0/com.example.notes/databases/notes.db
  Acquired connections:
    <none>
  Connection waiters:
    0: waited for 0.25 ms - thread=Thread[main,5,main], priority=0, sql='SELECT 1'

Connection pool for /data/user/0/com.example.notes/databases/cache.db:
  Open: false
  Max connections: 1
  Available primary connection:
    <none>
  Available non-primary connections:
    <none>
  Acquired connections:
    <none>
  Connection waiters:
    <none>

** Database info for pid 4300 [com.example.notes:sync] **

Connection pool for /data/user/0/com.example.notes/databases/notes.db:
  Open: true
  Max connections: 1
  Available primary connection:
    Connection #0:
      isPrimaryConnection: true
      onlyAllowReadOnlyOperations: false
      Most recently executed operations:
        <none>
)X";
  const DbinfoReport r = parseDbinfo(text);
  EXPECT_TRUE(r.problems.empty()) << problemText(r);
  ASSERT_EQ(r.processes.size(), 2u);
  const DbinfoProcess& notes = r.processes[0];
  EXPECT_EQ(notes.pid, 4242);
  EXPECT_EQ(notes.process, "com.example.notes");
  ASSERT_EQ(notes.pools.size(), 2u);
  const std::string db = "/data/user/0/com.example.notes/databases/notes.db";
  ASSERT_EQ(notes.pools[0].connections.size(), 2u);
  const DbinfoConnection& primary = notes.pools[0].connections[0];
  EXPECT_EQ(primary.primary, true);
  EXPECT_EQ(kindsOf(primary), (std::vector<std::string>{"executeForLong", "executeForCursorWindow",
                                                        "executeForChangedRowCount", "execute"}));
  EXPECT_EQ(sqlOf(primary), (std::vector<std::string>{"PRAGMA page_count;", "PRAGMA database_list;",
                                                      "UPDATE notes SET title=\"say \"hi\"\", path=x WHERE id=?",
                                                      "INSERT INTO notes(id) VALUES (1)"}));
  EXPECT_TRUE(primary.operations[0].meminfoOwn);
  EXPECT_TRUE(primary.operations[1].meminfoOwn);
  EXPECT_FALSE(primary.operations[2].meminfoOwn);
  for (const DbinfoOperation& op : primary.operations) EXPECT_EQ(op.path, db);
  EXPECT_EQ(primary.operations[3].status, "failed");
  EXPECT_EQ(primary.operations[3].exception,
            "UNIQUE constraint failed: notes.id (code 1555 SQLITE_CONSTRAINT_PRIMARYKEY)");
  const DbinfoConnection& reader = notes.pools[0].connections[1];
  EXPECT_EQ(reader.id, 1);
  EXPECT_EQ(reader.primary, false);
  EXPECT_EQ(reader.readOnly, true);
  ASSERT_EQ(reader.operations.size(), 1u);
  EXPECT_EQ(reader.operations[0].status, "running");
  EXPECT_EQ(reader.operations[0].durationMs, std::nullopt);
  EXPECT_EQ(reader.operations[0].sql, "SELECT * FROM notes ORDER BY modified DESC");
  EXPECT_EQ(notes.pools[1].path, "/data/user/0/com.example.notes/databases/cache.db");
  EXPECT_EQ(notes.pools[1].open, false);
  EXPECT_TRUE(notes.pools[1].connections.empty());
  const DbinfoProcess& sync = r.processes[1];
  EXPECT_EQ(sync.pid, 4300);
  EXPECT_EQ(sync.process, "com.example.notes:sync");
  ASSERT_EQ(sync.pools.size(), 1u);
  ASSERT_EQ(sync.pools[0].connections.size(), 1u);
  EXPECT_TRUE(sync.pools[0].connections[0].operations.empty());
}

// Samsung: "[Pid:(N)]" before the kind, "Attached db:" / "Secure db:" pool lines, a ring of 30;
// SDK 36's "null … running" placeholder is skipped.
TEST(DbinfoTest, SamsungVariantAndPlaceholders) {
  std::string text =
      "** Database info for pid 7001 [com.sec.android.app.launcher] **\n"
      "Connection pool for /data/user/0/com.sec.android.app.launcher/databases/launcher.db:\n"
      "  Open: true\n"
      "  Max connections: 1\n"
      "  Attached db: 2\n"
      "  Secure db: false\n"
      "  Available primary connection:\n"
      "    Connection #0:\n"
      "      isPrimaryConnection: true\n"
      "      onlyAllowReadOnlyOperations: false\n"
      "      Most recently executed operations:\n";
  for (int i = 0; i < 30; ++i) {
    text += "        " + std::to_string(i) + ": [2022-07-0" + std::to_string(1 + i % 9) +
            " 12:00:00.000] [Pid:(7001)]executeForCursorWindow took " + std::to_string(i) +
            "ms - succeeded, sql=\"SELECT _id FROM favorites WHERE screen=" + std::to_string(i) +
            "\", path=/data/user/0/com.sec.android.app.launcher/databases/launcher.db\n";
  }
  text += "        30: [01-01 00:00:00.000] null started 5ms ago - running\n";
  const DbinfoReport r = parseDbinfo(text);
  EXPECT_TRUE(r.problems.empty()) << problemText(r);
  ASSERT_EQ(r.processes.size(), 1u);
  const DbinfoPool& pool = r.processes[0].pools[0];
  EXPECT_EQ(pool.samsungLines, (std::vector<std::string>{"Attached db: 2", "Secure db: false"}));
  const DbinfoConnection& c = pool.connections[0];
  ASSERT_EQ(c.operations.size(), 30u);
  EXPECT_EQ(c.operations[29].index, 29u);
  EXPECT_EQ(c.operations[29].kind, "executeForCursorWindow");
  EXPECT_EQ(c.operations[29].durationMs, 29);
  EXPECT_EQ(c.operations[29].sql, "SELECT _id FROM favorites WHERE screen=29");
  EXPECT_EQ(c.operations[29].day, 3);
}

// The verbose dump (`dumpsys dbinfo -v`: connectionPtr, the prepared statement cache), an acquired
// connection's Status line, "took N ms" with a space, a string result and an op without any field.
TEST(DbinfoTest, VerboseDumpAndRareFields) {
  const DbinfoReport r = parseDbinfo(
      "Connection pool for :memory::\n"
      "  Open: true\n"
      "  Max connections: 1\n"
      "  Available primary connection:\n"
      "    <none>\n"
      "  Available non-primary connections:\n"
      "    <none>\n"
      "  Acquired connections:\n"
      "    Connection #0:\n"
      "      connectionPtr: 0x7b2c4e1010\n"
      "      isPrimaryConnection: true\n"
      "      onlyAllowReadOnlyOperations: false\n"
      "      Most recently executed operations:\n"
      "        0: [2023-02-03 04:05:06.007] executeForString took 12 ms - succeeded, sql=\"PRAGMA journal_mode\", "
      "path=:memory:, result=\"memory\"\n"
      "        1: [2023-02-03 04:05:06.000] prepare took 1ms - succeeded\n"
      "      Prepared statement cache:\n"
      "        0: statementPtr=0x7b2c4e2020, numParameters=0, type=4, readOnly=true, sql=\"PRAGMA journal_mode\"\n"
      "      Status: NORMAL\n"
      "  Connection waiters:\n"
      "    <none>\n");
  EXPECT_TRUE(r.problems.empty()) << problemText(r);
  ASSERT_EQ(r.processes.size(), 1u);
  const DbinfoPool& pool = r.processes[0].pools[0];
  EXPECT_EQ(pool.path, ":memory:");
  ASSERT_EQ(pool.connections.size(), 1u);
  const DbinfoConnection& c = pool.connections[0];
  ASSERT_EQ(c.operations.size(), 2u);
  EXPECT_EQ(c.operations[0].durationMs, 12);
  EXPECT_EQ(c.operations[0].sql, "PRAGMA journal_mode");
  EXPECT_EQ(c.operations[0].path, ":memory:");
  EXPECT_EQ(c.operations[0].result, "memory");
  EXPECT_EQ(c.operations[1].kind, "prepare");
  EXPECT_EQ(c.operations[1].sql, std::nullopt);
  EXPECT_EQ(c.operations[1].path, std::nullopt);
}

// A broken process or pool header never lends its lines to the block before it.
TEST(DbinfoTest, BrokenHeadersDoNotJoinThePreviousBlock) {
  const DbinfoReport r = parseDbinfo(
      "** Database info for pid 1 [a] **\n"
      "Connection pool for /a.db:\n"
      "  Open: true\n"
      "Connection pool for /data/user/0/a/databases/\n"
      "  Open: false\n"
      "** Database info for pid x [b] **\n"
      "Connection pool for /b.db:\n"
      "  Open: true\n");
  EXPECT_EQ(problemLines(r), (std::vector<uint64_t>{4, 5, 6})) << problemText(r);
  EXPECT_EQ(r.problems[2].message, "process header is not \"** Database info for pid N [name] **\"");
  ASSERT_EQ(r.processes.size(), 2u);
  ASSERT_EQ(r.processes[0].pools.size(), 1u);
  EXPECT_EQ(r.processes[0].pools[0].open, true);
  EXPECT_EQ(r.processes[1].pid, std::nullopt);
  EXPECT_EQ(r.processes[1].process, std::nullopt);
  ASSERT_EQ(r.processes[1].pools.size(), 1u);
  EXPECT_EQ(r.processes[1].pools[0].path, "/b.db");
}

TEST(DbinfoTest, MeminfoOwnStatements) {
  EXPECT_TRUE(isMeminfoOwnStatement("PRAGMA page_count;"));
  EXPECT_TRUE(isMeminfoOwnStatement("PRAGMA page_size;"));
  EXPECT_TRUE(isMeminfoOwnStatement("PRAGMA database_list;"));
  EXPECT_TRUE(isMeminfoOwnStatement("PRAGMA temp.page_size;"));
  EXPECT_TRUE(isMeminfoOwnStatement("PRAGMA aux_1.page_count;"));
  EXPECT_FALSE(isMeminfoOwnStatement("PRAGMA page_size"));
  EXPECT_FALSE(isMeminfoOwnStatement("PRAGMA page_size=4096;"));
  EXPECT_FALSE(isMeminfoOwnStatement("PRAGMA .page_size;"));
  EXPECT_FALSE(isMeminfoOwnStatement("PRAGMA x y.page_count;"));
  EXPECT_FALSE(isMeminfoOwnStatement("PRAGMA user_version;"));
}

// Junk never stops the parser: unknown lines are reported with their number.
TEST(DbinfoTest, UnknownLinesAreReported) {
  const DbinfoReport r = parseDbinfo(
      "Connection pool for /a.db:\n  Open: maybe\n  Frobnicate: 1\n    Connection #x:\n"
      "    Connection #2:\n      12 apples\n      Most recently executed operations:\n"
      "        0: [2020-13-01] prepare took 1ms - succeeded, sql=\"SELECT 1\"\n"
      "        1: [2020-01-01 00:00:00.000] prepare took 1ms - done, sql=\"SELECT 1\"\n"
      "        2: [2020-01-01 00:00:00.000] prepare took 1ms - succeeded, sql=\"SELECT 1\", junk\n");
  EXPECT_EQ(problemLines(r), (std::vector<uint64_t>{2, 3, 4, 6, 8, 9, 10})) << problemText(r);
  EXPECT_EQ(r.problems[3].message, "\"12 apples\" is not a connection line");
  EXPECT_EQ(r.processes[0].pools[0].connections.size(), 1u);
  EXPECT_TRUE(r.processes[0].pools[0].connections[0].operations.empty());
}

}  // namespace
}  // namespace mxi::core::dbinfo
