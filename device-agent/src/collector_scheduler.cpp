#include "device-agent/src/collector_scheduler.h"

#include <algorithm>

#include "core/protocol/framestats_polling.h"
#include "device-agent/src/agent_clocks.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

CollectorScheduler::CollectorScheduler(const ToolBox& tools, DeviceProfile& device, ClientConnection& link,
                                       std::string procDir)
    : m_tools(tools), m_device(device), m_link(link), m_procDir(std::move(procDir)) {}

CollectorScheduler::~CollectorScheduler() { stop(); }

void CollectorScheduler::start(const proto::StartCollecting& request) {
  stop();
  m_request = request;
  m_app.begin(request.packageName);
  // Shorter on a fast display, so two polls always overlap (core/protocol/framestats_polling.h).
  m_pollInterval = std::chrono::milliseconds(proto::framestatsPollIntervalMs(
      std::clamp<uint32_t>(request.pollIntervalMs, proto::kMinPollIntervalMs, 60'000), m_device.get().refreshMilliHz));
  bool followsLog = false;
  const auto now = Clock::now();
  for (const auto& collector : m_registry.collectors()) {
    if (!collector->start(*this)) continue;
    m_running.push_back({collector.get(), collector->period().count() > 0 ? now : Clock::time_point::max()});
    followsLog = followsLog || collector->followsLog();
  }
  if (followsLog) followLog(clampLogSince(request.logSinceMs, wallMs()));
}

void CollectorScheduler::followLog(uint64_t sinceMs) {
  core::Status s = m_logcat.start(m_tools, sinceMs);
  if (!s.ok()) sendError(proto::ErrorCode::kToolFailed, s.toString());
}

void CollectorScheduler::stop() {
  m_logcat.stop();
  for (Running& r : m_running) r.collector->stop();
  m_running.clear();
  m_app.end();
  m_marks = 0;
}

void CollectorScheduler::pollDue() {
  if (!collecting()) return;
  if (m_logcat.exited()) {
    // logcat died (buffer cleared, killed): follow again from the last line it gave.
    m_logcat.stop();
    followLog(m_logcat.lastLineMs());
  }
  pollEach([this](Running& r) { return r.collector->due(r.byPeriod, *this) <= Clock::now(); });
}

void CollectorScheduler::pollAll() {
  pollEach([](Running& r) { return r.collector->period().count() > 0; });
}

bool CollectorScheduler::pollNow(std::string_view name) {
  bool found = false;
  pollEach([&](Running& r) { return !found && (found = r.collector->name() == name); });
  return found;
}

void CollectorScheduler::pollEach(const std::function<bool(Running&)>& pick) {
  std::vector<Running*> polled;
  for (Running& r : m_running) {
    if (!active()) break;
    if (!pick(r)) continue;
    r.collector->poll(*this);
    polled.push_back(&r);
    drainLog();
  }
  // The periods count from the end of the whole pass, so the collectors polled together stay
  // together (one wake-up per cycle) and a slow pass is not followed by another at once.
  const auto end = Clock::now();
  for (Running* r : polled) {
    const auto period = r->collector->period();
    r->byPeriod = period.count() > 0 ? end + period : Clock::time_point::max();
  }
}

CollectorScheduler::Clock::time_point CollectorScheduler::nextDue() const {
  auto next = Clock::time_point::max();
  if (!collecting()) return next;
  // "At once" may be time_point::min() (the leak watch's): no arithmetic on it.
  const auto now = Clock::now();
  for (const Running& r : m_running) next = std::min(next, std::max(r.collector->due(r.byPeriod, *this), now));
  return next;
}

void CollectorScheduler::readLog() {
  if (!active() || m_logcat.fd() < 0) return;
  m_logcat.read([this](std::string_view text, const LogLine& line) {
    for (Running& r : m_running) {
      if (r.collector->followsLog() && r.collector->logLine(text, line, *this)) break;
    }
    return active();
  });
}

void CollectorScheduler::drainLog() { readLog(); }

void CollectorScheduler::sendError(proto::ErrorCode code, std::string message) {
  m_link.sendError(code, std::move(message));
}

void CollectorScheduler::sendMemorySample(proto::MemorySample sample) {
  sample.marks |= m_marks;
  if (send(sample)) m_marks = 0;
}

void CollectorScheduler::refreshProcesses() {
  const core::StatusOr<bool> mainChanged = m_app.refresh(m_tools, m_device.get().sdkLevel);
  if (!mainChanged.ok()) {
    sendError(proto::ErrorCode::kToolFailed, mainChanged.status().message());
    return;
  }
  if (!collecting()) return;
  for (Running& r : m_running) r.collector->processesRefreshed(*this, *mainChanged);
}

bool CollectorScheduler::isAppProcess(int32_t pid) {
  if (m_app.isAppPid(pid)) return true;
  if (m_app.listed(pid) || Clock::now() - m_app.refreshedAt() < 200ms) return false;
  refreshProcesses();
  return m_app.isAppPid(pid);
}

}  // namespace mxi::agent
