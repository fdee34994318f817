// The Database page: a session written here with known SQL operations, database-check issues
// (as mxi record writes them), a live slow-statement issue and a not-checked mark shows exact
// statement rows in total-time order, totals that agree with them, the selected statement's query
// plan as a tree (rows nested by parent id) or why it has none, and its issues with advice; the
// issue feed shows a SQLiteLint issue's fields and plan, not its JSON; a live session's issues
// reach the page as they arrive, each once.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTreeView>
#include <span>

#include "app/gui/main_window.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/models/session/query_plan_model.h"
#include "app/gui/models/session/sql_statements_model.h"
#include "app/gui/views/session/database_view.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/session/session_view.h"
#include "core/agentlink/database_check.h"
#include "core/agentlink/issue_record.h"
#include "core/json/json_writer.h"
#include "core/live/live_record_feed.h"
#include "core/session/session_writer.h"
#include "core/sqlitelint/live_issues.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

namespace sl = core::sqlitelint;

constexpr const char* kDemoDb = "/data/user/0/com.example.app/databases/demo.db";
constexpr const char* kOtherDb = "/data/user/0/com.example.app/databases/other.db";
constexpr int64_t kSecond = 1'000'000'000;

core::session::SessionRecord sqlRecord(int64_t timeNs, const char* db, const char* sql, int64_t ms) {
  core::session::SessionRecord r;
  r.type = core::session::RecordType::kSqlOperation;
  r.timeNs = timeNs;
  r.sql.timeNs = timeNs;
  r.sql.pid = 4242;
  r.sql.process = "com.example.app";
  r.sql.dbPath = db;
  r.sql.kind = "executeForCursorWindow";
  r.sql.durationMs = ms;
  r.sql.status = "succeeded";
  r.sql.sql = sql;
  return r;
}

sl::LintIssue checkIssue(sl::IssueType type, const char* checker, const std::string& sql, const char* desc) {
  sl::LintIssue i;
  i.id = sl::issueId(kDemoDb, checker, sql);
  i.dbPath = kDemoDb;
  i.type = type;
  i.level = sl::IssueLevel::kWarning;
  i.sql = sql;
  i.shape = sl::statementShape(sql);
  i.table = "notes";
  i.desc = desc;
  i.detail = std::string("detail of ") + checker;
  i.advice = std::string("advice of ") + checker;
  i.checker = checker;
  i.createTime = 1'700'000'000'000;
  return i;
}

// Three statements on two databases: 3 selects (40+50+30 ms), 5 inserts (1+2+3+4 ms and one
// whose time the dump did not print), 1 count (200 ms) on other.db; then a live slow-statement
// issue, and the database check's records at the end (three issues and a not-checked mark).
std::vector<core::session::SessionRecord> sessionRecords() {
  std::vector<core::session::SessionRecord> out;
  const char* select = "SELECT * FROM notes WHERE title = 'a'";
  const char* insert = "INSERT INTO log(msg) VALUES('x')";
  int64_t t = kSecond;
  for (int64_t ms : {40, 50, 30}) out.push_back(sqlRecord(t += kSecond, kDemoDb, select, ms));
  for (int64_t ms : {1, 2, 3, 4, -1}) out.push_back(sqlRecord(t += kSecond, kDemoDb, insert, ms));
  out.push_back(sqlRecord(t += kSecond, kOtherDb, "SELECT count(*) FROM other", 200));

  // The live slow-statement issue, as the recorder raises it.
  sl::LiveIssues live;
  auto slow = live.operation(kOtherDb, "SELECT count(*) FROM other", 200, 1'700'000'000'000);
  EXPECT_TRUE(slow);
  core::protocol::MatrixIssue m;
  m.tag = "SQLiteLint";
  m.type = sl::kSlowStatementType;
  m.key = slow->id;
  m.kind = core::protocol::IssueKind::kSqlite;
  m.contentJson = core::json::dumpJson(sl::liveIssueContent(*slow));
  out.push_back(
      core::session::textRecord(core::session::RecordType::kIssue, t += kSecond, core::agentlink::issueRecordJson(m)));

  // The database check at the end: demo.db checked, other.db copied but not a database.
  core::agentlink::DatabaseCheck check;
  check.checked = {"demo.db"};
  sl::LintIssue scan = checkIssue(sl::IssueType::kExplainQueryScanTable, sl::kExplainQueryPlanChecker, select,
                                  "a table scan with a WHERE");
  scan.isInMainThread = true;
  scan.plan = {{2, 0, "SCAN notes"},
               {4, 0, "CORRELATED SCALAR SUBQUERY 1"},
               {8, 4, "SEARCH tags USING INDEX tags_note (note_id=?)"},
               {12, 0, "USE TEMP B-TREE FOR ORDER BY"}};
  check.issues.push_back(scan);
  check.issues.push_back(
      checkIssue(sl::IssueType::kAvoidSelectAll, sl::kAvoidSelectAllChecker, select, "SELECT * reads every column"));
  check.issues.push_back(checkIssue(sl::IssueType::kAvoidAutoIncrement, sl::kAvoidAutoIncrementChecker,
                                    "CREATE TABLE notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT)",
                                    "AUTOINCREMENT costs a table"));
  check.notChecked.push_back({"other.db", "file is not a database"});
  for (auto& r : core::agentlink::databaseCheckRecords(check, t += kSecond, 4242)) out.push_back(std::move(r));
  return out;
}

