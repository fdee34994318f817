#include "core/startup/startup_issues.h"

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/framestats/framestats_text.h"
#include "core/json/json_writer.h"

namespace mxi::core::startup {
namespace {

using nlohmann::ordered_json;

// What Matrix's StartupTracer compares with its threshold: the launch until the first activity
// is shown. From outside the app that is the time to initial display, else `am start -W`'s
// TotalTime, else (a traced run the platform did not time) the trace's own startup_duration.
std::optional<int64_t> launchCost(const StartupRun& run) {
  if (run.timeToInitialDisplayMs) return run.timeToInitialDisplayMs;
  if (run.totalTimeMs) return run.totalTimeMs;
  if (const auto it = run.stages.find("startup_duration"); it != run.stages.end()) return it->second;
  return std::nullopt;
}

// Cold unless the run says otherwise: an unknown state is held to the higher (cold) threshold,
// so that no launch is called slow on a guess.
bool isCold(const StartupRun& run) {
  if (!run.launchState.empty()) return run.launchState == "COLD";
  return run.processStarted.value_or(true);
}

// The traced run's issue (from core/methodtrace's judge: its stages and method stacks), else a
// new Trace_StartUp object in the shape StartupTracer reports.
ordered_json issueBase(const StartupRun& run, const std::string& package, bool cold, int64_t cost) {
  if (!run.traceIssueJson.empty()) {
    // Parsed in order, so the trace's keys keep theirs; never throws (allow_exceptions false).
    ordered_json j = ordered_json::parse(run.traceIssueJson, nullptr, false);
    if (!j.is_discarded() && j.is_object()) {
      if (!j.contains("startup_duration")) j["startup_duration"] = cost;
      return j;
    }
  }
  ordered_json j;
  j["tag"] = "Trace_StartUp";
  j["type"] = 0;
  j["process"] = package;
  if (run.startUnixMs > 0) j["time"] = run.startUnixMs;
  j["detail"] = "STARTUP";
  for (const char* stage : {"application_create", "stage_between_app_and_activity", "first_activity_create"}) {
    if (const auto it = run.stages.find(stage); it != run.stages.end()) j[stage] = it->second;
  }
  j["startup_duration"] = cost;
  j["is_warm_start_up"] = !cold;
  if (!run.activity.empty()) j["scene"] = framestats::sceneOfWindow(run.activity);
  return j;
}

}  // namespace

std::vector<std::string> startupIssues(const std::vector<StartupRun>& runs, const std::string& package,
                                       const StartupThresholds& thresholds) {
  struct Slow {
    int64_t cost = 0;
    int index = 0;
    std::string json;
  };
  std::vector<Slow> slow;
  for (const StartupRun& run : runs) {
    if (!(run.counted || run.traced) || !run.failure.empty()) continue;
    const auto cost = launchCost(run);
    if (!cost) continue;
    const bool cold = isCold(run);
    // StartupTracer (matrix-trace-canary, com/tencent/matrix/trace/tracer/StartupTracer.java)
    // reports a launch whose cost reaches its threshold (>=); the defaults are Constants'
    // DEFAULT_STARTUP_THRESHOLD_MS_COLD = 10 * 1000 and _WARM = 4 * 1000, read through TraceConfig.
    if (*cost < (cold ? thresholds.coldMs : thresholds.warmMs)) continue;
    ordered_json j = issueBase(run, package, cold, *cost);
    if (!run.launchState.empty()) j["launch_state"] = run.launchState;
    j["run_index"] = run.index;
    if (run.totalTimeMs) j["am_total_time"] = *run.totalTimeMs;
    if (run.waitTimeMs) j["am_wait_time"] = *run.waitTimeMs;
    slow.push_back({*cost, run.index, json::dumpJson(j)});
  }
  std::stable_sort(slow.begin(), slow.end(), [](const Slow& a, const Slow& b) { return a.cost > b.cost; });
  std::vector<std::string> out;
  out.reserve(slow.size());
  for (Slow& s : slow) out.push_back(std::move(s.json));
  return out;
}

}  // namespace mxi::core::startup
