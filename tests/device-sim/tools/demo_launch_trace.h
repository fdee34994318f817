// The demo app's launch as ART's sampling profiler records it (issue 45): what `am profile stop`
// writes after the demo app was launched with `am start --start-profiler FILE`, or launched while
// `am profile start` was tracing it, so `mxi startup --trace` finds Matrix's stages in it.
// A classic v3 dual-clock file (tests/support/method_trace_writer.h), deterministic for a launch
// state and TotalTime:
//  - COLD: the main thread binds the application (ActivityThread.handleBindApplication →
//    Instrumentation.callApplicationOnCreate → DemoApplication.onCreate, most of it
//    DemoApplication.initSdks: reading its SDK config file on the main thread, loading its native
//    library, starting a prefetch thread), creates DemoActivity (callActivityOnCreate →
//    DemoActivity.onCreate → setContentView → LayoutInflater.inflate, loadCatalog), resumes it
//    and draws the first frame (Choreographer.doFrame), which ends at TotalTime. The trace begins
//    as the new process binds the application, kColdBindAfterMs into the launch. Laid out for a
//    612 ms launch; a slower one stretches all it does after the bind (its stages grow alike).
//  - WARM: the activity created again in the live process, then its first frame.
//  - HOT: the stopped activity restarted and resumed (no activity is created), then its frame.
// Besides "main": the prefetch worker (cold: it opens demo.db), HeapTaskDaemon and RenderThread.
#pragma once

#include <cstdint>
#include <string>

#include "sim_launch_times.h"

namespace mxi::sim {

// A cold launch forks the process first: it binds the application this long after the launch
// began, and a profiler started with the launch (--start-profiler) starts there.
inline constexpr int64_t kColdBindAfterMs = 40;

struct TracedLaunch {
  LaunchKind kind = LaunchKind::kCold;
  int64_t totalMs = 0;       // `am start -W`'s TotalTime: the first frame is drawn then
  int64_t launchAtUs = 0;    // when the launch began on the trace's clock (negative: before it)
  int64_t stopAtUs = 0;      // when the profiler stopped, on the trace's clock
  int pid = 0;               // the app's process (its main thread has the same id)
  uint64_t startTimeUs = 0;  // wall clock (µs since the epoch) at the trace's 0
};

// The trace file's bytes.
std::string demoLaunchTrace(const TracedLaunch& launch);

}  // namespace mxi::sim
