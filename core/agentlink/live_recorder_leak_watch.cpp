// LiveRecorder's leak watch (docs/LEAKS.md): the agent decides that a destroyed Activity leaked
// (it survived the GC-forced checks) and reports a `memory` MatrixIssue from "mxi.LeakWatch". In
// `report` and `manual` the verdict is recorded as it came (the GUI offers Dump & analyse for a
// manual one). In `auto` — Matrix's AUTO_DUMP — the recorder asks for a heap dump with GC of that
// process, a second thread analyses it (leak_dump_analysis.h) while the loop goes on reading the
// agent, and the verdict is recorded once, with the Activity's chain and the shrunk zip beside
// the session.
#include <algorithm>
#include <filesystem>

#include "core/agentlink/issue_record.h"
#include "core/agentlink/live_recorder.h"

namespace mxi::core::agentlink {

namespace proto = protocol;

std::optional<proto::LeakWatchMode> parseLeakWatchMode(std::string_view name) {
  for (const auto mode : {proto::LeakWatchMode::kOff, proto::LeakWatchMode::kReport, proto::LeakWatchMode::kManual,
                          proto::LeakWatchMode::kAuto}) {
    if (name == proto::leakWatchModeName(mode)) return mode;
  }
  return std::nullopt;
}

bool LiveRecorder::isLeakVerdict(const proto::MatrixIssue& issue) {
  return issue.kind == proto::IssueKind::kMemory && issue.logTag == "mxi.LeakWatch";
}

namespace {

std::string stringField(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

Status LiveRecorder::noteLeakVerdict(const proto::MatrixIssue& issue, int64_t timeNs) {
  LeakVerdict verdict;
  verdict.issue = issue;
  verdict.timeNs = timeNs;
  const nlohmann::json content = nlohmann::json::parse(issue.contentJson, nullptr, false);
  if (content.is_object()) {
    verdict.activity = stringField(content, "activity");
    verdict.key = stringField(content, "ref_key");
    // A candidates verdict: "package/class" components, one per destroyed Activity.
    if (const auto it = content.find("candidates"); it != content.end() && it->is_array()) {
      for (const auto& c : *it) {
        if (!c.is_string()) continue;
        const std::string component = c.get<std::string>();
        const std::string cls = component.substr(component.find('/') + 1);
        if (!cls.empty() &&
            std::find(verdict.candidates.begin(), verdict.candidates.end(), cls) == verdict.candidates.end()) {
          verdict.candidates.push_back(cls);
        }
      }
    }
  }
  const std::string what = "leak watch: " + (verdict.activity.empty() ? std::string("an Activity") : verdict.activity) +
                           " (pid " + std::to_string(issue.pid) + ") was destroyed and survived the GC-forced checks";
  // Only auto dumps; a verdict the desktop cannot read (no activity) is kept as it came.
  if (m_options.leakWatch != proto::LeakWatchMode::kAuto || verdict.activity.empty()) {
    if (m_onNotice) m_onNotice(what);
    return recordLeakVerdict(verdict, nullptr, {});
  }
  if (m_onNotice) m_onNotice(what + "; dumping its heap");
  m_leakVerdicts.push_back(std::move(verdict));
  return okStatus();
}

StatusOr<bool> LiveRecorder::startLeakDump(AgentConnection& agent) {
  while (!m_leakVerdicts.empty()) {
    LeakVerdict verdict = std::move(m_leakVerdicts.front());
    m_leakVerdicts.pop_front();
    // The leaked instance lived in that process: a dump of its successor would not hold it.
    if (m_stats.appPid != verdict.issue.pid) {
      RETURN_IF_ERROR(recordLeakVerdict(
          verdict, nullptr,
          "not dumped: process " + std::to_string(verdict.issue.pid) + " ended before its heap could be dumped"));
      continue;
    }
    const std::filesystem::path session(m_options.sessionPath);
    const std::string stem =
        (session.parent_path() / session.stem()).string() + "-leak-" + std::to_string(++m_leakDumps);
    verdict.zipPath = stem + ".zip";
    m_dumpOrder = HeapDumpOrder{stem + ".hprof", verdict.issue.pid, proto::kHeapDumpGcFirst,
                                "leak watch: " + verdict.activity, std::nullopt};
    m_dumpLeak = std::move(verdict);
    m_dump = std::make_unique<HeapDumpReceiver>(m_dumpOrder.path, m_nextRequestId++);
    sendTransfer(agent);
    return true;
  }
  return false;
}

void LiveRecorder::finishLeakDump(const Status& result) {
  LeakVerdict verdict = std::move(*m_dumpLeak);
  m_dumpLeak.reset();
  if (!result.ok()) {
    const Status recorded = recordLeakVerdict(verdict, nullptr, "not dumped: " + result.toString());
    if (!recorded.ok() && m_onNotice) m_onNotice("leak watch: " + recorded.toString());
    return;
  }
  LeakAnalysis analysis;
  analysis.request.dumpPath = m_dumpOrder.path;
  analysis.request.activity = verdict.activity;
  analysis.request.candidates = verdict.candidates;
  analysis.request.zipPath = verdict.zipPath;
  analysis.request.key = verdict.key;
  analysis.request.resultInfo = {{"packageName", m_options.packageName},
                                 {"process", m_options.packageName},
                                 {"pid", std::to_string(verdict.issue.pid)},
                                 {"activity", verdict.activity},
                                 {"session", std::filesystem::path(m_options.sessionPath).filename().string()},
                                 {"dumpTimeMs", std::to_string(verdict.issue.logTimeMs)}};
  if (!m_deviceSdk.empty()) analysis.request.resultInfo["sdkVersion"] = m_deviceSdk;
  if (!m_deviceModel.empty()) analysis.request.resultInfo["model"] = m_deviceModel;
  analysis.verdict = std::move(verdict);
  {
    std::lock_guard lock(m_analysisMutex);
    m_analysisQueue.push_back(std::move(analysis));
    ++m_analysesUnderWay;
  }
  m_analysisWake.notify_all();
}

Status LiveRecorder::analyseLeakDumps() {
  for (;;) {
    LeakAnalysis analysis;
    {
      std::unique_lock lock(m_analysisMutex);
      m_analysisWake.wait(lock, [this] { return m_analysisStop || !m_analysisQueue.empty(); });
      if (m_analysisQueue.empty()) return okStatus();
      analysis = std::move(m_analysisQueue.front());
      m_analysisQueue.pop_front();
    }
    NullProgress quiet;
    analysis.findings = analyseLeakDump(analysis.request, quiet, m_analysisCancel);
    if (!analysis.findings.ok()) {
      std::error_code ignored;  // a dump that could not be read is no evidence worth its size
      std::filesystem::remove(analysis.request.dumpPath, ignored);
    }
    {
      std::lock_guard lock(m_analysisMutex);
      m_analysed.push_back(std::move(analysis));
      --m_analysesUnderWay;
    }
    m_analysisWake.notify_all();
  }
}

void LiveRecorder::stopAnalyses() {
  {
    std::lock_guard lock(m_analysisMutex);
    m_analysisStop = true;
  }
  m_analysisWake.notify_all();
}

Status LiveRecorder::takeLeakAnalyses(bool wait) {
  std::vector<LeakAnalysis> done;
  {
    std::unique_lock lock(m_analysisMutex);
    if (wait) m_analysisWake.wait(lock, [this] { return m_analysesUnderWay == 0; });
    done.swap(m_analysed);
  }
  for (const LeakAnalysis& analysis : done) {
    RETURN_IF_ERROR(recordLeakVerdict(analysis.verdict, &analysis.findings, {}));
  }
  if (wait) {
    if (m_dumpLeak) finishLeakDump(cancelled());
    while (!m_leakVerdicts.empty()) {
      RETURN_IF_ERROR(recordLeakVerdict(m_leakVerdicts.front(), nullptr, "not dumped: the recording ended first"));
      m_leakVerdicts.pop_front();
    }
  }
  return okStatus();
}

Status LiveRecorder::recordLeakVerdict(const LeakVerdict& verdict, const StatusOr<LeakDumpFindings>* findings,
                                       const std::string& why) {
  const proto::MatrixIssue& issue = verdict.issue;
  nlohmann::json content = nlohmann::json::parse(issue.contentJson, nullptr, false);
  const bool asItCame = findings == nullptr && why.empty();
  LeakVerdictNotice notice{verdict.activity, issue.pid, m_options.leakWatch, false, {}, why};
  if (!asItCame) {
    if (!content.is_object()) content = nlohmann::json::object({{"text", issue.contentJson}});
    if (findings != nullptr && findings->ok()) {
      const LeakDumpFindings& f = **findings;
      const std::string zipName = std::filesystem::path(verdict.zipPath).filename().string();
      // A candidates verdict is named by the leak the dump holds (the candidates stay listed).
      if (f.found && !verdict.candidates.empty()) {
        content["activity"] = f.activity;
        content["component"] = m_options.packageName + "/" + f.activity;
        notice.activity = f.activity;
      }
      content["leak_chain"] = f.chain;
      content["leak_detail"] = f.found ? f.chainText : f.note;
      content["resultZipPath"] = zipName;
      if (f.found) {
        content["leak_signature"] = f.signature;
        content["retained_bytes"] = f.retainedBytes;
      }
      notice.chainFound = f.found;
      notice.zipPath = verdict.zipPath;
      notice.detail = f.found ? std::string() : f.note;
      session::SessionRecord dump;
      dump.type = session::RecordType::kHeapDump;
      dump.timeNs = verdict.timeNs;
      dump.text = verdict.zipPath;
      dump.detail = "leak watch: " + notice.activity + " (auto dump, shrunk Matrix upload zip)";
      RETURN_IF_ERROR(append(dump));
      ++m_stats.heapDumps;
    } else {
      const std::string reason = findings != nullptr ? "not analysed: " + findings->status().toString() : why;
      content["leak_detail"] = reason;
      notice.detail = reason;
    }
  }
  session::SessionRecord r;
  r.type = session::RecordType::kIssue;
  r.timeNs = verdict.timeNs;
  r.text = asItCame ? issueRecordJson(issue) : issueRecordJson(issue, &content);
  RETURN_IF_ERROR(append(r));
  if (m_onLeak) m_onLeak(notice);
  return okStatus();
}

}  // namespace mxi::core::agentlink
