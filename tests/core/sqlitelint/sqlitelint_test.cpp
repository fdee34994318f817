// core/sqlitelint on real SQLite databases built in the test: the nowinandroid schema and queries
// (../shared/reference), synthetic schemas for each checker, both plan wordings, the readers,
// the whitelist, Matrix's issue id recipe, and bad database files.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/sqlitelint/lint_run.h"
#include "core/sqlitelint/query_plan.h"
#include "core/sqlitelint/statement.h"
#include "core/sqlitelint/statement_readers.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/test_paths.h"

namespace mxi::core::sqlitelint {
namespace {

namespace fs = std::filesystem;

// Creates `path` afresh with the given statements.
void makeDatabase(const fs::path& path, const std::vector<std::string>& sql) {
  fs::remove(path);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.string().c_str(), &db), SQLITE_OK);
  for (const std::string& s : sql) {
    char* error = nullptr;
    ASSERT_EQ(sqlite3_exec(db, s.c_str(), nullptr, nullptr, &error), SQLITE_OK) << s << ": " << (error ? error : "");
  }
  sqlite3_close(db);
}

LintReport lint(const fs::path& path, const std::vector<LintStatement>& statements, const Whitelist& whitelist = {}) {
  auto db = LintDatabase::open(path.string());
  EXPECT_TRUE(db.ok()) << db.status().message();
  LintOptions options;
  options.whitelist = whitelist;
  options.nowMs = 1700000000000;
  auto report = lintDatabase(*db, statements, options);
  EXPECT_TRUE(report.ok()) << report.status().message();
  return *report;
}

std::vector<LintStatement> plain(const std::vector<std::string>& sql) {
  std::vector<LintStatement> out;
  for (const std::string& s : sql) out.push_back({s, std::nullopt, std::nullopt, std::nullopt, "test", ""});
  return out;
}

// "type:table:shape" of each issue, in report order.
std::vector<std::string> summary(const LintReport& r) {
  std::vector<std::string> out;
  for (const LintIssue& i : r.issues)
    out.push_back(std::to_string(static_cast<int>(i.type)) + ":" + i.table + ":" + i.shape);
  return out;
}

fs::path scratch(const std::string& name) { return test::scratchDir("sqlitelint") / name; }

TEST(SqlShapeTest, LiteralsBecomeQuestionMarksAndSpaceIsNormalised) {
  EXPECT_EQ(statementShape("SELECT  a,b FROM t\n WHERE x = 'it''s' AND y=-12.5e3 AND z = X'00ff' ;"),
            "SELECT a,b FROM t WHERE x = ? AND y=-? AND z = ?");
  EXPECT_EQ(statementShape("select \"we'ird\" from [t 1] -- note\nwhere id=?1 /* c */ and n = :n"),
            "select \"we'ird\" from \"t 1\" where id=?1 and n = :n");
  EXPECT_EQ(statementShape("select 'unterminated"), "select ?");
}

TEST(SqlShapeTest, FactsTellSelectAllFromCountStar) {
  EXPECT_TRUE(statementFacts("SELECT * FROM t").selectsAll);
  EXPECT_TRUE(statementFacts("select t.* from t").selectsAll);
  EXPECT_FALSE(statementFacts("SELECT count(*) FROM t").selectsAll);
  EXPECT_FALSE(statementFacts("SELECT a * 2 FROM t").selectsAll);
  EXPECT_TRUE(statementFacts("WITH c AS (SELECT 1) SELECT * FROM c").isSelect);
  EXPECT_FALSE(statementFacts("DELETE FROM t").isSelect);
  const StatementFacts f = statementFacts("INSERT INTO t VALUES (1, 'a')");
  EXPECT_TRUE(f.hasLiterals);
  EXPECT_FALSE(f.hasParameters);
}

