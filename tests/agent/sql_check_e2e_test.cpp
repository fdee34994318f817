// Issue 43's record-time check, end to end through the real adb server, the simulated demo phone,
// the agent and `mxi record`: the app's databases copied with run-as (a WAL taken along, a lone
// WAL and a file that is not a database said per file) and checked with SQLiteLint's rules on the
// statements its SQLiteTime lines gave (`--sql-log`), into the session as issues tagged
// SQLiteLint; log.tag.SQLiteTime put back at the end, after Ctrl-C and when the device comes back,
// or the command that puts it back said when it does not; a non-debuggable app's session says why
// nothing was checked.
#include <signal.h>
#include <sqlite3.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kDemoApp = "com.example.mxi.demo";
constexpr const char* kShopPath = "/data/user/0/com.example.mxi.demo/databases/shop.db";

// The statements the demo app runs after it starts (tools/sim_sqlite_time.h): a main-thread
// `SELECT *` scanning items, three inserts with their values inlined 20 ms apart on a worker, and
// one on a database the app no longer has.
constexpr const char* kStatements =
    "100\tmain\tshop.db\t12.500\tSELECT * FROM items WHERE title = 'lamp'\n"
    "200\t4301\tshop.db\t0.700\tINSERT INTO events(kind, at) VALUES ('open', 1)\n"
    "220\t4301\tshop.db\t0.700\tINSERT INTO events(kind, at) VALUES ('open', 2)\n"
    "240\t4301\tshop.db\t0.700\tINSERT INTO events(kind, at) VALUES ('open', 3)\n"
    "300\tmain\tother.db\t1.000\tSELECT 1\n";

bool exec(sqlite3* db, const char* sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK; }

class SqlCheckTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed";
    m_scratch = scratchDir("sql_check");
    m_adb = std::make_unique<PrivateAdbServer>();
    ASSERT_TRUE(m_adb->started());
  }
  void TearDown() override {
    if (m_shop != nullptr) sqlite3_close(m_shop);
  }

  // The demo phone running kStatements, its log.tag.SQLiteTime DEBUG (what must come back).
  void phone(std::vector<std::string> env = {}) {
    const fs::path statements = m_scratch / "statements.tsv";
    std::ofstream(statements) << kStatements;
    std::vector<std::string> args{"--demo",
                                  "--android-tool",
                                  build::androidTool(),
                                  "--env",
                                  "MXI_SIM_LEAK_EVERY_MS=0",
                                  "--env",
                                  "MXI_SIM_COLLECTED_EVERY_MS=0",
                                  "--env",
                                  "MXI_SIM_SQL_STATEMENTS=" + statements.string()};
    for (const std::string& e : env) args.insert(args.end(), {"--env", e});
    m_sim = std::make_unique<SimProcess>(args, m_scratch / "root");
    ASSERT_TRUE(m_sim->started() && m_adb->connect(*m_sim)) << m_sim->log();
    ASSERT_EQ(m_adb->adb({"-s", m_sim->hostPort(), "shell", "setprop log.tag.SQLiteTime DEBUG"}).exitCode, 0);
  }

  // The app's databases: shop.db in WAL mode, its `events` table (AUTOINCREMENT) only in the WAL
  // (this connection stays open and never checkpoints), items with an index that is a prefix of
  // another; broken.db, which is not a database; a WAL without its database; a rollback journal.
  void databases() {
    const fs::path dir = m_sim->root() / "data/data" / kDemoApp / "databases";
    fs::create_directories(dir);
    ASSERT_EQ(sqlite3_open((dir / "shop.db").c_str(), &m_shop), SQLITE_OK);
    ASSERT_TRUE(exec(m_shop,
                     "CREATE TABLE items (id INTEGER PRIMARY KEY, category TEXT, title TEXT, price INTEGER);"
                     "CREATE INDEX items_category ON items(category);"
                     "CREATE INDEX items_category_price ON items(category, price);"
                     "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;"
                     "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT, at INTEGER);"));
    ASSERT_TRUE(fs::exists(dir / "shop.db-wal"));
    std::ofstream(dir / "broken.db") << "this is a text file, not a database\n";
    std::ofstream(dir / "orphan.db-wal") << "a write-ahead log whose database is gone\n";
    std::ofstream(dir / "shop.db-journal") << "";
  }

  ProgramRun mxi(std::vector<std::string> args) { return runMxi(std::move(args), RunOptions().withEnv(env())); }
  std::vector<std::string> env() const {
    return mxiEnvironment(m_adb->environment(), m_sim->hostPort(), build::agent());
  }
  std::vector<std::string> recordArgs(const fs::path& session) const {
    return {cliPath(), "record",      "--package", kDemoApp, "--leak-watch",
            "off",     "--memory-ms", "0",         "-o",     session.string()};
  }

  // log.tag.SQLiteTime as the phone holds it now (the sim's state: one "NS VALUE" line per setprop).
  std::string property() const {
    const std::string text = readFile(m_sim->root() / "var/mxi-sim/props/log.tag.SQLiteTime");
    const size_t end = text.rfind('\n', text.size() - 2);
    const std::string last = text.substr(end == std::string::npos ? 0 : end + 1);
    return last.substr(last.find(' ') + 1, last.size() - last.find(' ') - 2);
  }
  std::string calls() const { return readFile(m_sim->root() / "var/mxi-sim/calls.log"); }

  // Until the live line counts frames (the restarted app draws): the recording is under way.
  static bool recording(const RunningProgram& record) {
    return record.waitForOutput(
        [](const std::string& out) {
          for (size_t at = out.find("frames "); at != std::string::npos; at = out.find("frames ", at + 1)) {
            if (out.size() > at + 7 && out[at + 7] >= '1' && out[at + 7] <= '9') return true;
          }
          return false;
        },
        30s);
  }

  nlohmann::json sqliteLintIssues(const fs::path& session) {
    const ProgramRun json = mxi({"session", "export", session.string(), "--to", "json"});
    EXPECT_EQ(json.exitCode, 0) << json.err;
    const nlohmann::json all = nlohmann::json::parse(json.out);
    nlohmann::json out = nlohmann::json::array();
    for (const auto& issue : all["issues"]) {
      if (issue["tag"] == "SQLiteLint") out.push_back(issue);
    }
    return out;
  }

  fs::path m_scratch;
  std::unique_ptr<SimProcess> m_sim;
  std::unique_ptr<PrivateAdbServer> m_adb;
  sqlite3* m_shop = nullptr;
};

