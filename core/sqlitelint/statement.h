// One SQL statement the app ran, as any source can fill it (a `.sql` list, SQLiteTime logcat
// lines, later `dumpsys dbinfo` operations), and its shape: literals as `?`, whitespace as one
// space, so the same statement with other values groups together.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mxi::core::sqlitelint {

struct LintStatement {
  std::string sql;
  std::optional<double> durationMs;  // how long it ran, when the source says
  std::optional<bool> mainThread;    // ran on the app's main thread, when the source says
  std::optional<int64_t> timeMs;     // when it ran (ms on any one clock), for PreparedStatementBetter
  std::string source;                // "FILE:LINE", for messages
  std::string database;              // the database's path as the app opened it, when the source says
};

// The statement with every string, number and blob literal replaced by `?`, comments dropped,
// whitespace runs as one space (none kept where the statement had none), no trailing `;`.
// Identifiers and keywords keep their spelling; quoted identifiers keep their quotes.
std::string statementShape(std::string_view sql);

// What the checkers need to know about a statement's text.
struct StatementFacts {
  bool hasLiterals = false;    // a value written into the SQL
  bool hasParameters = false;  // a bound `?`, `?N`, `:x`, `@x` or `$x`
  bool isSelect = false;       // SELECT, or WITH … SELECT
  bool selectsAll = false;     // `SELECT *` or `t.*` in a result column list (not count(*))
};
StatementFacts statementFacts(std::string_view sql);

}  // namespace mxi::core::sqlitelint
