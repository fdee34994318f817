// The Database page's figures: the app's SQL statements per shape and database (how often each
// ran, total / mean / max ms: core/sqlitelint's ShapeTable), the session's SQLiteLint issues read
// back from their stored content, and the database check's "not checked" marks — so a statement
// row finds its issues, its query plan (only issues keep one) or why there is none. Fed record
// by record (a session up to a moment, or a live session as it grows); plain C++ so the page's
// numbers are tested without widgets.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/matrix/matrix_issue.h"
#include "core/session/sql_operation.h"
#include "core/sqlitelint/query_plan.h"
#include "core/sqlitelint/sql_shapes.h"

namespace mxi::gui {

// A SQLiteLint issue as a session stores it (tag "SQLiteLint", Matrix's fields in its content).
struct SqliteLintFinding {
  int type = 0;
  std::string checker;  // the content's "checker", else the name of the checker that raises `type`
  std::string dbPath, table, sql, shape, desc, detail, advice;
  std::optional<bool> mainThread;  // isInMainThread; absent when nothing knew the thread (live issues)
  int64_t sqlTimeCostMs = 0;
  std::vector<core::sqlitelint::PlanRow> plan;
};

// Null unless the issue's tag is SQLiteLint and its content is a JSON object.
std::optional<SqliteLintFinding> sqliteLintFinding(const core::matrix::MatrixIssue& issue);

// The name of the checker that raises a SQLiteLint issue type (Matrix's 1–8, ours 100 and 101).
std::string sqliteLintCheckerName(int type);

// EXPLAIN QUERY PLAN rows in tree order: each row under the row whose id is its parent (0 or an
// id no row has: the top), depth first, siblings in the order SQLite printed them.
struct PlanLine {
  int depth = 0;
  const core::sqlitelint::PlanRow* row = nullptr;
};
std::vector<PlanLine> planTreeOrder(const std::vector<core::sqlitelint::PlanRow>& plan);

// "yes" when one of the statement's issues says it ran on the main thread. Never "no": dumpsys
// dbinfo prints no thread, and a checker's isInMainThread=false means "not seen on it", which a
// statement that no source placed on a thread also gets.
enum class MainThread { kUnknown, kYes };

struct StatementRow {
  core::sqlitelint::ShapeTotals totals;
  std::string database;  // the path the operations name ("" when the dump printed none)
  MainThread mainThread = MainThread::kUnknown;
};

struct DatabaseTotals {
  uint64_t statements = 0;  // operations: the sum of the rows' counts
  size_t shapes = 0;        // the rows
  int64_t totalMs = 0;      // the sum of the rows' totals
  std::map<int, uint64_t> issuesByType;
};

class DatabaseStatements {
 public:
  void addOperation(const core::session::SqlOperation& operation);
  // Ignored unless a SQLiteLint issue.
  void addIssue(const core::matrix::MatrixIssue& issue);
  // Ignored unless the database check's "SQLiteLint: not checked: WHAT: WHY".
  void addMark(std::string_view text);

  // By total time, then count, shape and database (ShapeTable's order, over every database).
  std::vector<StatementRow> rows() const;
  // Over `rows` (this one's rows(), taken once by a caller that shows both).
  DatabaseTotals totals(const std::vector<StatementRow>& rows) const;
  DatabaseTotals totals() const { return totals(rows()); }
  const std::vector<SqliteLintFinding>& findings() const { return m_findings; }
  // The issues about the row's statement: same shape, on the same database file (an issue that
  // names no database matches any).
  std::vector<const SqliteLintFinding*> findingsFor(const StatementRow& row) const;
  // The plan of the row's statement, taken from the first of its issues that carries one.
  const std::vector<core::sqlitelint::PlanRow>* planFor(const StatementRow& row) const;
  // Why planFor() has none, in a sentence that starts "no plan: ".
  std::string noPlanReason(const StatementRow& row) const;
  uint64_t revision() const { return m_revision; }

 private:
  std::map<std::string, core::sqlitelint::ShapeTable, std::less<>> m_byDatabase;
  std::vector<SqliteLintFinding> m_findings;
  std::vector<std::string> m_notChecked;  // "WHAT: WHY" of each mark
  uint64_t m_revision = 0;
};

}  // namespace mxi::gui
