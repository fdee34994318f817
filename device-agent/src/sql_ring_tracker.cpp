#include "device-agent/src/sql_ring_tracker.h"

#include <algorithm>

namespace mxi::agent {

namespace proto = core::protocol;
namespace dbinfo = core::dbinfo;

namespace {

// Days from 1970-01-01 to the civil date (proleptic Gregorian; Howard Hinnant's days_from_civil).
int64_t daysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// The year of a day counted from 1970-01-01 (Hinnant's civil_from_days, year part).
int64_t yearOfDay(int64_t z) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);  // months 11, 12 of the March-based year: January, February
}

int64_t localMs(const dbinfo::DbinfoOperation& op, int64_t year) {
  const int64_t days = daysFromCivil(year, op.month, op.day);
  return ((days * 24 + op.hour) * 60 + op.minute) * 60'000 + op.second * 1000 + op.millisecond;
}

bool sameOperation(const dbinfo::DbinfoOperation& op, int64_t durationMs, const std::string& sql,
                   const std::string& timeText, const std::string& kind, const std::string& status, int64_t seenMs) {
  return op.timeText == timeText && op.kind == kind && op.sql.value_or("") == sql && op.status == status &&
         durationMs == seenMs;
}

}  // namespace

uint64_t dbinfoTimeToWallMs(const dbinfo::DbinfoOperation& op, uint64_t nowWallMs, int64_t localOffsetMs) {
  if (op.month < 1 || op.month > 12 || op.day < 1 || op.day > 31) return 0;
  int64_t ms = 0;
  if (op.year) {
    ms = localMs(op, *op.year) - localOffsetMs;
  } else {
    const int64_t nowLocal = static_cast<int64_t>(nowWallMs) + localOffsetMs;
    const int64_t year = yearOfDay(nowLocal >= 0 ? nowLocal / 86'400'000 : 0);
    ms = localMs(op, year) - localOffsetMs;
    if (ms > static_cast<int64_t>(nowWallMs) + 86'400'000) ms = localMs(op, year - 1) - localOffsetMs;
  }
  return ms > 0 ? static_cast<uint64_t>(ms) : 0;
}

std::vector<proto::SqlOperations> SqlRingTracker::update(const dbinfo::DbinfoReport& report, uint64_t nowWallMs,
                                                         int64_t localOffsetMs) {
  std::vector<proto::SqlOperations> out;
  std::map<Key, std::vector<Seen>> rings;
  for (const dbinfo::DbinfoProcess& process : report.processes) {
    for (const dbinfo::DbinfoPool& pool : process.pools) {
      for (const dbinfo::DbinfoConnection& connection : pool.connections) {
        const Key key{process.pid.value_or(0), pool.path, connection.id.value_or(-1)};
        const std::vector<dbinfo::DbinfoOperation>& ring = connection.operations;  // newest first
        const auto previousIt = m_rings.find(key);
        const std::vector<Seen> none;
        const std::vector<Seen>& previous = previousIt == m_rings.end() ? none : previousIt->second;

        // previous[i] is ring[j + i] for the smallest j where every overlapping pair agrees; a
        // previously running operation agrees with its finished self.
        auto matches = [&](size_t i, size_t at) {
          const Seen& p = previous[i];
          const dbinfo::DbinfoOperation& r = ring[at];
          if (p.status == "running") return r.timeText == p.timeText && r.kind == p.kind && r.sql.value_or("") == p.sql;
          return sameOperation(r, r.durationMs.value_or(-1), p.sql, p.timeText, p.kind, p.status, p.durationMs);
        };
        size_t firstOld = ring.size();  // ring[0 .. firstOld) are new
        bool rolledOver = false;
        if (!previous.empty()) {
          bool found = false;
          for (size_t j = 0; j < ring.size() && !found; ++j) {
            bool all = true;
            for (size_t i = 0; i < previous.size() && j + i < ring.size() && all; ++i) all = matches(i, j + i);
            if (all) {
              firstOld = j;
              found = true;
            }
          }
          // Nothing shared: a full ring means more ran than it holds; a shorter one is a new connection.
          rolledOver = !found && ring.size() >= previous.size();
        }

        proto::SqlOperations batch;
        batch.pid = process.pid.value_or(0);
        batch.process = process.process.value_or("");
        batch.dbPath = pool.path;
        batch.connectionId = connection.id.value_or(-1);
        batch.ringRolledOver = rolledOver;
        for (size_t k = ring.size(); k-- > 0;) {  // oldest first
          const dbinfo::DbinfoOperation& op = ring[k];
          const bool isNew = k < firstOld;
          const bool finishedNow = !isNew && k - firstOld < previous.size() &&
                                   previous[k - firstOld].status == "running" && op.status != "running";
          if (!isNew && !finishedNow) continue;
          if (op.status == "running" || op.kind == "prepare" || !op.sql || op.meminfoOwn) continue;
          proto::SqlOperation o;
          o.timeText = op.timeText;
          o.wallClockMs = dbinfoTimeToWallMs(op, nowWallMs, localOffsetMs);
          o.kind = op.kind;
          o.durationMs = op.durationMs.value_or(-1);
          o.status = op.status;
          o.sql = *op.sql;
          batch.operations.push_back(std::move(o));
        }
        if (!batch.operations.empty() || batch.ringRolledOver) out.push_back(std::move(batch));

        std::vector<Seen>& seen = rings[key];
        for (const dbinfo::DbinfoOperation& op : ring) {
          seen.push_back({op.timeText, op.kind, op.sql.value_or(""), op.status, op.durationMs.value_or(-1)});
        }
      }
    }
  }
  // Connections the dump no longer lists (a closed pool, a dead process) are forgotten.
  m_rings = std::move(rings);
  return out;
}

}  // namespace mxi::agent
