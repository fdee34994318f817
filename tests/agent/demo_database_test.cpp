// The demo phone's database (tests/device-sim/tools/sim_database.h, sim_dbinfo.h): the simulated
// `dumpsys dbinfo` read by the shared parser (exact operations and times, rings of 20 that roll,
// `dumpsys meminfo`'s own PRAGMAs), the real demo.db linted with exactly the planted issues, and
// the automatic index line SQLite really logs for the demo's join. The tools run in a sandbox of
// their own (`mxi-device-sim --tools --setup-only`), with the demo's log 5× faster (ticks of 20 ms).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <set>
#include <thread>
#include <tuple>

#include "core/dbinfo/dbinfo_text.h"
#include "core/sqlitelint/dbinfo_statements.h"
#include "core/sqlitelint/lint_run.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
namespace dbinfo = core::dbinfo;
namespace lint = core::sqlitelint;
using namespace std::chrono_literals;

constexpr const char* kDevicePath = "/data/user/0/com.example.mxi.demo/databases/demo.db";
constexpr int64_t kTickMs = 20;  // MXI_SIM_LOG_MS below
constexpr const char* kSelectAll = "SELECT * FROM albums WHERE owner = ?";
constexpr const char* kSlow =
    "SELECT id, path, taken_at FROM photos WHERE album_id = ? ORDER BY taken_at DESC LIMIT 50";
constexpr const char* kScan = "SELECT id, body FROM comments WHERE author = ?";
constexpr const char* kJoin = "SELECT p.path, t.label FROM photos p JOIN tags t ON t.photo_path = p.path";
constexpr const char* kAlbums = "SELECT id, title FROM albums WHERE owner = ? ORDER BY title";
constexpr const char* kComments =
    "SELECT id, author, body, created_at FROM comments WHERE photo_id = ? ORDER BY created_at";
constexpr const char* kTouch = "UPDATE albums SET updated_at = ? WHERE id = ?";

std::string insert(int k) {
  return "INSERT INTO events (kind, at, detail) VALUES ('thumbnail_cached', " + std::to_string(2500 + k) + ", 'photo " +
         std::to_string(11 + k) + "')";
}

// OperationLog's "yyyy-MM-dd HH:mm:ss.SSS" in UTC.
std::string wallTime(int64_t epochMs) {
  const time_t s = static_cast<time_t>(epochMs / 1000);
  tm utc{};
  gmtime_r(&s, &utc);
  char text[40];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &utc);
  char ms[8];
  std::snprintf(ms, sizeof ms, ".%03lld", static_cast<long long>(epochMs % 1000));
  return text + std::string(ms);
}

// One operation as the test expects it: kind, duration, SQL, start (ms from the origin).
using Op = std::tuple<std::string, int64_t, std::string, int64_t>;

// An app statement run once: its prepare, then its execution.
void ran(std::vector<Op>& ops, const std::string& kind, int64_t tookMs, const std::string& sql, int64_t at) {
  ops.emplace_back("prepare", 0, sql, at);
  ops.emplace_back(kind, tookMs, sql, at);
}

class DemoDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_scratch = scratchDir("demo_database");
    m_root = m_scratch / "root";
    const ProgramRun setup = runProgram({build::deviceSim(), "--tools", "--setup-only", "--root", m_root.string(),
                                         "--android-tool", build::androidTool()});
    ASSERT_EQ(setup.exitCode, 0) << setup.err;
    m_env = {"MXI_SIM_REFERENCE=", "MXI_SIM_LEAD_MS=0", "MXI_SIM_LOG_MS=" + std::to_string(kTickMs),
             "MXI_SIM_STATE=" + (m_scratch / "state").string()};
  }

  std::string tool(const std::string& name, const std::vector<std::string>& args) {
    std::vector<std::string> argv = {(m_root / "bin" / name).string()};
    argv.insert(argv.end(), args.begin(), args.end());
    const ProgramRun run = runProgram(argv, RunOptions().withEnv(m_env));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    return run.out;
  }

  dbinfo::DbinfoReport poll() { return dbinfo::parseDbinfo(tool("dumpsys", {"dbinfo", "com.example.mxi.demo"})); }

  int64_t originMs() {
    std::ifstream in(m_scratch / "state" / "origin");
    int64_t origin = 0;
    in >> origin;
    return origin;
  }

  void sleepUntil(int64_t elapsedMs) {
    const auto at = std::chrono::system_clock::time_point(std::chrono::milliseconds(originMs() + elapsedMs));
    std::this_thread::sleep_until(at);
  }

  fs::path databaseFile() const { return m_root / "data/data/com.example.mxi.demo/databases/demo.db"; }

  // The connection's ring, oldest first, as Ops; checks what every operation shares.
  std::vector<Op> ring(const dbinfo::DbinfoConnection& connection) {
    std::vector<Op> out;
    const int64_t origin = originMs();
    for (size_t i = 0; i < connection.operations.size(); ++i) {
      const dbinfo::DbinfoOperation& op = connection.operations[connection.operations.size() - 1 - i];
      EXPECT_EQ(op.index, connection.operations.size() - 1 - i);
      EXPECT_EQ(op.status, "succeeded");
      EXPECT_EQ(op.path, kDevicePath);
      // The start as printed, back to ms from the origin (the test's expectations are in those).
      int64_t at = -1;
      for (int64_t t = 0; t < 10'000 && at < 0; ++t) {
        if (wallTime(origin + t) == op.timeText) at = t;
      }
      EXPECT_GE(at, 0) << op.timeText;
      out.emplace_back(op.kind, op.durationMs.value_or(-1), op.sql.value_or(""), at);
    }
    return out;
  }

  fs::path m_scratch, m_root;
  std::vector<std::string> m_env;
};

