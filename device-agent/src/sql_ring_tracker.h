// The new SQL operations of successive `dumpsys dbinfo` dumps (collectors/dbinfo_collector.h runs
// it). Each connection keeps a ring of its last 20 operations (Samsung: 30), newest first, so two
// polls overlap: an operation is new when it is above the part of the ring the previous poll
// listed. Operations are told apart by what the dump prints of them (time text, kind, SQL,
// duration, status): the same statement run twice in one millisecond with the same duration is
// one operation to us, as it is to anyone reading the dump. A `running` operation is held back
// and sent once a later dump shows it finished; a ring that shares nothing with the previous
// poll's rolled over in between (ops nobody saw: said once per such poll).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "core/dbinfo/dbinfo_text.h"
#include "core/protocol/messages.h"

namespace mxi::agent {

class SqlRingTracker {
 public:
  // The operations each connection ran since the previous dump (oldest first), without `prepare`
  // (the statement ran once, as the execute that follows it), operations without SQL
  // (TRANSACTION-*) and `dumpsys meminfo`'s own PRAGMAs. The first dump of a collection gives
  // everything its rings hold. `nowWallMs`: the device's wall clock, for a stamp without a year.
  // Times are placed with `localOffsetMs` (device local time minus UTC).
  std::vector<core::protocol::SqlOperations> update(const core::dbinfo::DbinfoReport& report, uint64_t nowWallMs,
                                                    int64_t localOffsetMs);
  void reset() { m_rings.clear(); }

 private:
  // (pid, pool path, connection id): a connection of one process; a restarted app's is another.
  using Key = std::tuple<int32_t, std::string, int32_t>;
  struct Seen {
    std::string timeText, kind, sql, status;
    int64_t durationMs = -1;
  };
  std::map<Key, std::vector<Seen>> m_rings;  // each connection's ring at the previous dump, newest first
};

// A dbinfo time ("2021-10-26 22:50:27.305", or SDK 36's "10-26 22:50:27.305") as ms since the
// epoch: the fields are the device's local time, `localOffsetMs` ahead of UTC. A stamp without a
// year takes the year of `nowWallMs`, or the one before when that would put it more than a day
// ahead. 0 when the fields are not a time.
uint64_t dbinfoTimeToWallMs(const core::dbinfo::DbinfoOperation& op, uint64_t nowWallMs, int64_t localOffsetMs);

}  // namespace mxi::agent
