// Records a live session: agent messages → `.mxs` records (frames under their scene, Matrix
// issues, ANRs, marks, heap dumps), and recovery when the agent dies: the recorder says so, keeps
// every record it has, reconnects (restarting the agent through the caller's `connect`), records
// the time without data as a gap, and drops what a new agent sends again. The recorder is the
// source of one stream of records (core/live/record_sink.h): the session file is its first sink,
// and callers add theirs — `mxi record` a LiveRecordFeed whose figures make its progress line, the
// GUI a LiveHandoff to its dashboard. It computes no figures itself. It coordinates its parts: the
// RecordTranslator (messages → records, the dedupe across reconnections), the RequestQueue (marks,
// heap dumps and method traces asked for from any thread), the one file transfer at a time
// (HeapDumpReceiver), and the LeakWatch (verdicts recorded, or in `auto` mode dumped and analysed
// on its own thread, docs/LEAKS.md); the reconnect loop is live_recorder_loop.cpp.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/agentlink/agent_connection.h"
#include "core/agentlink/heap_dump_receiver.h"
#include "core/agentlink/leak_watch.h"
#include "core/agentlink/record_translator.h"
#include "core/agentlink/request_queue.h"
#include "core/base/cancel_token.h"
#include "core/live/record_sink.h"
#include "core/live/session_file_sink.h"
#include "core/methodtrace/method_trace_verdicts.h"

namespace mxi::core::agentlink {

struct RecordOptions {
  std::string packageName;
  std::chrono::milliseconds duration{0};  // from the agent's first answer; 0: until cancelled
  uint32_t pollIntervalMs = 1000;
  std::string sessionPath;
  uint32_t memoryIntervalMs = 1000;  // the app's memory sampled this often (0: not at all)
  // What the agent's leak watch does with a destroyed Activity that survives its GC-forced checks
  // (Matrix ResourceCanary's dump modes, docs/LEAKS.md); 0: the agent's default check interval / count.
  protocol::LeakWatchMode leakWatch = protocol::LeakWatchMode::kReport;
  uint32_t leakCheckIntervalMs = 0;
  uint32_t leakChecks = 0;
  // The app's SQL (docs/SQLITE.md "Live"): `dumpsys dbinfo` polled this often (0: not at all), and
  // an operation at least sqlSlowMs long a SQLiteLint issue once per statement shape (0: none).
  uint32_t sqlIntervalMs = 3000;
  int64_t sqlSlowMs = sqlitelint::kDefaultSlowStatementMs;
};

// What the recording itself went through. The figures of what was recorded (frames, FPS, drop
// levels, issues) are a sink's (a live::LiveSession fed by a live::LiveRecordFeed), so `mxi
// record`, the live view and `mxi session summary` say the same.
struct RecordStats {
  uint64_t heapDumps = 0;
  uint64_t reconnects = 0;
  // Each loss of the agent is an outage, until an agent answers again (or the recording ends):
  // how many, and their time without data, the one under way included.
  uint64_t outages = 0;
  double outageSeconds = 0;
  // The outage under way: its length so far (0: connected) and, briefly, why the agent cannot be
  // reached. Stats are told every second during an outage too.
  double unreachableSeconds = 0;
  std::string unreachableWhy;
  std::string scene;
  double elapsedSeconds = 0;  // wall-clock time since the agent's first answer
  // What the recording holds: frames, issues, ANRs and heap dumps (marks do not count). A
  // recording that captured nothing is not kept: run() removes its file and sets `discarded`.
  uint64_t captured = 0;
  bool discarded = false;
  // The app's main process as the agent last reported it (0: not running), and whether it ran at
  // any time during the recording.
  int32_t appPid = 0;
  bool appEverRan = false;
};

// Why a recording was discarded, for `mxi record` and the live view: "nothing recorded: PKG never
// ran during the 8 s recording; FILE was not kept", or that the app drew and reported nothing.
std::string describeNothingRecorded(const RecordStats& stats, const RecordOptions& options);

// Where a requested heap dump (or method trace) stands: received bytes while it streams, then
// done or failed.
struct HeapDumpProgress {
  std::string path;
  uint64_t receivedBytes = 0, totalBytes = 0;
  bool finished = false;
  Status result;  // when finished
  bool methodTrace = false;
  size_t traceIssues = 0;  // a finished method trace: the issues judged from it
  // The leak watch's own dump (auto mode): it is analysed and kept as a zip beside the session
  // (the leak verdict's issue names it), not a dump to open as it is.
  bool leakWatch = false;
};

class LiveRecorder {
 public:
  // Returns a connected, handshaken agent (deploying/restarting it as needed) and its hello.
  using Connect = std::function<StatusOr<std::unique_ptr<AgentConnection>>(protocol::AgentHello&)>;
  using OnStats = std::function<void(const RecordStats&)>;
  using OnNotice = std::function<void(const std::string&)>;
  // connected=true with the agent's hello after every (re)connection; false with the reason when lost.
  using OnConnection = std::function<void(bool connected, const protocol::AgentHello& hello, const std::string& why)>;
  using OnHeapDump = std::function<void(const HeapDumpProgress&)>;
  using OnApp = std::function<void(int32_t pid, const std::string& what)>;
  using OnLeak = std::function<void(const LeakVerdictNotice&)>;
  // What the recording adds once it ends, before the session closes (mxi record's database check
  // and its SQLiteTime property put back): told the newest device time, the app's pid and whether
  // anything was captured; its records go to every sink.
  using OnClosing =
      std::function<std::vector<session::SessionRecord>(int64_t deviceNowNs, int32_t appPid, bool captured)>;

  LiveRecorder(RecordOptions options, Connect connect, OnStats onStats, OnNotice onNotice);

