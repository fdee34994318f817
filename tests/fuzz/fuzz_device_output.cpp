// Parsers of what device tools print, as the desktop reads them before any agent runs
// (core/agentlink): the app list (pm list packages / ps -A / dumpsys activity, separated here by
// NUL bytes), the deployment probe and `mxi-agent --version`. Any input: no crash, no UB.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/agentlink/agent_deployer.h"
#include "core/agentlink/device_apps.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t first = input.find('\0');
  const size_t second = first == std::string_view::npos ? first : input.find('\0', first + 1);
  const std::string_view packages = input.substr(0, first);
  const std::string_view ps =
      first == std::string_view::npos ? std::string_view() : input.substr(first + 1, second - first - 1);
  const std::string_view activity = second == std::string_view::npos ? std::string_view() : input.substr(second + 1);
  for (const auto& app : mxi::core::agentlink::parseDeviceApps(packages, ps, activity)) {
    if (app.package.empty()) __builtin_trap();  // every entry came from a "package:" line
  }
  (void)mxi::core::agentlink::parseProbe(input);
  (void)mxi::core::agentlink::parseVersionLine(input);
  return 0;
}
