// A recording's half of the agent's leak watch (docs/LEAKS.md): the agent decides that a destroyed
// Activity leaked (it survived the GC-forced checks) and reports a `memory` MatrixIssue from
// "mxi.LeakWatch". In `report` and `manual` the verdict is recorded as it came (the GUI offers
// Dump & analyse for a manual one). In `auto` — Matrix's AUTO_DUMP — the recorder dumps that
// process with GC (nextDump), this class's own thread analyses the dump (leak_dump_analysis.h)
// while the recorder goes on reading the agent, and the verdict is recorded once, with the
// Activity's chain and the shrunk zip beside the session. Every method but cancelAnalyses() is
// called on the recorder's thread, which also gets the records and notices.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/agentlink/leak_dump_analysis.h"
#include "core/agentlink/record_translator.h"
#include "core/agentlink/request_queue.h"
#include "core/base/cancel_token.h"
#include "core/protocol/messages.h"
#include "core/session/session_format.h"

namespace mxi::core::agentlink {

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

class LeakWatch {
 public:
  using Append = std::function<Status(const session::SessionRecord&)>;
  using OnNotice = std::function<void(const std::string&)>;
  using OnVerdict = std::function<void(const LeakVerdictNotice&)>;

  LeakWatch(protocol::LeakWatchMode mode, std::string packageName, std::string sessionPath, Append append,
            OnNotice onNotice, OnVerdict onVerdict);
  ~LeakWatch();  // stops the analysis thread (after the analysis under way)
  LeakWatch(const LeakWatch&) = delete;
  LeakWatch& operator=(const LeakWatch&) = delete;

  // Auto: starts the analysis thread. Other modes analyse nothing.
  void start();
  // Ends the analysis thread once its queue is empty.
  void stop();
  // The device, for the kept zips' result.info.
  void setDevice(std::string sdk, std::string model);

  // A verdict arrived: recorded now, or (auto) queued for its dump.
  Status noteVerdict(const LeakVerdictIssue& verdict);
  // Auto: the dump to take next, when a verdict waits for one (it is then dumping()). A verdict of
  // a process that is gone (not `appPid`) is recorded without a dump.
  StatusOr<std::optional<HeapDumpOrder>> nextDump(int32_t appPid);
  bool dumping() const { return m_dumping.has_value(); }
  // The dump nextDump() asked for ended: analysed on the thread when it arrived, else recorded.
  void dumpEnded(const Status& result);
  // Records the analyses that finished. `wait` (the recording ends): first waits until none is
  // under way, then records the verdicts still waiting for a dump, saying so.
  Status takeAnalyses(bool wait);
  // Thread-safe. The analyses under way stop; their verdicts are recorded without a chain.
  void cancelAnalyses() { m_cancel.cancel(); }

 private:
  struct Verdict {
    protocol::MatrixIssue issue;
    int64_t timeNs = 0;
    std::string activity;                 // the class, or a candidates verdict's "one of …"
    std::vector<std::string> candidates;  // a candidates verdict's classes (each once)
    std::string key;                      // ref_key, when the verdict has one
    std::string zipPath;
    std::string dumpPath;
  };
  struct Analysis {
    Verdict verdict;
    LeakDumpRequest request;
    StatusOr<LeakDumpFindings> findings{cancelled()};  // until analysed
  };
  // Records the verdict with what its dump gave: the chain and the kept zip, or why not (both
  // null/empty: as it came).
  Status record(const Verdict& verdict, const StatusOr<LeakDumpFindings>* findings, const std::string& why);
  void analyseUntilStopped();  // the thread

  protocol::LeakWatchMode m_mode;
  std::string m_package, m_sessionPath;
  Append m_append;
  OnNotice m_onNotice;
  OnVerdict m_onVerdict;
  std::string m_deviceSdk, m_deviceModel;
  std::deque<Verdict> m_waiting;     // for their dump
  std::optional<Verdict> m_dumping;  // the one being dumped
  uint32_t m_dumps = 0;              // numbers the kept zips

  std::mutex m_mutex;  // guards the four below
  std::condition_variable m_wake;
  std::deque<Analysis> m_queue;
  std::vector<Analysis> m_analysed;
  size_t m_underWay = 0;  // queued or running
  bool m_stop = false;
  CancelToken m_cancel;
  std::thread m_thread;
};

}  // namespace mxi::core::agentlink
