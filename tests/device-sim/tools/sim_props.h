// The properties a shell may set on the simulated phone: `setprop`/`getprop` of `log.tag.*` (what
// android.util.Log.isLoggable reads). Each is kept in <state>/props/<name>, one "SET_NS VALUE" line
// per setprop (SET_NS on CLOCK_MONOTONIC), so every later tool call sees it, as a phone keeps a
// property until it reboots, and the value an app read when its process started stays known
// (sim_sqlite_time.h).
#pragma once

#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim_config.h"

namespace mxi::sim {

struct SetProperty {
  std::string value;
  int64_t setNs = 0;  // CLOCK_MONOTONIC
};

// The property's latest value; with `atNs`, the value it had then (none: not set by then).
std::optional<SetProperty> readSetProperty(const SimConfig& config, const std::string& name, int64_t atNs = INT64_MAX);
// Every property set so far, by name.
std::vector<std::pair<std::string, std::string>> setProperties(const SimConfig& config);

// toybox's `setprop NAME VALUE`: its argument and name checks and texts; init accepts only
// `log.tag.*` here ("failed to set property" for the rest, as init refuses what a shell may not set).
int setprop(const SimConfig& config, const std::vector<std::string>& args);

// liblog's reading of a log.tag value (__android_log_is_loggable): its first letter names the
// lowest level logged; V (VERBOSE) logs everything.
bool logsVerbose(const std::string& value);

}  // namespace mxi::sim
