#include "core/agentlink/live_recorder.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <thread>

#include "core/agentlink/issue_record.h"
#include "core/agentlink/strictmode_record.h"
#include "core/base/worker_pool.h"
#include "core/devicetext/am_start_output.h"
#include "core/hprof/dump_source.h"
#include "core/json/json_writer.h"
#include "core/methodtrace/method_trace.h"
#include "core/protocol/framestats_polling.h"
#include "core/session/frame_gaps.h"

namespace mxi::core::agentlink {

namespace proto = protocol;
using Clock = std::chrono::steady_clock;

namespace {

int64_t wallMsNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string formatStats(const live::LiveStatus& figures, const RecordStats& s) {
  std::string line = live::formatLiveStatus(figures);
  if (s.reconnects > 0) line += "  reconnects " + std::to_string(s.reconnects);
  return line;
}

std::string describeNothingRecorded(const RecordStats& stats, const RecordOptions& options) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.0f s", stats.elapsedSeconds);
  const std::string why = stats.appEverRan
                              ? options.packageName + " drew no frames and reported no Matrix issues or ANRs in " +
                                    seconds + " (an app draws only while it is in front and its screen changes)"
                              : options.packageName + " never ran during the " + seconds + " recording";
  return "nothing recorded: " + why + "; " + options.sessionPath + " was not kept";
}

int64_t LiveRecorder::deviceNowNs() const {
  if (m_helloMonotonicNs == 0) return m_lastDeviceNs;
  const auto since = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - m_helloAt).count();
  return std::max(m_lastDeviceNs, m_helloMonotonicNs + since);
}

Status LiveRecorder::noteAppState(const proto::AppState& state) {
  const int32_t pid = state.state == proto::AppRunState::kRunning ? state.pid : 0;
  if (m_appKnown && pid == m_stats.appPid) return okStatus();  // only in front or not: no news
  const bool first = !m_appKnown;
  const int32_t previous = m_stats.appPid;
  m_appKnown = true;
  m_stats.appPid = pid;
  const auto now = Clock::now();
  char after[48];
  std::snprintf(after, sizeof after, "%.1f s", std::chrono::duration<double>(now - m_appGoneAt).count());
  std::string what;
  if (pid == 0) {
    m_appGoneAt = now;
    m_goneFromPid = previous;
    if (first) {
      if (m_onNotice) m_onNotice(m_options.packageName + " is not running; waiting for it to start");
      if (m_onApp) m_onApp(0, m_options.packageName + " is not running; waiting for it to start");
      return okStatus();  // nothing happened during the recording yet: no mark
    }
    what = "app process died (pid " + std::to_string(previous) + ")";
  } else {
    m_stats.appEverRan = true;
    if (first) return okStatus();  // running from the start
    if (previous != 0) {
      what = "app process restarted: pid " + std::to_string(previous) + " died, pid " + std::to_string(pid) +
             " runs";  // both between two polls
    } else if (m_goneFromPid == 0) {
      what = "app process started (pid " + std::to_string(pid) + ") after waiting " + after;
    } else {
      what = "app process restarted as pid " + std::to_string(pid) + ", " + after + " after pid " +
             std::to_string(m_goneFromPid) + " died";
    }
  }
  session::SessionRecord r;
  r.type = session::RecordType::kMark;
  r.timeNs = deviceNowNs();
  r.text = what;
  RETURN_IF_ERROR(append(r));
  if (m_onNotice) {
    m_onNotice(pid == 0 ? what + "; what was recorded is kept; waiting for it to restart" : what + "; recording it");
  }
  if (m_onApp) m_onApp(pid, what);
  return okStatus();
}

Status LiveRecorder::ensureWriter(const proto::AgentHello& hello) {
  if (m_open) return okStatus();
  session::SessionHeader header;
  header.device = hello.deviceModel;
  header.app = m_options.packageName;
  header.agentVersion = hello.agentVersion + " " + hello.buildHash;
  header.startTimeUnixMs = wallMsNow();
  header.refreshHz = hello.refreshMilliHz / 1000.0;
  header.startMonotonicNs = static_cast<int64_t>(hello.monotonicNs);
  header.extras = {{"abi", hello.abi}, {"sdk", std::to_string(hello.sdkLevel)}};
  if (!hello.agentMachine.empty()) header.extras.emplace_back("agentMachine", hello.agentMachine);
  for (live::RecordSink* sink : m_sinks) RETURN_IF_ERROR(sink->open(header));
  m_open = true;
  m_startDeviceNs = header.startMonotonicNs;
  m_deviceSdk = std::to_string(hello.sdkLevel);
  m_deviceModel = hello.deviceModel;
  return okStatus();
}

