// What makes a simulator sandbox a phone: the simulated Android tools under bin/, the heap dump
// `am dumpheap` writes, and the tools' settings (etc/mxi-sim.env). The one place that knows the
// tool list: `mxi-device-sim --tools|--demo`, the desktop app's demo and the tests all come here.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"

namespace mxi::sim {

struct PhoneSetup {
  std::string androidTool;  // mxi-android-tool, linked as each tool
  std::string heap;         // .hprof or .hprof.gz behind `am dumpheap` ("" for none)
  std::string demoAppHeap;  // the demo app's own dump, holding its leak ("" → `heap` for it too)
  std::string methodTrace;  // .trace or .trace.gz `am profile stop` writes ("" for none)
  std::string demoApk;      // the demo app's APK `pm path` lists (MXI_SIM_DEMO_APK; "" for none)
  // The demo phone: its one synthetic app (kDemoPackage) shows frames, Matrix issues and the ANR;
  // real captures only through env MXI_SIM_REFERENCE=DIR (tests).
  bool oneAppDemo = false;
  std::vector<std::string> env;  // more KEY=VALUE settings (tests/device-sim/tools/sim_config.h)
};

// The app the demo phone runs (`mxi-device-sim --demo`, the desktop app's Try the demo).
inline constexpr const char* kDemoPackage = "com.example.mxi.demo";

inline constexpr const char* kSimulatedTools[] = {"dumpsys", "logcat", "am",     "pm",    "getprop", "setprop",
                                                  "pidof",   "ps",     "run-as", "uname", "input",   "cmd"};

core::Status setUpPhone(const std::string& root, const PhoneSetup& setup);

// Where this program's companions are: next to it (installed: bin/, share/matrix-inspector/),
// else the build tree it came from. "" when absent.
std::string findAndroidTool(const std::string& executableDir);
std::string findSampleHeap(const std::string& executableDir);
std::string findDemoAppHeap(const std::string& executableDir);
std::string findSampleTrace(const std::string& executableDir);
std::string findDemoApk(const std::string& executableDir);

}  // namespace mxi::sim
