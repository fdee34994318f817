// The live SQL figures and issues: statements grouped by shape with exact totals, a slow
// statement raised once per shape and database, an automatic index once per table and columns,
// ids as Matrix computes them (MD5 values computed with Python's hashlib).
#include <gtest/gtest.h>

#include "core/sqlitelint/live_issues.h"
#include "core/sqlitelint/sql_shapes.h"

namespace mxi::core::sqlitelint {
namespace {

constexpr const char* kDb = "/data/user/0/com.example.mxi.demo/databases/demo.db";

TEST(ShapeTable, GroupsByShapeSortedByTotalTime) {
  ShapeTable t;
  t.add("SELECT * FROM note WHERE id = 1", 3);
  t.add("SELECT * FROM note WHERE id = 22", 5);
  t.add("select * from note where id=3", 1);  // another spelling: another shape
  t.add("INSERT INTO note(title) VALUES ('a')", 20);
  t.add("INSERT INTO note(title) VALUES ('b')", -1);  // not timed: counted, not in the mean
  t.add("DELETE FROM note", 9);
  const std::vector<ShapeTotals> rows = t.byTotal();
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], (ShapeTotals{"INSERT INTO note(title) VALUES (?)", 2, 1, 20, 20}));
  EXPECT_EQ(rows[0].meanMs(), 20.0);
  EXPECT_EQ(rows[1], (ShapeTotals{"DELETE FROM note", 1, 1, 9, 9}));
  EXPECT_EQ(rows[2], (ShapeTotals{"SELECT * FROM note WHERE id = ?", 2, 2, 8, 5}));
  EXPECT_EQ(rows[2].meanMs(), 4.0);
  EXPECT_EQ(rows[3], (ShapeTotals{"select * from note where id=?", 1, 1, 1, 1}));
  EXPECT_EQ(t.operations(), 6u);
}

TEST(LiveIssues, ASlowStatementOncePerShapeAndDatabase) {
  LiveIssues live(100);
  EXPECT_FALSE(live.operation(kDb, "SELECT * FROM note WHERE title LIKE '%a%'", 99, 1000));
  auto issue = live.operation(kDb, "SELECT * FROM note WHERE title LIKE '%a%'", 100, 2000);
  ASSERT_TRUE(issue);
  EXPECT_EQ(issue->id, "4311a03e20ccddb6a81601ee2d102bb2");
  EXPECT_EQ(static_cast<int>(issue->type), kSlowStatementType);
  EXPECT_EQ(issue->checker, "SlowStatementChecker");
  EXPECT_EQ(issue->shape, "SELECT * FROM note WHERE title LIKE ?");
  EXPECT_EQ(issue->sqlTimeCost, 100);
  EXPECT_EQ(issue->createTime, 2000);
  EXPECT_EQ(issue->desc, "A statement took 100 ms (the slow threshold is 100 ms)");
  EXPECT_FALSE(live.operation(kDb, "SELECT * FROM note WHERE title LIKE 'b'", 400, 3000));  // same shape
  EXPECT_TRUE(live.operation("/d/other.db", "SELECT * FROM note WHERE title LIKE 'b'", 400, 3000));
  EXPECT_FALSE(live.operation(kDb, "DELETE FROM note", -1, 3000));  // not timed
  LiveIssues off(0);
  EXPECT_FALSE(off.operation(kDb, "DELETE FROM note", 5000, 3000));
}

TEST(LiveIssues, AnAutomaticIndexOncePerTableAndColumns) {
  LiveIssues live;
  EXPECT_EQ(live.slowMs(), 100);
  auto issue = live.sqliteLog("(284) automatic index on note(title)", 5000);
  ASSERT_TRUE(issue);
  EXPECT_EQ(issue->id, "091ba35c88ed7da14564d9ac65fe933a");
  EXPECT_EQ(static_cast<int>(issue->type), kAutomaticIndexType);
  EXPECT_EQ(issue->table, "note");
  EXPECT_EQ(issue->advice, "CREATE INDEX ON note(title) (or an index the query's WHERE/JOIN columns lead with).");
  EXPECT_FALSE(live.sqliteLog("(284) automatic index on note(title)", 6000));
  EXPECT_TRUE(live.sqliteLog("(284) automatic index on note(title,body)", 6000));
  EXPECT_FALSE(live.sqliteLog("(28) file renamed while open", 6000));
  const auto parsed = parseAutomaticIndex("automatic index on t(a,b)");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->table, "t");
  EXPECT_EQ(parsed->columns, "a,b");
  EXPECT_FALSE(parseAutomaticIndex("automatic index on (a)"));
  EXPECT_FALSE(parseAutomaticIndex("automatic index on t()"));
}

TEST(LiveIssues, ContentHasMatrixFieldsThatAreKnownAndNoThread) {
  LiveIssues live(50);
  const auto issue = live.operation(kDb, "DELETE FROM note WHERE id = 7", 80, 1234);
  ASSERT_TRUE(issue);
  const nlohmann::ordered_json c = liveIssueContent(*issue);
  EXPECT_EQ(c["dbPath"], kDb);
  EXPECT_EQ(c["level"], 3);
  EXPECT_EQ(c["type"], 100);
  EXPECT_EQ(c["sql"], "DELETE FROM note WHERE id = 7");
  EXPECT_EQ(c["sqlTimeCost"], 80);
  EXPECT_EQ(c["createTime"], 1234);
  EXPECT_EQ(c["shape"], "DELETE FROM note WHERE id = ?");
  EXPECT_FALSE(c.contains("isInMainThread"));
  EXPECT_FALSE(c.contains("stack"));
  const nlohmann::ordered_json a = liveIssueContent(*live.sqliteLog("(284) automatic index on t(c)", 1));
  EXPECT_FALSE(a.contains("sqlTimeCost"));
  EXPECT_FALSE(a.contains("shape"));
  EXPECT_EQ(a["table"], "t");
}

}  // namespace
}  // namespace mxi::core::sqlitelint