TEST(PlanDetailTest, BothWordings) {
  for (const char* detail :
       {"SEARCH TABLE t AS x USING INDEX i_ab (a=? AND b>?)", "SEARCH t AS x USING INDEX i_ab (a=? AND b>?)"}) {
    const PlanStep s = parsePlanDetail(detail);
    EXPECT_EQ(s.kind, PlanStepKind::kSearch) << detail;
    EXPECT_EQ(s.table, "t");
    EXPECT_EQ(s.alias, "x");
    EXPECT_EQ(s.index, "i_ab");
    EXPECT_EQ(s.constraints, "a=? AND b>?");
  }
  for (const char* detail : {"SCAN TABLE t", "SCAN t"}) {
    const PlanStep s = parsePlanDetail(detail);
    EXPECT_EQ(s.kind, PlanStepKind::kScan);
    EXPECT_EQ(s.table, "t");
  }
  EXPECT_TRUE(parsePlanDetail("SCAN TABLE f VIRTUAL TABLE INDEX 5:").virtualTable);
  EXPECT_TRUE(parsePlanDetail("SCAN f VIRTUAL TABLE INDEX 5:").virtualTable);
  EXPECT_EQ(parsePlanDetail("SCAN t USING COVERING INDEX i").index, "i");
  const PlanStep automatic = parsePlanDetail("SEARCH t USING AUTOMATIC COVERING INDEX (b=?)");
  EXPECT_TRUE(automatic.automaticIndex);
  EXPECT_EQ(automatic.index, "");
  EXPECT_TRUE(parsePlanDetail("SEARCH TABLE t USING INTEGER PRIMARY KEY (rowid=?)").primaryKey);
  EXPECT_EQ(parsePlanDetail("USE TEMP B-TREE FOR GROUP BY").kind, PlanStepKind::kTempTree);
  EXPECT_EQ(parsePlanDetail("SCAN SUBQUERY 1").kind, PlanStepKind::kOther);
  EXPECT_EQ(parsePlanDetail("SCAN CONSTANT ROW").kind, PlanStepKind::kOther);
  EXPECT_EQ(parsePlanDetail("LIST SUBQUERY 1").kind, PlanStepKind::kOther);
}

// The schema of nowinandroid's Room database, version 14, as Room creates it.
fs::path buildNowInAndroid(const fs::path& dir) {
  const fs::path json = dir / "com.google.samples.apps.nowinandroid.core.database.NiaDatabase" / "14.json";
  const nlohmann::json schema = nlohmann::json::parse(test::readText(json));
  std::vector<std::string> sql;
  auto named = [](std::string text, const std::string& table) {
    const std::string placeholder = "${TABLE_NAME}";
    for (size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder)) {
      text.replace(at, placeholder.size(), table);
    }
    return text;
  };
  for (const auto& entity : schema["database"]["entities"]) {
    const std::string table = entity["tableName"];
    sql.push_back(named(entity["createSql"], table));
    for (const auto& index : entity.value("indices", nlohmann::json::array()))
      sql.push_back(named(index["createSql"], table));
  }
  for (const auto& q : schema["database"]["setupQueries"]) sql.push_back(q);
  const fs::path db = scratch("nia.db");
  makeDatabase(db, sql);
  return db;
}

