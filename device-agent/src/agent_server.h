// mxi-agent's event loop: one client at a time on the abstract socket mxi_<token>, a Hello with
// the right token first, then the collectors the client starts (frames, Matrix issues, ANRs,
// processes) and heap dumps on request. Exits after the idle timeout without a client.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/protocol/frame_codec.h"
#include "core/protocol/messages.h"
#include "device-agent/src/agent_options.h"
#include "device-agent/src/frame_collector.h"
#include "device-agent/src/leak_watcher.h"
#include "device-agent/src/logcat_parser.h"
#include "device-agent/src/method_tracer.h"
#include "device-agent/src/process_runner.h"
#include "device-agent/src/strictmode_collector.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

class AgentServer {
 public:
  explicit AgentServer(AgentOptions options);
  ~AgentServer();
  // Binds the socket and serves until idle; returns the reason for stopping.
  core::Status run();
  // One collection cycle (frames, scene, processes, pending ANRs) — public for the benchmark.
  void pollOnce();
  // One memory sample of the package's main process (docs/PROTOCOL.md MemorySample) — public for
  // the benchmark.
  void sampleMemory();

 private:
  using Clock = std::chrono::steady_clock;
  struct PendingAnr {
    AmAnrEvent event;
    uint64_t timeMs = 0;
    Clock::time_point deadline;
  };

  core::Status bindSocket();
  void acceptClient();
  void dropClient(const char* why);
  void readClient();
  void handle(const core::protocol::Message& message);
  bool send(const core::protocol::Message& message);
  void sendError(core::protocol::ErrorCode code, std::string message, uint32_t requestId = 0);
  core::protocol::AgentHello deviceInfo();
  void startCollecting(const core::protocol::StartCollecting& start);
  void stopCollecting();
  void startLogcat(uint64_t sinceMs);
  void readLogcat();
  void handleLogLine(std::string_view line);
  void pollProcesses();
  void pollScene();
  void pollFrames();
  void pollAnrs();
  // StrictMode: sends the reports the logcat lines completed; `quiet`: the log went quiet, so the
  // open one is complete too. pollStrictModeDropBox reads DropBox's entries (every few seconds).
  void sendStrictModeReports(bool quiet);
  void pollStrictModeDropBox();
  void checkLeaks();
  void sendLeakVerdict(const LeakVerdict& verdict);
  // Sends `sample` with the marks of what happened since the previous one.
  void sendMemorySample(core::protocol::MemorySample sample);
  void dumpHeap(const core::protocol::HeapDumpRequest& request);
  void startMethodTrace(const core::protocol::MethodTraceRequest& request);
  void finishMethodTrace();
  // The package's main process (or `pid` when it is one of the package's), from a fresh ps; 0: none.
  int32_t processOf(const std::string& package, int32_t pid);
  void sendProcessList();
  void sendPackageList(const core::protocol::PackageListRequest& request);

  AgentOptions m_options;
  ToolBox m_tools;
  int m_listenFd = -1;
  int m_clientFd = -1;
  bool m_authenticated = false;
  bool m_saidNoGfxinfo = false;  // told the desktop once that frames cannot be read
  core::protocol::FrameDecoder m_decoder;
  Clock::time_point m_idleSince;
  Clock::time_point m_nextPoll;
  Clock::time_point m_nextHeartbeat;
  uint64_t m_heartbeatSeq = 0;
  std::optional<core::protocol::AgentHello> m_deviceInfo;

  // Collection state (valid while m_package is set).
  std::string m_package;
  uint32_t m_collectors = 0;
  std::chrono::milliseconds m_pollInterval{1000};
  ChildProcess m_logcat;
  std::string m_logcatBuffer;
  uint64_t m_lastLogMs = 0;  // newest logcat line time (epoch ms): where a restarted logcat resumes
  FrameDeduplicator m_frames;
  std::string m_scene;
  std::string m_foregroundPackage;
  std::set<int32_t> m_appPids;
  int32_t m_mainPid = 0;
  bool m_saidAppState = false;  // the first poll after StartCollecting says whether the app runs
  std::vector<core::protocol::ProcessInfo> m_processes;
  Clock::time_point m_lastPsRefresh;
  std::deque<PendingAnr> m_pendingAnrs;
  std::set<std::string> m_seenDropboxEntries;
  StrictModeCollector m_strictMode;
  Clock::time_point m_nextStrictModeDropBox;
  // Memory timeline and leak watch (StartCollecting layout 3).
  std::chrono::milliseconds m_memoryInterval{0};  // 0: no sampling
  Clock::time_point m_nextMemorySample;
  bool m_saidNoMemory = false;  // told the desktop once that memory cannot be read
  uint32_t m_pendingMarks = 0;  // MemorySampleMarks for the next sample
  core::protocol::LeakWatchMode m_leakMode = core::protocol::LeakWatchMode::kOff;
  LeakWatcher m_leaks;
  MethodTracer m_tracer{m_tools};
  uint32_t m_traceRequestId = 0;  // of the running trace (its Error carries it)
};

}  // namespace mxi::agent
