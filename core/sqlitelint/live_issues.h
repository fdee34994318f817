// SQLiteLint issues from what a recording sees of the app's SQL without the SDK (docs/SQLITE.md
// "Live"): a statement that took at least the slow threshold, once per statement shape and
// database; and SQLite's own `automatic index on T(COLS)` log line (it had to build a temporary
// index for one query: a missing index), once per table and columns. Each with Matrix's fields
// where they are known (dumpsys dbinfo prints no thread, so isInMainThread is never claimed) and
// Matrix's id scheme (lint_issue.h), so repeated recordings and the SDK's issues dedupe.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/sqlitelint/lint_issue.h"

namespace mxi::core::sqlitelint {

// Outside Matrix's IssueType range (1–8), ours.
inline constexpr int kSlowStatementType = 100;
inline constexpr int kAutomaticIndexType = 101;
inline constexpr const char* kSlowStatementChecker = "SlowStatementChecker";
inline constexpr const char* kAutomaticIndexChecker = "AutomaticIndexChecker";

// 100 ms: at 60 Hz six frames, and where Android's responsiveness guidance says a user notices
// a delay (docs/SQLITE.md "Live" says why not lower: dbinfo cannot tell the main thread).
inline constexpr int64_t kDefaultSlowStatementMs = 100;
// Where the desktop app keeps the threshold (QSettings, an int in ms), as `--sql-slow-ms` sets it.
inline constexpr const char* kSlowStatementSettingsKey = "sqlite/slowStatementMs";

// The table and columns of "(284) automatic index on t(a,b)" (SQLite's SQLITE_WARNING_AUTOINDEX
// message); nullopt for any other line.
struct AutomaticIndex {
  std::string table;
  std::string columns;  // as logged, "a" or "a,b"
};
std::optional<AutomaticIndex> parseAutomaticIndex(std::string_view message);

class LiveIssues {
 public:
  explicit LiveIssues(int64_t slowMs = kDefaultSlowStatementMs) : m_slowMs(slowMs) {}
  int64_t slowMs() const { return m_slowMs; }

  // An operation that ran `sql` for `durationMs` (-1: not printed) on `dbPath` at `timeMs` (epoch):
  // the issue when it is the first of its shape at or over the threshold.
  std::optional<LintIssue> operation(const std::string& dbPath, const std::string& sql, int64_t durationMs,
                                     int64_t timeMs);
  // A SQLiteLog message: the issue when it is the first automatic index on that table and columns.
  // The line names no database: the issue's dbPath is empty and its id is built with "".
  std::optional<LintIssue> sqliteLog(std::string_view message, int64_t timeMs);

 private:
  int64_t m_slowMs;
  std::set<std::string> m_raised;  // issue ids
};

// The issue's content as sessions store it: Matrix's fields that are known, plus "shape".
// isInMainThread, stack and plan are left out (nothing live knows them).
nlohmann::ordered_json liveIssueContent(const LintIssue& issue);

}  // namespace mxi::core::sqlitelint
