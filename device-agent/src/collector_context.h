// What a collector may use while it runs (collector.h): the client's request, the tools, the
// device's description, the collected app's processes, and the way to the client. The
// CollectorScheduler implements it; nothing else of the agent is within a collector's reach.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/protocol/messages.h"
#include "device-agent/src/target_app.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

class CollectorContext {
 public:
  // The StartCollecting of this collection (its package is app().package()).
  virtual const core::protocol::StartCollecting& request() const = 0;
  // The frames' poll interval: the request's, shortened on a fast display so two polls overlap.
  virtual std::chrono::milliseconds pollInterval() const = 0;
  virtual const ToolBox& tools() const = 0;
  // Where /proc is read (a fake one in tests).
  virtual const std::string& procDir() const = 0;
  // The device as the agent's Hello described it (refresh rate, SDK level).
  virtual const core::protocol::AgentHello& device() = 0;
  virtual TargetApp& app() = 0;
  virtual const TargetApp& app() const = 0;

  // False once the collection ended meanwhile (the client went away while a tool ran): stop
  // what the poll was doing.
  virtual bool active() const = 0;
  // Sends to the client; false when it is gone.
  virtual bool send(const core::protocol::Message& message) = 0;
  virtual void sendError(core::protocol::ErrorCode code, std::string message) = 0;
  // Sends a memory sample with the marks of what happened since the previous one.
  virtual void sendMemorySample(core::protocol::MemorySample sample) = 0;
  // Marks (MemorySampleMarks) for the next memory sample.
  virtual void markNextSample(uint32_t marks) = 0;

  // Runs `ps` now; every running collector hears of it (Collector::processesRefreshed).
  virtual void refreshProcesses() = 0;
  // Whether `pid` is one of the package's processes; a pid the last `ps` did not list may be
  // the app's process that just started: `ps` runs again (rate-limited).
  virtual bool isAppProcess(int32_t pid) = 0;
  // Hands the lines logcat wrote meanwhile to the collectors (between tools of one poll).
  virtual void drainLog() = 0;

 protected:
  ~CollectorContext() = default;
};

}  // namespace mxi::agent
