#include "device-agent/src/target_app.h"

#include <algorithm>

#include "core/devicetext/app_list.h"
#include "device-agent/src/device_info_parsers.h"

namespace mxi::agent {

using core::devicetext::belongsToPackage;
using core::devicetext::parseProcessList;

void TargetApp::begin(std::string package) {
  end();
  m_package = std::move(package);
}

void TargetApp::end() {
  m_package.clear();
  m_scene.clear();
  m_appPids.clear();
  m_mainPid = 0;
}

core::StatusOr<bool> TargetApp::refresh(const ToolBox& tools, uint32_t sdkLevel) {
  // Android 8 brought toybox ps, which lists only the caller's processes without -A; Android 7's
  // toolbox ps lists all and takes any other word as a name filter (-A would match nothing).
  static constexpr uint32_t kToyboxPsSdk = 26;
  const bool toybox = sdkLevel == 0 || sdkLevel >= kToyboxPsSdk;
  auto ps =
      tools.run(Tool::kPs, toybox ? std::vector<std::string>{"-A", "-o", "PID,USER,NAME"} : std::vector<std::string>{});
  if (!ps.ok()) return core::ioError(ps.status().toString());
  if (ps->exitCode != 0) return core::ioError("ps failed");
  m_refreshedAt = Clock::now();
  m_processes = parseProcessList(ps->output);
  if (m_package.empty()) return false;
  std::set<int32_t> pids;
  int32_t mainPid = 0;
  for (const auto& p : m_processes) {
    if (!belongsToPackage(p.name, m_package)) continue;
    pids.insert(p.pid);
    if (p.name == m_package) mainPid = p.pid;
  }
  m_appPids = std::move(pids);
  const bool changed = mainPid != m_mainPid;
  m_mainPid = mainPid;
  return changed;
}

bool TargetApp::listed(int32_t pid) const {
  return std::any_of(m_processes.begin(), m_processes.end(),
                     [&](const core::protocol::ProcessInfo& p) { return p.pid == pid; });
}

int32_t TargetApp::processOf(const std::string& package, int32_t wanted) const {
  int32_t pid = 0;
  for (const auto& p : m_processes) {
    if (wanted != 0 ? (p.pid == wanted && belongsToPackage(p.name, package)) : p.name == package) pid = p.pid;
  }
  return pid;
}

}  // namespace mxi::agent
