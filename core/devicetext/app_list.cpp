#include "core/devicetext/app_list.h"

#include <algorithm>

#include "core/base/text_lines.h"
#include "core/devicetext/package_name.h"

namespace mxi::core::devicetext {

using text::forEachLine;
using text::parseInt;
using text::splitWhitespace;
using text::trim;

std::vector<std::string> parsePmListPackages(std::string_view text) {
  std::vector<std::string> out;
  forEachLine(text, [&](std::string_view line) {
    constexpr std::string_view kPrefix = "package:";
    if (!line.starts_with(kPrefix)) return;
    line.remove_prefix(kPrefix.size());
    line = trim(line);
    if (isValidPackageName(line)) out.emplace_back(line);
  });
  return out;
}

bool belongsToPackage(std::string_view process, std::string_view packageName) {
  return process.starts_with(packageName) &&
         (process.size() == packageName.size() || process[packageName.size()] == ':');
}

std::vector<protocol::PackageInfo> joinPackagesWithProcesses(std::vector<std::string> packages,
                                                             const std::vector<protocol::ProcessInfo>& processes) {
  std::sort(packages.begin(), packages.end());
  packages.erase(std::unique(packages.begin(), packages.end()), packages.end());
  std::vector<protocol::PackageInfo> out;
  out.reserve(packages.size());
  for (std::string& name : packages) {
    protocol::PackageInfo info;
    for (const protocol::ProcessInfo& p : processes) {
      if (!belongsToPackage(p.name, name)) continue;
      info.running = true;
      if (p.name == name) info.mainPid = p.pid;
    }
    info.packageName = std::move(name);
    out.push_back(std::move(info));
  }
  return out;
}

std::vector<protocol::ProcessInfo> parseProcessList(std::string_view text) {
  std::vector<protocol::ProcessInfo> out;
  // Columns by the header: toybox `ps -A -o PID,USER,NAME` (Android 8+) or toolbox `ps`
  // (Android 7 and older: USER PID PPID VSIZE RSS WCHAN PC S NAME).
  size_t pidColumn = 0, userColumn = 1;
  forEachLine(text, [&](std::string_view line) {
    const std::vector<std::string_view> w = splitWhitespace(line);
    // A header may put PID further right than a later, shorter line reaches (found by fuzzing).
    if (w.size() < 3 || w.size() <= pidColumn) return;
    const std::optional<int64_t> pid = parseInt(w[pidColumn]);
    if (!pid) {
      const auto pidAt = std::find(w.begin(), w.end(), "PID"), userAt = std::find(w.begin(), w.end(), "USER");
      if (pidAt != w.end() && userAt != w.end()) {
        pidColumn = static_cast<size_t>(pidAt - w.begin());
        userColumn = static_cast<size_t>(userAt - w.begin());
      }
      return;
    }
    if (*pid <= 0 || *pid > (1 << 22) || w.size() <= std::max(pidColumn, userColumn)) return;  // garbage
    // NAME is the last column and has no spaces (both print argv[0]).
    out.push_back({static_cast<int32_t>(*pid), std::string(w[userColumn]), std::string(w.back())});
  });
  return out;
}

}  // namespace mxi::core::devicetext