TEST(NowInAndroidTest, IssuesAreTheOnesProvenanceDerives) {
  MXI_REQUIRE_FIXTURE(dir, "sqlite-schemas/nowinandroid");
  const fs::path db = buildNowInAndroid(dir);
  const auto statements = readSqlList(test::readText(dir / "queries.sql"), "queries.sql");
  ASSERT_EQ(statements.size(), 14u);
  const LintReport r = lint(db, statements);
  const std::string caseWhen =
      "FROM news_resources WHERE CASE WHEN ? THEN id IN (?) ELSE ? END AND CASE WHEN ? THEN id IN ( SELECT "
      "news_resource_id FROM news_resources_topics WHERE topic_id IN (?) ) ELSE ? END ORDER BY publish_date DESC";
  // Schema: WithoutRowIdBetter twice, the redundant single-column index; no AUTOINCREMENT. Then,
  // statement by statement: the two CASE WHEN queries scan news_resources with a WHERE and sort
  // in a temp B-tree; recentSearchQueries' ORDER BY sorts in a temp B-tree too (Matrix's type 2
  // needs no WHERE); SELECT * in 6 statements, 5 shapes (`SELECT * FROM topics` twice). The FTS
  // MATCH scans and the DELETE without WHERE raise nothing.
  EXPECT_EQ(summary(r), (std::vector<std::string>{
                            "6:news_resources_topics:",
                            "6:recentSearchQueries:",
                            "8:news_resources_topics:",
                            "1:news_resources:SELECT * " + caseWhen,
                            "2:news_resources:SELECT * " + caseWhen,
                            "5::SELECT * " + caseWhen,
                            "1:news_resources:SELECT id " + caseWhen,
                            "2:news_resources:SELECT id " + caseWhen,
                            "2:recentSearchQueries:SELECT * FROM recentSearchQueries ORDER BY queriedDate DESC LIMIT ?",
                            "5::SELECT * FROM recentSearchQueries ORDER BY queriedDate DESC LIMIT ?",
                            "5::SELECT * FROM topics WHERE id = ?",
                            "5::SELECT * FROM topics",
                            "5::SELECT * FROM topics WHERE id IN (?)",
                        }));
  EXPECT_EQ(r.issues[2].desc,
            "Table(news_resources_topics) found redundant indexes:sqlite_autoindex_news_resources_topics_1"
            "(news_resource_id,topic_id)\nindex_news_resources_topics_news_resource_id(news_resource_id)");
  EXPECT_EQ(r.issues[2].advice, "You can keep index \"sqlite_autoindex_news_resources_topics_1\", and delete others.");
  int selectAllRuns = 0;
  for (const StatementSummary& s : r.statements) {
    if (statementFacts(s.shape).selectsAll) selectAllRuns += s.count;
  }
  EXPECT_EQ(selectAllRuns, 6);
  ASSERT_EQ(r.statements.size(), 13u);  // 14 statements, `SELECT * FROM topics` twice
  EXPECT_EQ(r.notChecked.size(), 1u);   // PreparedStatementBetter: no times in a .sql list
}

// Our plan rows are the ones derived with SQLite 3.40.1 (same wording since 3.36).
TEST(NowInAndroidTest, PlansMatchTheDerivedOnes) {
  MXI_REQUIRE_FIXTURE(dir, "sqlite-schemas/nowinandroid");
  if (sqlite3_libversion_number() < 3036000) GTEST_SKIP() << "this SQLite prints the old wording";
  const fs::path db = buildNowInAndroid(dir);
  const std::string derived = test::readText(dir / "eqp_derived_sqlite-3.40.1.txt");
  const auto statements = readSqlList(test::readText(dir / "queries.sql"), "queries.sql");
  auto opened = LintDatabase::open(db.string());
  ASSERT_TRUE(opened.ok());
  for (size_t i = 0; i < statements.size(); ++i) {
    const auto rows = opened->explainQueryPlan(statements[i].sql);
    ASSERT_TRUE(rows.ok());
    std::string expected;
    const std::string head = "[" + std::to_string(i + 1) + "] ";
    size_t at = derived.find(head);
    ASSERT_NE(at, std::string::npos);
    at = derived.find('\n', at) + 1;
    for (size_t nl = derived.find('\n', at); nl != std::string::npos && nl > at; nl = derived.find('\n', at)) {
      const std::string line = derived.substr(at, nl - at);
      at = nl + 1;
      if (line.find("(no plan rows)") == std::string::npos) expected += line.substr(4) + "\n";
    }
    std::string ours;
    for (const PlanRow& r : *rows)
      ours += std::to_string(r.id) + "|" + std::to_string(r.parent) + "|" + r.detail + "\n";
    // Row ids are VDBE addresses and move between versions; the parent links and text must agree.
    auto strip = [](const std::string& text) {
      std::string out;
      size_t from = 0;
      for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
        out += text.substr(text.find('|', from) + 1, nl - text.find('|', from));
        from = nl + 1;
      }
      return out;
    };
    if (sqlite3_libversion_number() == 3040001) {
      EXPECT_EQ(ours, expected) << statements[i].sql;
    } else {
      EXPECT_EQ(strip(ours).empty(), strip(expected).empty()) << statements[i].sql;
    }
  }
}

