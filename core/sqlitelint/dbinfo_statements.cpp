#include "core/sqlitelint/dbinfo_statements.h"

#include <algorithm>
#include <chrono>

namespace mxi::core::sqlitelint {

namespace {

// Milliseconds since 1970 of the printed stamp, on a year of 2000 when it has none: only the
// differences between operations of one capture matter (PreparedStatementBetter's 100 ms).
int64_t stampMs(const dbinfo::DbinfoOperation& op) {
  using namespace std::chrono;
  const year_month_day date{year(op.year.value_or(2000)), month(static_cast<unsigned>(op.month)),
                            day(static_cast<unsigned>(op.day))};
  if (!date.ok()) return 0;
  const auto at =
      sys_days(date) + hours(op.hour) + minutes(op.minute) + seconds(op.second) + milliseconds(op.millisecond);
  return duration_cast<milliseconds>(at.time_since_epoch()).count();
}

}  // namespace

std::vector<LintStatement> dbinfoStatements(const dbinfo::DbinfoReport& report, const std::string& name) {
  std::vector<LintStatement> out;
  for (const dbinfo::DbinfoProcess& process : report.processes) {
    for (const dbinfo::DbinfoPool& pool : process.pools) {
      for (const dbinfo::DbinfoConnection& connection : pool.connections) {
        // The ring is printed newest first.
        for (auto op = connection.operations.rbegin(); op != connection.operations.rend(); ++op) {
          if (!op->sql || op->kind == "prepare" || op->meminfoOwn) continue;
          LintStatement s;
          s.sql = *op->sql;
          if (op->durationMs) s.durationMs = static_cast<double>(*op->durationMs);
          s.timeMs = stampMs(*op);
          s.source = name + ":" + std::to_string(op->line);
          s.database = op->path.value_or(pool.path);
          out.push_back(std::move(s));
        }
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const LintStatement& a, const LintStatement& b) { return a.timeMs < b.timeMs; });
  return out;
}

bool looksLikeDbinfo(std::string_view text) { return text.find("Connection pool for ") != std::string_view::npos; }

}  // namespace mxi::core::sqlitelint
