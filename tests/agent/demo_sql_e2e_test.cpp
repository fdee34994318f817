// Issue 43's acceptance, end to end: `mxi record` of the demo phone for 30 s, through the real adb
// server and the agent, with nothing but the defaults. The agent's dbinfo polls record the app's
// SQL; the desktop turns the slow main-thread query and SQLite's automatic-index line into issues;
// at the end run-as copies demo.db and the six checkers run on it with the recorded statements.
// Each problem planted in the demo's database (tests/device-sim/README.md) is found exactly once,
// and nothing else is.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDemoApp = "com.example.mxi.demo";
constexpr const char* kDemoDb = "/data/user/0/com.example.mxi.demo/databases/demo.db";

TEST(DemoSqlTest, ThirtySecondsOfTheDemoFindEachPlantedProblemOnce) {
  ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed";
  const fs::path scratch = scratchDir("demo_sql");
  PrivateAdbServer adb;
  ASSERT_TRUE(adb.started());
  SimProcess sim({"--demo", "--android-tool", build::androidTool()}, scratch / "root");
  ASSERT_TRUE(sim.started() && adb.connect(sim)) << sim.log();
  const std::vector<std::string> env = mxiEnvironment(adb.environment(), sim.hostPort(), build::agent());

  const fs::path session = scratch / "demo.mxs";
  const ProgramRun r =
      runProgram({cliPath(), "record", "--package", kDemoApp, "--duration", "30", "-o", session.string()},
                 RunOptions().withEnv(env));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("mxi record: SQLiteLint: 6 issue(s) in 1 database(s) of com.example.mxi.demo"),
            std::string::npos)
      << r.err;

  const ProgramRun exported =
      runMxi({"session", "export", session.string(), "--to", "json"}, RunOptions().withEnv(env));
  ASSERT_EQ(exported.exitCode, 0) << exported.err;
  const nlohmann::json all = nlohmann::json::parse(exported.out);
  // "type checker table | shape": a statement's checkers name no table, a schema's no shape.
  std::multiset<std::string> found;
  std::map<int, nlohmann::json> byType;
  for (const auto& issue : all["issues"]) {
    if (issue["tag"] != "SQLiteLint") continue;
    const auto& c = issue["content"];
    found.insert(std::to_string(issue["type"].get<int>()) + " " + c["checker"].get<std::string>() + " " +
                 c.value("table", "") + " | " + c.value("shape", ""));
    byType[issue["type"].get<int>()] = c;
  }
  EXPECT_EQ(found, (std::multiset<std::string>{
                       "1 ExplainQueryPlanChecker comments | SELECT id, body FROM comments WHERE author = ?",
                       "4 AvoidAutoIncrementChecker photos | ",
                       "5 AvoidSelectAllChecker  | SELECT * FROM albums WHERE owner = ?",
                       "6 WithoutRowIdBetterChecker album_members | ",
                       "7 PreparedStatementBetterChecker  | INSERT INTO events (kind, at, detail) VALUES (?, ?, ?)",
                       "8 RedundantIndexChecker albums | ",
                       "100 SlowStatementChecker  | SELECT id, path, taken_at FROM photos WHERE album_id = ? ORDER BY "
                       "taken_at DESC LIMIT ?",
                       "101 AutomaticIndexChecker tags | ",
                   }))
      << all["issues"].dump(1);
  // The scan names the plan row behind it; the slow query its time; every checked issue the path.
  ASSERT_TRUE(byType.contains(1) && byType.contains(100));
  EXPECT_NE(byType[1]["detail"].get<std::string>().find("SCAN comments"), std::string::npos) << byType[1].dump(1);
  EXPECT_EQ(byType[100]["sqlTimeCost"], 180);
  for (int type : {1, 4, 5, 6, 7, 8, 100}) EXPECT_EQ(byType[type]["dbPath"], kDemoDb) << type;
}

}  // namespace
}  // namespace mxi::test