std::string writeSession() {
  // Kept (test-artifacts/…/database/database.mxs): scripts/screenshots.sh shows it for the README.
  const std::string path = (test::artifactDir("database") / "database.mxs").string();
  core::session::SessionHeader header;
  header.app = "com.example.app";
  header.device = "test";
  auto writer = core::session::SessionWriter::create(path, header);
  EXPECT_TRUE(writer.ok()) << writer.status().toString();
  for (const auto& r : sessionRecords()) EXPECT_TRUE((*writer)->append(r).ok());
  EXPECT_TRUE((*writer)->close().ok());
  return path;
}

QStringList rowTexts(const QAbstractItemModel& model, int row) {
  QStringList cells;
  for (int c = 0; c < model.columnCount(); ++c) cells << model.index(row, c).data().toString();
  return cells;
}

QStringList planLines(const QAbstractItemModel& model, const QModelIndex& parent = {}, int depth = 0) {
  QStringList out;
  for (int r = 0; r < model.rowCount(parent); ++r) {
    const QModelIndex i = model.index(r, 0, parent);
    out << QString(depth * 2, QLatin1Char(' ')) + i.data().toString();
    out << planLines(model, i, depth + 1);
  }
  return out;
}

TEST(DatabaseViewTest, SessionStatementsPlansAndIssues) {
  const std::string path = writeSession();
  MainWindow window;
  QSignalSpy opened(&window, &MainWindow::sessionOpened);
  window.openFiles({QString::fromStdString(path)});
  ASSERT_TRUE(opened.wait(20000));
  LiveDashboard* dashboard = window.sessionView()->dashboard();
  ASSERT_EQ(dashboard->tabs()->tabText(1), QStringLiteral("Database"));
  DatabaseView* db = dashboard->databaseView();
  QAbstractItemModelTester tester(db->model(), QAbstractItemModelTester::FailureReportingMode::Warning);

  const QAbstractItemModel& shown = *db->table()->model();
  ASSERT_EQ(shown.rowCount(), 3);
  EXPECT_EQ(rowTexts(shown, 0), (QStringList{QStringLiteral("SELECT count(*) FROM other"), QLatin1String(kOtherDb),
                                             QStringLiteral("1"), QStringLiteral("200"), QStringLiteral("200.0"),
                                             QStringLiteral("200"), QStringLiteral("unknown")}));
  EXPECT_EQ(rowTexts(shown, 1), (QStringList{QStringLiteral("SELECT * FROM notes WHERE title = ?"),
                                             QLatin1String(kDemoDb), QStringLiteral("3"), QStringLiteral("120"),
                                             QStringLiteral("40.0"), QStringLiteral("50"), QStringLiteral("yes")}));
  EXPECT_EQ(rowTexts(shown, 2),
            (QStringList{QStringLiteral("INSERT INTO log(msg) VALUES(?)"), QLatin1String(kDemoDb), QStringLiteral("5"),
                         QStringLiteral("10"), QStringLiteral("2.5"), QStringLiteral("4"), QStringLiteral("unknown")}));
  // The totals are the table's: 1+3+5 statements, 3 shapes, 200+120+10 ms; every issue by type.
  EXPECT_EQ(
      db->totalsText(),
      QStringLiteral("<b>9</b> statements · <b>3</b> distinct shapes · <b>330 ms</b> in all · <b>4</b> SQLiteLint "
                     "issues: 1 × ExplainQueryPlanChecker (type 1), 1 × AvoidAutoIncrementChecker (type 4), 1 × "
                     "AvoidSelectAllChecker (type 5), 1 × SlowStatementChecker (type 100)"));

  // The costliest is selected first: other.db was copied but is no database, so no plan.
  EXPECT_EQ(db->table()->currentIndex().row(), 0);
  EXPECT_EQ(db->planNoteText(), QStringLiteral("no plan: the database was not checked (file is not a database)"));
  EXPECT_FALSE(db->planTree()->isVisibleTo(db));
  EXPECT_TRUE(db->issuesText().contains(QStringLiteral("SlowStatementChecker (type 100)")))
      << db->issuesText().toStdString();

  // The select: its plan as a tree, and both its issues with their advice.
  db->selectRow(1);
  EXPECT_EQ(db->planNoteText(), QStringLiteral("Query plan (EXPLAIN QUERY PLAN, from its SQLiteLint issue):"));
  ASSERT_TRUE(db->planTree()->model());
  QAbstractItemModelTester planTester(db->planTree()->model(), QAbstractItemModelTester::FailureReportingMode::Warning);
  EXPECT_EQ(planLines(*db->planTree()->model()),
            (QStringList{QStringLiteral("SCAN notes"), QStringLiteral("CORRELATED SCALAR SUBQUERY 1"),
                         QStringLiteral("  SEARCH tags USING INDEX tags_note (note_id=?)"),
                         QStringLiteral("USE TEMP B-TREE FOR ORDER BY")}));
  const QString issues = db->issuesText();
  EXPECT_EQ(issues.split(QLatin1Char('\n')).count(QStringLiteral("Checker")), 2) << issues.toStdString();
  for (const char* want :
       {"ExplainQueryPlanChecker (type 1)", "a table scan with a WHERE", "advice of ExplainQueryPlanChecker",
        "AvoidSelectAllChecker (type 5)", "SELECT * reads every column", "advice of AvoidSelectAllChecker"}) {
    EXPECT_TRUE(issues.contains(QLatin1String(want))) << want << "\n" << issues.toStdString();
  }

  // The inserts: demo.db was checked, and nothing in their plan raised an issue.
  db->selectRow(2);
  EXPECT_EQ(db->planNoteText(),
            QStringLiteral("no plan: the database was checked and its plan raised no issue (a session keeps plans only "
                           "in issues)"));
  EXPECT_EQ(db->issuesText(), QStringLiteral("No SQLiteLint issue about this statement."));

  // Sorting by count puts the inserts first.
  db->table()->model()->sort(SqlStatementsModel::kCount, Qt::DescendingOrder);
  EXPECT_EQ(shown.index(0, SqlStatementsModel::kShape).data().toString(),
            QStringLiteral("INSERT INTO log(msg) VALUES(?)"));

  // Scrubbed to 1.5 s after the first record: the first two selects only, no issue yet.
  window.sessionView()->scrubTo(1500);
  DatabaseView* early = window.sessionView()->dashboard()->databaseView();
  ASSERT_EQ(early->model()->rowCount(), 1);
  EXPECT_EQ(
      rowTexts(*early->table()->model(), 0),
      (QStringList{QStringLiteral("SELECT * FROM notes WHERE title = ?"), QLatin1String(kDemoDb), QStringLiteral("2"),
                   QStringLiteral("90"), QStringLiteral("45.0"), QStringLiteral("50"), QStringLiteral("unknown")}));
  EXPECT_EQ(early->totalsText(),
            QStringLiteral("<b>2</b> statements · <b>1</b> distinct shapes · <b>90 ms</b> in all · "
                           "no SQLiteLint issues"));
  window.sessionView()->scrubTo(-1);
  dashboard = window.sessionView()->dashboard();

  // The feed's SQLiteLint issue: its fields and plan, not JSON.
  IssueFeedModel* feed = dashboard->feedModel();
  int scanRow = -1;
  for (int r = 0; r < feed->rowCount(); ++r) {
    const auto& e = feed->eventAt(r);
    if (e.issue && e.issue->tag == "SQLiteLint" && e.issue->type == 1) scanRow = r;
  }
  ASSERT_GE(scanRow, 0);
  dashboard->selectEvent(scanRow);
  const QString detail = dashboard->detailView()->detailText();
  EXPECT_EQ(detail.split(QLatin1Char('\n')),
            (QStringList{QString(),
                         QStringLiteral("Checker"),
                         QStringLiteral("ExplainQueryPlanChecker (type 1)"),
                         QStringLiteral("Database"),
                         QLatin1String(kDemoDb),
                         QStringLiteral("Table"),
                         QStringLiteral("notes"),
                         QStringLiteral("Description"),
                         QStringLiteral("a table scan with a WHERE"),
                         QStringLiteral("Detail"),
                         QStringLiteral("detail of ExplainQueryPlanChecker"),
                         QStringLiteral("Advice"),
                         QStringLiteral("advice of ExplainQueryPlanChecker"),
                         QStringLiteral("isInMainThread"),
                         QStringLiteral("true"),
                         QString(),
                         QStringLiteral("SQL"),
                         QStringLiteral("SELECT * FROM notes WHERE title = 'a'"),
                         QStringLiteral("Query plan"),
                         QStringLiteral("SCAN notes"),
                         QStringLiteral("CORRELATED SCALAR SUBQUERY 1"),
                         QStringLiteral("  SEARCH tags USING INDEX tags_note (note_id=?)"),
                         QStringLiteral("USE TEMP B-TREE FOR ORDER BY")}));
}

