#include "core/agentlink/record_translator.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/agentlink/issue_record.h"
#include "core/agentlink/strictmode_record.h"
#include "core/framestats/frame.h"
#include "core/json/json_writer.h"
#include "core/session/frame_gaps.h"
#include "core/sqlitelint/live_issues.h"

namespace mxi::core::agentlink {

namespace proto = protocol;
using session::RecordType;
using session::SessionRecord;
using session::textRecord;

namespace {

bool isLeakVerdict(const proto::MatrixIssue& issue) {
  return issue.kind == proto::IssueKind::kMemory && issue.logTag == "mxi.LeakWatch";
}

}  // namespace

void RecordTranslator::connected(const proto::AgentHello& hello, HostClock::time_point now) {
  if (m_startDeviceNs == 0) m_startDeviceNs = static_cast<int64_t>(hello.monotonicNs);
  // From the first agent's start until issues move it on (0 from an older agent: from now).
  if (m_logResumeMs == 0) m_logResumeMs = m_firstLogMs = hello.wallClockMs;
  m_helloMonotonicNs = static_cast<int64_t>(hello.monotonicNs);
  m_helloAt = now;
}

int64_t RecordTranslator::deviceNowNs(HostClock::time_point now) const {
  if (m_helloMonotonicNs == 0) return m_lastDeviceNs;
  const auto since = std::chrono::duration_cast<std::chrono::nanoseconds>(now - m_helloAt).count();
  return std::max(m_lastDeviceNs, m_helloMonotonicNs + since);
}

SessionRecord RecordTranslator::mark(std::string label) const {
  return textRecord(RecordType::kMark, m_lastDeviceNs, std::move(label));
}

std::vector<SessionRecord> RecordTranslator::outage(HostClock::time_point lostAt, HostClock::time_point backAt,
                                                    double refreshHz, const std::string& why) const {
  const int64_t lengthNs =
      std::max<int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(backAt - lostAt).count(), 0);
  SessionRecord gap = textRecord(RecordType::kFrameGap, deviceNowNs(lostAt), m_scene);
  gap.gapNs = lengthNs;
  // As many frames as the display could show meanwhile: an upper bound, like the agent's gaps.
  gap.gapFrames = static_cast<uint32_t>(std::ceil(static_cast<double>(lengthNs) / 1e9 * std::max(refreshHz, 0.0)));
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", static_cast<double>(lengthNs) / 1e9);
  SessionRecord said = textRecord(RecordType::kMark, gap.timeNs, std::string("no data for ") + seconds + ": " + why);
  return {std::move(gap), std::move(said)};
}

void RecordTranslator::noteScene(int64_t timeNs, const std::string& scene, Translation& out) {
  if (scene.empty() || scene == m_sessionScene) return;
  m_sessionScene = scene;
  m_scene = scene;
  out.records.push_back(textRecord(RecordType::kScene, timeNs, scene));
}

void RecordTranslator::translateFrames(const proto::FrameBatch& batch, Translation& out) {
  for (const proto::FrameTiming& t : batch.frames) {
    if (!m_frameIds.emplace(t.intendedVsync, t.frameCompleted).second) continue;  // re-sent after a restart
    // Garbage stamps: skipped like core/trace's parser does (flagged rows are only counted).
    const bool plausible = framestats::plausibleFrameTimes(t.intendedVsync, t.frameCompleted);
    if (!plausible && t.flags == 0) continue;
    // The first poll lists a window's last 120 frames, which an idle app drew minutes ago:
    // only what was drawn during the recording belongs to it (and to its clock's span).
    if (plausible && t.frameCompleted < m_startDeviceNs) continue;
    SessionRecord r;
    r.type = RecordType::kFrame;
    r.frame = framestats::frameFromTiming(t, static_cast<int64_t>(batch.refreshPeriodNs));
    if (!plausible) {
      r.frame.durationNs = 0;
      r.frame.stageNs = {};
    }
    r.timeNs = r.frame.startNs;
    noteScene(r.frame.startNs, batch.scene, out);
    m_lastDeviceNs = std::max(m_lastDeviceNs, r.frame.startNs + r.frame.durationNs);
    out.records.push_back(std::move(r));
  }
  // A restarted agent re-sends at most the last 120 rows per window: the newest ids suffice.
  while (m_frameIds.size() > kMaxFrameIds) m_frameIds.erase(m_frameIds.begin());
}

uint64_t RecordTranslator::logSinceMs() const {
  return std::max(m_firstLogMs, m_logResumeMs > m_logReplayMs ? m_logResumeMs - m_logReplayMs : 0);
}

void RecordTranslator::trimIssueIds() {
  // Only issues logged since logSinceMs() can come again; a minute's margin for reordering.
  const uint64_t keepFrom = m_logResumeMs > m_logReplayMs + 60'000 ? m_logResumeMs - m_logReplayMs - 60'000 : 0;
  m_issueIds.erase(m_issueIds.begin(), m_issueIds.lower_bound(std::make_tuple(keepFrom, INT32_MIN, size_t{0})));
}

