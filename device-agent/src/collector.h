// What one collector is: a kind of data the agent gathers while a client collects a package
// (frames, scenes, processes, ANRs, Matrix issues, memory, StrictMode, leak verdicts). Each is
// one class under collectors/, registered in one line in collectors/collectors.cpp; the
// CollectorScheduler starts them on StartCollecting, polls each at its own period, shows them the
// logcat lines and every fresh `ps`, and stops them (docs/PROTOCOL.md "Adding a collector").
// Collectors live as long as the agent: stop() forgets one collection, not what the agent learnt
// about the phone (a missing gfxinfo service is said once per agent).
#pragma once

#include <chrono>
#include <string_view>

#include "device-agent/src/logcat_parser.h"

namespace mxi::agent {

class CollectorContext;

class Collector {
 public:
  using Clock = std::chrono::steady_clock;
  virtual ~Collector() = default;

  // A short name for logs and tests ("frames", "memory", …).
  virtual std::string_view name() const = 0;
  // A StartCollecting arrived (context.request()): true when it asks for this collector, which then
  // runs until stop(); false: it is neither polled nor shown log lines in this collection.
  virtual bool start(CollectorContext& context) = 0;
  // How long after a poll the next one is due; zero: never on a timer (log lines only).
  virtual std::chrono::milliseconds period() const = 0;
  // When the next poll is due. `byPeriod` is the period after the previous poll (at once after
  // start()); a collector with its own timing (a grid, a check after an event) overrides this.
  virtual Clock::time_point due(Clock::time_point byPeriod, const CollectorContext& context) const {
    (void)context;
    return byPeriod;
  }
  virtual void poll(CollectorContext& context) { (void)context; }
  // Whether it reads logcat: the follower runs while any running collector does.
  virtual bool followsLog() const { return false; }
  // One logcat line (`text` whole, `line` its parse), in registration order; true: the line was
  // this collector's kind and later collectors do not see it.
  virtual bool logLine(std::string_view text, const LogLine& line, CollectorContext& context) {
    (void)text, (void)line, (void)context;
    return false;
  }
  // A fresh `ps` listed the package's processes (context.app()); `mainChanged`: its main process
  // started, died or is another pid than at the previous `ps`.
  virtual void processesRefreshed(CollectorContext& context, bool mainChanged) { (void)context, (void)mainChanged; }
  // The collection ended (StopCollecting, another StartCollecting, the client gone).
  virtual void stop() {}
};

}  // namespace mxi::agent
