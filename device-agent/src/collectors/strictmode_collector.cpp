#include "device-agent/src/collectors/strictmode_collector.h"

#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

bool StrictModeCollector::start(CollectorContext& context) {
  m_period = context.pollInterval();
  m_nextDropBox = Clock::now();
  return (context.request().collectors & proto::kCollectMatrixIssues) != 0;
}

bool StrictModeCollector::logLine(std::string_view text, const LogLine& line, CollectorContext& context) {
  if (line.tag != "StrictMode") return false;
  if (!context.isAppProcess(line.pid)) return true;
  m_reports.logLine(text, line);
  sendReports(context, false);
  return true;
}

void StrictModeCollector::poll(CollectorContext& context) {
  context.drainLog();  // a report's lines written meanwhile belong to it
  if (!context.active()) return;
  sendReports(context, true);
  if (Clock::now() >= m_nextDropBox) pollDropBox(context);
}

void StrictModeCollector::sendReports(CollectorContext& context, bool quiet) {
  if (quiet) m_reports.flush();
  for (proto::StrictModeReport& r : m_reports.take()) {
    r.monotonicNs = wallMsToMonotonicNs(r.logTimeMs);
    if (!context.send(r)) return;
  }
}

void StrictModeCollector::pollDropBox(CollectorContext& context) {
  // DropBox is read less often than the log: a `dumpsys dropbox --print` lists every entry kept.
  m_nextDropBox = Clock::now() + 5s;
  for (const char* tag : {"data_app_strictmode", "system_app_strictmode"}) {
    auto out = context.tools().run(Tool::kDumpsys, {"dropbox", "--print", tag}, 30s);
    if (!out.ok() || out->exitCode != 0) continue;
    for (proto::StrictModeReport& r : m_reports.dropBox(out->output, context.app().package())) {
      // Found now; DropBox's header time is the device's local time, which the agent cannot place.
      r.logTimeMs = wallMs();
      r.monotonicNs = monotonicNs();
      if (!context.send(r)) return;
    }
  }
}

}  // namespace mxi::agent