void RecordTranslator::translateIssue(const proto::MatrixIssue& issue, Translation& out) {
  const size_t hash = std::hash<std::string>{}(issue.tag + '\n' + issue.contentJson);
  if (!m_issueIds.emplace(issue.logTimeMs, issue.pid, hash).second) return;  // read twice after a restart
  const int64_t timeNs = issue.monotonicNs ? static_cast<int64_t>(issue.monotonicNs) : m_lastDeviceNs;
  if (isLeakVerdict(issue)) {
    // Stamped when the agent judged, not logged: the logcat lines before it may be unread yet.
    out.leakVerdicts.push_back({issue, timeNs});
    return;
  }
  m_logResumeMs = std::max(m_logResumeMs, issue.logTimeMs);
  trimIssueIds();
  out.records.push_back(textRecord(RecordType::kIssue, timeNs, issueRecordJson(issue)));
}

void RecordTranslator::addSqlIssue(const sqlitelint::LintIssue& issue, int32_t pid, const char* logTag, int64_t timeNs,
                                   Translation& out) {
  proto::MatrixIssue wrapper;
  wrapper.logTimeMs = static_cast<uint64_t>(std::max<int64_t>(issue.createTime, 0));
  wrapper.pid = pid;
  wrapper.logTag = logTag;
  wrapper.tag = "SQLiteLint";
  wrapper.type = static_cast<int32_t>(issue.type);
  wrapper.key = issue.id;
  wrapper.kind = proto::IssueKind::kSqlite;
  const nlohmann::json content = nlohmann::json::parse(json::dumpJson(sqlitelint::liveIssueContent(issue)));
  out.records.push_back(textRecord(RecordType::kIssue, timeNs, issueRecordJson(wrapper, &content)));
}

void RecordTranslator::translateSql(const proto::SqlOperations& batch, Translation& out) {
  if (batch.ringRolledOver) {
    const std::string what = "SQL operations not seen: connection " + std::to_string(batch.connectionId) + " of " +
                             batch.dbPath + " (pid " + std::to_string(batch.pid) +
                             ") ran more between two dumpsys dbinfo polls than its ring keeps";
    out.records.push_back(textRecord(RecordType::kMark, m_lastDeviceNs, what));
    out.notices.push_back(what + " (a shorter --sql-ms sees more)");
  }
  for (const proto::SqlOperation& op : batch.operations) {
    std::string id = std::to_string(batch.pid) + '\n' + batch.dbPath + '\n' + std::to_string(batch.connectionId) +
                     '\n' + op.timeText + '\n' + op.kind + '\n' + std::to_string(op.durationMs) + '\n' + op.status +
                     '\n' + op.sql;
    if (!m_sqlIds.insert(id).second) continue;  // a restarted agent's first poll lists its ring again
    m_sqlIdOrder.push_back(std::move(id));
    if (m_sqlIdOrder.size() > kMaxSqlIds) {
      m_sqlIds.erase(m_sqlIdOrder.front());
      m_sqlIdOrder.pop_front();
    }
    const int64_t timeNs = op.monotonicNs ? static_cast<int64_t>(op.monotonicNs) : m_lastDeviceNs;
    SessionRecord r = textRecord(RecordType::kSqlOperation, timeNs, {});
    session::SqlOperation& q = r.sql;
    q.timeNs = timeNs;
    q.pid = batch.pid;
    q.process = batch.process;
    q.dbPath = batch.dbPath;
    q.connectionId = batch.connectionId;
    q.timeText = op.timeText;
    q.wallClockMs = static_cast<int64_t>(op.wallClockMs);
    q.kind = op.kind;
    q.durationMs = op.durationMs;
    q.status = op.status;
    q.sql = op.sql;
    out.records.push_back(std::move(r));
    if (m_sqlDatabasesSeen.insert(batch.dbPath).second) {
      out.notices.push_back("SQL: the app's statements on " + batch.dbPath + " are being collected");
    }
    if (auto issue = m_sqlIssues.operation(batch.dbPath, op.sql, op.durationMs, static_cast<int64_t>(op.wallClockMs))) {
      addSqlIssue(*issue, batch.pid, "mxi.dbinfo", timeNs, out);
    }
  }
}

void RecordTranslator::translateSqliteLog(const proto::SqliteLog& log, Translation& out) {
  m_logResumeMs = std::max(m_logResumeMs, log.logTimeMs);
  const int64_t timeNs = log.monotonicNs ? static_cast<int64_t>(log.monotonicNs) : m_lastDeviceNs;
  if (auto issue = m_sqlIssues.sqliteLog(log.message, static_cast<int64_t>(log.logTimeMs))) {
    addSqlIssue(*issue, log.pid, "SQLiteLog", timeNs, out);
  }
}

