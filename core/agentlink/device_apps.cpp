#include "core/agentlink/device_apps.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>

#include "core/adb/shell.h"

namespace mxi::core::agentlink {

namespace {

constexpr std::string_view kSeparator = "---mxi-apps---";

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// "ResumedActivity: ActivityRecord{5e2c1a7 u0 com.app/.Main t42}" (mResumedActivity on older
// releases) → "com.app".
std::string foregroundPackage(std::string_view activityOutput) {
  for (std::string_view line : lines(activityOutput)) {
    if (line.find("ResumedActivity") == std::string_view::npos) continue;
    for (std::string_view w : words(line)) {
      const size_t slash = w.find('/');
      if (slash != std::string_view::npos && slash > 0) return std::string(w.substr(0, slash));
    }
  }
  return {};
}

}  // namespace

std::vector<DeviceApp> parseDeviceApps(std::string_view packagesOutput, std::string_view psOutput,
                                       std::string_view activityOutput) {
  std::map<std::string, DeviceApp> apps;
  for (std::string_view line : lines(packagesOutput)) {
    if (line.rfind("package:", 0) != 0) continue;
    std::string name(line.substr(8));
    apps[name].package = name;
  }
  // ps columns differ between releases and toolbox/toybox: the name is the last column, the pid
  // the first numeric one. A process named like a package is its main process.
  for (std::string_view line : lines(psOutput)) {
    const auto w = words(line);
    if (w.size() < 2) continue;
    const auto it = apps.find(std::string(w.back()));
    if (it == apps.end()) continue;
    for (std::string_view column : w) {
      int pid = 0;
      const auto r = std::from_chars(column.data(), column.data() + column.size(), pid);
      if (r.ec == std::errc() && r.ptr == column.data() + column.size() && pid > 0) {
        it->second.pid = pid;
        break;
      }
    }
  }
  const std::string front = foregroundPackage(activityOutput);
  std::vector<DeviceApp> out;
  out.reserve(apps.size());
  for (auto& [name, app] : apps) {
    app.foreground = !front.empty() && name == front;
    out.push_back(app);
  }
  std::stable_sort(out.begin(), out.end(), [](const DeviceApp& a, const DeviceApp& b) {
    auto rank = [](const DeviceApp& x) { return x.foreground ? 0 : x.pid > 0 ? 1 : 2; };
    return rank(a) < rank(b);
  });
  return out;
}

StatusOr<std::vector<DeviceApp>> listDeviceApps(adb::AdbDevice& device, const adb::IoLimits& limits) {
  std::ostringstream command;
  command << "pm list packages; echo " << kSeparator << "; ps -A; echo " << kSeparator
          << "; dumpsys activity activities | grep ResumedActivity";
  ASSIGN_OR_RETURN(adb::ShellResult r, adb::runShell(device, command.str(), {}, limits));
  const std::string& out = r.out;
  const size_t first = out.find(kSeparator);
  const size_t second = first == std::string::npos ? std::string::npos : out.find(kSeparator, first + kSeparator.size());
  if (second == std::string::npos) return ioError("unexpected answer listing the device's apps: " + out.substr(0, 200));
  const std::string_view all(out);
  return parseDeviceApps(all.substr(0, first), all.substr(first + kSeparator.size(), second - first - kSeparator.size()),
                         all.substr(second + kSeparator.size()));
}

}  // namespace mxi::core::agentlink