Status LiveRecorder::append(const session::SessionRecord& record) {
  for (live::RecordSink* sink : m_sinks) RETURN_IF_ERROR(sink->push(std::span(&record, 1)));
  if (record.type != session::RecordType::kMark && record.type != session::RecordType::kScene &&
      record.type != session::RecordType::kFrameGap) {
    ++m_stats.captured;
  }
  if (record.type == session::RecordType::kFrame) ++m_framesWritten;
  return okStatus();
}

Status LiveRecorder::flushSinks() {
  if (!m_open) return okStatus();
  for (live::RecordSink* sink : m_sinks) RETURN_IF_ERROR(sink->flush());
  return okStatus();
}

Status LiveRecorder::writeScene(int64_t timeNs, const std::string& scene) {
  if (scene.empty() || scene == m_sessionScene) return okStatus();
  m_sessionScene = scene;
  m_stats.scene = scene;
  session::SessionRecord r;
  r.type = session::RecordType::kScene;
  r.timeNs = timeNs;
  r.text = scene;
  return append(r);
}

void LiveRecorder::mark(std::string label) {
  std::lock_guard lock(m_requestsMutex);
  m_pendingMarks.push_back(std::move(label));
}

void LiveRecorder::requestHeapDump(HeapDumpOrder order) {
  std::lock_guard lock(m_requestsMutex);
  m_pendingDumps.push_back(std::move(order));
}

void LiveRecorder::requestMethodTrace(std::string path, MethodTraceOrder order) {
  HeapDumpOrder transfer;
  transfer.path = std::move(path);
  transfer.reason = order.launch ? "method trace of a cold launch" : "method trace";
  transfer.methodTrace = std::move(order);
  requestHeapDump(std::move(transfer));
}

// Writes pending marks and, when connected and idle, sends the next heap-dump request.
Status LiveRecorder::takeRequests(AgentConnection* agent) {
  std::vector<std::string> marks;
  std::optional<HeapDumpOrder> dump;
  {
    std::lock_guard lock(m_requestsMutex);
    marks.swap(m_pendingMarks);
    // Until the agent said that the app runs (waited for, or dead), a dump or trace of its
    // process waits for it; a traced cold launch starts it.
    const bool appAbsent = !m_appKnown || m_stats.appPid == 0;
    if (agent != nullptr && !m_dump && !m_pendingDumps.empty() &&
        (!appAbsent || (m_pendingDumps.front().methodTrace && m_pendingDumps.front().methodTrace->launch))) {
      dump = std::move(m_pendingDumps.front());
      m_pendingDumps.pop_front();
    }
  }
  for (std::string& label : marks) {
    session::SessionRecord r;
    r.type = session::RecordType::kMark;
    r.timeNs = m_lastDeviceNs;
    r.text = std::move(label);
    RETURN_IF_ERROR(append(r));
  }
  RETURN_IF_ERROR(takeLeakAnalyses(false));
  if (agent != nullptr && !m_dump) {
    // A leak verdict's dump goes first: the leaked Activity may yet be collected.
    ASSIGN_OR_RETURN(const bool leakDump, startLeakDump(*agent));
    if (leakDump) {
      if (dump) {
        std::lock_guard lock(m_requestsMutex);
        m_pendingDumps.push_front(std::move(*dump));
      }
      return okStatus();
    }
  }
  if (dump) {
    m_dumpOrder = std::move(*dump);
    m_dump = std::make_unique<HeapDumpReceiver>(m_dumpOrder.path, m_nextRequestId++);
    sendTransfer(*agent);
  }
  return okStatus();
}

