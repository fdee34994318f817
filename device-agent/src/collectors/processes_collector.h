// The package's processes (`ps` every poll interval, whatever the client collects: the other
// collectors need the main pid) and, with kCollectProcesses, its AppState: once after the first
// `ps` of a collection (so a client learns at once whether the app runs), then when the main
// process starts, stops or is another pid. The scene collector tells foreground changes.
#pragma once

#include "device-agent/src/collector.h"

namespace mxi::agent {

class ProcessesCollector final : public Collector {
 public:
  std::string_view name() const override { return "processes"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_period; }
  void poll(CollectorContext& context) override;
  void processesRefreshed(CollectorContext& context, bool mainChanged) override;

 private:
  std::chrono::milliseconds m_period{1000};
  bool m_tellsAppState = false;
  bool m_saidAppState = false;
};

}  // namespace mxi::agent
