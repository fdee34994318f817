// The memory timeline (StartCollecting.memoryIntervalMs > 0): a MemorySample of the package's main
// process every interval, on the interval's grid (a slow read delays one sample, not the later
// ones), from `dumpsys meminfo --local <pid>` or else /proc/<pid>/smaps_rollup (memory_sampler.h).
// A process neither can read is said once per collection.
#pragma once

#include "device-agent/src/collector.h"

namespace mxi::agent {

class MemoryCollector final : public Collector {
 public:
  std::string_view name() const override { return "memory"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_interval; }
  Clock::time_point due(Clock::time_point byPeriod, const CollectorContext& context) const override;
  void poll(CollectorContext& context) override;

 private:
  void sample(CollectorContext& context);

  std::chrono::milliseconds m_interval{0};
  Clock::time_point m_next;
  bool m_saidNoMemory = false;
};

}  // namespace mxi::agent
