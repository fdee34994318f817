// What a connected client asks of the agent, message by message: StartCollecting and
// StopCollecting (for the CollectorScheduler), a heap dump, a method trace (finished once its
// duration has passed), the process list and the package list. Only names the agent validated
// and pids of its own `ps` ever reach a tool (docs/PROTOCOL.md "Safety").
#pragma once

#include <chrono>
#include <cstdint>

#include "core/protocol/messages.h"
#include "device-agent/src/agent_options.h"
#include "device-agent/src/client_connection.h"
#include "device-agent/src/collector_scheduler.h"
#include "device-agent/src/device_profile.h"
#include "device-agent/src/method_tracer.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

class Controller {
 public:
  using Clock = std::chrono::steady_clock;

  Controller(const AgentOptions& options, const ToolBox& tools, DeviceProfile& device, ClientConnection& link,
             CollectorScheduler& collection);
  // One message of an authenticated client.
  void handle(const core::protocol::Message& message);
  // Finishes the method trace when its time has come; when it is (time_point::max(): none runs).
  void tick(Clock::time_point now);
  Clock::time_point nextDue() const { return m_tracer.busy() ? m_tracer.stopAt() : Clock::time_point::max(); }

 private:
  void startCollecting(const core::protocol::StartCollecting& start);
  void dumpHeap(const core::protocol::HeapDumpRequest& request);
  void startMethodTrace(const core::protocol::MethodTraceRequest& request);
  void finishMethodTrace();
  void sendPackageList(const core::protocol::PackageListRequest& request);
  // The package's main process (or `pid` when it is one of the package's), from a fresh ps; 0: none.
  int32_t processOf(const std::string& package, int32_t pid);
  bool send(const core::protocol::Message& message) { return m_link.send(message); }

  const AgentOptions& m_options;
  const ToolBox& m_tools;
  DeviceProfile& m_device;
  ClientConnection& m_link;
  CollectorScheduler& m_collection;
  MethodTracer m_tracer{m_tools};
  uint32_t m_traceRequestId = 0;  // of the running trace (its Error carries it)
};

}  // namespace mxi::agent
