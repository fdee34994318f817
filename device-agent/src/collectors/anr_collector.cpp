#include "device-agent/src/collectors/anr_collector.h"

#include "core/protocol/log_replay.h"
#include "core/protocol/message_codec.h"
#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"
#include "device-agent/src/dropbox_parser.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

bool AnrCollector::start(CollectorContext& context) {
  m_period = context.pollInterval();
  m_soon = false;
  return (context.request().collectors & proto::kCollectAnr) != 0;
}

Collector::Clock::time_point AnrCollector::due(Clock::time_point byPeriod, const CollectorContext& context) const {
  (void)context;
  return m_soon ? Clock::time_point::min() : byPeriod;
}

bool AnrCollector::logLine(std::string_view text, const LogLine& line, CollectorContext& context) {
  (void)text;
  auto anr = parseAmAnr(line);
  if (!anr) return false;
  if (anr->packageName == context.app().package()) {
    m_pending.push_back({*anr, line.timeMs, Clock::now() + std::chrono::milliseconds(proto::kAnrTracesWaitMs)});
    m_soon = true;
  }
  return true;
}

void AnrCollector::poll(CollectorContext& context) {
  m_soon = false;
  if (m_pending.empty()) return;
  auto out = context.tools().run(Tool::kDumpsys, {"dropbox", "--print", "data_app_anr"}, 30s);
  const std::vector<DropboxEntry> entries = out.ok() ? parseDropbox(out->output) : std::vector<DropboxEntry>();
  const auto now = Clock::now();
  for (auto it = m_pending.begin(); it != m_pending.end();) {
    const DropboxEntry* match = nullptr;
    for (const DropboxEntry& e : entries) {
      if (e.pid == it->event.pid && e.process == it->event.packageName && !m_seenDropbox.count(e.header)) {
        match = &e;
      }
    }
    if (match == nullptr && now < it->deadline) {
      ++it;
      continue;
    }
    proto::AnrReport report;
    report.timeMs = it->timeMs;
    report.monotonicNs = wallMsToMonotonicNs(it->timeMs);
    report.pid = it->event.pid;
    report.packageName = it->event.packageName;
    report.reason = it->event.reason;
    if (match != nullptr) {
      m_seenDropbox.insert(match->header);
      report.traces = match->text.substr(0, proto::kMaxTextBytes);
    }
    context.send(report);
    it = m_pending.erase(it);
  }
}

}  // namespace mxi::agent
