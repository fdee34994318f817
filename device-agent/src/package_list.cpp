#include "device-agent/src/package_list.h"

#include <algorithm>

#include "core/base/text_lines.h"
#include "device-agent/src/validation.h"

namespace mxi::agent {

using namespace core::text;

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

std::vector<core::protocol::PackageInfo> joinPackagesWithProcesses(
    std::vector<std::string> packages, const std::vector<core::protocol::ProcessInfo>& processes) {
  std::sort(packages.begin(), packages.end());
  packages.erase(std::unique(packages.begin(), packages.end()), packages.end());
  std::vector<core::protocol::PackageInfo> out;
  out.reserve(packages.size());
  for (std::string& name : packages) {
    core::protocol::PackageInfo info;
    for (const core::protocol::ProcessInfo& p : processes) {
      if (!belongsToPackage(p.name, name)) continue;
      info.running = true;
      if (p.name == name) info.mainPid = p.pid;
    }
    info.packageName = std::move(name);
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace mxi::agent