TEST_F(SqlCheckTest, SqlLogChecksEveryStatementOnTheCopiedDatabasesAndPutsThePropertyBack) {
  phone();
  databases();
  const fs::path session = m_scratch / "sql.mxs";
  auto args = recordArgs(session);
  args.insert(args.end(), {"--duration", "5", "--sql-log"});
  const ProgramRun r = runProgram(args, RunOptions().withEnv(env()));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("mxi record: --sql-log: log.tag.SQLiteTime is VERBOSE until the recording ends (it was "
                       "'DEBUG'); restarting com.example.mxi.demo"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("mxi record: log.tag.SQLiteTime put back to 'DEBUG'"), std::string::npos) << r.err;
  EXPECT_EQ(property(), "DEBUG");
  // On, the app restarted (it reads the property when it starts), off; then the copies.
  const std::string log = calls();
  const size_t on = log.find("setprop log.tag.SQLiteTime VERBOSE\n"),
               stop = log.find("am force-stop " + std::string(kDemoApp)),
               back = log.rfind("setprop log.tag.SQLiteTime DEBUG\n");
  ASSERT_NE(on, std::string::npos) << log;
  EXPECT_LT(on, stop);
  EXPECT_LT(stop, log.find("am start ", stop)) << log;
  EXPECT_LT(stop, back);
  EXPECT_LT(back, log.find("run-as com.example.mxi.demo cat databases/shop.db\n")) << log;
  EXPECT_NE(log.find("run-as com.example.mxi.demo cat databases/shop.db-wal\n"), std::string::npos) << log;
  EXPECT_EQ(log.find("shop.db-journal\n"), std::string::npos) << log;

  // Each issue once: the table only the WAL holds, the prefix index, the main-thread scan with
  // `SELECT *`, the inserts' inlined values; with the path the app opened.
  const nlohmann::json issues = sqliteLintIssues(session);
  std::set<std::string> got, ids;
  for (const auto& issue : issues) {
    const auto& c = issue["content"];
    got.insert(std::to_string(issue["type"].get<int>()) + " " + c["checker"].get<std::string>() + " " +
               c["table"].get<std::string>() + " " + c["shape"].get<std::string>() +
               " main=" + (c["isInMainThread"].get<bool>() ? "yes" : "no"));
    EXPECT_EQ(c["dbPath"], kShopPath);
    EXPECT_EQ(issue["key"], c["id"]);
    EXPECT_EQ(c["id"].get<std::string>().size(), 32u);
    ids.insert(c["id"].get<std::string>());
  }
  EXPECT_EQ(got, (std::set<std::string>{
                     "1 ExplainQueryPlanChecker items SELECT * FROM items WHERE title = ? main=yes",
                     "4 AvoidAutoIncrementChecker events  main=no",
                     "5 AvoidSelectAllChecker  SELECT * FROM items WHERE title = ? main=yes",
                     "7 PreparedStatementBetterChecker  INSERT INTO events(kind, at) VALUES (?, ?) main=no",
                     "8 RedundantIndexChecker items  main=no",
                 }))
      << issues.dump(1);
  EXPECT_EQ(ids.size(), issues.size());

  // What was not checked, per file, in the session's marks and in its summary.
  const Recorded rec = readSession(session);
  std::vector<std::string> notChecked;
  std::copy_if(rec.marks.begin(), rec.marks.end(), std::back_inserter(notChecked),
               [](const std::string& m) { return m.starts_with("SQLiteLint: "); });
  EXPECT_EQ(
      notChecked,
      (std::vector<std::string>{
          "SQLiteLint: not checked: orphan.db-wal: a WAL without its database orphan.db: nothing to check it "
          "against",
          "SQLiteLint: not checked: broken.db: file is not a database (not SQLite, or encrypted, e.g. by SQLCipher "
          "or WCDB)",
          "SQLiteLint: not checked: /data/user/0/com.example.mxi.demo/databases/other.db: statements ran on it, "
          "but run-as copied no such file from the app's databases/"}));
  const ProgramRun summary = mxi({"session", "summary", session.string()});
  EXPECT_NE(summary.out.find(": SQLiteLint: not checked: broken.db: file is not a database"), std::string::npos)
      << summary.out;
}

