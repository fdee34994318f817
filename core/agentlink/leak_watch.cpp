#include "core/agentlink/leak_watch.h"

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "core/agentlink/issue_record.h"
#include "core/base/progress.h"

namespace mxi::core::agentlink {

namespace proto = protocol;

std::optional<proto::LeakWatchMode> parseLeakWatchMode(std::string_view name) {
  for (const auto mode : {proto::LeakWatchMode::kOff, proto::LeakWatchMode::kReport, proto::LeakWatchMode::kManual,
                          proto::LeakWatchMode::kAuto}) {
    if (name == proto::leakWatchModeName(mode)) return mode;
  }
  return std::nullopt;
}

namespace {

std::string stringField(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

LeakWatch::LeakWatch(proto::LeakWatchMode mode, std::string packageName, std::string sessionPath, Append append,
                     OnNotice onNotice, OnVerdict onVerdict)
    : m_mode(mode),
      m_package(std::move(packageName)),
      m_sessionPath(std::move(sessionPath)),
      m_append(std::move(append)),
      m_onNotice(std::move(onNotice)),
      m_onVerdict(std::move(onVerdict)) {}

LeakWatch::~LeakWatch() { stop(); }

void LeakWatch::start() {
  if (m_mode != proto::LeakWatchMode::kAuto || m_thread.joinable()) return;
  {
    std::lock_guard lock(m_mutex);
    m_stop = false;
  }
  m_thread = std::thread([this] { analyseUntilStopped(); });
}

void LeakWatch::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stop = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
}

void LeakWatch::setDevice(std::string sdk, std::string model) {
  m_deviceSdk = std::move(sdk);
  m_deviceModel = std::move(model);
}

Status LeakWatch::noteVerdict(const LeakVerdictIssue& arrived) {
  Verdict verdict;
  verdict.issue = arrived.issue;
  verdict.timeNs = arrived.timeNs;
  const nlohmann::json content = nlohmann::json::parse(arrived.issue.contentJson, nullptr, false);
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
                           " (pid " + std::to_string(arrived.issue.pid) +
                           ") was destroyed and survived the GC-forced checks";
  // Only auto dumps; a verdict the desktop cannot read (no activity) is kept as it came.
  if (m_mode != proto::LeakWatchMode::kAuto || verdict.activity.empty()) {
    if (m_onNotice) m_onNotice(what);
    return record(verdict, nullptr, {});
  }
  if (m_onNotice) m_onNotice(what + "; dumping its heap");
  m_waiting.push_back(std::move(verdict));
  return okStatus();
}

StatusOr<std::optional<HeapDumpOrder>> LeakWatch::nextDump(int32_t appPid) {
  while (!m_dumping && !m_waiting.empty()) {
    Verdict verdict = std::move(m_waiting.front());
    m_waiting.pop_front();
    // The leaked instance lived in that process: a dump of its successor would not hold it.
    if (appPid != verdict.issue.pid) {
      RETURN_IF_ERROR(record(
          verdict, nullptr,
          "not dumped: process " + std::to_string(verdict.issue.pid) + " ended before its heap could be dumped"));
      continue;
    }
    const std::filesystem::path session(m_sessionPath);
    const std::string stem = (session.parent_path() / session.stem()).string() + "-leak-" + std::to_string(++m_dumps);
    verdict.zipPath = stem + ".zip";
    verdict.dumpPath = stem + ".hprof";
    HeapDumpOrder order{verdict.dumpPath, verdict.issue.pid, proto::kHeapDumpGcFirst, "leak watch: " + verdict.activity,
                        std::nullopt};
    m_dumping = std::move(verdict);
    return std::optional<HeapDumpOrder>(std::move(order));
  }
  return std::optional<HeapDumpOrder>();
}

void LeakWatch::dumpEnded(const Status& result) {
  if (!m_dumping) return;
  Verdict verdict = std::move(*m_dumping);
  m_dumping.reset();
  if (!result.ok()) {
    const Status recorded = record(verdict, nullptr, "not dumped: " + result.toString());
    if (!recorded.ok() && m_onNotice) m_onNotice("leak watch: " + recorded.toString());
    return;
  }
  Analysis analysis;
  analysis.request.dumpPath = verdict.dumpPath;
  analysis.request.activity = verdict.activity;
  analysis.request.candidates = verdict.candidates;
  analysis.request.zipPath = verdict.zipPath;
  analysis.request.key = verdict.key;
  analysis.request.resultInfo = {{"packageName", m_package},
                                 {"process", m_package},
                                 {"pid", std::to_string(verdict.issue.pid)},
                                 {"activity", verdict.activity},
                                 {"session", std::filesystem::path(m_sessionPath).filename().string()},
                                 {"dumpTimeMs", std::to_string(verdict.issue.logTimeMs)}};
  if (!m_deviceSdk.empty()) analysis.request.resultInfo["sdkVersion"] = m_deviceSdk;
  if (!m_deviceModel.empty()) analysis.request.resultInfo["model"] = m_deviceModel;
  analysis.verdict = std::move(verdict);
  {
    std::lock_guard lock(m_mutex);
    m_queue.push_back(std::move(analysis));
    ++m_underWay;
  }
  m_wake.notify_all();
}

void LeakWatch::analyseUntilStopped() {
  for (;;) {
    Analysis analysis;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [this] { return m_stop || !m_queue.empty(); });
      if (m_queue.empty()) return;
      analysis = std::move(m_queue.front());
      m_queue.pop_front();
    }
    NullProgress quiet;
    analysis.findings = analyseLeakDump(analysis.request, quiet, m_cancel);
    if (!analysis.findings.ok()) {
      std::error_code ignored;  // a dump that could not be read is no evidence worth its size
      std::filesystem::remove(analysis.request.dumpPath, ignored);
    }
    {
      std::lock_guard lock(m_mutex);
      m_analysed.push_back(std::move(analysis));
      --m_underWay;
    }
    m_wake.notify_all();
  }
}

