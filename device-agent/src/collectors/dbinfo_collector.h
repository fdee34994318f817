// The app's SQL (StartCollecting.sqlIntervalMs > 0, docs/SQLITE.md "Live"): every interval
// `dumpsys dbinfo <package>`, parsed with core/dbinfo, and the operations each connection ran
// since the previous dump (SqlRingTracker) sent as SqlOperations; and the package's `SQLiteLog`
// "automatic index on" logcat lines (SQLite built an index for one query: a missing index) sent
// as SqliteLog. A phone without the dbinfo service, or an app without a database, is said once.
#pragma once

#include "device-agent/src/collector.h"
#include "device-agent/src/sql_ring_tracker.h"

namespace mxi::agent {

class DbinfoCollector final : public Collector {
 public:
  std::string_view name() const override { return "dbinfo"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_interval; }
  void poll(CollectorContext& context) override;
  bool followsLog() const override { return true; }
  bool logLine(std::string_view text, const LogLine& line, CollectorContext& context) override;
  void stop() override { m_rings.reset(); }

 private:
  std::chrono::milliseconds m_interval{0};
  SqlRingTracker m_rings;
  bool m_saidNoDbinfo = false;      // no dbinfo service: never asked again by this agent
  bool m_saidDbinfoFailed = false;  // a failed dumpsys: said once per collection, retried
  bool m_saidNoDatabase = false;
};

}  // namespace mxi::agent
