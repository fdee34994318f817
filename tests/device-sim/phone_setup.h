// What makes a simulator sandbox a phone: the simulated Android tools under bin/, the heap dump
// `am dumpheap` writes, and the tools' settings (etc/mxi-sim.env). The one place that knows the
// tool list: `mxi-device-sim --tools|--demo`, the desktop app's demo and the tests all come here.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"

namespace mxi::sim {

struct PhoneSetup {
  std::string androidTool;       // mxi-android-tool, linked as each tool
  std::string heap;              // .hprof or .hprof.gz behind `am dumpheap` ("" for none)
  std::string methodTrace;       // .trace or .trace.gz `am profile stop` writes ("" for none)
  bool oneAppDemo = false;       // every replayed Matrix issue and the ANR from the foreground app
  std::vector<std::string> env;  // more KEY=VALUE settings (tests/device-sim/tools/sim_config.h)
};

inline constexpr const char* kSimulatedTools[] = {"dumpsys", "logcat", "am", "pm", "getprop", "pidof", "ps", "uname"};

core::Status setUpPhone(const std::string& root, const PhoneSetup& setup);

// Where this program's companions are: next to it (installed: bin/, share/matrix-inspector/),
// else the build tree it came from. "" when absent.
std::string findAndroidTool(const std::string& executableDir);
std::string findSampleHeap(const std::string& executableDir);
std::string findSampleTrace(const std::string& executableDir);

}  // namespace mxi::sim