void RecordTranslator::translateAppState(const proto::AppState& state, HostClock::time_point now, Translation& out) {
  const int32_t pid = state.state == proto::AppRunState::kRunning ? state.pid : 0;
  if (m_appKnown && pid == m_appPid) return;  // only in front or not: no news
  const bool first = !m_appKnown;
  const int32_t previous = m_appPid;
  m_appKnown = true;
  m_appPid = pid;
  char after[48];
  std::snprintf(after, sizeof after, "%.1f s", std::chrono::duration<double>(now - m_appGoneAt).count());
  std::string what;
  if (pid == 0) {
    m_appGoneAt = now;
    m_goneFromPid = previous;
    if (first) {
      // Nothing happened during the recording yet: no mark.
      what = m_package + " is not running; waiting for it to start";
      out.notices.push_back(what);
      out.app = AppChange{0, what};
      return;
    }
    what = "app process died (pid " + std::to_string(previous) + ")";
  } else {
    m_appEverRan = true;
    if (first) return;  // running from the start
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
  out.records.push_back(textRecord(RecordType::kMark, deviceNowNs(now), what));
  out.notices.push_back(pid == 0 ? what + "; what was recorded is kept; waiting for it to restart"
                                 : what + "; recording it");
  out.app = AppChange{pid, what};
}

Translation RecordTranslator::translate(const proto::Message& message, HostClock::time_point now) {
  Translation out;
  if (const auto* batch = std::get_if<proto::FrameBatch>(&message)) {
    translateFrames(*batch, out);
  } else if (const auto* gap = std::get_if<proto::FrameGap>(&message)) {
    SessionRecord r = textRecord(RecordType::kFrameGap, static_cast<int64_t>(gap->lastSeenVsyncNs), gap->scene);
    // A peer's reversed stamps make an empty gap, not an unsigned wrap of centuries.
    r.gapNs = static_cast<int64_t>(gap->nextSeenVsyncNs - std::min(gap->lastSeenVsyncNs, gap->nextSeenVsyncNs));
    r.gapFrames = gap->maxLostFrames;
    out.notices.push_back("frames lost: " + session::describeFrameGap(session::frameGapOf(r)) + "; " +
                          session::kFrameGapExplanation);
    out.records.push_back(std::move(r));
  } else if (const auto* scene = std::get_if<proto::SceneChange>(&message)) {
    m_lastDeviceNs = std::max(m_lastDeviceNs, static_cast<int64_t>(scene->monotonicNs));
    if (!scene->activity.empty()) m_scene = scene->activity;
  } else if (const auto* issue = std::get_if<proto::MatrixIssue>(&message)) {
    translateIssue(*issue, out);
  } else if (const auto* report = std::get_if<proto::StrictModeReport>(&message)) {
    const size_t hash = std::hash<std::string>{}("StrictMode\n" + report->text);
    if (!m_issueIds.emplace(report->logTimeMs, report->pid, hash).second) return out;  // read twice
    if (report->source == proto::StrictModeSource::kLogcat) m_logResumeMs = std::max(m_logResumeMs, report->logTimeMs);
    const int64_t timeNs = report->monotonicNs ? static_cast<int64_t>(report->monotonicNs) : m_lastDeviceNs;
    for (std::string& json : strictModeRecordsJson(*report, m_package)) {
      out.records.push_back(textRecord(RecordType::kIssue, timeNs, std::move(json)));
    }
  } else if (const auto* memory = std::get_if<proto::MemorySample>(&message)) {
    SessionRecord r = textRecord(RecordType::kMemory, static_cast<int64_t>(memory->monotonicNs), {});
    meminfo::MemorySample& m = r.memory;
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
    m_lastDeviceNs = std::max(m_lastDeviceNs, r.timeNs);
    out.records.push_back(std::move(r));
  } else if (const auto* sql = std::get_if<proto::SqlOperations>(&message)) {
    translateSql(*sql, out);
  } else if (const auto* sqliteLog = std::get_if<proto::SqliteLog>(&message)) {
    translateSqliteLog(*sqliteLog, out);
  } else if (const auto* anr = std::get_if<proto::AnrReport>(&message)) {
    if (m_anrIds.emplace(anr->pid, anr->timeMs).second) {
      m_logResumeMs = std::max(m_logResumeMs, anr->timeMs);
      out.records.push_back(textRecord(RecordType::kAnr,
                                       anr->monotonicNs ? static_cast<int64_t>(anr->monotonicNs) : m_lastDeviceNs,
                                       anr->traces.empty() ? "ANR " + anr->reason : anr->traces));
    }
  } else if (const auto* app = std::get_if<proto::AppState>(&message)) {
    if (app->packageName == m_package) translateAppState(*app, now, out);
  } else if (const auto* error = std::get_if<proto::Error>(&message)) {
    out.notices.push_back("agent: " + error->message);
    if (error->code == proto::ErrorCode::kInvalidPackage) {
      out.status = invalidInput("agent refused the package: " + error->message);
    }
  }
  return out;
}

}  // namespace mxi::core::agentlink
