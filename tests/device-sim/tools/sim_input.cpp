#include "sim_input.h"

#include <cstdio>

#include "sim_launch_state.h"

namespace mxi::sim {

namespace {

// The app in front, or null when the launcher is (or the front app does not run).
const SimApp* frontApp(const Ctx& c) {
  std::string front = frontPackage(c.config);
  if (front.empty()) front = c.device.foreground;
  const SimApp* app = front == kLauncher ? nullptr : findApp(c, front);
  return app != nullptr && !isStopped(c, *app) ? app : nullptr;
}

void pressHomeOrBack(const Ctx& c, bool back) {
  if (const SimApp* app = frontApp(c)) {
    AppLaunchState state = readLaunchState(c, *app);
    if (state.activity == ActivityLife::kResumed) {
      state.activity = back && c.config.sdk < 31 ? ActivityLife::kNone : ActivityLife::kStopped;
      writeLaunchState(c.config, packageOf(app->package), state);
    }
  }
  setFrontPackage(c.config, kLauncher);
}

}  // namespace

int input(const Ctx& c, const std::vector<std::string>& a) {
  if (a.empty() || a[0] != "keyevent") {
    std::fprintf(stderr, "simulated input: only keyevent [--longpress] KEY... is supported\n");
    return 1;
  }
  for (size_t i = 1; i < a.size(); ++i) {
    const std::string& key = a[i];
    if (key == "--longpress" || key == "--doubletap") continue;
    if (key == "KEYCODE_HOME" || key == "HOME" || key == "3") pressHomeOrBack(c, false);
    if (key == "KEYCODE_BACK" || key == "BACK" || key == "4") pressHomeOrBack(c, true);
  }
  return 0;
}

}  // namespace mxi::sim
