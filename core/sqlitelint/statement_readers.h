// Statements from text files: a plain `.sql` list and SQLiteTime logcat lines. Both fill the
// plain LintStatement, as a `dumpsys dbinfo` reader will.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/sqlitelint/statement.h"

namespace mxi::core::sqlitelint {

// A `.sql` list: `;`-separated statements when the file has a `;` outside quotes and comments,
// otherwise one statement per non-blank line. `--` and `/* */` comments are skipped. `source`
// is "NAME:LINE" of the line the statement starts on.
std::vector<LintStatement> readSqlList(std::string_view text, const std::string& name);

// Lines of Android's SQLiteTime log (frameworks/base/core/jni/android_database_SQLiteConnection.cpp,
// sqliteProfileCallback: `"%s: \"%s\" took %0.3f ms"` with the connection's label, at VERBOSE),
// in any logcat layout. `-v threadtime` lines (`MM-DD HH:MM:SS.mmm PID TID V SQLiteTime: …`) also
// give the time and whether the thread was the main one (its tid equals the pid), as do
// `-v threadtime -v epoch` lines (`SECONDS.mmm PID TID V SQLiteTime: …`). The label (the
// database's path) becomes the statement's `database`. The SQL is printed unescaped, so it runs
// to the last `" took `. Other lines are ignored.
std::vector<LintStatement> readSqliteTimeLog(std::string_view text, const std::string& name);

// True when the text has at least one SQLiteTime line (how `--statements` tells the two apart).
bool looksLikeSqliteTimeLog(std::string_view text);

}  // namespace mxi::core::sqlitelint
