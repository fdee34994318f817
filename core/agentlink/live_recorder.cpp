#include "core/agentlink/live_recorder.h"

#include <chrono>
#include <cstdio>
#include <optional>

#include "core/devicetext/am_start_output.h"
#include "core/hprof/dump_source.h"
#include "core/methodtrace/method_trace.h"

namespace mxi::core::agentlink {

namespace proto = protocol;

namespace {

int64_t wallMsNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string describeNothingRecorded(const RecordStats& stats, const RecordOptions& options) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.0f s", stats.elapsedSeconds);
  const std::string why = stats.appEverRan
                              ? options.packageName + " drew no frames and reported no Matrix issues or ANRs in " +
                                    seconds + " (an app draws only while it is in front and its screen changes)"
                              : options.packageName + " never ran during the " + seconds + " recording";
  return "nothing recorded: " + why + "; " + options.sessionPath + " was not kept";
}

LiveRecorder::LiveRecorder(RecordOptions options, Connect connect, OnStats onStats, OnNotice onNotice)
    : m_options(std::move(options)),
      m_connect(std::move(connect)),
      m_onStats(std::move(onStats)),
      m_onNotice(std::move(onNotice)),
      m_leakWatch(
          m_options.leakWatch, m_options.packageName, m_options.sessionPath,
          [this](const session::SessionRecord& r) { return append(r); },
          [this](const std::string& notice) {
            if (m_onNotice) m_onNotice(notice);
          },
          [this](const LeakVerdictNotice& notice) {
            if (m_onLeak) m_onLeak(notice);
          }) {}

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
  m_leakWatch.setDevice(std::to_string(hello.sdkLevel), hello.deviceModel);
  return okStatus();
}

Status LiveRecorder::append(const session::SessionRecord& record) {
  for (live::RecordSink* sink : m_sinks) RETURN_IF_ERROR(sink->push(std::span(&record, 1)));
  if (record.type != session::RecordType::kMark && record.type != session::RecordType::kScene &&
      record.type != session::RecordType::kFrameGap) {
    ++m_stats.captured;
  }
  if (record.type == session::RecordType::kFrame) ++m_framesWritten;
  if (record.type == session::RecordType::kHeapDump) ++m_stats.heapDumps;
  return okStatus();
}

Status LiveRecorder::appendAll(const Translation& translation) {
  for (const session::SessionRecord& r : translation.records) RETURN_IF_ERROR(append(r));
  return okStatus();
}

Status LiveRecorder::flushSinks() {
  if (!m_open) return okStatus();
  for (live::RecordSink* sink : m_sinks) RETURN_IF_ERROR(sink->flush());
  return okStatus();
}

void LiveRecorder::mark(std::string label) { m_requests.addMark(std::move(label)); }

void LiveRecorder::requestHeapDump(HeapDumpOrder order) { m_requests.addTransfer(std::move(order)); }

void LiveRecorder::requestMethodTrace(std::string path, MethodTraceOrder order) {
  HeapDumpOrder transfer;
  transfer.path = std::move(path);
  transfer.reason = order.launch ? "method trace of a cold launch" : "method trace";
  transfer.methodTrace = std::move(order);
  requestHeapDump(std::move(transfer));
}

Status LiveRecorder::takeRequests(AgentConnection* agent) {
  for (std::string& label : m_requests.takeMarks()) RETURN_IF_ERROR(append(m_translator.mark(std::move(label))));
  RETURN_IF_ERROR(m_leakWatch.takeAnalyses(false));
  if (agent == nullptr || m_dump) return okStatus();
  // A leak verdict's dump goes first: the leaked Activity may yet be collected.
  ASSIGN_OR_RETURN(std::optional<HeapDumpOrder> order, m_leakWatch.nextDump(m_translator.appPid()));
  // Until the agent said that the app runs (waited for, or dead), a dump or trace of its process
  // waits for it; a traced cold launch starts it.
  if (!order) order = m_requests.takeTransfer(m_translator.appKnown() && m_translator.appPid() != 0);
  if (order) {
    m_dumpOrder = std::move(*order);
    m_dump = std::make_unique<HeapDumpReceiver>(m_dumpOrder.path, m_nextRequestId++);
    sendTransfer(*agent);
  }
  return okStatus();
}

HeapDumpProgress LiveRecorder::progress(bool finished, Status result) const {
  return {m_dump->path(),
          m_dump->receivedBytes(),
          m_dump->totalBytes(),
          finished,
          std::move(result),
          m_dumpOrder.methodTrace.has_value(),
          0,
          m_leakWatch.dumping()};
}

void LiveRecorder::sendTransfer(AgentConnection& agent) {
  const uint32_t id = m_dump->requestId();
  const adb::IoLimits sendLimits{std::chrono::milliseconds(5000), nullptr};
  Status sent;
  if (const auto& t = m_dumpOrder.methodTrace) {
    m_traceStartNs = m_translator.lastDeviceNs();
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
  if (m_dump && m_onHeapDump)
    m_onHeapDump(
        {m_dumpOrder.path, 0, 0, false, okStatus(), m_dumpOrder.methodTrace.has_value(), 0, m_leakWatch.dumping()});
}

void LiveRecorder::finishHeapDump(Status result) {
  if (!m_dump) return;
  HeapDumpProgress done = progress(true, result);
  m_dump.reset();  // removes the file unless it is complete
  if (done.leakWatch) {
    if (m_onHeapDump) m_onHeapDump(done);
    m_leakWatch.dumpEnded(result);  // recorded once analysed, with the zip it becomes
    return;
  }
  if (result.ok() && done.methodTrace) {
    auto issues = recordMethodTrace(done.path);
    done.result = issues.status();
    if (issues.ok()) done.traceIssues = *issues;
  } else if (result.ok()) {
    session::SessionRecord r;
    r.type = session::RecordType::kHeapDump;
    r.timeNs = m_translator.lastDeviceNs();
    r.text = done.path;
    r.detail = m_dumpOrder.reason;
    done.result = append(r);
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
  RETURN_IF_ERROR(
      append(m_translator.mark("method trace " + path + ": " + std::to_string(report.issues.size()) + " issue(s), " +
                               std::to_string(read.trace.records) + " events" +
                               (read.error ? " (damaged: " + read.error->toString() + ")" : std::string()))));
  return report.issues.size();
}

Status LiveRecorder::handle(const proto::Message& message) {
  // The transfer's messages are the transfer's; the rest become records.
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
      m_onHeapDump(progress(false, okStatus()));
    }
    return okStatus();
  }
  const Translation t = m_translator.translate(message, HostClock::now());
  RETURN_IF_ERROR(appendAll(t));
  m_stats.scene = m_translator.scene();
  m_stats.appPid = m_translator.appPid();
  m_stats.appEverRan = m_translator.appEverRan();
  if (m_onNotice) {
    for (const std::string& notice : t.notices) m_onNotice(notice);
  }
  if (t.app && m_onApp) m_onApp(t.app->pid, t.app->what);
  for (const LeakVerdictIssue& verdict : t.leakVerdicts) RETURN_IF_ERROR(m_leakWatch.noteVerdict(verdict));
  return t.status;
}

}  // namespace mxi::core::agentlink
