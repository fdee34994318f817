// ANRs of the package: its `am_anr` lines on the events buffer, then `dumpsys dropbox --print
// data_app_anr` at each poll until the entry of that pid appears (protocol::kAnrTracesWaitMs at
// most; then the report goes without traces). A new am_anr makes the next poll due at once.
#pragma once

#include <deque>
#include <set>
#include <string>

#include "device-agent/src/collector.h"

namespace mxi::agent {

class AnrCollector final : public Collector {
 public:
  std::string_view name() const override { return "anr"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_period; }
  Clock::time_point due(Clock::time_point byPeriod, const CollectorContext& context) const override;
  void poll(CollectorContext& context) override;
  bool followsLog() const override { return true; }
  bool logLine(std::string_view text, const LogLine& line, CollectorContext& context) override;
  void stop() override { m_pending.clear(); }

 private:
  struct PendingAnr {
    AmAnrEvent event;
    uint64_t timeMs = 0;
    Clock::time_point deadline;
  };
  std::chrono::milliseconds m_period{1000};
  std::deque<PendingAnr> m_pending;
  bool m_soon = false;                  // an am_anr arrived: fetch its report soon
  std::set<std::string> m_seenDropbox;  // entry headers already sent (for the agent's life)
};

}  // namespace mxi::agent
