// Statements out of a `dumpsys dbinfo` capture (core/dbinfo): each operation of each connection's
// ring that ran SQL, as LintStatements, so `mxi sqlite lint --statements` takes the capture as
// it takes a `.sql` list or a SQLiteTime log.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/dbinfo/dbinfo_text.h"
#include "core/sqlitelint/statement.h"

namespace mxi::core::sqlitelint {

// Oldest first. Left out: `prepare` (the statement's execution follows it in the ring: counting
// both would count each run twice), operations without SQL (TRANSACTION-*), and `dumpsys
// meminfo`'s own PRAGMAs. Each keeps its duration and its time (ms on one clock for the capture;
// a stamp without a year, SDK 36's, counts from a fixed year). The thread is never printed.
std::vector<LintStatement> dbinfoStatements(const dbinfo::DbinfoReport& report, const std::string& name);

// True when the text holds a connection pool's dump (how `--statements` tells a capture apart).
bool looksLikeDbinfo(std::string_view text);

}  // namespace mxi::core::sqlitelint
