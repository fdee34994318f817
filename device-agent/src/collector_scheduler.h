// Runs the registered collectors for one collection at a time (collector.h): starts those a
// StartCollecting asks for, polls each when its period says (the tools run synchronously, so the
// lines logcat wrote meanwhile are handed out after each poll: a Matrix issue waits for one tool
// at most), follows logcat while one of them reads the log (again from its last line when it
// died), and gives the collectors their context: the request, the tools, the app's processes and
// the client connection.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "device-agent/src/client_connection.h"
#include "device-agent/src/collector_context.h"
#include "device-agent/src/collector_registry.h"
#include "device-agent/src/device_profile.h"
#include "device-agent/src/logcat_follower.h"
#include "device-agent/src/target_app.h"

namespace mxi::agent {

class CollectorScheduler final : public CollectorContext {
 public:
  using Clock = std::chrono::steady_clock;

  CollectorScheduler(const ToolBox& tools, DeviceProfile& device, ClientConnection& link, std::string procDir);
  ~CollectorScheduler();
  CollectorScheduler(const CollectorScheduler&) = delete;
  CollectorScheduler& operator=(const CollectorScheduler&) = delete;

  CollectorRegistry& registry() { return m_registry; }
  // Ends any collection and starts the collectors `request` asks for (its package is valid).
  void start(const core::protocol::StartCollecting& request);
  void stop();
  bool collecting() const { return !m_app.package().empty(); }

  // Polls each running collector whose time has come, in registration order.
  void pollDue();
  // Polls each running collector that has a period once, whatever its time (the benchmark's cycle).
  void pollAll();
  // Polls the running collector called `name` now; false when none runs.
  bool pollNow(std::string_view name);
  // When pollDue() next has work (time_point::max(): none).
  Clock::time_point nextDue() const;
  int logFd() const { return collecting() ? m_logcat.fd() : -1; }
  // Hands the lines logcat wrote to the collectors that read the log.
  void readLog();

  // CollectorContext
  const core::protocol::StartCollecting& request() const override { return m_request; }
  std::chrono::milliseconds pollInterval() const override { return m_pollInterval; }
  const ToolBox& tools() const override { return m_tools; }
  const std::string& procDir() const override { return m_procDir; }
  const core::protocol::AgentHello& device() override { return m_device.get(); }
  TargetApp& app() override { return m_app; }
  const TargetApp& app() const override { return m_app; }
  bool active() const override { return collecting() && m_link.connected(); }
  bool send(const core::protocol::Message& message) override { return m_link.send(message); }
  void sendError(core::protocol::ErrorCode code, std::string message) override;
  void sendMemorySample(core::protocol::MemorySample sample) override;
  void markNextSample(uint32_t marks) override { m_marks |= marks; }
  void refreshProcesses() override;
  bool isAppProcess(int32_t pid) override;
  void drainLog() override;

 private:
  struct Running {
    Collector* collector = nullptr;
    Clock::time_point byPeriod;  // its period after its previous poll
  };
  // Polls each running collector `pick` chooses, in order, with the log drained after each.
  void pollEach(const std::function<bool(Running&)>& pick);
  void followLog(uint64_t sinceMs);

  const ToolBox& m_tools;
  DeviceProfile& m_device;
  ClientConnection& m_link;
  std::string m_procDir;
  CollectorRegistry m_registry;
  core::protocol::StartCollecting m_request;
  std::chrono::milliseconds m_pollInterval{1000};
  std::vector<Running> m_running;
  TargetApp m_app;
  LogcatFollower m_logcat;
  uint32_t m_marks = 0;  // MemorySampleMarks for the next memory sample
};

}  // namespace mxi::agent