TEST(SchemaCheckersTest, AutoIncrementWithoutRowIdAndRedundantIndexes) {
  const fs::path db = scratch("schema.db");
  makeDatabase(
      db,
      {"CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER)",
       "CREATE TABLE pairs (a TEXT, b INTEGER, PRIMARY KEY (a, b))",
       "CREATE TABLE done (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID",
       "CREATE TABLE blobs (k TEXT PRIMARY KEY, v BLOB)", "CREATE TABLE wide (a INTEGER, b INTEGER, c INTEGER)",
       "CREATE INDEX wide_ab ON wide (a, b)", "CREATE INDEX wide_a ON wide (a)", "CREATE INDEX wide_ab2 ON wide (a, b)",
       "CREATE INDEX wide_c ON wide (c)", "CREATE TABLE android_metadata (locale TEXT PRIMARY KEY, x INTEGER)"});
  const LintReport r = lint(db, {});
  EXPECT_EQ(summary(r), (std::vector<std::string>{"4:counter:", "6:pairs:", "8:wide:"}));
  // index_list numbers the newest index 0; Matrix keeps the highest seq (the oldest) as the main one.
  EXPECT_EQ(r.issues[2].desc, "Table(wide) found redundant indexes:wide_ab(a,b)\nwide_ab2(a,b)wide_a(a)");
  ASSERT_EQ(r.notChecked.size(), 1u);
  EXPECT_EQ(r.notChecked[0].what, "statements");
}

TEST(QueryPlanCheckerTest, ScanTempTreeAndUncoveredWhereColumns) {
  const fs::path db = scratch("eqp.db");
  makeDatabase(db, {"CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, c TEXT)",
                    "CREATE INDEX t_a ON t (a)", "CREATE VIRTUAL TABLE f USING fts4(body)"});
  const LintReport r = lint(db, plain({"SELECT id FROM t WHERE c = 'x'", "SELECT id FROM t ORDER BY b",
                                       "SELECT id FROM t WHERE a = 1 AND b = 2", "SELECT id FROM t WHERE a = ?",
                                       "SELECT rowid FROM f WHERE f MATCH 'x'", "DELETE FROM t", "SELECT id FROM t",
                                       "SELECT nosuch FROM t"}));
  EXPECT_EQ(summary(r), (std::vector<std::string>{"1:t:SELECT id FROM t WHERE c = ?", "2:t:SELECT id FROM t ORDER BY b",
                                                  "3:t:SELECT id FROM t WHERE a = ? AND b = ?"}));
  // Literals inlined: the identity is the shape, as Matrix's wildcard SQL.
  EXPECT_EQ(r.issues[0].id,
            issueId(db.string(), "ExplainQueryPlanChecker", "EQP-Check[SELECT id FROM t WHERE c = ?][1]"));
  EXPECT_EQ(r.issues[1].id,
            issueId(db.string(), "ExplainQueryPlanChecker", "EQP-Check[SELECT id FROM t ORDER BY b][2]"));
  ASSERT_EQ(r.notChecked.size(), 2u);
  EXPECT_EQ(r.notChecked[0].what, "SELECT nosuch FROM t");
  EXPECT_NE(r.notChecked[0].why.find("no such column: nosuch"), std::string::npos) << r.notChecked[0].why;
}

TEST(IssueIdTest, MatrixRecipe) {
  // md5("app.db_WithoutRowIdBetterChecker_pairs"), computed with `printf %s … | md5sum`.
  EXPECT_EQ(issueId("/data/data/p/databases/app.db", "WithoutRowIdBetterChecker", "pairs"),
            "72e685ce0f167a2ecf97a350a6a28850");
  EXPECT_EQ(md5Hex(""), "d41d8cd98f00b204e9800998ecf8427e");
}

