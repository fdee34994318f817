// ResourceCanary's Activity-leak watch without the SDK (StartCollecting.leakWatch ≠ off;
// docs/PROTOCOL.md "Leak watch"): the main process's Activity destroys from the events log, the
// GC-forcing checks (`dumpsys meminfo <pid>` Objects → Activities against the Activity records of
// `dumpsys activity activities`) when LeakWatcher says one is due, and its verdicts sent as
// MatrixIssues with ResourceCanary's keys. The check's reading is also a MemorySample marked
// GC-forced. A new main process ends the watch without a verdict (the next one's baseline at once).
#pragma once

#include "device-agent/src/collector.h"
#include "device-agent/src/leak_watcher.h"

namespace mxi::agent {

class LeakWatchCollector final : public Collector {
 public:
  std::string_view name() const override { return "leak-watch"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_leaks.interval(); }
  Clock::time_point due(Clock::time_point byPeriod, const CollectorContext& context) const override;
  void poll(CollectorContext& context) override;
  bool followsLog() const override { return true; }
  bool logLine(std::string_view text, const LogLine& line, CollectorContext& context) override;
  void processesRefreshed(CollectorContext& context, bool mainChanged) override;
  void stop() override;

 private:
  void check(CollectorContext& context);
  void sendVerdict(CollectorContext& context, const LeakVerdict& verdict);

  core::protocol::LeakWatchMode m_mode = core::protocol::LeakWatchMode::kOff;
  LeakWatcher m_leaks;
};

}  // namespace mxi::agent
