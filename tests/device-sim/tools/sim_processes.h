// Which of the phone's apps run, and as which pid: `am start` starts a stopped app as a new
// process (a new pid, frames only from its start on), `am force-stop` ends one. The state lives
// in <state>/processes/ (one file per package that was started or stopped, "PID STARTED_NS", pid
// 0 when stopped) so every tool call sees it; a package without a file runs as replayed, unless
// MXI_SIM_STOPPED names it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_device.h"

namespace mxi::sim {

// Sets each app's pid to its process's current one (0: not running) and returns, per app, the
// CLOCK_MONOTONIC ns its process started (0: before the replay began).
std::vector<int64_t> applyProcessState(const SimConfig& config, std::vector<SimApp>& apps);
// Starts `package`'s main process when it does not run (`apps` as applyProcessState left them):
// a new pid (30001, 30002…) started now. Returns whether it was started (false: it ran already).
bool startProcess(const SimConfig& config, const std::vector<SimApp>& apps, const std::string& package);
// Ends all of `package`'s processes, as `am force-stop` does.
void stopProcesses(const SimConfig& config, const std::string& package);

}  // namespace mxi::sim
