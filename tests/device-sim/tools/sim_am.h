// The simulated `am`: dumpheap (the sample heap behind it), profile start/stop and start
// --start-profiler (a real trace replayed; the demo app's launches traced as they ran), start (a
// stopped app starts as a new process) and force-stop, as AOSP's ActivityManagerShellCommand
// answers them (docs/DEVICES.md).
#pragma once

#include <string>
#include <vector>

#include "sim_context.h"

namespace mxi::sim {

int am(Ctx& c, const std::vector<std::string>& args);

}  // namespace mxi::sim
