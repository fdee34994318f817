// The simulated phone's memory (`dumpsys meminfo`) and the demo app's Activity leak: what the
// agent's memory timeline and leak watch read (docs/DEVICES.md "Memory").
//  - `dumpsys meminfo [--local] <pid|process>` in the real layouts: Android 13–14's (Rss Total
//    column, App Summary with Pss and Rss, TOTAL PSS / RSS / SWAP PSS) from MXI_SIM_SDK 23, and
//    Android 4.4's without App Summary below (ActivityThread.dumpMemInfoTable's columns). The
//    plain form makes the app collect garbage before counting its Objects, as AOSP's app process
//    does; --local has no Objects section and no heap Size/Alloc/Free (system_server cannot ask
//    the app's runtime).
//  - The synthetic demo app (com.example.mxi.demo) leaks a LeakyActivity every
//    MXI_SIM_LEAK_EVERY_MS (default 8000; 0: never), the first a quarter period after the
//    timeline's origin: its destroy is logged on the events buffer in the release's format and it
//    stays counted in Objects → Activities while its photos grow the Java heap. A DetailActivity is
//    destroyed every MXI_SIM_COLLECTED_EVERY_MS (default 8000; 0: never), 5/8 of a period in: the
//    GC collects it, so no GC-forcing meminfo ever counts it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

inline constexpr const char* kLeakyActivity = "com.example.mxi.demo.LeakyActivity";
inline constexpr const char* kCollectedActivity = "com.example.mxi.demo.DetailActivity";

// The demo's destroy events (events buffer), appended to `log` (sorted later).
void addDemoActivityDestroys(const SimConfig& config, int pid, std::vector<SimLogLine>& log);

// How many LeakyActivity instances the demo has leaked by `elapsedMs` from the origin.
int64_t leaksBy(const SimConfig& config, int64_t elapsedMs);

// `dumpsys meminfo ARGS…` (ARGS after "meminfo"); prints and returns the exit code.
int dumpsysMeminfo(const Ctx& c, const std::vector<std::string>& args);

// The Task and history lines `dumpsys activity activities` prints for the running foreground app's
// resumed component (its one Activity record), in the release's format.
std::string activityHistory(const Ctx& c, const SimApp& app, const std::string& component);

}  // namespace mxi::sim
