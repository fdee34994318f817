// What `am start -W` prints once the activity is drawn (ActivityManagerShellCommand):
// "Status: ok", "LaunchState: COLD" (Android 10+), "Activity: pkg/.Main", "TotalTime: 612",
// "WaitTime: 640" (older releases also "ThisTime:").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mxi::core::devicetext {

struct AmStartResult {
  std::string status;       // "ok", "timeout"…; empty when not printed
  std::string launchState;  // "COLD", "WARM", "HOT"
  std::string activity;
  std::optional<int64_t> totalTimeMs, waitTimeMs;
};

AmStartResult parseAmStartOutput(std::string_view text);

}  // namespace mxi::core::devicetext