std::vector<std::string> treeOrder(const std::vector<sl::PlanRow>& plan) {
  std::vector<std::string> out;
  for (const PlanLine& line : planTreeOrder(plan)) out.push_back(std::string(line.depth * 2, ' ') + line.row->detail);
  return out;
}

TEST(DatabaseViewTest, PlanRowsNestByParentId) {
  // SQLite 3.24+: ids and parents; a child printed before a later sibling of its parent.
  EXPECT_EQ(
      treeOrder({{3, 0, "COMPOUND QUERY"},
                 {4, 3, "LEFT-MOST SUBQUERY"},
                 {7, 4, "SCAN a"},
                 {9, 3, "UNION ALL"},
                 {12, 9, "SCAN b"}}),
      (std::vector<std::string>{"COMPOUND QUERY", "  LEFT-MOST SUBQUERY", "    SCAN a", "  UNION ALL", "    SCAN b"}));
  // Before 3.24 the columns were selectid and order: no row names another, all stay at the top.
  EXPECT_EQ(treeOrder({{0, 0, "SCAN TABLE t"}, {0, 1, "SEARCH TABLE u USING INDEX i (a=?)"}}),
            (std::vector<std::string>{"SCAN TABLE t", "SEARCH TABLE u USING INDEX i (a=?)"}));
  // A cycle (damaged content) shows each row once.
  EXPECT_EQ(treeOrder({{1, 2, "A"}, {2, 1, "B"}}), (std::vector<std::string>{"A", "  B"}));
}