void LiveRecorder::sendTransfer(AgentConnection& agent) {
  const uint32_t id = m_dump->requestId();
  const adb::IoLimits sendLimits{std::chrono::milliseconds(5000), nullptr};
  Status sent;
  if (const auto& t = m_dumpOrder.methodTrace) {
    m_traceStartNs = m_lastDeviceNs;
    m_traceLaunch.reset();
    const uint32_t flags = (t->launch ? uint32_t{proto::kMethodTraceLaunch} : 0u) |
                           (t->streaming ? uint32_t{proto::kMethodTraceStreaming} : 0u);
    sent = agent.send(
        proto::MethodTraceRequest{id, m_options.packageName, m_dumpOrder.pid,
                                  static_cast<uint32_t>(t->duration.count()), t->samplingUs, flags, t->component},
        sendLimits);
  } else {
    sent =
        agent.send(proto::HeapDumpRequest{id, m_options.packageName, m_dumpOrder.pid, m_dumpOrder.flags}, sendLimits);
  }
  if (!sent.ok()) finishHeapDump(sent);
  if (m_dump && m_onHeapDump) {
    m_onHeapDump(
        {m_dumpOrder.path, 0, 0, false, okStatus(), m_dumpOrder.methodTrace.has_value(), 0, m_dumpLeak.has_value()});
  }
}

void LiveRecorder::finishHeapDump(Status result) {
  if (!m_dump) return;
  HeapDumpProgress done{m_dump->path(),
                        m_dump->receivedBytes(),
                        m_dump->totalBytes(),
                        true,
                        result,
                        m_dumpOrder.methodTrace.has_value(),
                        0,
                        m_dumpLeak.has_value()};
  m_dump.reset();  // removes the file unless it is complete
  if (m_dumpLeak) {
    if (m_onHeapDump) m_onHeapDump(done);
    finishLeakDump(result);  // recorded once analysed, with the zip it becomes
    return;
  }
  if (result.ok() && done.methodTrace) {
    auto issues = recordMethodTrace(done.path);
    done.result = issues.status();
    if (issues.ok()) done.traceIssues = *issues;
  } else if (result.ok()) {
    session::SessionRecord r;
    r.type = session::RecordType::kHeapDump;
    r.timeNs = m_lastDeviceNs;
    r.text = done.path;
    r.detail = m_dumpOrder.reason;
    done.result = append(r);
    if (done.result.ok()) ++m_stats.heapDumps;
  }
  if (m_onHeapDump) m_onHeapDump(done);
}

StatusOr<size_t> LiveRecorder::recordMethodTrace(const std::string& path) {
  ASSIGN_OR_RETURN(auto source, hprof::mapDumpFile(path));
  const std::string_view bytes(reinterpret_cast<const char*>(source->bytes().data()), source->bytes().size());
  ASSIGN_OR_RETURN(auto read,
                   withContext(methodtrace::readMethodTrace(bytes, [&](uint64_t upTo) { source->release(0, upTo); }),
                               "reading the method trace " + path));
  methodtrace::MethodTraceOptions options;
  options.evilMethodMs = m_dumpOrder.methodTrace->evilMethodMs;
  options.process = m_options.packageName;
  options.launch = m_traceLaunch;
  const methodtrace::MethodTraceReport report = methodtrace::judgeMethodTrace(read.trace, options);
  // The trace's clock starts when tracing did; a launch's trace began TotalTime before am returned.
  const int64_t startNs =
      m_traceStartNs - (m_traceLaunch && m_traceLaunch->totalTimeMs ? *m_traceLaunch->totalTimeMs * 1'000'000 : 0);
  const auto main = report.mainThread;
  for (size_t i = 0; i < report.issueJson.size(); ++i) {
    session::SessionRecord r;
    r.type = session::RecordType::kIssue;
    const uint32_t call = report.issueCalls[i];
    const int64_t atUs =
        main && call != methodtrace::kNoCall ? static_cast<int64_t>(read.trace.threads[*main].calls[call].startUs) : 0;
    r.timeNs = std::max<int64_t>(startNs + atUs * 1000, 0);
    r.text = report.issueJson[i];
    RETURN_IF_ERROR(append(r));
  }
  session::SessionRecord mark;
  mark.type = session::RecordType::kMark;
  mark.timeNs = m_lastDeviceNs;
  mark.text = "method trace " + path + ": " + std::to_string(report.issues.size()) + " issue(s), " +
              std::to_string(read.trace.records) + " events" +
              (read.error ? " (damaged: " + read.error->toString() + ")" : std::string());
  RETURN_IF_ERROR(append(mark));
  return report.issues.size();
}

