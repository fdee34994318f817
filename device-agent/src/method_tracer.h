// ART method tracing on request, alongside collection: `am profile start [--sampling US]
// [--streaming] PID FILE` (or a cold launch, `am start -S -W --start-profiler FILE … COMPONENT`),
// then, once the duration has passed, `am profile stop PID`, wait until the app has written the
// file, stream it as a transfer and delete it. Only one trace at a time; collection goes on
// while it runs.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "core/base/status.h"
#include "core/protocol/messages.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

struct MethodTraceJob {
  uint32_t requestId = 0;
  std::string packageName;
  int32_t pid = 0;  // attach: the running process; a launch finds its pid afterwards
  std::chrono::milliseconds duration{5000};
  uint32_t samplingUs = 0;
  uint32_t flags = 0;  // protocol::MethodTraceFlags
  std::string component;
  std::string dataDir;
  int stableMs = 1000;
};

class MethodTracer {
 public:
  using Send = std::function<bool(const core::protocol::Message&)>;
  using FindPid = std::function<int32_t()>;  // the package's main process, 0 when none

  explicit MethodTracer(const ToolBox& tools) : m_tools(tools) {}
  ~MethodTracer();  // a trace still running is stopped and its file deleted
  bool busy() const { return m_job.has_value(); }
  // When the running trace is due to stop (for the caller's poll timeout).
  std::chrono::steady_clock::time_point stopAt() const { return m_stopAt; }

  // Starts tracing; sends MethodTraceStarted. The error says what to change when Android refuses
  // (an app that is neither debuggable nor profileable).
  core::Status start(MethodTraceJob job, const FindPid& findPid, const Send& send);
  // Once stopAt() has passed: stops, waits for the file, streams it, deletes it.
  core::Status finish(const Send& send);

 private:
  std::string path() const;
  const ToolBox& m_tools;
  std::optional<MethodTraceJob> m_job;
  std::chrono::steady_clock::time_point m_stopAt{};
};

// Why Android refused to trace, and what to change, from what `am` printed (its
// SecurityException); "" when it was not refused for that.
std::string notDebuggableExplanation(const std::string& package, const std::string& amOutput);

}  // namespace mxi::agent
