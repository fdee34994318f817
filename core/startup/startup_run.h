// One launch of an app measured from the outside (issue 45, `mxi startup`): what `am start -W`
// printed, what ActivityTaskManager logged (`Displayed`, `Fully drawn`), the first frame drawn
// in framestats and, for a traced run, Matrix's stages from its method trace. A figure the phone
// did not give is absent (nullopt), never 0.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::startup {

// What the runner prepares before each launch (docs/STARTUP.md): cold = `am force-stop` first;
// warm = the process alive, its activity recreated (`--activity-clear-task`); hot = the activity
// brought back from the background (HOME first).
enum class LaunchMode : uint8_t { kCold, kWarm, kHot };
std::string_view launchModeName(LaunchMode mode);                  // "cold", "warm", "hot"
std::optional<LaunchMode> parseLaunchMode(std::string_view name);  // case-insensitive
std::string_view launchStateOf(LaunchMode mode);                   // "COLD", "WARM", "HOT"

// The figures a run can give, in the order reports list them; their JSON keys.
enum class Figure : uint8_t { kTotalTime, kWaitTime, kTimeToInitialDisplay, kTimeToFullDisplay, kFirstFrame };
inline constexpr Figure kFigures[] = {Figure::kTotalTime, Figure::kWaitTime, Figure::kTimeToInitialDisplay,
                                      Figure::kTimeToFullDisplay, Figure::kFirstFrame};
std::string_view figureKey(Figure figure);  // "totalTimeMs", "waitTimeMs", "timeToInitialDisplayMs", …
std::string_view figureLabel(
    Figure figure);  // "TotalTime", "WaitTime", "Initial display", "Full display", "First frame"

struct StartupRun {
  int index = 0;            // 0 = the warm-up launch (reported, never counted), then 1…N
  bool counted = false;     // in the statistics: not the warm-up, not spoiled, not failed, not traced
  std::string spoiledBy;    // the launch state that spoiled it ("WARM" for a cold run served warm)
  std::string failure;      // why the launch failed ("crashed: …", "timed out after 30 s", …)
  bool traced = false;      // taken under the method tracer: stages only, kept out of the figures
  std::string launchState;  // as `am start -W` printed it (COLD/WARM/HOT), else as judged
  std::string activity;     // the component launched
  std::optional<int64_t> totalTimeMs, waitTimeMs, timeToInitialDisplayMs, timeToFullDisplayMs, firstFrameMs;
  // Matrix's stages from the run's method trace (application_create,
  // stage_between_app_and_activity, first_activity_create, startup_duration), in ms.
  std::map<std::string, int64_t> stages;
  // The host's wall time around `am start -W`: what the measuring itself cost beyond WaitTime
  // (shell and adb round trips), reported and never part of a figure.
  std::optional<int64_t> hostWallMs;
  int64_t startUnixMs = 0;  // when the launch began (host clock)
  // Whether the events log showed `am_proc_start` for the app during the launch (unknown when
  // the log was not read): judges the launch state where `am start -W` prints none.
  std::optional<bool> processStarted;
  // The Trace_StartUp issue JSON judged from this run's trace (traced runs), "" otherwise.
  std::string traceIssueJson;

  std::optional<int64_t> figure(Figure f) const;
};

// Why a run is in the statistics or not: one rule for every report (the text's notes, the HTML
// export, the GUI). A failure first (a warm-up that crashed says so), then the warm-up, a spoiled
// run, a traced one; kUnjudged for a run judgeRuns has not seen.
enum class RunStatus : uint8_t { kCounted, kFailed, kWarmUp, kSpoiled, kTraced, kUnjudged };
RunStatus runStatus(const StartupRun& run);

}  // namespace mxi::core::startup