TEST_F(SqlCheckTest, CtrlCPutsThePropertyBack) {
  phone();
  auto args = recordArgs(m_scratch / "stopped.mxs");
  args.push_back("--sql-log");
  RunningProgram record(args, RunOptions().withEnv(env()).mergingStderr());
  ASSERT_TRUE(recording(record)) << record.output();
  EXPECT_EQ(property(), "VERBOSE");
  kill(record.pid(), SIGINT);
  ASSERT_EQ(record.wait(60s), 0) << record.output();
  EXPECT_NE(record.output().find("mxi record: log.tag.SQLiteTime put back to 'DEBUG'"), std::string::npos)
      << record.output();
  EXPECT_EQ(property(), "DEBUG");
}

// Lost for good: the property cannot be put back; the command that does it is said and kept.
TEST_F(SqlCheckTest, ALostDeviceLeavesTheCommandThatPutsThePropertyBack) {
  phone();
  const fs::path session = m_scratch / "lost.mxs";
  auto args = recordArgs(session);
  args.insert(args.end(), {"--duration", "4", "--sql-log"});
  RunningProgram record(args, RunOptions().withEnv(env()).mergingStderr());
  ASSERT_TRUE(recording(record)) << record.output();
  ASSERT_EQ(m_adb->adb({"disconnect", m_sim->hostPort()}).exitCode, 0);
  ASSERT_EQ(record.wait(90s), 0) << record.output();
  const std::string said = "log.tag.SQLiteTime is still VERBOSE on the device (";
  const std::string command =
      "put it back with: adb -s " + m_sim->hostPort() + " shell 'setprop log.tag.SQLiteTime DEBUG'";
  EXPECT_NE(record.output().find(said), std::string::npos) << record.output();
  EXPECT_NE(record.output().find(command), std::string::npos) << record.output();
  const Recorded rec = readSession(session);
  EXPECT_EQ(std::count_if(rec.marks.begin(), rec.marks.end(),
                          [&](const std::string& m) { return m.starts_with(said) && m.ends_with(command); }),
            1)
      << ::testing::PrintToString(rec.marks);
  EXPECT_EQ(property(), "VERBOSE");  // as the phone was left
}