// The ordinary statements are where the schedule puts them: reads every 20 ticks from tick 3
// (albums, then comments), writes every 50 from tick 30; they are taken out of `ops`.
std::vector<Op> withoutOrdinary(const std::vector<Op>& ops) {
  std::vector<Op> out;
  for (const Op& op : ops) {
    const auto& [kind, took, sql, at] = op;
    const int64_t tick = at / kTickMs;
    if (sql == kAlbums || sql == kComments) {
      EXPECT_EQ(at % kTickMs, 0);
      EXPECT_EQ((tick - 3) % 20, 0) << sql << " at " << at;
      EXPECT_EQ(sql, ((tick - 3) / 20) % 2 == 0 ? kAlbums : kComments) << at;
      EXPECT_EQ(took, kind == "prepare" ? 0 : (sql == kAlbums ? 1 : 2));
    } else if (sql == kTouch) {
      EXPECT_EQ((tick - 30) % 50, 0) << at;
      EXPECT_EQ(took, kind == "prepare" ? 0 : 4);
    } else {
      out.push_back(op);
    }
  }
  return out;
}

TEST_F(DemoDatabaseTest, DbinfoPrintsThePlantedOperationsInTheAndroid11LayoutAndTheRingsRoll) {
  const dbinfo::DbinfoReport first = poll();  // starts the timeline: the database is made
  ASSERT_TRUE(first.problems.empty()) << first.problems.front().message;
  ASSERT_TRUE(fs::exists(databaseFile()));
  // Every planted operation has run by tick 55 (1.1 s); the reader's ring holds them all until 2.46 s.
  sleepUntil(1300);
  const dbinfo::DbinfoReport report = poll();
  ASSERT_TRUE(report.problems.empty()) << report.problems.front().message;
  ASSERT_EQ(report.processes.size(), 1u);
  const dbinfo::DbinfoProcess& process = report.processes[0];
  EXPECT_EQ(process.pid, 4242);
  EXPECT_EQ(process.process, "com.example.mxi.demo");
  ASSERT_EQ(process.pools.size(), 1u);
  const dbinfo::DbinfoPool& pool = process.pools[0];
  EXPECT_EQ(pool.path, kDevicePath);
  EXPECT_EQ(pool.open, true);
  EXPECT_EQ(pool.maxConnections, 4);
  EXPECT_EQ(pool.configuration, "openFlags=805306368, isLegacyCompatibilityWalEnabled=false, journalMode=, syncMode=");
  ASSERT_EQ(pool.connections.size(), 2u);
  const dbinfo::DbinfoConnection& writer = pool.connections[0];
  const dbinfo::DbinfoConnection& reader = pool.connections[1];
  EXPECT_EQ(writer.id, 0);
  EXPECT_EQ(writer.primary, true);
  EXPECT_EQ(writer.readOnly, false);
  EXPECT_EQ(reader.id, 1);
  EXPECT_EQ(reader.primary, false);
  EXPECT_EQ(reader.readOnly, true);
  int64_t total = 0;
  for (const auto* c : {&writer, &reader}) {
    for (const dbinfo::DbinfoOperation& op : c->operations) total += op.durationMs.value_or(0);
  }
  EXPECT_EQ(pool.totalExecutionTimeMs, total);  // nothing rolled off yet

  std::vector<Op> writes, reads;
  for (int k = 0; k < 4; ++k) ran(writes, "executeForChangedRowCount", 3, insert(k), 25 * kTickMs + 15 * k);
  EXPECT_EQ(withoutOrdinary(ring(writer)), writes);
  ran(reads, "executeForCursorWindow", 3, kSelectAll, 5 * kTickMs);
  ran(reads, "executeForCursorWindow", 180, kSlow, 12 * kTickMs);
  ran(reads, "executeForCursorWindow", 14, kScan, 40 * kTickMs);
  ran(reads, "executeForCursorWindow", 9, kJoin, 55 * kTickMs);
  const std::vector<Op> readRing = ring(reader);
  EXPECT_EQ(withoutOrdinary(readRing), reads);
  EXPECT_GE(readRing.size(), reads.size() + 8);  // the ordinary reads at ticks 3, 23, 43 and 63

  ASSERT_EQ(process.files.size(), 1u);
  EXPECT_EQ(process.files[0].directory, "/data/user/0/com.example.mxi.demo/databases");
  EXPECT_EQ(process.files[0].name, "demo.db");
  EXPECT_EQ(process.files[0].bytes, static_cast<int64_t>(fs::file_size(databaseFile())));

  // Later the reader's ring holds its last 20: the oldest (the first ordinary read, SELECT *)
  // rolled off, the rest overlaps the earlier poll.
  sleepUntil(3000);
  const dbinfo::DbinfoReport later = poll();
  ASSERT_TRUE(later.problems.empty());
  ASSERT_EQ(later.processes.size(), 1u);
  ASSERT_EQ(later.processes[0].pools.size(), 1u);
  ASSERT_EQ(later.processes[0].pools[0].connections.size(), 2u);
  const std::vector<Op> laterRing = ring(later.processes[0].pools[0].connections[1]);
  ASSERT_EQ(laterRing.size(), 20u);
  // What rolled off depends on when the poll ran (a slow build starts the tool later): SELECT *
  // is gone at 3 s, and the planted reads still held are the newest ones, in order.
  const std::vector<Op> kept = withoutOrdinary(laterRing);
  ASSERT_LE(kept.size(), reads.size() - 2);
  EXPECT_TRUE(std::equal(kept.begin(), kept.end(), reads.end() - static_cast<std::ptrdiff_t>(kept.size())));
  EXPECT_NE(std::find(laterRing.begin(), laterRing.end(), readRing.back()), laterRing.end());
}

