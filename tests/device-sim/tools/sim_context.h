// What every simulated tool call works on: the phone's settings, its apps as replayed, and when
// each app's process started; shared by the tools (android_tool.cpp) and `am` (sim_am.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_config.h"
#include "sim_device.h"

namespace mxi::sim {

struct Ctx {
  SimConfig config;
  SimDevice device;
  std::vector<int64_t> startedNs;  // per app: when its process started (0: before the replay)
  int64_t origin = 0;
  int64_t elapsed() const { return nowMs() - origin; }
};

// The package a process belongs to: its name up to ':' ("com.app:remote" → "com.app").
inline std::string packageOf(const std::string& process) { return process.substr(0, process.find(':')); }

// Installed but not running (MXI_SIM_STOPPED, `am force-stop`; sim_processes.h): pm lists it,
// ps/pidof/am/dumpsys do not see it.
inline bool isStopped(const Ctx&, const SimApp& app) { return app.pid == 0; }

// CLOCK_MONOTONIC ns the app's process started; 0 when it ran before the replay began.
inline int64_t startedNsOf(const Ctx& c, const SimApp& app) {
  const auto index = static_cast<size_t>(&app - c.device.apps.data());
  return index < c.startedNs.size() ? c.startedNs[index] : 0;
}

inline const SimApp* findApp(const Ctx& c, const std::string& package) {
  for (const SimApp& a : c.device.apps) {
    if (a.package == package) return &a;
  }
  return nullptr;
}

}  // namespace mxi::sim