// Back before the end: the property is put back then, as on a normal end.
TEST_F(SqlCheckTest, ADeviceThatComesBackGetsThePropertyBack) {
  phone();
  auto args = recordArgs(m_scratch / "back.mxs");
  args.insert(args.end(), {"--duration", "8", "--sql-log"});
  RunningProgram record(args, RunOptions().withEnv(env()).mergingStderr());
  ASSERT_TRUE(recording(record)) << record.output();
  ASSERT_EQ(m_adb->adb({"disconnect", m_sim->hostPort()}).exitCode, 0);
  ASSERT_TRUE(record.waitForOutput("mxi record: agent connection lost (", 10s)) << record.output();
  ASSERT_TRUE(m_adb->connect(*m_sim));
  ASSERT_EQ(record.wait(90s), 0) << record.output();
  EXPECT_NE(record.output().find("mxi record: log.tag.SQLiteTime put back to 'DEBUG'"), std::string::npos)
      << record.output();
  EXPECT_EQ(property(), "DEBUG");
}

TEST_F(SqlCheckTest, ANonDebuggableAppsSessionSaysWhyNothingWasChecked) {
  phone({"MXI_SIM_NOT_DEBUGGABLE=" + std::string(kDemoApp)});
  databases();
  const fs::path session = m_scratch / "release.mxs";
  auto args = recordArgs(session);
  args.insert(args.end(), {"--duration", "3"});
  const ProgramRun r = runProgram(args, RunOptions().withEnv(env()));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(sqliteLintIssues(session).empty());
  const ProgramRun summary = mxi({"session", "summary", session.string()});
  EXPECT_NE(summary.out.find(": SQLiteLint: not checked: databases of com.example.mxi.demo: run-as: package not "
                             "debuggable: com.example.mxi.demo\n"),
            std::string::npos)
      << summary.out;
  // --no-sql-check: no run-as at all.
  const std::string before = calls();
  auto skipped = recordArgs(m_scratch / "skipped.mxs");
  skipped.insert(skipped.end(), {"--duration", "2", "--no-sql-check"});
  ASSERT_EQ(runProgram(skipped, RunOptions().withEnv(env())).exitCode, 0);
  EXPECT_EQ(calls().substr(before.size()).find("run-as "), std::string::npos);
}

// The simulator's run-as and setprop answer as Android's do (AOSP run-as.cpp, toybox setprop).
TEST_F(SqlCheckTest, RunAsAndSetpropAnswerAsAPhoneDoes) {
  phone({"MXI_SIM_NOT_DEBUGGABLE=com.example.release"});
  auto shell = [&](const std::string& command) { return m_adb->adb({"-s", m_sim->hostPort(), "shell", command}); };
  const ProgramRun unknown = shell("run-as com.example.nope ls");
  EXPECT_EQ(unknown.exitCode, 1);
  EXPECT_EQ(unknown.out, "run-as: unknown package: com.example.nope\n");  // adb's stderr merged
  const ProgramRun here = shell("run-as com.example.mxi.demo pwd");
  EXPECT_EQ(here.exitCode, 0) << here.out;
  EXPECT_EQ(here.out, (m_sim->root() / "data/data/com.example.mxi.demo").string() + "\n");
  const ProgramRun refused = shell("setprop ro.debuggable 1");
  EXPECT_EQ(refused.exitCode, 1);
  EXPECT_EQ(refused.out, "setprop: failed to set property 'ro.debuggable' to '1'\n");
  EXPECT_EQ(shell("setprop log.tag.SQLiteTime V").exitCode, 0);
  EXPECT_EQ(shell("getprop log.tag.SQLiteTime").out, "V\n");
}

}  // namespace
}  // namespace mxi::test