// What the desktop's `mxi sqlite lint` finds on a copy of demo.db with the statements of a poll:
// exactly the planted problems (tests/device-sim/README.md), once each. The slow main-thread query
// and the automatic-index join raise no SQLiteLint issue: the first is the desktop's slow-query rule's,
// the second the `automatic index` log line's.
TEST_F(DemoDatabaseTest, TheDatabaseHasExactlyThePlantedLintIssues) {
  (void)poll();
  sleepUntil(1300);
  const dbinfo::DbinfoReport report = poll();
  ASSERT_TRUE(report.problems.empty());
  auto db = lint::LintDatabase::open(databaseFile().string());
  ASSERT_TRUE(db.ok()) << db.status().message();
  auto result = lint::lintDatabase(*db, lint::dbinfoStatements(report, "dbinfo.txt"), {});
  ASSERT_TRUE(result.ok()) << result.status().message();
  std::set<std::tuple<int, std::string, std::string, std::string>> issues;  // type, checker, table, shape
  for (const lint::LintIssue& i : result->issues) issues.emplace(static_cast<int>(i.type), i.checker, i.table, i.shape);
  const std::set<std::tuple<int, std::string, std::string, std::string>> expected = {
      {1, "ExplainQueryPlanChecker", "comments", kScan},
      {4, "AvoidAutoIncrementChecker", "photos", ""},
      {5, "AvoidSelectAllChecker", "", kSelectAll},
      {6, "WithoutRowIdBetterChecker", "album_members", ""},
      {7, "PreparedStatementBetterChecker", "", "INSERT INTO events (kind, at, detail) VALUES (?, ?, ?)"},
      {8, "RedundantIndexChecker", "albums", ""},
  };
  EXPECT_EQ(issues, expected);
  EXPECT_EQ(result->issues.size(), expected.size());
  for (const lint::LintIssue& i : result->issues) {
    if (i.type == lint::IssueType::kRedundantIndex) {
      EXPECT_EQ(i.desc,
                "Table(albums) found redundant indexes:albums_by_owner_title(owner,title)\nalbums_by_owner(owner)");
    }
  }
  // The slow query is there with its 180 ms, and the join's plan shows the index SQLite builds.
  bool slow = false, join = false;
  for (const lint::StatementSummary& s : result->statements) {
    if (s.shape == "SELECT id, path, taken_at FROM photos WHERE album_id = ? ORDER BY taken_at DESC LIMIT ?") {
      slow = s.maxMs == 180.0 && s.count == 1;
    }
    if (s.shape == kJoin) {
      ASSERT_EQ(s.plan.size(), 2u);
      join = s.plan[1].detail == "SEARCH t USING AUTOMATIC COVERING INDEX (photo_path=?)";
    }
  }
  EXPECT_TRUE(slow);
  EXPECT_TRUE(join);
}