Status LiveRecorder::handle(const proto::Message& message) {
  if (const auto* started = std::get_if<proto::MethodTraceStarted>(&message)) {
    if (m_dump && m_dumpOrder.methodTrace && !started->launchOutput.empty()) {
      const devicetext::AmStartResult am = devicetext::parseAmStartOutput(started->launchOutput);
      m_traceLaunch = methodtrace::LaunchTimes{am.totalTimeMs, am.waitTimeMs, am.launchState, am.activity};
    }
    if (m_onNotice) m_onNotice("method tracing started in pid " + std::to_string(started->pid));
    return okStatus();
  }
  if (m_dump && m_dump->concerns(message)) {
    auto done = m_dump->accept(message);
    if (!done.ok()) {
      finishHeapDump(done.status());
    } else if (*done) {
      finishHeapDump(okStatus());
    } else if (m_onHeapDump) {
      m_onHeapDump({m_dump->path(), m_dump->receivedBytes(), m_dump->totalBytes(), false, okStatus(),
                    m_dumpOrder.methodTrace.has_value(), 0, m_dumpLeak.has_value()});
    }
    return okStatus();
  }
  if (const auto* batch = std::get_if<proto::FrameBatch>(&message)) {
    for (const proto::FrameTiming& t : batch->frames) {
      if (!m_frameIds.emplace(t.intendedVsync, t.frameCompleted).second) continue;  // re-sent after a restart
      // Garbage stamps: skipped like core/trace's parser does (flagged rows are only counted).
      const bool plausible = framestats::plausibleFrameTimes(t.intendedVsync, t.frameCompleted);
      if (!plausible && t.flags == 0) continue;
      // The first poll lists a window's last 120 frames, which an idle app drew minutes ago:
      // only what was drawn during the recording belongs to it (and to its clock's span).
      if (plausible && t.frameCompleted < m_startDeviceNs) continue;
      session::SessionRecord r;
      r.type = session::RecordType::kFrame;
      r.frame = framestats::frameFromTiming(t, static_cast<int64_t>(batch->refreshPeriodNs));
      if (!plausible) {
        r.frame.durationNs = 0;
        r.frame.stageNs = {};
      }
      r.timeNs = r.frame.startNs;
      const framestats::Frame& f = r.frame;
      RETURN_IF_ERROR(writeScene(f.startNs, batch->scene));
      RETURN_IF_ERROR(append(r));
      m_lastDeviceNs = std::max(m_lastDeviceNs, f.startNs + f.durationNs);
    }
    // A restarted agent re-sends at most the last 120 rows per window: the newest ids suffice.
    while (m_frameIds.size() > kMaxFrameIds) m_frameIds.erase(m_frameIds.begin());
  } else if (const auto* gap = std::get_if<proto::FrameGap>(&message)) {
    session::SessionRecord r;
    r.type = session::RecordType::kFrameGap;
    r.timeNs = static_cast<int64_t>(gap->lastSeenVsyncNs);
    // A peer's reversed stamps make an empty gap, not an unsigned wrap of centuries.
    r.gapNs = static_cast<int64_t>(gap->nextSeenVsyncNs - std::min(gap->lastSeenVsyncNs, gap->nextSeenVsyncNs));
    r.gapFrames = gap->maxLostFrames;
    r.text = gap->scene;
    RETURN_IF_ERROR(append(r));
    if (m_onNotice) {
      m_onNotice("frames lost: " + session::describeFrameGap(session::frameGapOf(r)) + "; " +
                 session::kFrameGapExplanation);
    }
  } else if (const auto* scene = std::get_if<proto::SceneChange>(&message)) {
    m_lastDeviceNs = std::max(m_lastDeviceNs, static_cast<int64_t>(scene->monotonicNs));
    if (!scene->activity.empty()) m_stats.scene = scene->activity;
  } else if (const auto* issue = std::get_if<proto::MatrixIssue>(&message)) {
    const size_t hash = std::hash<std::string>{}(issue->tag + '\n' + issue->contentJson);
    if (!m_issueIds.emplace(issue->logTimeMs, issue->pid, hash).second)
      return okStatus();  // read twice after a restart
    m_logResumeMs = std::max(m_logResumeMs, issue->logTimeMs);
    // Only issues at or after the resume point can come again; a minute's margin for reordering.
    const uint64_t keepFrom = m_logResumeMs > 60'000 ? m_logResumeMs - 60'000 : 0;
    m_issueIds.erase(m_issueIds.begin(), m_issueIds.lower_bound(std::make_tuple(keepFrom, INT32_MIN, size_t{0})));
    const int64_t timeNs = issue->monotonicNs ? static_cast<int64_t>(issue->monotonicNs) : m_lastDeviceNs;
    if (isLeakVerdict(*issue)) return noteLeakVerdict(*issue, timeNs);
    session::SessionRecord r;
    r.type = session::RecordType::kIssue;
    r.timeNs = timeNs;
    r.text = issueRecordJson(*issue);
    RETURN_IF_ERROR(append(r));
  } else if (const auto* report = std::get_if<proto::StrictModeReport>(&message)) {
    const size_t hash = std::hash<std::string>{}("StrictMode\n" + report->text);
    if (!m_issueIds.emplace(report->logTimeMs, report->pid, hash).second) return okStatus();  // read twice
    if (report->source == proto::StrictModeSource::kLogcat) m_logResumeMs = std::max(m_logResumeMs, report->logTimeMs);
    session::SessionRecord r;
    r.type = session::RecordType::kIssue;
    r.timeNs = report->monotonicNs ? static_cast<int64_t>(report->monotonicNs) : m_lastDeviceNs;
    for (std::string& json : strictModeRecordsJson(*report, m_options.packageName)) {
      r.text = std::move(json);
      RETURN_IF_ERROR(append(r));
    }
  } else if (const auto* memory = std::get_if<proto::MemorySample>(&message)) {
    session::SessionRecord r;
    r.type = session::RecordType::kMemory;
    r.timeNs = static_cast<int64_t>(memory->monotonicNs);
    session::MemorySample& m = r.memory;
    m.timeNs = r.timeNs;
    m.pid = memory->pid;
    m.javaHeapKb = memory->javaHeapKb;
    m.nativeHeapKb = memory->nativeHeapKb;
    m.codeKb = memory->codeKb;
    m.stackKb = memory->stackKb;
    m.graphicsKb = memory->graphicsKb;
    m.privateOtherKb = memory->privateOtherKb;
    m.systemKb = memory->systemKb;
    m.totalPssKb = memory->totalPssKb;
    m.totalRssKb = memory->totalRssKb;
    m.totalSwapKb = memory->totalSwapKb;
    m.marks = memory->marks;
    RETURN_IF_ERROR(append(r));
    m_lastDeviceNs = std::max(m_lastDeviceNs, r.timeNs);
  } else if (const auto* anr = std::get_if<proto::AnrReport>(&message)) {
    if (m_anrIds.emplace(anr->pid, anr->timeMs).second) {
      m_logResumeMs = std::max(m_logResumeMs, anr->timeMs);
      session::SessionRecord r;
      r.type = session::RecordType::kAnr;
      r.timeNs = anr->monotonicNs ? static_cast<int64_t>(anr->monotonicNs) : m_lastDeviceNs;
      r.text = anr->traces.empty() ? "ANR " + anr->reason : anr->traces;
      RETURN_IF_ERROR(append(r));
    }
  } else if (const auto* app = std::get_if<proto::AppState>(&message)) {
    if (app->packageName == m_options.packageName) RETURN_IF_ERROR(noteAppState(*app));
  } else if (const auto* error = std::get_if<proto::Error>(&message)) {
    if (m_onNotice) m_onNotice("agent: " + error->message);
    if (error->code == proto::ErrorCode::kInvalidPackage)
      return invalidInput("agent refused the package: " + error->message);
  }
  return okStatus();
}

