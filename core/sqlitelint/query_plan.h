// EXPLAIN QUERY PLAN rows and what one row says, in both of SQLite's wordings: before 3.36
// `SCAN TABLE t`, `SEARCH TABLE t USING INDEX i (a=?)` (the only one Matrix reads), since 3.36
// `SCAN t`, `SEARCH t USING INDEX i (a=?)`; `USE TEMP B-TREE FOR ORDER BY` in both.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::sqlitelint {

// One row as sqlite3 returns it: id, parent (selectid/order before 3.24) and the detail text.
struct PlanRow {
  int id = 0;
  int parent = 0;
  std::string detail;
};

enum class PlanStepKind {
  kScan,      // reads every row of a table (or of an index, for a covering index scan)
  kSearch,    // looks rows up through an index or the rowid
  kTempTree,  // USE TEMP B-TREE FOR ORDER BY / GROUP BY / DISTINCT …
  kOther,     // subqueries, compound selects, constant rows, scalar subqueries …
};

struct PlanStep {
  PlanStepKind kind = PlanStepKind::kOther;
  std::string table;            // kScan/kSearch; empty for subqueries and CTEs' results
  std::string alias;            // `AS x`, when the row names one
  std::string index;            // USING [COVERING] INDEX name; empty for the rowid or an automatic index
  std::string constraints;      // the text in parentheses: "a=? AND b>?"
  bool virtualTable = false;    // `VIRTUAL TABLE INDEX n:`: the module's own lookup (FTS MATCH)
  bool automaticIndex = false;  // USING AUTOMATIC [PARTIAL] [COVERING] INDEX: SQLite built one
  bool primaryKey = false;      // USING INTEGER PRIMARY KEY or PRIMARY KEY (a WITHOUT ROWID table)
  std::string tempTreePurpose;  // kTempTree: "ORDER BY", "GROUP BY", "DISTINCT", "RIGHT PART OF ORDER BY"…
};

PlanStep parsePlanDetail(std::string_view detail);

}  // namespace mxi::core::sqlitelint
