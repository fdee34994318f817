#include "core/agentlink/app_presence.h"

#include <algorithm>
#include <tuple>

#include "core/adb/shell.h"
#include "core/base/text_lines.h"
#include "core/devicetext/am_start_output.h"
#include "core/devicetext/package_name.h"

namespace mxi::core::agentlink {

namespace {

size_t longestCommonRun(std::string_view a, std::string_view b) {
  std::vector<size_t> previous(b.size() + 1, 0), current(b.size() + 1, 0);
  size_t best = 0;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : 0;
      best = std::max(best, current[j]);
    }
    std::swap(previous, current);
  }
  return best;
}

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> closestPackages(std::string_view wanted, const std::vector<std::string>& installed,
                                         size_t most) {
  const size_t enough = std::max<size_t>(4, (wanted.size() + 2) / 3);
  std::vector<std::tuple<size_t, size_t, std::string>> ranked;  // (-common run, edits, name)
  for (const std::string& name : installed) {
    const size_t common = longestCommonRun(wanted, name);
    if (common >= enough) ranked.emplace_back(SIZE_MAX - common, editDistance(wanted, name), name);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < ranked.size() && i < most; ++i) out.push_back(std::get<2>(ranked[i]));
  return out;
}

AppCheck checkApp(const std::vector<DeviceApp>& apps, const std::string& package) {
  AppCheck check;
  std::vector<std::string> installed;
  for (const DeviceApp& app : apps) {
    if (app.package == package) {
      check.presence = app.running ? AppPresence::kRunning : AppPresence::kNotRunning;
      check.pid = app.pid;
      return check;
    }
    installed.push_back(app.package);
  }
  check.similar = closestPackages(package, installed);
  return check;
}

std::string notInstalledMessage(const std::string& package, const std::vector<std::string>& similar) {
  std::string text = package + " is not installed on the device (";
  if (similar.empty()) return text + "no installed package has a similar name)";
  text += "installed packages with similar names: ";
  for (size_t i = 0; i < similar.size(); ++i) text += (i ? ", " : "") + similar[i];
  return text + ")";
}

std::string notRunningMessage(const std::string& package) { return package + " is installed but not running"; }

StatusOr<AppCheck> prepareApp(adb::AdbDevice& device, const std::string& package, WhenNotRunning how,
                              const adb::IoLimits& limits, const std::function<void(const std::string&)>& onLaunch) {
  ASSIGN_OR_RETURN(const std::vector<DeviceApp> apps, listDeviceApps(device, limits));
  AppCheck check = checkApp(apps, package);
  if (check.presence == AppPresence::kNotRunning && how == WhenNotRunning::kLaunch) {
    if (onLaunch) onLaunch(notRunningMessage(package));
    RETURN_IF_ERROR(launchApp(device, package, limits));
    check.presence = AppPresence::kRunning;  // its pid comes with the agent's first AppState
  }
  return check;
}

Status launchApp(adb::AdbDevice& device, const std::string& package, const adb::IoLimits& limits) {
  if (!devicetext::isValidPackageName(package)) return invalidInput("invalid package name: " + package);
  ASSIGN_OR_RETURN(
      adb::ShellResult r,
      adb::runShell(device, "am start -W -a android.intent.action.MAIN -c android.intent.category.LAUNCHER " + package,
                    {}, limits));
  const std::string output = r.out + r.err;
  std::string error;
  text::forEachLine(output, [&](std::string_view line) {
    if (error.empty() && (line.starts_with("Error") || line.find("Exception") != std::string_view::npos)) {
      error = std::string(line);
    }
  });
  if (!error.empty() || (r.exitCode.value_or(0) != 0 && devicetext::parseAmStartOutput(output).status.empty())) {
    return invalidInput("cannot launch " + package + " (am start: " + (error.empty() ? output : error) +
                        "): has it a launcher activity?");
  }
  return okStatus();
}

}  // namespace mxi::core::agentlink
