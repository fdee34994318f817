// The collected package as the agent last saw it: its processes from the agent's own `ps` (the
// only pids that ever reach a tool), its main process, whether it is in the foreground and its
// resumed scene. The process list and the foreground survive the end of a collection (a
// ProcessListRequest answers from them).
#pragma once

#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/protocol/messages.h"
#include "device-agent/src/tool_box.h"

namespace mxi::agent {

class TargetApp {
 public:
  using Clock = std::chrono::steady_clock;

  void begin(std::string package);
  void end();
  const std::string& package() const { return m_package; }

  // Runs `ps` (toybox's `-A -o PID,USER,NAME`, or Android 7's plain toolbox `ps` below
  // `sdkLevel` 26); true when the package's main process changed. Not collecting: only the list.
  // A failure's message is what the client is told.
  core::StatusOr<bool> refresh(const ToolBox& tools, uint32_t sdkLevel);
  Clock::time_point refreshedAt() const { return m_refreshedAt; }
  const std::vector<core::protocol::ProcessInfo>& processes() const { return m_processes; }
  bool listed(int32_t pid) const;
  bool isAppPid(int32_t pid) const { return m_appPids.count(pid) != 0; }
  int32_t mainPid() const { return m_mainPid; }
  // `package`'s main process, or `pid` when it is one of `package`'s, in the last `ps`; 0: none.
  int32_t processOf(const std::string& package, int32_t pid) const;

  // The package the resumed activity belongs to (any package), and the collected one's scene.
  const std::string& foregroundPackage() const { return m_foregroundPackage; }
  void setForegroundPackage(std::string package) { m_foregroundPackage = std::move(package); }
  bool inForeground() const { return !m_package.empty() && m_foregroundPackage == m_package; }
  const std::string& scene() const { return m_scene; }
  void setScene(std::string scene) { m_scene = std::move(scene); }

 private:
  std::string m_package;
  std::vector<core::protocol::ProcessInfo> m_processes;
  Clock::time_point m_refreshedAt;
  std::set<int32_t> m_appPids;
  int32_t m_mainPid = 0;
  std::string m_foregroundPackage;
  std::string m_scene;
};

}  // namespace mxi::agent