TEST(WhitelistTest, MatrixSpellingSilencesTablesAndSql) {
  const auto wl = Whitelist::parse(R"(<?xml version="1.0" encoding="utf-8"?>
<whilte-list>
  <checker name="WithoutRowIdBetterChecker"><element>Pairs</element></checker>
  <checker name="AvoidSelectAllChecker"><element>select * from pairs</element></checker>
</whilte-list>)");
  ASSERT_TRUE(wl.ok()) << wl.status().message();
  EXPECT_EQ(wl->size(), 2u);
  const fs::path db = scratch("wl.db");
  makeDatabase(db, {"CREATE TABLE pairs (a TEXT, b INTEGER, PRIMARY KEY (a, b))"});
  EXPECT_EQ(
      summary(lint(db, plain({"SELECT * FROM pairs", "SELECT * FROM pairs WHERE b = ?"}), *wl)),
      (std::vector<std::string>{"1:pairs:SELECT * FROM pairs WHERE b = ?", "5::SELECT * FROM pairs WHERE b = ?"}));
  EXPECT_FALSE(Whitelist::parse("<whilte-list><checker>").ok());
}

TEST(PreparedStatementTest, ThreeRunsLessThan100MsApart) {
  const fs::path db = scratch("prep.db");
  makeDatabase(db, {"CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)"});
  const std::string log =
      "11-28 10:00:00.000  100  100 V SQLiteTime: /data/user/0/p/databases/app.db: \"INSERT INTO t VALUES (1, 10)\" "
      "took 0.500 ms\n"
      "11-28 10:00:00.050  100  100 V SQLiteTime: /data/user/0/p/databases/app.db: \"INSERT INTO t VALUES (2, 20)\" "
      "took 2.400 ms\n"
      "11-28 10:00:00.149  100  100 V SQLiteTime: /data/user/0/p/databases/app.db: \"INSERT INTO t VALUES (3, 30)\" "
      "took 0.100 ms\n"
      "11-28 10:00:01.000  100  105 V SQLiteTime: /data/user/0/p/databases/app.db: \"UPDATE t SET v = 1 WHERE id = 1\" "
      "took 1.000 ms\n"
      "11-28 10:00:01.050  100  105 V SQLiteTime: /data/user/0/p/databases/app.db: \"UPDATE t SET v = 2 WHERE id = 1\" "
      "took 1.000 ms\n"
      "11-28 10:00:01.200  100  105 V SQLiteTime: /data/user/0/p/databases/app.db: \"UPDATE t SET v = 3 WHERE id = 1\" "
      "took 1.000 ms\n"
      "11-28 10:00:02.000  100  105 I ActivityManager: unrelated\n";
  ASSERT_TRUE(looksLikeSqliteTimeLog(log));
  const auto statements = readSqliteTimeLog(log, "log");
  ASSERT_EQ(statements.size(), 6u);
  EXPECT_EQ(statements[0].sql, "INSERT INTO t VALUES (1, 10)");
  EXPECT_DOUBLE_EQ(*statements[1].durationMs, 2.4);
  EXPECT_EQ(*statements[1].timeMs - *statements[0].timeMs, 50);
  EXPECT_TRUE(*statements[0].mainThread);
  EXPECT_FALSE(*statements[3].mainThread);
  const LintReport r = lint(db, statements);
  ASSERT_EQ(summary(r),
            (std::vector<std::string>{"7::INSERT INTO t VALUES (?, ?)"}));  // the UPDATEs' 150 ms gap breaks the run
  EXPECT_EQ(r.issues[0].sqlTimeCost, 2);
  EXPECT_TRUE(r.issues[0].isInMainThread);
  EXPECT_EQ(r.issues[0].id, issueId(db.string(), "PreparedStatementBetterChecker", "INSERT INTO t VALUES (?, ?)"));
  ASSERT_EQ(r.statements.size(), 2u);
  EXPECT_EQ(r.statements[0].count, 3);
  EXPECT_DOUBLE_EQ(*r.statements[0].totalMs, 3.0);
  EXPECT_DOUBLE_EQ(*r.statements[0].maxMs, 2.4);
  EXPECT_TRUE(r.notChecked.empty());
}

