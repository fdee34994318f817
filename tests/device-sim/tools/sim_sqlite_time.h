// The foreground app's SQLiteTime log: with `log.tag.SQLiteTime` VERBOSE when its process started
// (SQLiteDebug.DEBUG_SQL_TIME is read once, when the class loads), every statement it runs is
// logged by android_database_SQLiteConnection.cpp's sqliteProfileCallback as
// `V SQLiteTime: <connection label>: "<sql>" took %0.3f ms`, the label being the database's path,
// from the thread that ran it (the main thread's tid is the pid). The statements come from
// MXI_SIM_SQL_STATEMENTS (a file, one a line: `AT_MS<TAB>THREAD<TAB>DATABASE<TAB>MS<TAB>SQL`: ms
// after the process started, `main` or a tid, a file name under databases/, the time it took),
// else the demo's own list (demoSqlStatements).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

struct SimSql {
  int64_t atMs = 0;  // after the process started
  int tid = 0;       // 0: the main thread
  std::string database;
  double ms = 0;
  std::string sql;
};

// The demo app's statements on its demo.db (sim_database.h), run once after each start.
std::vector<SimSql> demoSqlStatements(const SimConfig& config);

// The statements of MXI_SIM_SQL_STATEMENTS, else demoSqlStatements().
std::vector<SimSql> sqlStatements(const SimConfig& config);

// Appends the SQLiteTime lines of `statements` run by `app`'s process that started at `startedMs`
// (on the log's clock, relative to the origin) to `log`, in order of time.
void addSqliteTimeLines(const SimApp& app, int64_t startedMs, const std::vector<SimSql>& statements,
                        std::vector<SimLogLine>& log);

// For `logcat`: the foreground app's lines, when it started after log.tag.SQLiteTime was set to VERBOSE.
void addForegroundSqliteTime(Ctx& c);

}  // namespace mxi::sim
