// Records a live session: agent messages → `.mxs` records (frames under their scene, Matrix
// issues, ANRs, marks, heap dumps), and recovery when the agent dies: the recorder says so, keeps
// every record it has, reconnects (restarting the agent through the caller's `connect`) and drops
// frames it already has (the agent re-sends its last rows). The recorder is the source of one
// stream of records (core/live/record_sink.h): the session file is its first sink, and callers
// add theirs — `mxi record` a LiveRecordFeed whose figures make its progress line, the GUI a
// LiveHandoff to its dashboard. It computes no figures itself. mark() and requestHeapDump() may
// be called from any thread while run() runs. The agent's memory samples become kMemory records;
// its leak watch's verdicts (memory issues from "mxi.LeakWatch") are recorded as they come, or in
// `auto` mode dumped with GC, analysed beside the loop (leak_dump_analysis.h) and recorded once,
// with the leaked Activity's chain and the shrunk dump kept beside the session (docs/LEAKS.md).
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/agentlink/agent_connection.h"
#include "core/agentlink/heap_dump_receiver.h"
#include "core/agentlink/leak_dump_analysis.h"
#include "core/base/cancel_token.h"
#include "core/framestats/frame.h"
#include "core/live/live_session.h"
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
};

// The mode named "off", "report", "manual" or "auto" (protocol::leakWatchModeName; the names
// `mxi record --leak-watch` and the GUI use); nothing for another name.
std::optional<protocol::LeakWatchMode> parseLeakWatchMode(std::string_view name);

// A leak verdict as it was recorded: in `report`/`manual` when it arrived, in `auto` once its dump
// was analysed (or could not be).
struct LeakVerdictNotice {
  std::string activity;  // fully qualified class
  int32_t pid = 0;
  protocol::LeakWatchMode mode = protocol::LeakWatchMode::kReport;
  bool chainFound = false;  // auto: the dump holds the Activity's leak chain
  std::string zipPath;      // auto: the shrunk dump kept beside the session (empty: none)
  std::string detail;       // auto: why there is no chain, when there is none
};

// What the recording itself went through. The figures of what was recorded (frames, FPS, drop
// levels, issues) are a sink's (a live::LiveSession fed by a live::LiveRecordFeed), so `mxi
// record`, the live view and `mxi session summary` say the same.
struct RecordStats {
  uint64_t heapDumps = 0;
  uint64_t reconnects = 0;
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

// An ART method trace asked for during a recording (requestMethodTrace): the agent traces for
// `duration` (or a cold launch and then `duration`), the trace arrives like a heap dump, and the
// issues judged from it (core/methodtrace/method_trace_verdicts) are recorded as Matrix issues.
struct MethodTraceOrder {
  std::chrono::milliseconds duration{5000};
  uint32_t samplingUs = 0;  // 0: every call
  bool launch = false;      // `am start -S -W --start-profiler`: a cold launch
  bool streaming = false;
  std::string component;  // launch: "pkg/.Activity"; empty: the launcher activity
  int64_t evilMethodMs = 700;
};

// A file the agent sends during a recording — a heap dump, or a method trace when `methodTrace`
// is set; written to `path`, recorded with `reason`.
struct HeapDumpOrder {
  std::string path;
  int32_t pid = 0;     // 0: the package's main process
  uint32_t flags = 0;  // protocol::HeapDumpFlags (GC first, bitmap pixels, shrink on the device)
  std::string reason;
  std::optional<MethodTraceOrder> methodTrace;
};

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

// One line: live::formatLiveStatus of the figures, then "  reconnects R" when there were any.
std::string formatStats(const live::LiveStatus& figures, const RecordStats& stats);

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

  LiveRecorder(RecordOptions options, Connect connect, OnStats onStats, OnNotice onNotice)
      : m_options(std::move(options)),
        m_connect(std::move(connect)),
        m_onStats(std::move(onStats)),
        m_onNotice(std::move(onNotice)) {}

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

  // Runs until the duration elapsed (and a heap dump in transfer arrived) or `cancel` fired; the
  // session file is complete either way — or removed when it captured nothing (stats().discarded).
  // The app's process is followed: its death and restart (a new pid) are told and marked. In
  // `auto` leak-watch mode the dumps are analysed on a second WorkerPool thread, and run() waits
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
  void cancelAnalyses() { m_analysisCancel.cancel(); }

 private:
  // One recording: the loop over (re)connections, then the session closed.
  Status record(const CancelToken& cancel);
  Status handle(const protocol::Message& message);
  Status ensureWriter(const protocol::AgentHello& hello);
  Status writeScene(int64_t timeNs, const std::string& scene);
  Status append(const session::SessionRecord& record);
  // The end of a turn of run()'s loop: every sink hands on what it holds.
  Status flushSinks();
  Status takeRequests(AgentConnection* agent);
  // AppState: the app's process started, died or came back as another pid.
  Status noteAppState(const protocol::AppState& state);
  // The device's monotonic clock now, estimated from the last hello (frames stop when the app dies).
  int64_t deviceNowNs() const;
  void finishHeapDump(Status result);
  // A method trace has arrived: its issues are judged and recorded; returns how many.
  StatusOr<size_t> recordMethodTrace(const std::string& path);
  // Sends the transfer m_dumpOrder describes (m_dump set up first).
  void sendTransfer(AgentConnection& agent);