TEST(StatementReadersTest, SqlListLinesOrSemicolons) {
  const auto lines = readSqlList("-- header\nSELECT 1\n\n/* two\nlines */ SELECT 'a;b'\n", "q.sql");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].sql, "SELECT 'a;b'");
  EXPECT_EQ(lines[1].source, "q.sql:5");
  const auto split = readSqlList("SELECT 1;\nSELECT\n  2; -- done\n", "s.sql");
  ASSERT_EQ(split.size(), 2u);
  EXPECT_EQ(split[1].sql, "SELECT\n  2");
  EXPECT_EQ(split[1].source, "s.sql:2");
  // A quote inside the logged SQL: it runs to the last `" took `.
  const auto quoted = readSqliteTimeLog("V/SQLiteTime: app.db: \"SELECT \"a\" FROM t\" took 0.010 ms", "l");
  ASSERT_EQ(quoted.size(), 1u);
  EXPECT_EQ(quoted[0].sql, "SELECT \"a\" FROM t");
  EXPECT_FALSE(quoted[0].timeMs.has_value());
}

// `-v threadtime -v epoch` (what mxi record --sql-log asks for): the time in ms since the epoch,
// the thread from the pid and tid after it, and the label as the statement's database.
TEST(StatementReadersTest, SqliteTimeInTheEpochLayoutGivesTimeThreadAndDatabase) {
  const auto statements = readSqliteTimeLog(
      "1764374400.125 30001 30001 V SQLiteTime: /data/user/0/p/databases/a.db: \"SELECT 1\" took 0.218 ms\n"
      "  1764374400.250 30001  4261 V SQLiteTime: :memory:: \"SELECT 2\" took 3.904 ms\n",
      "log");
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_EQ(*statements[0].timeMs, 1764374400125);
  EXPECT_TRUE(*statements[0].mainThread);
  EXPECT_EQ(statements[0].database, "/data/user/0/p/databases/a.db");
  EXPECT_EQ(*statements[1].timeMs, 1764374400250);
  EXPECT_FALSE(*statements[1].mainThread);
  EXPECT_EQ(statements[1].database, ":memory:");
  EXPECT_DOUBLE_EQ(*statements[1].durationMs, 3.904);
}

TEST(LintDatabaseTest, BadFilesAreClearErrors) {
  const fs::path dir = test::scratchDir("sqlitelint-bad");
  const auto missing = LintDatabase::open((dir / "none.db").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  std::ofstream(dir / "text.db") << "this is not a database, just some text that is long enough to have a header page";
  const auto text = LintDatabase::open((dir / "text.db").string());
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().message(), "file is not a database (not SQLite, or encrypted, e.g. by SQLCipher or WCDB)");
  std::ofstream(dir / "lone.db-wal") << "x";
  const auto lone = LintDatabase::open((dir / "lone.db").string());
  ASSERT_FALSE(lone.ok());
  EXPECT_NE(lone.status().message().find("only its write-ahead log"), std::string::npos);
  EXPECT_FALSE(LintDatabase::open((dir / "lone.db-wal").string()).ok());
  // A real database whose pages after the header are overwritten.
  const fs::path corrupt = dir / "corrupt.db";
  makeDatabase(corrupt, {"CREATE TABLE t (a)", "CREATE INDEX ta ON t (a)"});
  {
    std::fstream f(corrupt, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    const std::string junk(3000, '\x5a');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  const auto broken = LintDatabase::open(corrupt.string());
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.status().message().find("corrupt"), std::string::npos) << broken.status().message();
}

}  // namespace
}  // namespace mxi::core::sqlitelint
