// What `mxi startup` prints and writes (issue 45): the runs, the statistics per figure, the
// issues and the verdict, as JSON (the shape the issue fixes) and as text a person reads.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/startup/startup_run.h"
#include "core/startup/startup_verdict.h"

namespace mxi::core::startup {

struct StartupReport {
  std::string package, activity;
  LaunchMode mode = LaunchMode::kCold;
  std::vector<StartupRun> runs;     // judged (judgeRuns)
  std::vector<std::string> issues;  // startupIssues
  std::optional<StartupVerdict> verdict;
  std::string stoppedBy;  // why the runs ended early (device gone, cancelled…), "" when all ran
};

// {"package","mode","runs":[{"index","counted","spoiledBy","launchState","totalTimeMs",…,
// "stages":{…}}],"stats":{"<figureKey>":{"n","min","median","p90","max","stddev","cv"}},
// "issues":[…],"verdict":{"baseline","medianDeltaMs","deltaPct","p","significant","regression"}}
// Absent figures are absent keys; stats list only figures some counted run has.
nlohmann::ordered_json reportJson(const StartupReport& report);
std::string reportText(const StartupReport& report);

// Why a run is not in the statistics ("failed: …", "warm-up", "spoiled by WARM", "traced: its
// stages"), "" for a counted run: what the report, the exports and the page say beside a run.
std::string runNote(const StartupRun& run);

// The verdict's JSON (the six keys the issue fixes, then the figure, the n and medians, the words).
nlohmann::ordered_json verdictJson(const StartupVerdict& verdict);
// The statistics table over the counted runs, a row per figure some counted run has ("  (no
// counted run)" when none): what the report and `session summary` print.
std::string statsText(const std::vector<StartupRun>& runs);

// The median of what the host waited beyond WaitTime per counted launch (hostWallMs − waitTimeMs:
// adb and shell round trips), nullopt when no counted run has both: the cost of driving the
// phone, shown beside the figures and never in them (JSON `measuringCostMs`).
std::optional<double> measuringCostMs(const std::vector<StartupRun>& runs);

// What the method tracer cost a launch: the median, over traced runs, of their TotalTime minus that
// of the timed run just before them (nullopt without such a pair). Shown beside the figures and
// never in them (JSON `tracerCostMs`): a traced run's stages are as slow as its launch.
std::optional<double> tracerCostMs(const std::vector<StartupRun>& runs);

// One run as JSON and back (the session file keeps each run as this object).
nlohmann::ordered_json runJson(const StartupRun& run);
StartupRun runFromJson(const nlohmann::json& json);  // unknown keys ignored, missing ones absent

}  // namespace mxi::core::startup
