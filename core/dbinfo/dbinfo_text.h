// `dumpsys dbinfo [package]` output, read once for the agent (its future SQL collector) and the
// desktop (`mxi parse dbinfo`): per process its connection pools, each pool's connections and each
// connection's ring of "Most recently executed operations" (kind, time, duration, status, SQL),
// plus the "Database files in DIR:" listings. Every framework layout (docs/SQLITE.md, "dumpsys
// dbinfo"): Android <= 7 (no path=), 8-10, 11+ (Configuration line, file listings), SDK 36 (no year,
// TRANSACTION-* ops without sql=, result=) and Samsung's additions. Values a layout does not print
// stay absent (std::nullopt), never 0 or "". Foreign dumps (Tencent WCDB's look-alike) and cut
// lines become problems with their line number; the parser never throws and never stops early.
// JSON-free and Qt-free: the static agent links it (`mxi_dbinfo_text`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/parse_problem.h"

namespace mxi::core::dbinfo {

// One entry of a connection's ring, as `SQLiteConnection.Operation.describe` printed it.
struct DbinfoOperation {
  uint32_t index = 0;             // the ring position printed before ':' (0 = newest)
  std::string timeText;           // as printed between [ and ]: "2021-10-26 22:50:27.305" or "06-10 09:21:34.320"
  std::optional<int32_t> year{};  // absent in SDK 36's "MM-dd" stamps
  int32_t month = 0, day = 0, hour = 0, minute = 0, second = 0, millisecond = 0;
  std::string kind;                        // "prepare", "executeForCursorWindow", "TRANSACTION-IMMEDIATE", …
  std::optional<int64_t> durationMs{};     // "took N ms"; absent while "running"
  std::string status;                      // "succeeded", "failed" or "running"
  std::optional<std::string> sql{};        // unescaped, as printed (a '"' inside is possible)
  std::optional<std::string> path{};       // Android 8+
  std::optional<std::string> exception{};  // the message of a failed op
  std::optional<std::string> result{};     // SDK 36+, as printed (quotes of a string result removed)
  bool meminfoOwn = false;                 // one of `dumpsys meminfo`'s own statements (isMeminfoOwnStatement)
  uint64_t line = 0;                       // 1-based line of the capture
};

struct DbinfoConnection {
  // "Connection #N:"; absent for a ring printed without its connection header (an excerpt that
  // elided it, as the SDK 36 example in perfetto's importer does)
  std::optional<int32_t> id{};
  std::optional<bool> primary{};              // "isPrimaryConnection:"
  std::optional<bool> readOnly{};             // "onlyAllowReadOnlyOperations:"
  std::vector<DbinfoOperation> operations{};  // newest first, as printed
};

struct DbinfoPool {
  std::string path;                               // "Connection pool for PATH:"
  std::optional<bool> open{};                     // "Open:"
  std::optional<int32_t> maxConnections{};        // "Max connections:"
  std::optional<int64_t> totalExecutionTimeMs{};  // "Total execution time:" (Android 11+)
  std::optional<std::string> configuration{};     // "Configuration:" text (Android 11+)
  std::vector<std::string> samsungLines{};  // Samsung's "Attached db: …" / "Secure db: …", as printed (trimmed)
  std::vector<DbinfoConnection> connections{};
};

// A row of "Database files in DIR:" ("  %-40s %7db ctime=… mtime=… atime=…").
struct DbinfoFile {
  std::string directory;
  std::string name;
  int64_t bytes = 0;
};

struct DbinfoProcess {
  std::optional<int32_t> pid{};  // absent in an excerpt without the "** Database info for pid" header
  std::optional<std::string> process{};
  std::vector<DbinfoPool> pools;
  std::vector<DbinfoFile> files;
};

struct DbinfoReport {
  std::vector<DbinfoProcess> processes;  // in output order
  std::vector<ParseProblem> problems;
};

// Never throws; foreign, cut or unknown lines become problems with line numbers and byte offsets.
DbinfoReport parseDbinfo(std::string_view text);

// True for the statements `dumpsys meminfo` runs on every connection to size its databases
// (SQLiteConnection.collectDbStats): "PRAGMA page_count;", "PRAGMA page_size;",
// "PRAGMA database_list;" and, per attached database, "PRAGMA <name>.page_count;" /
// "PRAGMA <name>.page_size;". SQLiteOpenHelper's "PRAGMA page_size" (no ';') is the app's.
bool isMeminfoOwnStatement(std::string_view sql);

}  // namespace mxi::core::dbinfo
