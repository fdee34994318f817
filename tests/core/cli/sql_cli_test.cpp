// `mxi session summary|export|compare` and `mxi triage` on sessions with SQL operations
// (docs/SQLITE.md "Live"), as scripts read them: the exact statements-per-shape lines and JSON
// values, the comparison per shape, and the SQLiteLint issues as triage signatures.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/session/session_writer.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

constexpr int64_t kS = 1'000'000'000;

struct Op {
  std::string sql;
  int64_t durationMs;
};

// The operations 1 s apart from 10 s on, then a slow-statement issue of the SELECT's shape.
std::filesystem::path writeSqlSession(const std::filesystem::path& path, const std::vector<Op>& ops) {
  core::session::SessionHeader h;
  h.device = "test-device";
  h.app = "com.example.app";
  h.startMonotonicNs = 10 * kS;
  auto w = core::session::SessionWriter::create(path.string(), h);
  EXPECT_TRUE(w.ok()) << w.status().toString();
  int64_t t = 10 * kS;
  for (const Op& op : ops) {
    core::session::SessionRecord r;
    r.type = core::session::RecordType::kSqlOperation;
    r.timeNs = t;
    r.sql.timeNs = t;
    r.sql.pid = 4242;
    r.sql.process = "com.example.app";
    r.sql.dbPath = "/data/user/0/com.example.app/databases/notes.db";
    r.sql.connectionId = 0;
    r.sql.timeText = "2026-11-29 00:50:27.305";
    r.sql.wallClockMs = 1'795'913'427'305;
    r.sql.kind = "execute";
    r.sql.durationMs = op.durationMs;
    r.sql.status = "succeeded";
    r.sql.sql = op.sql;
    EXPECT_TRUE((*w)->append(r).ok());
    t += kS;
  }
  EXPECT_TRUE(
      (*w)->appendIssue(t, R"({"tag":"SQLiteLint","type":100,"key":"07efc24b617f20c782416f632b0db994","pid":4242,)"
                           R"("logTimeMs":1795913427305,"truncated":false,"content":{"id":)"
                           R"("07efc24b617f20c782416f632b0db994","type":100,"checker":"SlowStatementChecker",)"
                           R"("sql":"SELECT * FROM note WHERE id = 1","table":"","desc":"A statement took 150 ms",)"
                           R"("advice":"Run it off the main thread","sqlTimeCost":150,)"
                           R"("shape":"SELECT * FROM note WHERE id = ?"}})")
          .ok());
  EXPECT_TRUE((*w)->close().ok());
  return path;
}

const std::vector<Op> kBase = {{"SELECT * FROM note WHERE id = 1", 3},
                               {"SELECT * FROM note WHERE id = 2", 5},
                               {"INSERT INTO note(title) VALUES ('a')", 20},
                               {"DELETE FROM note", -1}};
const std::vector<Op> kNext = {{"SELECT * FROM note WHERE id = 1", 4},
                               {"SELECT * FROM note WHERE id = 7", 4},
                               {"SELECT * FROM note WHERE id = 9", 4},
                               {"UPDATE note SET title = 'x'", 7},
                               {"DELETE FROM note", -1}};

std::string from(const std::string& text, const std::string& start) {
  const size_t a = text.find(start);
  return a == std::string::npos ? "(missing: " + start + ")\n" + text : text.substr(a);
}

TEST(SqlCliTest, SummaryListsStatementsPerShapeByTotalTime) {
  const auto dir = test::scratchDir("sql-cli-summary");
  const auto file = writeSqlSession(dir / "a.mxs", kBase).string();
  const test::ProgramRun text = test::runMxi({"session", "summary", file});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_EQ(from(text.out, "SQL:"),
            "SQL: 4 operations, 3 statement shapes (by total time)\n"
            "     count   total ms   mean ms   max ms  statement\n"
            "         1         20      20.0       20  INSERT INTO note(title) VALUES (?)\n"
            "         2          8       4.0        5  SELECT * FROM note WHERE id = ?\n"
            "         1          0       0.0        0  DELETE FROM note\n");
  EXPECT_NE(text.out.find(", 1 issues,"), std::string::npos) << text.out;

  const test::ProgramRun json = test::runMxi({"session", "summary", "--format", "json", file});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["sqlOperations"], 4);
  ASSERT_EQ(j["sqlStatements"].size(), 3u);
  EXPECT_EQ(j["sqlStatements"][1],
            nlohmann::json::parse(
                R"({"shape":"SELECT * FROM note WHERE id = ?","count":2,"totalMs":8,"meanMs":4.0,"maxMs":5})"));
  EXPECT_EQ(j["sqlStatements"][2]["shape"], "DELETE FROM note");
  EXPECT_EQ(j["sqlStatements"][2]["count"], 1);
  EXPECT_EQ(j["sqlStatements"][2]["totalMs"], 0);
}