  // The leak watch (live_recorder_leak_watch.cpp). A verdict of the agent's leak watch, kept
  // until it is recorded.
  struct LeakVerdict {
    protocol::MatrixIssue issue;
    int64_t timeNs = 0;
    std::string activity;                 // the class, or a candidates verdict's "one of …"
    std::vector<std::string> candidates;  // a candidates verdict's classes (each once)
    std::string key;                      // ref_key, when the verdict has one
    std::string zipPath;
  };
  struct LeakAnalysis {
    LeakVerdict verdict;
    LeakDumpRequest request;
    StatusOr<LeakDumpFindings> findings{cancelled()};  // until analysed
  };
  static bool isLeakVerdict(const protocol::MatrixIssue& issue);
  // A verdict arrived: recorded now, or (auto) queued for its dump.
  Status noteLeakVerdict(const protocol::MatrixIssue& issue, int64_t timeNs);
  // Auto: the next queued verdict's dump is asked for, when the agent is idle (true: sent). A
  // verdict whose process is gone is recorded without a dump.
  StatusOr<bool> startLeakDump(AgentConnection& agent);
  // The dump of m_dumpLeak ended (ok: handed to the analysis worker).
  void finishLeakDump(const Status& result);
  // Records the verdict with what its dump gave: the chain and the kept zip, or why not.
  Status recordLeakVerdict(const LeakVerdict& verdict, const StatusOr<LeakDumpFindings>* findings,
                           const std::string& why);
  // The analysis worker's loop (WorkerPool task 1), until stopAnalyses().
  Status analyseLeakDumps();
  // Records the analyses that finished; `wait`: first waits until none is under way.
  Status takeLeakAnalyses(bool wait);
  void stopAnalyses();

  RecordOptions m_options;
  Connect m_connect;
  OnStats m_onStats;
  OnNotice m_onNotice;
  OnConnection m_onConnection;
  OnHeapDump m_onHeapDump;
  OnApp m_onApp;
  OnLeak m_onLeak;
  RecordStats m_stats;
  live::SessionFileSink m_file{m_options.sessionPath};
  std::vector<live::RecordSink*> m_sinks{&m_file};  // the file first
  bool m_open = false;                              // the sinks were opened (an agent answered)
  uint64_t m_framesWritten = 0;                     // frame records, flagged ones included
  std::string m_sessionScene;
  int64_t m_lastDeviceNs = 0;   // newest device monotonic time seen (frames, scenes, heartbeats)
  int64_t m_startDeviceNs = 0;  // the device's monotonic clock when the first agent answered (0: unknown)
  static constexpr size_t kMaxFrameIds = 16384;
  std::set<std::pair<int64_t, int64_t>> m_frameIds;  // (IntendedVsync, FrameCompleted), newest kept
  std::set<std::pair<int32_t, uint64_t>> m_anrIds;   // (pid, time)
  // A restarted agent reads logcat from here (device wall-clock ms: the newest issue or ANR, else
  // the first agent's start) so nothing logged while it was down is lost; what it reads twice is
  // dropped by m_issueIds.
  uint64_t m_logResumeMs = 0;
  std::set<std::tuple<uint64_t, int32_t, size_t>> m_issueIds;  // (logTimeMs, pid, hash), recent ones
  bool m_saidPollInterval = false;
  int64_t m_helloMonotonicNs = 0;                     // the connected agent's hello: its device time…
  std::chrono::steady_clock::time_point m_helloAt;    // …and when it arrived here
  bool m_appKnown = false;                            // an AppState arrived
  int32_t m_goneFromPid = 0;                          // the pid that died (0: the app never ran yet)
  std::chrono::steady_clock::time_point m_appGoneAt;  // when the app was last seen not running

  std::mutex m_requestsMutex;  // guards the two queues below
  std::vector<std::string> m_pendingMarks;
  std::deque<HeapDumpOrder> m_pendingDumps;
  std::unique_ptr<HeapDumpReceiver> m_dump;  // the transfer in progress (run()'s thread only)
  HeapDumpOrder m_dumpOrder;
  int64_t m_traceStartNs = 0;                             // device time the running method trace began
  std::optional<methodtrace::LaunchTimes> m_traceLaunch;  // its `am start -W` times (a launch)
  uint32_t m_nextRequestId = 1;

  // The leak watch: verdicts waiting for their dump (run()'s thread), the one being dumped, and
  // the analyses handed to the worker and back.
  std::deque<LeakVerdict> m_leakVerdicts;
  std::optional<LeakVerdict> m_dumpLeak;
  uint32_t m_leakDumps = 0;                // numbers the kept zips
  std::string m_deviceSdk, m_deviceModel;  // the first hello's, for result.info
  std::mutex m_analysisMutex;              // guards the four below
  std::condition_variable m_analysisWake;
  std::deque<LeakAnalysis> m_analysisQueue;
  std::vector<LeakAnalysis> m_analysed;
  size_t m_analysesUnderWay = 0;  // queued or running
  bool m_analysisStop = false;
  CancelToken m_analysisCancel;
};

}  // namespace mxi::core::agentlink
