// A debuggable app's databases copied to the desktop, where the schema and EXPLAIN QUERY PLAN run on
// our SQLite (docs/SQLITE.md "Copying the app's databases"): `run-as PKG ls databases/` lists
// them and each file comes through `exec:run-as PKG cat databases/NAME` — exec: carries raw bytes
// (no pty to turn \n into \r\n, no shell-protocol framing). A database's `-wal` and `-shm` are
// copied right after it, so the copy holds what the app last committed; `-journal` files (a
// rollback in progress) are left out. What cannot be copied is said per file and costs nothing else.
#pragma once

#include <string>
#include <vector>

#include "core/adb/adb_device.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/sqlitelint/lint_run.h"

namespace mxi::core::agentlink {

struct CopiedDatabase {
  std::string name;       // its file name under databases/
  std::string localPath;  // the copy (its -wal and -shm beside it)
};

struct DatabaseCopy {
  std::vector<CopiedDatabase> databases;
  // What was not copied and why: {"databases of PKG", run-as's own words} when the app is not
  // debuggable, or {file, why} for one file (a WAL without its database, a file cat refused).
  std::vector<sqlitelint::NotChecked> notCopied;
};

// Copies into `scratchDir` (which must exist). A Status error only when the device cannot be
// reached; run-as's and cat's refusals are notCopied entries. `package` must be valid
// (devicetext::isValidPackageName: it reaches a shell).
StatusOr<DatabaseCopy> copyAppDatabases(adb::AdbDevice& device, const std::string& package,
                                        const std::string& scratchDir, const adb::IoLimits& limits,
                                        ProgressSink& progress, const CancelToken& cancel);

// The entry for a whole app whose databases could not be listed: "databases of PKG".
std::string databasesOf(const std::string& package);

}  // namespace mxi::core::agentlink
