// mxi-agent's event loop: one client at a time on the abstract socket mxi_<token>
// (ClientConnection), whose requests the Controller answers; the collectors it starts run under
// the CollectorScheduler. Exits after the idle timeout without a client.
#pragma once

#include "core/base/status.h"
#include "device-agent/src/agent_options.h"
#include "device-agent/src/client_connection.h"
#include "device-agent/src/collector_registry.h"
#include "device-agent/src/collector_scheduler.h"
#include "device-agent/src/controller.h"
#include "device-agent/src/device_profile.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

class AgentServer {
 public:
  // With the built-in collectors (collectors/collectors.cpp) registered.
  explicit AgentServer(AgentOptions options);
  // Where collectors are registered; add yours before run() (docs/PROTOCOL.md "Adding a collector").
  CollectorRegistry& collectors() { return m_collection.registry(); }
  // Binds the socket and serves until idle; returns the reason for stopping.
  core::Status run();
  // One collection cycle: every running collector with a period polled once — public for the benchmark.
  void pollOnce();
  // One memory sample of the package's main process (docs/PROTOCOL.md MemorySample) — public for
  // the benchmark.
  void sampleMemory();

 private:
  // Ends the collection of a client that went away.
  void afterDrop();

  AgentOptions m_options;
  ToolBox m_tools;
  DeviceProfile m_device{m_tools};
  ClientConnection m_link;
  CollectorScheduler m_collection;
  Controller m_controller;
};

}  // namespace mxi::agent
