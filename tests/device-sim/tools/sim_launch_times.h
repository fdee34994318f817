// The times a simulated launch takes: a realistic spread per launch state (cold ≈ 850 ms,
// warm ≈ 350 ms, hot ≈ 125 ms, each ±8 %, ranges that never overlap so cold > warm > hot always),
// drawn from a hash of (MXI_SIM_STARTUP_SEED, the state, that state's launch counter) so a test
// run is reproducible. MXI_SIM_STARTUP_EXTRA_MS is added to every cold launch (a regression).
#pragma once

#include <cstdint>

#include "sim_config.h"

namespace mxi::sim {

enum class LaunchKind : uint8_t { kCold, kWarm, kHot };

struct LaunchTimes {
  int64_t totalMs = 0;       // `am start -W`'s TotalTime = the Displayed line's time
  int64_t waitMs = 0;        // its WaitTime: TotalTime plus am's own round trip
  int64_t fullyDrawnMs = 0;  // the app's reportFullyDrawn() from the launch's start (cold and warm)
  int64_t firstFrameMs = 0;  // the first frame's FrameCompleted − IntendedVsync
};

// A launch under the method tracer takes a quarter longer (the demo phone's assumption: ART's
// tracer costs the traced thread time at every sample or call), so a traced run is seen to be
// slower and is never one of the figures.
inline constexpr double kTracedSlowdown = 1.25;

// The `nth` (1-based) launch of `kind` of an app.
LaunchTimes launchTimes(const SimConfig& config, LaunchKind kind, int64_t nth);

// A uniform draw in [0, 1) from (seed, a, b, salt): the same inputs give the same number.
double seededUnit(uint64_t seed, uint64_t a, uint64_t b, uint64_t salt);

}  // namespace mxi::sim
