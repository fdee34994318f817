// StrictMode violation reports of the package (docs/TRACE.md "Live"), with kCollectMatrixIssues:
// the `StrictMode` logcat lines of its processes, a report sent once a line that does not
// continue it arrives or the log goes quiet (each poll), and DropBox's `data_app_strictmode` /
// `system_app_strictmode` entries, read every 5 s. StrictModeAssembler turns both into reports.
#pragma once

#include "device-agent/src/collector.h"
#include "device-agent/src/strictmode_assembler.h"

namespace mxi::agent {

class StrictModeCollector final : public Collector {
 public:
  std::string_view name() const override { return "strictmode"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return m_period; }
  void poll(CollectorContext& context) override;
  bool followsLog() const override { return true; }
  bool logLine(std::string_view text, const LogLine& line, CollectorContext& context) override;
  void stop() override { m_reports.reset(); }

 private:
  // Sends the reports the lines completed; `quiet`: the log went quiet, the open one is complete too.
  void sendReports(CollectorContext& context, bool quiet);
  void pollDropBox(CollectorContext& context);

  std::chrono::milliseconds m_period{1000};
  StrictModeAssembler m_reports;
  Clock::time_point m_nextDropBox;
};

}  // namespace mxi::agent
