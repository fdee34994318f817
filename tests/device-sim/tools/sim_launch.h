// One `am start` of an app's activity as Android 10+ serves it (ActivityStarter,
// ActivityMetricsLogger): COLD when the launch starts the process, WARM when the process lives but
// the activity must be created (none, or `--activity-clear-task`), HOT when the stopped activity
// is brought back; an activity already in front only receives the intent. It updates what the
// system knows (sim_launch_state.h), logs what a phone logs (sim_launch_log.h) stamped from the
// launch's start, and on MXI_SIM_STARTUP_CRASH_ON's launches the app dies in onCreate.
#pragma once

#include <cstdint>
#include <string>

#include "sim_context.h"
#include "sim_launch_times.h"

namespace mxi::sim {

struct LaunchRequest {
  std::string component;   // "pkg/.Main" (-n), else the app's launcher activity
  bool clearTask = false;  // --activity-clear-task
  // Under ART's method tracer (--start-profiler, or `am profile start` running): the app's own
  // work takes kTracedSlowdown times as long.
  bool traced = false;
};

enum class LaunchResult : uint8_t {
  kStarted,         // a new activity (COLD, WARM)
  kBroughtToFront,  // its task came back from the background (HOT)
  kDeliveredToTop,  // already in front: nothing launched
  kCrashed,         // the app died before drawing its first frame
};

struct LaunchOutcome {
  LaunchResult result = LaunchResult::kStarted;
  LaunchKind kind = LaunchKind::kCold;
  LaunchTimes times;  // kDeliveredToTop: TotalTime 0; kCrashed: waitMs until it died
  std::string activity;
  int64_t startMs = 0;  // wall clock when the launch began
};

// `app` is the package's main process as applyProcessState left it; its pid is updated.
LaunchOutcome launchActivity(Ctx& c, SimApp& app, const LaunchRequest& request);

}  // namespace mxi::sim
