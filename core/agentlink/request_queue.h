// What callers ask of a recording while it runs, from any thread: marks, heap dumps and method
// traces. The recorder's loop takes them between two receives; transfers wait their turn (one at
// a time on the agent) and, unless they start the app themselves, for the app's process to run.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mxi::core::agentlink {

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

// Thread-safe.
class RequestQueue {
 public:
  void addMark(std::string label);
  void addTransfer(HeapDumpOrder order);
  // An order taken too early (another transfer went first) goes back to the front.
  void putBack(HeapDumpOrder order);

  std::vector<std::string> takeMarks();
  // The oldest transfer, when there is one and it can go now: the app's process runs, or the
  // order is a traced cold launch (which starts it). Later orders wait behind it.
  std::optional<HeapDumpOrder> takeTransfer(bool appRuns);

 private:
  std::mutex m_mutex;  // guards the two queues
  std::vector<std::string> m_marks;
  std::deque<HeapDumpOrder> m_transfers;
};

}  // namespace mxi::core::agentlink
