// The apps on a device for a picker, before any agent runs: installed packages (`pm list
// packages`), which of them run (`ps -A`; plain `ps` before Android 8) and which is in front (`dumpsys activity
// activities`), running apps first. One shell round trip; the text is parsed by core/devicetext, as the agent parses
// it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/adb/adb_device.h"

namespace mxi::core::agentlink {

// A package runs when any of its processes does (core/devicetext's rule, the agent's too).
struct DeviceApp {
  std::string package;
  int pid = 0;  // the main process ("pkg"); 0 when it has none
  bool running = false;
  bool foreground = false;
};

// Foreground first, then running apps, then the rest; each group by name. Exposed for tests.
std::vector<DeviceApp> parseDeviceApps(std::string_view packagesOutput, std::string_view psOutput,
                                       std::string_view activityOutput);
StatusOr<std::vector<DeviceApp>> listDeviceApps(adb::AdbDevice& device, const adb::IoLimits& limits);

}  // namespace mxi::core::agentlink
