#include "core/startup/startup_run.h"

#include <algorithm>
#include <cctype>

namespace mxi::core::startup {

std::string_view launchModeName(LaunchMode mode) {
  switch (mode) {
    case LaunchMode::kCold: return "cold";
    case LaunchMode::kWarm: return "warm";
    case LaunchMode::kHot: return "hot";
  }
  return "cold";
}

std::optional<LaunchMode> parseLaunchMode(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (LaunchMode mode : {LaunchMode::kCold, LaunchMode::kWarm, LaunchMode::kHot}) {
    if (lower == launchModeName(mode)) return mode;
  }
  return std::nullopt;
}

std::string_view launchStateOf(LaunchMode mode) {
  switch (mode) {
    case LaunchMode::kCold: return "COLD";
    case LaunchMode::kWarm: return "WARM";
    case LaunchMode::kHot: return "HOT";
  }
  return "COLD";
}

std::string_view figureKey(Figure figure) {
  switch (figure) {
    case Figure::kTotalTime: return "totalTimeMs";
    case Figure::kWaitTime: return "waitTimeMs";
    case Figure::kTimeToInitialDisplay: return "timeToInitialDisplayMs";
    case Figure::kTimeToFullDisplay: return "timeToFullDisplayMs";
    case Figure::kFirstFrame: return "firstFrameMs";
  }
  return "";
}

std::string_view figureLabel(Figure figure) {
  switch (figure) {
    case Figure::kTotalTime: return "TotalTime";
    case Figure::kWaitTime: return "WaitTime";
    case Figure::kTimeToInitialDisplay: return "Initial display";
    case Figure::kTimeToFullDisplay: return "Full display";
    case Figure::kFirstFrame: return "First frame";
  }
  return "";
}

std::optional<int64_t> StartupRun::figure(Figure f) const {
  switch (f) {
    case Figure::kTotalTime: return totalTimeMs;
    case Figure::kWaitTime: return waitTimeMs;
    case Figure::kTimeToInitialDisplay: return timeToInitialDisplayMs;
    case Figure::kTimeToFullDisplay: return timeToFullDisplayMs;
    case Figure::kFirstFrame: return firstFrameMs;
  }
  return std::nullopt;
}

RunStatus runStatus(const StartupRun& run) {
  if (run.counted) return RunStatus::kCounted;
  if (!run.failure.empty()) return RunStatus::kFailed;
  if (run.index == 0) return RunStatus::kWarmUp;
  if (!run.spoiledBy.empty()) return RunStatus::kSpoiled;
  if (run.traced) return RunStatus::kTraced;
  return RunStatus::kUnjudged;
}

}  // namespace mxi::core::startup