TEST_F(DemoDatabaseTest, APlainMeminfoAddsItsOwnPragmasToBothRingsAndLocalDoesNot) {
  (void)poll();
  sleepUntil(200);  // the reader is open (tick 3)
  (void)tool("dumpsys", {"meminfo", "--local", "4242"});
  (void)tool("dumpsys", {"meminfo", "4242"});
  const dbinfo::DbinfoReport report = poll();
  ASSERT_EQ(report.processes.size(), 1u);
  ASSERT_EQ(report.processes[0].pools.size(), 1u);
  ASSERT_EQ(report.processes[0].pools[0].connections.size(), 2u);
  for (const dbinfo::DbinfoConnection& c : report.processes[0].pools[0].connections) {
    std::vector<std::string> own;
    for (const dbinfo::DbinfoOperation& op : c.operations) {
      if (op.meminfoOwn) own.push_back(op.kind + " " + op.sql.value_or(""));
    }
    // Newest first: collectDbStats ran page_count, page_size, then database_list.
    EXPECT_EQ(own, (std::vector<std::string>{"executeForCursorWindow PRAGMA database_list;",
                                             "executeForLong PRAGMA page_size;", "executeForLong PRAGMA page_count;"}));
    // Together, at one time; the app may have run more since (it keeps running while a slow
    // build starts the tools), so they need not be the newest.
    const auto first = std::find_if(c.operations.begin(), c.operations.end(),
                                    [](const dbinfo::DbinfoOperation& op) { return op.meminfoOwn; });
    ASSERT_GE(c.operations.end() - first, 3);
    EXPECT_TRUE(first[1].meminfoOwn && first[2].meminfoOwn);
    EXPECT_EQ(first[0].timeText, first[2].timeText);
  }
  for (const lint::LintStatement& s : lint::dbinfoStatements(report, "dbinfo.txt")) {
    EXPECT_EQ(s.sql.find("PRAGMA"), std::string::npos) << s.sql;
  }
}

std::vector<std::pair<int, std::string>>* g_sqliteLog = nullptr;

void collectSqliteLog(void*, int code, const char* message) {
  if (g_sqliteLog) g_sqliteLog->emplace_back(code, message);
}

// Once, when the app prepares its join, as `-v threadtime`-like lines of the simulated logcat; and
// the SQLite linked here, preparing each demo statement on demo.db, logs exactly that one warning.
TEST_F(DemoDatabaseTest, TheAutomaticIndexLineIsLoggedOnceForTheQueryThatNeedsOne) {
  (void)poll();
  sleepUntil(1200);
  const std::string log = tool("logcat", {"-d"});
  std::vector<std::string> lines;
  for (size_t at = log.find("SQLiteLog"); at != std::string::npos; at = log.find("SQLiteLog", at + 1)) {
    const size_t start = log.rfind('\n', at) + 1;
    lines.push_back(log.substr(start, log.find('\n', at) - start));
  }
  const int64_t at = originMs() + 55 * kTickMs;
  char expected[160];
  std::snprintf(expected, sizeof expected,
                "%10lld.%03lld  4242  4261 E SQLiteLog: (284) automatic index on tags(photo_path)",
                static_cast<long long>(at / 1000), static_cast<long long>(at % 1000));
  EXPECT_EQ(lines, std::vector<std::string>{expected});

  std::vector<std::pair<int, std::string>> messages;
  g_sqliteLog = &messages;
  ASSERT_EQ(sqlite3_shutdown(), SQLITE_OK);
  ASSERT_EQ(sqlite3_config(SQLITE_CONFIG_LOG, collectSqliteLog, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_initialize(), SQLITE_OK);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(databaseFile().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  for (const std::string& sql : {std::string(kSelectAll), std::string(kSlow), std::string(kScan), std::string(kAlbums),
                                 std::string(kComments), std::string(kJoin)}) {
    sqlite3_stmt* statement = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK) << sql;
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  g_sqliteLog = nullptr;
  EXPECT_EQ(messages, (std::vector<std::pair<int, std::string>>{{284, "automatic index on tags(photo_path)"}}));
}

}  // namespace
}  // namespace mxi::test