TEST(SqlCliTest, ExportHasEveryOperationAndTheShapes) {
  const auto dir = test::scratchDir("sql-cli-export");
  const auto file = writeSqlSession(dir / "a.mxs", kBase).string();
  const test::ProgramRun r = test::runMxi({"session", "export", "--to", "json", "-q", file});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["sqlOperations"].size(), 4u);
  EXPECT_EQ(j["sqlOperations"][0],
            nlohmann::json::parse(R"({"timeNs":10000000000,"pid":4242,)"
                                  R"("process":"com.example.app",)"
                                  R"("dbPath":"/data/user/0/com.example.app/databases/notes.db",)"
                                  R"("connectionId":0,"time":"2026-11-29 00:50:27.305",)"
                                  R"("wallClockMs":1795913427305,"kind":"execute",)"
                                  R"("durationMs":3,"status":"succeeded",)"
                                  R"("sql":"SELECT * FROM note WHERE id = 1"})"));
  EXPECT_FALSE(j["sqlOperations"][3].contains("durationMs"));  // not printed
  ASSERT_EQ(j["sqlStatements"].size(), 3u);
  EXPECT_EQ(j["sqlStatements"][0]["shape"], "INSERT INTO note(title) VALUES (?)");
  ASSERT_EQ(j["issues"].size(), 1u);
  EXPECT_EQ(j["issues"][0]["tag"], "SQLiteLint");
  EXPECT_EQ(j["issues"][0]["type"], 100);
}

TEST(SqlCliTest, CompareShowsCountAndTimePerShape) {
  const auto dir = test::scratchDir("sql-cli-compare");
  const auto a = writeSqlSession(dir / "a.mxs", kBase).string();
  const auto b = writeSqlSession(dir / "b.mxs", kNext).string();
  const test::ProgramRun text = test::runMxi({"session", "compare", a, b});
  ASSERT_EQ(text.exitCode, 0) << text.err << text.out;
  EXPECT_NE(text.out.find("gone         sql 1 -> 0 runs, 20 -> 0 ms: INSERT INTO note(title) VALUES (?)\n"
                          "same         sql 2 -> 3 runs, 8 -> 12 ms: SELECT * FROM note WHERE id = ?\n"
                          "new          sql 0 -> 1 runs, 0 -> 7 ms: UPDATE note SET title = ?\n"
                          "same         sql 1 -> 1 runs, 0 -> 0 ms: DELETE FROM note\n"),
            std::string::npos)
      << text.out;
  const test::ProgramRun json = test::runMxi({"session", "compare", "--format", "json", a, b});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["sql"].size(), 4u);
  EXPECT_EQ(j["sql"][1], nlohmann::json::parse(R"({"shape":"SELECT * FROM note WHERE id = ?","verdict":"same",)"
                                               R"("baseCount":2,"nextCount":3,"baseTotalMs":8,"nextTotalMs":12})"));
}

TEST(SqlCliTest, TriageCountsASqliteLintIssueAsOneSignature) {
  const auto dir = test::scratchDir("sql-cli-triage");
  std::filesystem::create_directories(dir / "run");
  writeSqlSession(dir / "run" / "a.mxs", kBase);
  writeSqlSession(dir / "run" / "b.mxs", kNext);
  const std::string db = (dir / "store.sqlite").string();
  const test::ProgramRun r = test::runMxi({"triage", "-q", "--db", db, "--format", "json", (dir / "run").string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  size_t sqlite = 0;
  for (const auto& s : j["signatures"]) {
    if (s["kind"] != "sqliteLint") continue;
    ++sqlite;
    EXPECT_EQ(s["className"], "SELECT * FROM note WHERE id = ?");
    EXPECT_EQ(s["captures"], 2);
    EXPECT_FALSE(s.contains("maxRetainedBytes"));
  }
  EXPECT_EQ(sqlite, 1u) << r.out;
}

}  // namespace
}  // namespace mxi
