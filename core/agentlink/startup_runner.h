// Repeated launches of an app driven over adb with nothing installed in it (issue 45): the
// preparation of each mode, `am start -W`, and the logs, framestats and (with `trace`) method
// traces read after each launch, never during it (docs/STARTUP.md). What `mxi startup` and the
// GUI's Startup page run.
#pragma once

#include <chrono>
#include <string>

#include "core/adb/adb_device.h"
#include "core/adb/io_limits.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/startup/startup_issues.h"
#include "core/startup/startup_report.h"

namespace mxi::core::agentlink {

struct StartupRunOptions {
  std::string package;
  std::string activity;  // "" = the launcher activity (`cmd package resolve-activity`)
  startup::LaunchMode mode = startup::LaunchMode::kCold;
  int runs = 10;  // counted launches asked for, after one warm-up
  // Also a traced launch after each timed one (`--start-profiler`, sampling every samplingUs):
  // its stages and call tree, kept out of the figures.
  bool trace = false;
  int samplingUs = 1000;
  std::chrono::milliseconds launchTimeout{30000};  // one `am start -W`
  startup::StartupThresholds thresholds;
  adb::IoLimits limits;  // each other shell command; its cancel token also stops the runs
};

// Runs the warm-up and `runs` launches. `progress` sees one phase per launch ("launch 3 of 11");
// returning false stops after the launch under way (stoppedBy "cancelled"). A failed launch
// (crash, timeout) is kept with its reason and the next one follows; the device going away ends
// the runs with everything measured so far (stoppedBy says why). An error only when no launch
// could be tried (app not installed, no launcher activity, no device).
StatusOr<startup::StartupReport> runStartup(adb::AdbDevice& device, const StartupRunOptions& options,
                                            ProgressSink& progress);

}  // namespace mxi::core::agentlink
