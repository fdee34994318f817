// The synthetic demo app's SQLite database (issue 43, the demo phone): a real file, `demo.db`,
// with planted problems for SQLiteLint, and the statements the app runs on it over the timeline.
//  - The file: `<root>/data/data/com.example.mxi.demo/databases/demo.db` (where `run-as` finds it),
//    made whole when the demo's timeline has begun, once per timeline (MXI_SIM_STATE): its schema,
//    its rows, and every statement of the schedule already run on it once, so a copy of it at any
//    time explains each statement with SQLite's real plans. It is built beside and renamed into
//    place, so a reader never sees half a database.
//  - The schedule: what the app's two connections run and when (ms from the origin, in ticks of
//    MXI_SIM_LOG_MS like the demo's other events; a burst's own gaps and every duration are real
//    ms). `dumpsys dbinfo` (sim_dbinfo.h) prints it; tests/device-sim/README.md lists the planted
//    problems and exactly which issue each one gives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

// Where the app sees its database (the pool's path in `dumpsys dbinfo`).
inline constexpr const char* kDemoDatabaseDevicePath = "/data/user/0/com.example.mxi.demo/databases/demo.db";
inline constexpr int kDemoDatabaseWorkerTid = 4261;  // the demo's "DbWorker" thread

// One operation of a connection's ring, as SQLiteConnection logs it.
struct DemoDbOperation {
  int64_t atMs = 0;      // start, from the timeline's origin
  int connection = 0;    // 0: the primary (writes), 1: the non-primary one (reads)
  std::string kind;      // "prepare", "executeForCursorWindow", "executeForChangedRowCount", "executeForLong"
  int64_t tookMs = 0;    // its duration
  std::string sql;       // as the app wrote it ('?' where it binds a value)
  int tid = 0;           // the thread that ran it (the main thread's tid is the pid)
  bool meminfo = false;  // one of `dumpsys meminfo`'s own statements
};

// Every operation of the app by `elapsedMs` (inclusive), plus `dumpsys meminfo`'s own PRAGMAs on
// each connection at every `statsAtMs` (when a plain meminfo asked the app): ordered by start,
// ties in the order they ran. `pid` is the app's (its main thread).
std::vector<DemoDbOperation> demoDatabaseOperations(const SimConfig& config, int pid, int64_t elapsedMs,
                                                    const std::vector<int64_t>& statsAtMs);

// Whether the demo app has its own database: not when MXI_SIM_SQL_STATEMENTS gives the app's SQL
// (a test then puts its own databases under databases/ and expects no other).
inline bool demoOwnsDatabase(const SimConfig& config) { return config.sqlStatements.empty(); }

// The sandbox file behind kDemoDatabaseDevicePath: <root>/data/data/com.example.mxi.demo/databases/demo.db.
std::string demoDatabaseFile(const SimConfig& config);

// Makes the demo's database once per timeline (a no-op before the timeline begins, or when it
// is made already). Failures are reported on stderr; the tools go on without a database.
void ensureDemoDatabase(const SimConfig& config);

// The one `E SQLiteLog: (284) automatic index on tags(photo_path)` line SQLite logs (through
// Android's sqliteLogCallback) when the app prepares its photos×tags join, appended to `log`.
void addDemoSqliteLog(const SimConfig& config, int pid, std::vector<SimLogLine>& log);

}  // namespace mxi::sim
