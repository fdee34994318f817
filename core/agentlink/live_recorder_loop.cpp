// LiveRecorder's reconnect loop: connect (the caller's `connect` restarts the agent), collect until
// the end or until the agent is lost, and while it cannot be reached retry every second, keeping
// the marks and telling the outage's length. The loss is said once, briefly; the time without
// data goes into the session as a gap when an agent answers again (or the recording ends).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "core/agentlink/live_recorder.h"
#include "core/protocol/framestats_polling.h"

namespace mxi::core::agentlink {

namespace proto = protocol;
using namespace std::chrono_literals;

namespace {

// The agent sends a heartbeat every second: silent past three, it is gone.
constexpr auto kSilenceIsLoss = 3s;
constexpr auto kReconnectInterval = 1s;

std::string secondsText(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

// A link failure said briefly: adb's text names the stream it failed on (the agent's shell
// command and its token, a socket name), which tells the user nothing; the cause ends it.
std::string briefly(const Status& status) {
  if (status.code() == StatusCode::kTimeout) return "no answer for 3 s";
  std::string text;
  int depth = 0;
  for (const char c : status.message()) {  // without parenthesised details
    depth += c == '(';
    if (depth == 0) text += c;
    depth -= c == ')' && depth > 0;
  }
  if (const size_t colon = text.rfind(": "); colon != std::string::npos) text.erase(0, colon + 2);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.size() > 100) text = text.substr(0, 97) + "...";
  return text.empty() ? status.message().substr(0, 100) : text;
}

}  // namespace

Status LiveRecorder::run(const CancelToken& cancel) {
  m_leakWatch.start();  // auto: its thread analyses the dumps while the loop keeps reading the agent
  const Status recorded = record(cancel);
  m_leakWatch.stop();
  return recorded;
}

bool LiveRecorder::done(const CancelToken& cancel) const {
  // At the duration's end a heap dump in transfer is finished first (cancel stops it at once).
  return cancel.isCancelled() || (HostClock::now() >= m_end && !m_dump);
}

void LiveRecorder::tellStats() {
  const auto now = HostClock::now();
  m_stats.elapsedSeconds = std::chrono::duration<double>(now - m_start).count();
  m_stats.unreachableSeconds = m_lostAt ? std::chrono::duration<double>(now - *m_lostAt).count() : 0;
  m_stats.outageSeconds = m_pastOutageSeconds + m_stats.unreachableSeconds;
  if (m_onStats) m_onStats(m_stats);
  m_nextReport = now + 1s;
}

void LiveRecorder::noteLost(const proto::AgentHello& hello, const Status& why, HostClock::time_point since) {
  m_lostAt = since;
  m_lostWhy = briefly(why);
  m_stats.unreachableWhy = m_lostWhy;
  ++m_stats.outages;
  ++m_stats.reconnects;
  const std::string said =
      "agent connection lost (" + m_lostWhy + "); " + std::to_string(m_framesWritten) + " frames kept; reconnecting";
  if (m_onNotice) m_onNotice(said);
  if (m_onConnection) m_onConnection(false, hello, said);
  finishHeapDump(ioError("the agent connection was lost during the heap dump"));
}

Status LiveRecorder::endOutage(HostClock::time_point backAt, double refreshHz) {
  const double seconds = std::chrono::duration<double>(backAt - *m_lostAt).count();
  const auto records = m_translator.outage(*m_lostAt, backAt, refreshHz, "agent unreachable (" + m_lostWhy + ")");
  m_pastOutageSeconds += seconds;
  m_stats.outageSeconds = m_pastOutageSeconds;
  m_stats.unreachableSeconds = 0;
  m_stats.unreachableWhy.clear();
  m_lostAt.reset();
  for (const session::SessionRecord& r : records) RETURN_IF_ERROR(append(r));
  return okStatus();
}

Status LiveRecorder::record(const CancelToken& cancel) {
  // The recording starts at the agent's first answer: starting the agent (a deploy, a slow phone)
  // takes none of the duration.
  m_start = m_nextReport = HostClock::now();
  Status failure;
  bool everConnected = false;
  while (!done(cancel) && failure.ok()) {
    proto::AgentHello hello;
    auto conn = m_connect(hello);
    if (!conn.ok()) {
      if (!everConnected || conn.status().code() == StatusCode::kCancelled) {
        failure = conn.status();
        break;
      }
      // Still away: marks go in meanwhile, and the outage's length is told (not a line per try).
      m_stats.unreachableWhy = briefly(conn.status());
      (void)takeRequests(nullptr);
      (void)flushSinks();
      tellStats();
      const auto retryAt = HostClock::now() + kReconnectInterval;
      while (!done(cancel) && HostClock::now() < retryAt) std::this_thread::sleep_for(50ms);
      continue;
    }
    const auto now = HostClock::now();
    if (!everConnected) {
      m_start = now;
      if (m_options.duration.count() > 0) m_end = m_start + m_options.duration;
    }
    everConnected = true;
    failure = ensureWriter(hello);
    if (!failure.ok()) break;
    m_refreshHz = hello.refreshMilliHz / 1000.0;
    if (m_lostAt) {
      const double away = std::chrono::duration<double>(now - *m_lostAt).count();
      failure = endOutage(now, m_refreshHz);  // on the clock of the agent that was lost
      if (!failure.ok()) break;
      if (m_onNotice) m_onNotice("agent back after " + secondsText(away) + "; recording again");
    }
    m_translator.connected(hello, now);
    if (m_onConnection) m_onConnection(true, hello, {});
    failure = collect(**conn, hello, cancel);
  }
  if (m_lostAt && m_open && failure.ok()) failure = endOutage(HostClock::now(), m_refreshHz);
  m_stats.elapsedSeconds = std::chrono::duration<double>(HostClock::now() - m_start).count();
  finishHeapDump(cancelled());
  if (m_open) {
    (void)takeRequests(nullptr);
    // The analyses under way end (finished, or stopped by the cancel) before the session does;
    // verdicts never dumped are recorded as they came.
    const Status leaks = m_leakWatch.takeAnalyses(true);
    if (failure.ok()) failure = leaks;
    if (m_onClosing) {
      for (const session::SessionRecord& r :
           m_onClosing(m_translator.lastDeviceNs(), m_stats.appPid, m_stats.captured > 0)) {
        const Status added = append(r);
        if (failure.ok()) failure = added;
      }
    }
    for (live::RecordSink* sink : m_sinks) {
      const Status closed = sink->close();  // the file first: complete whatever a later sink says
      if (failure.ok()) failure = closed;
    }
    if (m_stats.captured == 0) {
      // Nothing to look at: no file rather than an empty one that looks like a recording.
      std::error_code ignored;
      m_stats.discarded = std::filesystem::remove(m_options.sessionPath, ignored);
    }
    if (m_onStats) m_onStats(m_stats);  // nothing to report when no agent was ever reached
  }
  return failure;
}

Status LiveRecorder::collect(AgentConnection& agent, const proto::AgentHello& hello, const CancelToken& cancel) {
  const uint32_t pollMs = proto::framestatsPollIntervalMs(m_options.pollIntervalMs, hello.refreshMilliHz);
  if (pollMs < m_options.pollIntervalMs && m_onNotice && !m_saidPollInterval) {
    m_saidPollInterval = true;
    m_onNotice("the display runs at " + std::to_string(hello.refreshMilliHz / 1000) + " Hz: frames are read every " +
               std::to_string(pollMs) + " ms instead of " + std::to_string(m_options.pollIntervalMs) +
               " (the phone lists only a window's last " + std::to_string(proto::kFramestatsRingFrames) + ")");
  }
  const adb::IoLimits sendLimits{std::chrono::milliseconds(5000), nullptr};
  proto::StartCollecting start;
  start.packageName = m_options.packageName;
  start.pollIntervalMs = m_options.pollIntervalMs;
  start.collectors = proto::kCollectAll;
  start.logSinceMs = m_translator.logSinceMs();
  start.memoryIntervalMs = m_options.memoryIntervalMs;
  start.leakWatch = m_options.leakWatch;
  start.leakCheckIntervalMs = m_options.leakCheckIntervalMs;
  start.leakChecks = m_options.leakChecks;
  start.sqlIntervalMs = m_options.sqlIntervalMs;
  RETURN_IF_ERROR(agent.send(start, sendLimits));
  // Short receive slices so marks and heap-dump orders are taken promptly.
  const adb::IoLimits limits{std::chrono::milliseconds(200), &cancel};
  auto lastTraffic = HostClock::now();
  uint64_t heartbeats = agent.heartbeats();
  while (!done(cancel)) {
    RETURN_IF_ERROR(takeRequests(&agent));
    auto message = agent.receive(limits);
    if (agent.heartbeats() != heartbeats) {
      heartbeats = agent.heartbeats();
      lastTraffic = HostClock::now();
    }
    if (message.ok()) {
      lastTraffic = HostClock::now();
      RETURN_IF_ERROR(handle(*message));
    } else if (message.status().code() == StatusCode::kCancelled) {
      break;
    } else if (message.status().code() != StatusCode::kTimeout || HostClock::now() - lastTraffic > kSilenceIsLoss) {
      // Closed, broken, or silent past three heartbeats: the agent is gone.
      noteLost(hello, message.status(), lastTraffic);
      return okStatus();
    }
    // The file is durable every second (SessionFileSink); the GUI's dashboard gets this turn's records.
    RETURN_IF_ERROR(flushSinks());
    if (HostClock::now() >= m_nextReport) tellStats();
  }
  if (done(cancel)) {
    (void)agent.send(proto::StopCollecting{}, sendLimits);
    agent.close();
  }
  return okStatus();
}

}  // namespace mxi::core::agentlink