// The live path as the GUI's recording feeds it: records decoded into batches (LiveRecordDecoder),
// applied to the live model, read by the tab on the dashboard's repaint.
TEST(DatabaseViewTest, LiveIssuesArriveOnceEach) {
  auto session = std::make_shared<core::live::LiveSession>();
  LiveDashboard dashboard(session);
  DatabaseView* db = dashboard.databaseView();
  EXPECT_EQ(db->totalsText(), QStringLiteral("<b>0</b> statements · <b>0</b> distinct shapes · <b>0 ms</b> in all · "
                                             "no SQLiteLint issues"));
  const auto records = sessionRecords();
  ASSERT_EQ(records.size(), 14u);  // 9 operations, the slow statement, 3 check issues, 1 mark
  core::live::LiveRecordDecoder decoder;
  auto feed = [&](size_t from, size_t to) {
    core::live::LiveBatch batch;
    decoder.decode(std::span(records).subspan(from, to - from), batch);
    session->apply(std::move(batch));
    dashboard.refresh();
  };
  feed(0, 10);          // the operations and the slow statement
  dashboard.refresh();  // nothing new: nothing counted twice
  EXPECT_EQ(db->totalsText(), QStringLiteral("<b>9</b> statements · <b>3</b> distinct shapes · <b>330 ms</b> in all · "
                                             "<b>1</b> SQLiteLint issues: 1 × SlowStatementChecker (type 100)"));
  feed(10, 14);  // the check
  EXPECT_EQ(
      db->totalsText(),
      QStringLiteral("<b>9</b> statements · <b>3</b> distinct shapes · <b>330 ms</b> in all · <b>4</b> SQLiteLint "
                     "issues: 1 × ExplainQueryPlanChecker (type 1), 1 × AvoidAutoIncrementChecker (type 4), 1 × "
                     "AvoidSelectAllChecker (type 5), 1 × SlowStatementChecker (type 100)"));

  // The statements the live model kept meet those issues.
  ASSERT_EQ(db->model()->rowCount(), 3);
  EXPECT_EQ(db->planNoteText(), QStringLiteral("no plan: the database was not checked (file is not a database)"));
  db->selectRow(1);
  EXPECT_EQ(planLines(*db->planTree()->model()),
            (QStringList{QStringLiteral("SCAN notes"), QStringLiteral("CORRELATED SCALAR SUBQUERY 1"),
                         QStringLiteral("  SEARCH tags USING INDEX tags_note (note_id=?)"),
                         QStringLiteral("USE TEMP B-TREE FOR ORDER BY")}));

  // A package run-as refuses: every database's plan says so.
  session->addMark("SQLiteLint: not checked: databases of com.example.app: run-as: package not debuggable", 20000);
  dashboard.refresh();
  db->selectRow(2);
  EXPECT_EQ(db->planNoteText(),
            QStringLiteral("no plan: the database was not copied (run-as: package not debuggable)"));
}

}  // namespace
}  // namespace mxi::gui
