#include "sim_launch_state.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

fs::path launchDir(const SimConfig& config) { return fs::path(config.stateDir) / "launches"; }

// Written whole and renamed, so a tool reading at the same time sees the old or the new text.
void writeWhole(const fs::path& target, const std::string& text) {
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  const fs::path temporary = target.string() + ".tmp" + std::to_string(getpid());
  std::ofstream(temporary) << text;
  fs::rename(temporary, target, ec);
}

}  // namespace

AppLaunchState readLaunchState(const Ctx& c, const SimApp& app) {
  AppLaunchState s;
  const std::string package = packageOf(app.package);
  std::ifstream in(launchDir(c.config) / package);
  int activity = 0;
  if (in >> activity >> s.activityPid >> s.launches >> s.cold >> s.warm >> s.hot >> s.firstFrameVsyncNs >>
      s.firstFrameCompletedNs >> s.framesResetNs) {
    s.activity = static_cast<ActivityLife>(activity);
  } else if (package == c.device.foreground) {
    s.activity = ActivityLife::kResumed;
    s.activityPid = app.pid;
  }
  if (s.activityPid != app.pid || app.pid == 0) s.activity = ActivityLife::kNone;  // died with its process
  return s;
}

void writeLaunchState(const SimConfig& config, const std::string& package, const AppLaunchState& s) {
  writeWhole(launchDir(config) / package,
             std::to_string(static_cast<int>(s.activity)) + " " + std::to_string(s.activityPid) + " " +
                 std::to_string(s.launches) + " " + std::to_string(s.cold) + " " + std::to_string(s.warm) + " " +
                 std::to_string(s.hot) + " " + std::to_string(s.firstFrameVsyncNs) + " " +
                 std::to_string(s.firstFrameCompletedNs) + " " + std::to_string(s.framesResetNs) + "\n");
}

std::string frontPackage(const SimConfig& config) {
  std::ifstream in(launchDir(config) / "front");
  std::string package;
  in >> package;
  return package;
}

void setFrontPackage(const SimConfig& config, const std::string& package) {
  writeWhole(launchDir(config) / "front", package + "\n");
}

std::string launcherActivityOf(const Ctx& c, const SimApp& app) {
  const std::string package = packageOf(app.package);
  if (c.device.synthetic && package == "com.example.mxi.demo") return package + "/.DemoActivity";
  for (const SimBlock& block : app.blocks) {
    const size_t slash = block.window.find('/');
    if (slash == std::string::npos) continue;
    return shortComponent(package + block.window.substr(slash));
  }
  return package + "/.MainActivity";
}

std::string fullComponent(const std::string& shortComponent) {
  const size_t slash = shortComponent.find('/');
  if (slash == std::string::npos || shortComponent.compare(slash + 1, 1, ".") != 0) return shortComponent;
  return shortComponent.substr(0, slash + 1) + shortComponent.substr(0, slash) + shortComponent.substr(slash + 1);
}

std::string shortComponent(const std::string& component) {
  const size_t slash = component.find('/');
  if (slash == std::string::npos) return component;
  const std::string package = component.substr(0, slash), cls = component.substr(slash + 1);
  return cls.starts_with(package + ".") ? package + "/" + cls.substr(package.size()) : component;
}

}  // namespace mxi::sim
