// The agent's messages as session records: the parser half of a recording (Perfetto's tokenizer /
// parser split; the socket, the threads and the file transfers are LiveRecorder's). No I/O and no
// clock of its own: the host time comes with each call, so a test drives it message by message
// and reads exactly what it records. It owns what makes a reconnection seamless — the frame, ANR
// and issue ids a restarted agent sends again, the logcat point a new agent resumes from — and the
// bookkeeping of the scene, the device's clock and the app's process.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/protocol/log_replay.h"
#include "core/protocol/messages.h"
#include "core/session/session_format.h"
#include "core/sqlitelint/live_issues.h"

namespace mxi::core::agentlink {

using HostClock = std::chrono::steady_clock;

// The app's process changed: `pid` 0 when it does not run; `what` says what happened (the text of
// the session's mark, when one was recorded).
struct AppChange {
  int32_t pid = 0;
  std::string what;
};

// A verdict of the agent's leak watch (a "mxi.LeakWatch" memory issue): the leak watch records it.
struct LeakVerdictIssue {
  protocol::MatrixIssue issue;
  int64_t timeNs = 0;
};

// What one message became.
struct Translation {
  std::vector<session::SessionRecord> records;  // in order
  std::vector<std::string> notices;             // to tell the user, in order
  std::optional<AppChange> app;
  std::vector<LeakVerdictIssue> leakVerdicts;
  Status status;  // failed: the recording cannot go on (the agent refused the package)
};

class RecordTranslator {
 public:
  // `sqlSlowMs`: an SQL operation at least this long becomes a SQLiteLint issue, once per
  // statement shape (0: none; core/sqlitelint/live_issues.h). `logReplayMs`: how far before the
  // resume point a restarted agent reads logcat again (core/protocol/log_replay.h).
  explicit RecordTranslator(std::string packageName, int64_t sqlSlowMs = sqlitelint::kDefaultSlowStatementMs,
                            uint64_t logReplayMs = protocol::logReplayMs(1000))
      : m_package(std::move(packageName)), m_logReplayMs(logReplayMs), m_sqlIssues(sqlSlowMs) {}

  // An agent answered with `hello` at `now`. The first one starts the session's clock (frames
  // drawn before it are not the recording's) and the logcat resume point.
  void connected(const protocol::AgentHello& hello, HostClock::time_point now);
  Translation translate(const protocol::Message& message, HostClock::time_point now);

  // A user's mark at the newest device time seen.
  session::SessionRecord mark(std::string label) const;
  // The link was down from `lostAt` to `backAt`: a frame gap over that span (from the device time
  // then, estimated from the last hello) so that every view of the session shows the hole, and a
  // mark that says why. Before connected() for the agent that answered again.
  std::vector<session::SessionRecord> outage(HostClock::time_point lostAt, HostClock::time_point backAt,
                                             double refreshHz, const std::string& why) const;

  int64_t lastDeviceNs() const { return m_lastDeviceNs; }
  // The device's monotonic clock at `now`, estimated from the last hello (frames stop when the app dies).
  int64_t deviceNowNs(HostClock::time_point now) const;
  // The newest logged line recorded (an issue, ANR, StrictMode or SQLiteLog line; device
  // wall-clock ms), else the first agent's start.
  uint64_t logResumeMs() const { return m_logResumeMs; }
  // Where a (re)started agent reads logcat from: the replay before the resume point, never before
  // the first agent's start. Nothing logged while no agent ran, nor held by the one that died, is lost.
  uint64_t logSinceMs() const;
  // The scene the app shows (a SceneChange's activity, else the frames' window).
  const std::string& scene() const { return m_scene; }
  // The app's main process as the agent last reported it (0: not running, or not reported yet).
  int32_t appPid() const { return m_appPid; }
  bool appKnown() const { return m_appKnown; }
  bool appEverRan() const { return m_appEverRan; }

 private:
  void translateFrames(const protocol::FrameBatch& batch, Translation& out);
  void translateIssue(const protocol::MatrixIssue& issue, Translation& out);
  void translateSql(const protocol::SqlOperations& batch, Translation& out);
  void translateSqliteLog(const protocol::SqliteLog& log, Translation& out);
  void addSqlIssue(const sqlitelint::LintIssue& issue, int32_t pid, const char* logTag, int64_t timeNs,
                   Translation& out);
  void translateAppState(const protocol::AppState& state, HostClock::time_point now, Translation& out);
  // A kScene record when the frames' scene changed.
  void noteScene(int64_t timeNs, const std::string& scene, Translation& out);
  // Forgets issue ids a minute older than the replay: only later ones come again.
  void trimIssueIds();

  std::string m_package;
  int64_t m_startDeviceNs = 0;  // the device's clock when the first agent answered (0: none yet)
  int64_t m_lastDeviceNs = 0;   // newest device time seen (frames, scenes, memory samples)
  int64_t m_helloMonotonicNs = 0;
  HostClock::time_point m_helloAt;
  std::string m_sessionScene;  // the scene of the last kScene record
  std::string m_scene;

  static constexpr size_t kMaxFrameIds = 16384;
  std::set<std::pair<int64_t, int64_t>> m_frameIds;  // (IntendedVsync, FrameCompleted), newest kept
  std::set<std::pair<int32_t, uint64_t>> m_anrIds;   // (pid, time)
  uint64_t m_logResumeMs = 0;
  uint64_t m_firstLogMs = 0;  // the first agent's start
  uint64_t m_logReplayMs;
  std::set<std::tuple<uint64_t, int32_t, size_t>> m_issueIds;  // (logTimeMs, pid, hash), recent ones

  // SQL operations a restarted agent's first dbinfo poll sends again (its ring dedupe starts
  // afresh): their identities, the newest kept.
  static constexpr size_t kMaxSqlIds = 4096;
  std::set<std::string> m_sqlIds;
  std::deque<std::string> m_sqlIdOrder;
  sqlitelint::LiveIssues m_sqlIssues;
  // Databases whose first statements were announced: the agent's earlier "lists no open
  // database yet" must not stay the last word on the status line.
  std::set<std::string> m_sqlDatabasesSeen;

  bool m_appKnown = false;
  bool m_appEverRan = false;
  int32_t m_appPid = 0;
  int32_t m_goneFromPid = 0;          // the pid that died (0: the app never ran yet)
  HostClock::time_point m_appGoneAt;  // when the app was last seen not running
};

}  // namespace mxi::core::agentlink
