// Configuration and shared clock of the simulated Android tools. Every value comes from the
// environment or, when unset, from <root>/etc/mxi-sim.env (KEY=VALUE lines), so the tools can be
// configured both when a test runs them directly and when the device simulator's shell runs them.
#pragma once

#include <cstdint>
#include <string>

#include "tests/device-sim/sim_abi.h"

namespace mxi::sim {

struct SimConfig {
  std::string root;             // the simulated device's root (parent of bin/)
  std::string referenceDir;     // ../shared/reference/fixtures; empty → synthetic demo data
  std::string stateDir;         // clock, call log (default <root>/var/mxi-sim)
  std::string heapSource;       // hprof that `am dumpheap` writes (a real JVM-written dump)
  std::string demoAppHeap;      // hprof `am dumpheap` writes for the synthetic demo app (its leak); "" → heapSource
  std::string traceSource;      // method trace that `am profile stop` writes (a real device trace)
  std::string foreground;       // package whose windows replay as the foreground app
  std::string stopped;          // comma-separated packages installed (pm) but not running (ps, pidof, am)
  std::string notDebuggable;    // comma-separated packages `am dumpheap`/`am profile` refuse as a user build does
  std::string missingServices;  // comma-separated dumpsys services this phone lacks ("Can't find service")
  std::string sqlStatements;    // file of the statements the foreground app runs (sim_sqlite_time.h); "" → the demo's
  std::string apks;             // MXI_SIM_APKS: PKG=FILE[:FILE…][;PKG=…], apps `pm path` lists (sim_apks.h)
  std::string demoApk;          // MXI_SIM_DEMO_APK: the demo app's APK (--demo sets it up; sim_demo_apk.h)
  std::string extraIssues;      // file of Issue.toString() texts, one a line, the mangatoon app logs
                                // before its real ones (tests: what a phone may send, e.g. non-ASCII)
  int64_t frameMs = 0;          // a new framestats row every frameMs (fast-forward); 0: in real time
  int64_t logMs = 100;          // a new Matrix issue line every logMs
  int64_t anrAtMs = 3000;       // am_anr for the ANR app at origin + anrAtMs
  int64_t leadMs = 500;         // the timeline starts this long after the first tool call
  bool startsTimeline = true;   // false: this call sees the timeline once begun but does not begin it
  int64_t leakEveryMs = 8000;   // the demo app leaks a LeakyActivity this often (0: never; sim_memory.h)
  int64_t collectedEveryMs = 8000;  // and destroys a DetailActivity the GC collects (0: never)
  int refreshHz = 60;
  // Launches (sim_launch_times.h): the seed of their spread of times, ms added to every cold
  // launch, and which launches of an app crash (1-based over all its `am start`s; "3" or "2,5").
  uint64_t startupSeed = 45;
  int64_t startupExtraMs = 0;
  std::string startupCrashOn;
  SimAbi abi = hostAbi();  // MXI_SIM_ABI (the simulator's --abi): getprop, uname -m
  int sdk = 34;            // ro.build.version.sdk (35+: `am dumpheap -b FORMAT` exists)
  // Demo: every replayed Matrix issue and the ANR come from the foreground app, so one app
  // shows everything (the GUI's "Try the demo").
  bool oneAppDemo = false;
};

SimConfig loadConfig(const std::string& argv0);

int64_t nowMs();
// CLOCK_MONOTONIC ns: the phone's clock for frames, scenes and issues (this machine's).
int64_t monotonicNowNs();
// Epoch ms at which the replay timeline starts (shared by all tools through the state dir): the
// first call that needs it plus leadMs (before it began, for a call that does not start it: now
// plus leadMs, nothing replayed yet).
int64_t originMs(const SimConfig& config);
// Whether a tool that starts the timeline has run (the origin is set).
bool timelineBegun(const SimConfig& config);
// CLOCK_MONOTONIC ns at the origin (what a phone's framestats stamps are relative to).
int64_t originMonotonicNs(const SimConfig& config);
// Appends "tool arg..." to <state>/calls.log (tests check what reached the tools).
void logCall(const SimConfig& config, int argc, char** argv);

}  // namespace mxi::sim
