// One SQL operation the app ran, as the agent read it from `dumpsys dbinfo` (the session's
// kSqlOperation record, docs/SESSIONS.md): which process, database and connection ran it, when
// (the time text as the device printed it, and the agent's placing of it), its kind, duration,
// status and SQL as printed (bind values are never shown). Statistics by statement shape are
// core/sqlitelint's (sql_shapes.h), which knows SQL.
#pragma once

#include <cstdint>
#include <string>

namespace mxi::core::session {

struct SqlOperation {
  int64_t timeNs = 0;  // on the session's clock (the record's time; 0 when the agent could not place it)
  int32_t pid = 0;
  std::string process;
  std::string dbPath;
  int32_t connectionId = -1;  // -1: not printed
  std::string timeText;       // as printed, device local time
  int64_t wallClockMs = 0;    // the agent's placing of timeText (0: unknown)
  std::string kind;           // "execute", "executeForCursorWindow", …
  int64_t durationMs = -1;    // -1: not printed
  std::string status;         // "succeeded", "failed"
  std::string sql;
  friend bool operator==(const SqlOperation&, const SqlOperation&) = default;
};

}  // namespace mxi::core::session