  // Sinks and observers are called on run()'s thread; add and set them before run(). A sink
  // receives every record once, in order, after the session file has it; it must outlive run().
  void addSink(live::RecordSink& sink) { m_sinks.push_back(&sink); }
  // Observers are told about the recording, not its records.
  void setConnectionObserver(OnConnection observer) { m_onConnection = std::move(observer); }
  void setHeapDumpObserver(OnHeapDump observer) { m_onHeapDump = std::move(observer); }
  // Told what happened to the app's process: that it does not run (waiting for it), died,
  // started or restarted — the text of the notice (and of the session's mark); pid 0 when gone.
  void setAppObserver(OnApp observer) { m_onApp = std::move(observer); }
  // Told each leak verdict once it is in the session.
  void setLeakObserver(OnLeak observer) { m_onLeak = std::move(observer); }
  // Called on run()'s thread after the last message (after `cancel` too) when the session is open.
  void setClosingStep(OnClosing step) { m_onClosing = std::move(step); }

  // Runs until the duration elapsed (and a heap dump in transfer arrived) or `cancel` fired; the
  // session file is complete either way — or removed when it captured nothing (stats().discarded).
  // The app's process is followed: its death and restart (a new pid) are told and marked. In
  // `auto` leak-watch mode the dumps are analysed on the leak watch's own thread, and run() waits
  // for the analyses under way before it closes the session — also after `cancel`: a leak found
  // just before Stop still gets its chain (cancelAnalyses() gives up on them).
  Status run(const CancelToken& cancel);
  const RecordStats& stats() const { return m_stats; }

  // Thread-safe. A mark at the newest device time; written within a poll.
  void mark(std::string label);
  // Thread-safe. Asks the agent for a heap dump while recording continues; one at a time (a
  // second order waits, as does one while the app's process does not run). Progress and the outcome go to the heap-dump
  // observer; a finished dump is recorded in the session (path and reason).
  void requestHeapDump(HeapDumpOrder order);
  // Thread-safe. Asks for a method trace, saved at `path` (queued with heap dumps: one at a time).
  void requestMethodTrace(std::string path, MethodTraceOrder order);
  // Thread-safe. Stops the leak analyses under way (their verdicts are recorded without a chain):
  // for a caller that cannot wait, e.g. a window closing.
  void cancelAnalyses() { m_leakWatch.cancelAnalyses(); }

 private:
  // The reconnect loop (live_recorder_loop.cpp): connections until the end, then the session closed.
  Status record(const CancelToken& cancel);
  // One connection: StartCollecting, then turns until the end or until the agent is lost.
  Status collect(AgentConnection& agent, const protocol::AgentHello& hello, const CancelToken& cancel);
  // The agent is gone: said once, briefly; the outage began with the last traffic, `since`.
  void noteLost(const protocol::AgentHello& hello, const Status& why, HostClock::time_point since);
  // The outage ended at `backAt` (an agent answered, or the recording ended): recorded as a gap.
  Status endOutage(HostClock::time_point backAt, double refreshHz);
  // The stats of this moment, told to the caller.
  void tellStats();
  bool done(const CancelToken& cancel) const;

  Status handle(const protocol::Message& message);
  Status ensureWriter(const protocol::AgentHello& hello);
  Status append(const session::SessionRecord& record);
  Status appendAll(const Translation& translation);
  // The end of a turn of run()'s loop: every sink hands on what it holds.
  Status flushSinks();
  // Writes pending marks and, when connected and idle, starts the next transfer (a leak watch
  // dump first).
  Status takeRequests(AgentConnection* agent);
  // Sends the transfer m_dumpOrder describes (m_dump set up first).
  void sendTransfer(AgentConnection& agent);
  void finishHeapDump(Status result);
  HeapDumpProgress progress(bool finished, Status result) const;
  // A method trace has arrived: its issues are judged and recorded; returns how many.
  StatusOr<size_t> recordMethodTrace(const std::string& path);

  RecordOptions m_options;
  Connect m_connect;
  OnStats m_onStats;
  OnNotice m_onNotice;
  OnConnection m_onConnection;
  OnHeapDump m_onHeapDump;
  OnApp m_onApp;
  OnLeak m_onLeak;
  OnClosing m_onClosing;
  RecordStats m_stats;
  live::SessionFileSink m_file{m_options.sessionPath};
  std::vector<live::RecordSink*> m_sinks{&m_file};  // the file first
  bool m_open = false;                              // the sinks were opened (an agent answered)
  uint64_t m_framesWritten = 0;                     // frame records, flagged ones included
  RecordTranslator m_translator{m_options.packageName, m_options.sqlSlowMs,
                                protocol::logReplayMs(m_options.pollIntervalMs)};
  RequestQueue m_requests;
  LeakWatch m_leakWatch;
  bool m_saidPollInterval = false;

  // The recording's clock: from the agent's first answer to the duration's end.
  HostClock::time_point m_start, m_end = HostClock::time_point::max();
  HostClock::time_point m_nextReport;
  // The outage under way: since when (no data from then on) and why; the ones that ended.
  std::optional<HostClock::time_point> m_lostAt;
  std::string m_lostWhy;
  double m_pastOutageSeconds = 0;
  double m_refreshHz = 0;  // the last hello's display rate

  std::unique_ptr<HeapDumpReceiver> m_dump;  // the transfer in progress (run()'s thread only)
  HeapDumpOrder m_dumpOrder;
  int64_t m_traceStartNs = 0;                             // device time the running method trace began
  std::optional<methodtrace::LaunchTimes> m_traceLaunch;  // its `am start -W` times (a launch)
  uint32_t m_nextRequestId = 1;
};

}  // namespace mxi::core::agentlink
