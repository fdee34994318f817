#include "core/agentlink/device_apps.h"

#include <algorithm>
#include <sstream>

#include "core/adb/shell.h"
#include "core/base/text_lines.h"
#include "core/devicetext/app_list.h"
#include "core/devicetext/resumed_activity.h"

namespace mxi::core::agentlink {

namespace {

constexpr std::string_view kSeparator = "---mxi-apps---";

}  // namespace

std::vector<DeviceApp> parseDeviceApps(std::string_view packagesOutput, std::string_view psOutput,
                                       std::string_view activityOutput) {
  const std::optional<std::string> resumed = devicetext::parseResumedActivity(activityOutput);
  const std::string_view front = resumed ? devicetext::packageOfComponent(*resumed) : std::string_view();
  std::vector<DeviceApp> out;
  for (const auto& p : devicetext::joinPackagesWithProcesses(devicetext::parsePmListPackages(packagesOutput),
                                                             devicetext::parseProcessList(psOutput))) {
    out.push_back({p.packageName, p.mainPid, p.running, !front.empty() && p.packageName == front});
  }
  std::stable_sort(out.begin(), out.end(), [](const DeviceApp& a, const DeviceApp& b) {
    auto rank = [](const DeviceApp& x) { return x.foreground ? 0 : x.running ? 1 : 2; };
    return rank(a) < rank(b);
  });
  return out;
}

StatusOr<std::vector<DeviceApp>> listDeviceApps(adb::AdbDevice& device, const adb::IoLimits& limits) {
  // Android 7's toolbox ps lists every process only without arguments (it takes -A for a name
  // filter); Android 8's toybox ps lists only the shell's own without -A (docs/DEVICES.md).
  std::ostringstream command;
  command << "pm list packages; echo " << kSeparator
          << "; if [ \"$(getprop ro.build.version.sdk)\" -lt 26 ] 2>/dev/null; then ps; else ps -A; fi; echo "
          << kSeparator << "; dumpsys activity activities | grep ResumedActivity";
  ASSIGN_OR_RETURN(adb::ShellResult r, adb::runShell(device, command.str(), {}, limits));
  const std::string& out = r.out;
  const size_t first = out.find(kSeparator);
  const size_t second =
      first == std::string::npos ? std::string::npos : out.find(kSeparator, first + kSeparator.size());
  if (second == std::string::npos) return ioError("unexpected answer listing the device's apps: " + out.substr(0, 200));
  const std::string_view all(out);
  return parseDeviceApps(all.substr(0, first),
                         all.substr(first + kSeparator.size(), second - first - kSeparator.size()),
                         all.substr(second + kSeparator.size()));
}

}  // namespace mxi::core::agentlink