Status LeakWatch::takeAnalyses(bool wait) {
  std::vector<Analysis> done;
  {
    std::unique_lock lock(m_mutex);
    // Without the thread (not auto, or already stopped) nothing is under way.
    if (wait && m_thread.joinable()) m_wake.wait(lock, [this] { return m_underWay == 0; });
    done.swap(m_analysed);
  }
  for (const Analysis& analysis : done) RETURN_IF_ERROR(record(analysis.verdict, &analysis.findings, {}));
  if (wait) {
    if (m_dumping) dumpEnded(cancelled());
    while (!m_waiting.empty()) {
      RETURN_IF_ERROR(record(m_waiting.front(), nullptr, "not dumped: the recording ended first"));
      m_waiting.pop_front();
    }
  }
  return okStatus();
}

Status LeakWatch::record(const Verdict& verdict, const StatusOr<LeakDumpFindings>* findings, const std::string& why) {
  const proto::MatrixIssue& issue = verdict.issue;
  nlohmann::json content = nlohmann::json::parse(issue.contentJson, nullptr, false);
  const bool asItCame = findings == nullptr && why.empty();
  LeakVerdictNotice notice{verdict.activity, issue.pid, m_mode, false, {}, why};
  if (!asItCame) {
    if (!content.is_object()) content = nlohmann::json::object({{"text", issue.contentJson}});
    if (findings != nullptr && findings->ok()) {
      const LeakDumpFindings& f = **findings;
      const std::string zipName = std::filesystem::path(verdict.zipPath).filename().string();
      // A candidates verdict is named by the leak the dump holds (the candidates stay listed).
      if (f.found && !verdict.candidates.empty()) {
        content["activity"] = f.activity;
        content["component"] = m_package + "/" + f.activity;
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
      RETURN_IF_ERROR(m_append(dump));
    } else {
      const std::string reason = findings != nullptr ? "not analysed: " + findings->status().toString() : why;
      content["leak_detail"] = reason;
      notice.detail = reason;
    }
  }
  RETURN_IF_ERROR(m_append(session::textRecord(session::RecordType::kIssue, verdict.timeNs,
                                               asItCame ? issueRecordJson(issue) : issueRecordJson(issue, &content))));
  if (m_onVerdict) m_onVerdict(notice);
  return okStatus();
}

}  // namespace mxi::core::agentlink
