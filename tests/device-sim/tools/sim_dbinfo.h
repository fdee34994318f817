// `dumpsys dbinfo [-v] [PROCESS|PID]` on the simulated phone (docs/SQLITE.md "dumpsys dbinfo"): the
// activity manager's header, then per running app process its connection pools in Android 11–14's
// layout (SQLiteConnectionPool.dump: Total execution time, Configuration; each connection's last
// 20 operations, newest first, stamped on the phone's wall clock in UTC) and the listing of the
// databases' directory. Only the synthetic demo app has a database (sim_database.h): its primary
// connection #0 writes, the non-primary #1 (opened by the first read) reads. A plain
// `dumpsys meminfo` of the app runs SQLiteConnection.collectDbStats on both connections, so its
// own PRAGMAs enter the rings at that time, as on a phone. The reference captures are not replayed.
#pragma once

#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

// Prints `dumpsys dbinfo ARGS…` (ARGS after "dbinfo"); returns the exit code.
int dumpsysDbinfo(const Ctx& c, const std::vector<std::string>& args);

// A plain `dumpsys meminfo` asked the demo app for its memory now (its database stats included).
void noteDemoDatabaseStats(const Ctx& c);

}  // namespace mxi::sim
