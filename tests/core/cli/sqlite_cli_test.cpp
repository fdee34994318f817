// `mxi sqlite lint` on a small database built in the test (an AUTOINCREMENT table, a redundant
// index) with a `.sql` statement list: the JSON contract, the text headings, and the messages and
// exit codes for a missing file and a file that is not a database.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

namespace fs = std::filesystem;

constexpr int kBadInputExit = 2;

// The database and statement list every test lints: `log` has AUTOINCREMENT, idx_user_name is a
// prefix of idx_user_name_age, and the `log` query runs twice with other literals (one shape).
struct Inputs {
  fs::path database;
  fs::path statements;
};

// Each test its own directory: ctest may run them at once.
Inputs writeInputs(const std::string& dirName) {
  const fs::path dir = test::scratchDir(dirName);
  Inputs in{dir / "app.db", dir / "queries.sql"};
  fs::remove(in.database);
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(in.database.string().c_str(), &db), SQLITE_OK);
  for (const char* sql :
       {"CREATE TABLE log(id INTEGER PRIMARY KEY AUTOINCREMENT, msg TEXT, level INTEGER)",
        "CREATE TABLE user(id INTEGER PRIMARY KEY, name TEXT, age INTEGER)", "CREATE INDEX idx_user_name ON user(name)",
        "CREATE INDEX idx_user_name_age ON user(name, age)"}) {
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, &error), SQLITE_OK) << sql << ": " << (error ? error : "");
    sqlite3_free(error);
  }
  sqlite3_close(db);
  std::ofstream(in.statements) << "-- what the app ran\n"
                                  "SELECT * FROM user WHERE name = 'bob';\n"
                                  "SELECT msg FROM log WHERE level = 3;\n"
                                  "SELECT msg FROM log WHERE level = 4;\n";
  return in;
}

TEST(SqliteCliTest, HelpNamesTheCommand) {
  const auto root = test::runMxi({"--help"});
  EXPECT_NE(root.out.find("sqlite"), std::string::npos) << root.out;
  const auto help = test::runMxi({"sqlite", "lint", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("--statements"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--whitelist"), std::string::npos) << help.out;
}

TEST(SqliteCliTest, JsonContract) {
  const Inputs in = writeInputs("sqlite_cli_json");
  const auto r = test::runMxi(
      {"sqlite", "lint", in.database.string(), "--statements", in.statements.string(), "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["database"], in.database.string());
  EXPECT_EQ(j["sqliteVersion"], std::string(sqlite3_libversion()));

  // Schema checkers first, then the statement checkers in statement order.
  ASSERT_EQ(j["issues"].size(), 4u) << r.out;
  std::vector<std::string> seen;
  for (const auto& issue : j["issues"]) {
    EXPECT_EQ(issue["tag"], "SQLiteLint");
    EXPECT_EQ(issue["type"], issue["content"]["type"]);
    EXPECT_EQ(issue["content"]["dbPath"], in.database.string());
    EXPECT_EQ(issue["content"]["id"].get<std::string>().size(), 32u);  // an MD5 in hex
    seen.push_back(std::to_string(issue["type"].get<int>()) + " " + issue["checker"].get<std::string>() + " " +
                   issue["content"]["table"].get<std::string>());
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"4 AvoidAutoIncrementChecker log", "8 RedundantIndexChecker user",
                                            "5 AvoidSelectAllChecker ", "1 ExplainQueryPlanChecker log"}));
  const auto& redundant = j["issues"][1]["content"];
  EXPECT_EQ(redundant["desc"], "Table(user) found redundant indexes:idx_user_name_age(name,age)\nidx_user_name(name)");
  EXPECT_EQ(redundant["advice"], "You can keep index \"idx_user_name_age\", and delete others.");
  const auto& selectAll = j["issues"][2]["content"];
  EXPECT_EQ(selectAll["sql"], "SELECT * FROM user WHERE name = 'bob'");
  EXPECT_EQ(selectAll["shape"], "SELECT * FROM user WHERE name = ?");
  const auto& scan = j["issues"][3]["content"];
  EXPECT_EQ(scan["sql"], "SELECT msg FROM log WHERE level = 3");
  ASSERT_EQ(scan["plan"].size(), 1u);
  EXPECT_EQ(scan["plan"][0]["detail"], "SCAN log");

  // One row per shape: the two `log` queries are one shape run twice; a .sql list has no timings.
  ASSERT_EQ(j["statements"].size(), 2u) << r.out;
  const auto& logShape = j["statements"][1];
  EXPECT_EQ(logShape["shape"], "SELECT msg FROM log WHERE level = ?");
  EXPECT_EQ(logShape["count"], 2);
  EXPECT_EQ(logShape["totalMs"], nullptr);
  EXPECT_EQ(logShape["maxMs"], nullptr);
  EXPECT_EQ(logShape["mainThread"], nullptr);
  ASSERT_EQ(logShape["plan"].size(), 1u);
  EXPECT_EQ(logShape["plan"][0]["detail"], "SCAN log");
  EXPECT_EQ(j["statements"][0]["shape"], "SELECT * FROM user WHERE name = ?");
  EXPECT_EQ(j["statements"][0]["count"], 1);
  ASSERT_EQ(j["notChecked"].size(), 1u);
  EXPECT_EQ(j["notChecked"][0]["what"], "PreparedStatementBetterChecker");
}

TEST(SqliteCliTest, TextGroupsIssuesByChecker) {
  const Inputs in = writeInputs("sqlite_cli_text");
  const auto r = test::runMxi({"sqlite", "lint", in.database.string(), "--statements", in.statements.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("database " + in.database.string() + " (SQLite " + sqlite3_libversion() + ")\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n4 issue(s)\n"), std::string::npos) << r.out;
  for (const char* heading : {"\nAvoidAutoIncrementChecker (1)\n", "\nAvoidSelectAllChecker (1)\n",
                              "\nExplainQueryPlanChecker (1)\n", "\nRedundantIndexChecker (1)\n"}) {
    EXPECT_NE(r.out.find(heading), std::string::npos) << heading << "\n" << r.out;
  }
  EXPECT_NE(r.out.find("  [type 1] log: SELECT msg FROM log WHERE level = ?\n      plan: SCAN log\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n2 statement shape(s)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  2x  total -  mean -  max - ms  main thread ?\n    SELECT msg FROM log WHERE level = ?\n"),
            std::string::npos)
      << r.out;
}

TEST(SqliteCliTest, MissingFileAndNonDatabase) {
  const fs::path dir = test::scratchDir("sqlite_cli_bad");
  const fs::path missing = dir / "missing.db";
  fs::remove(missing);
  const auto absent = test::runMxi({"sqlite", "lint", missing.string()});
  EXPECT_EQ(absent.exitCode, kBadInputExit);
  EXPECT_EQ(absent.out, "");
  EXPECT_EQ(absent.err, "mxi: sqlite lint: " + missing.string() + ": no such file\n");

  const fs::path text = dir / "notes.db";
  std::ofstream(text) << "these are notes, not a database\n";
  const auto notDb = test::runMxi({"sqlite", "lint", text.string(), "--format", "json"});
  EXPECT_EQ(notDb.exitCode, kBadInputExit);
  EXPECT_EQ(notDb.out, "");
  EXPECT_EQ(notDb.err, "mxi: sqlite lint: " + text.string() +
                           ": file is not a database (not SQLite, or encrypted, e.g. by SQLCipher or WCDB)\n");
}

}  // namespace
}  // namespace mxi