Status LiveRecorder::run(const CancelToken& cancel) {
  if (m_options.leakWatch != proto::LeakWatchMode::kAuto) return record(cancel);
  // Auto: the dumps are analysed on a second thread, so the loop keeps reading the agent.
  {
    std::lock_guard lock(m_analysisMutex);
    m_analysisStop = false;
  }
  return WorkerPool(2).run(2, [&](size_t task) {
    if (task == 1) return analyseLeakDumps();
    const Status recorded = record(cancel);
    stopAnalyses();
    return recorded;
  });
}

Status LiveRecorder::record(const CancelToken& cancel) {
  // The recording starts at the agent's first answer: starting the agent (a deploy, a slow phone)
  // takes none of the duration. At its end a heap dump in transfer is finished first (cancel
  // stops it at once).
  auto start = Clock::now();
  auto end = Clock::time_point::max();
  auto done = [&] { return cancel.isCancelled() || (Clock::now() >= end && !m_dump); };
  auto nextReport = Clock::now();
  Status failure;
  bool everConnected = false;
  while (!done() && failure.ok()) {
    proto::AgentHello hello;
    auto conn = m_connect(hello);
    if (!conn.ok()) {
      if (!everConnected || conn.status().code() == StatusCode::kCancelled) {
        failure = conn.status();
        break;
      }
      if (m_onNotice) m_onNotice("agent unreachable (" + conn.status().message() + "); retrying");
      (void)takeRequests(nullptr);  // marks still go in while the device is away
      (void)flushSinks();
      std::this_thread::sleep_for(std::chrono::seconds(1));
      continue;
    }
    if (!everConnected) {
      start = Clock::now();
      if (m_options.duration.count() > 0) end = start + m_options.duration;
    }
    everConnected = true;
    failure = ensureWriter(hello);
    if (!failure.ok()) break;
    m_helloMonotonicNs = static_cast<int64_t>(hello.monotonicNs);
    m_helloAt = Clock::now();
    if (m_onConnection) m_onConnection(true, hello, {});
    const uint32_t pollMs = proto::framestatsPollIntervalMs(m_options.pollIntervalMs, hello.refreshMilliHz);
    if (pollMs < m_options.pollIntervalMs && m_onNotice && !m_saidPollInterval) {
      m_saidPollInterval = true;
      m_onNotice("the display runs at " + std::to_string(hello.refreshMilliHz / 1000) + " Hz: frames are read every " +
                 std::to_string(pollMs) + " ms instead of " + std::to_string(m_options.pollIntervalMs) +
                 " (the phone lists only a window's last " + std::to_string(proto::kFramestatsRingFrames) + ")");
    }
    AgentConnection& agent = **conn;
    // Short receive slices so marks and heap-dump orders are taken promptly.
    const adb::IoLimits limits{std::chrono::milliseconds(200), &cancel};
    const adb::IoLimits sendLimits{std::chrono::milliseconds(5000), nullptr};
    // From the first agent's start until issues move it on (0 from an older agent: from now).
    if (m_logResumeMs == 0) m_logResumeMs = hello.wallClockMs;
    proto::StartCollecting collect;
    collect.packageName = m_options.packageName;
    collect.pollIntervalMs = m_options.pollIntervalMs;
    collect.collectors = proto::kCollectAll;
    collect.logSinceMs = m_logResumeMs;
    collect.memoryIntervalMs = m_options.memoryIntervalMs;
    collect.leakWatch = m_options.leakWatch;
    collect.leakCheckIntervalMs = m_options.leakCheckIntervalMs;
    collect.leakChecks = m_options.leakChecks;
    failure = agent.send(collect, sendLimits);
    if (!failure.ok()) break;
    auto lastTraffic = Clock::now();
    uint64_t heartbeats = agent.heartbeats();
    while (!done()) {
      failure = takeRequests(&agent);
      if (!failure.ok()) break;
      auto message = agent.receive(limits);
      if (agent.heartbeats() != heartbeats) {
        heartbeats = agent.heartbeats();
        lastTraffic = Clock::now();
      }
      if (message.ok()) {
        lastTraffic = Clock::now();
        failure = handle(*message);
        if (!failure.ok()) break;
      } else if (message.status().code() == StatusCode::kCancelled) {
        break;
      } else if (message.status().message().find("timed out") == std::string::npos ||
                 Clock::now() - lastTraffic > std::chrono::seconds(3)) {
        // Closed, broken, or silent past three heartbeats: the agent is gone.
        const std::string why = "agent connection lost (" + message.status().message() + "); " +
                                std::to_string(m_framesWritten) + " frames kept; reconnecting";
        if (m_onNotice) m_onNotice(why);
        if (m_onConnection) m_onConnection(false, hello, why);
        finishHeapDump(ioError("the agent connection was lost during the heap dump"));
        ++m_stats.reconnects;
        break;
      }
      // The file is durable every second (SessionFileSink); the GUI's dashboard gets this turn's records.
      failure = flushSinks();
      if (!failure.ok()) break;
      if (Clock::now() >= nextReport) {
        m_stats.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (m_onStats) m_onStats(m_stats);
        nextReport = Clock::now() + std::chrono::seconds(1);
      }
    }
    if (done()) {
      (void)agent.send(proto::StopCollecting{}, sendLimits);
      agent.close();
    }
  }
  m_stats.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
  finishHeapDump(cancelled());
  if (m_open) {
    (void)takeRequests(nullptr);
    // The analyses under way end (finished, or stopped by the cancel) before the session does;
    // verdicts never dumped are recorded as they came.
    const Status leaks = takeLeakAnalyses(true);
    if (failure.ok()) failure = leaks;
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

}  // namespace mxi::core::agentlink
