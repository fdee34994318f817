// The lines launches log (sim_am.cpp), kept in <state>/launches/log with their wall-clock stamps
// so the `logcat` run after a launch lists them among the replayed lines: ActivityTaskManager's
// `Displayed`/`Fully drawn` (main buffer: ActivityMetricsLogger uses Log.i), ActivityManager's
// `Start proc` and the crash's `Force finishing`/`has died` (system buffer: Slog), the events
// `am_proc_start`, `wm_activity_launch_time`, `am_crash`, and AndroidRuntime's FATAL EXCEPTION
// block (crash buffer). A line stamped later than now appears when its time comes; the app's
// `Fully drawn` waits aside, as the activity may be gone before it reports.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

struct StampedLogLine {
  int64_t epochMs = 0;
  SimLogLine line;  // its atMs is ignored here
};

// Appends the lines in one write (another tool may append at the same time).
void appendLaunchLog(const SimConfig& config, const std::vector<StampedLogLine>& lines);

// A line the app logs later if its activity lives that long (reportFullyDrawn): kept aside until
// the next launch, force-stop or crash of `package` settles it.
void setPendingLaunchLine(const SimConfig& config, const std::string& package, const StampedLogLine& line);
// Keeps the package's pending line when its time has come, else drops it (the activity or its
// process went before it reported).
void settlePendingLaunchLine(const SimConfig& config, const std::string& package);

// Adds the launches' lines, pending ones included, to `c.device.log` (times from c.origin) and
// keeps it sorted.
void addLaunchLog(Ctx& c);

}  // namespace mxi::sim
