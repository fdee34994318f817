#include "core/startup/startup_report.h"

#include <cmath>

#include "core/base/format_text.h"
#include "core/json/json_reader.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::startup {
namespace {

using nlohmann::ordered_json;

void setFigure(StartupRun& run, Figure figure, std::optional<int64_t> value) {
  switch (figure) {
    case Figure::kTotalTime: run.totalTimeMs = value; break;
    case Figure::kWaitTime: run.waitTimeMs = value; break;
    case Figure::kTimeToInitialDisplay: run.timeToInitialDisplayMs = value; break;
    case Figure::kTimeToFullDisplay: run.timeToFullDisplayMs = value; break;
    case Figure::kFirstFrame: run.firstFrameMs = value; break;
  }
}

ordered_json statsJson(const FigureStats& s) {
  ordered_json j;
  j["n"] = s.n;
  j["min"] = std::llround(s.min);  // figures are whole milliseconds
  j["median"] = s.median;
  j["p90"] = s.p90;
  j["max"] = std::llround(s.max);
  j["stddev"] = s.stddev;
  j["cv"] = s.cv;
  return j;
}

}  // namespace

ordered_json verdictJson(const StartupVerdict& v) {
  ordered_json j;
  j["baseline"] = v.baseline;
  j["medianDeltaMs"] = v.medianDeltaMs;
  j["deltaPct"] = v.deltaPct;
  j["p"] = v.p;
  j["significant"] = v.significant;
  j["regression"] = v.regression;
  j["figure"] = figureKey(v.figure);
  j["baselineN"] = v.baselineN;
  j["currentN"] = v.currentN;
  j["baselineMedianMs"] = v.baselineMedianMs;
  j["currentMedianMs"] = v.currentMedianMs;
  j["words"] = v.words();
  return j;
}

namespace {

// One row of the runs table: a column per figure under its label ("-" where the phone gave none).
std::string runsHeader() {
  std::string line = "  run  state";
  for (Figure f : kFigures) line += "  " + std::string(figureLabel(f));
  return line + "   (ms)\n";
}

std::string runLine(const StartupRun& run) {
  std::string line = formatText("  #%-3d %-5s", run.index, run.launchState.empty() ? "-" : run.launchState.c_str());
  for (Figure f : kFigures) {
    const auto v = run.figure(f);
    const int width = static_cast<int>(figureLabel(f).size());
    line += v ? formatText("  %*lld", width, static_cast<long long>(*v)) : formatText("  %*s", width, "-");
  }
  if (const std::string note = runNote(run); !note.empty()) line += "  " + note;
  return line + "\n";
}

std::string issueLine(const std::string& issueJson) {
  const auto parsed = json::parseJson(issueJson);
  if (!parsed.ok() || !parsed->is_object()) return "  " + issueJson + "\n";
  const nlohmann::json& j = *parsed;
  std::string line = "  " + json::jsonString(j, "tag");
  if (const auto index = json::jsonInt(j, "run_index"))
    line += formatText(" run #%lld", static_cast<long long>(*index));
  if (const std::string state = json::jsonString(j, "launch_state"); !state.empty()) line += " " + state;
  if (const auto cost = json::jsonInt(j, "startup_duration")) {
    line += formatText(": startup %lld ms", static_cast<long long>(*cost));
  }
  if (!json::jsonString(j, "stack").empty()) line += ", with its method stacks";
  return line + "\n";
}

}  // namespace

nlohmann::ordered_json runJson(const StartupRun& run) {
  ordered_json j;
  j["index"] = run.index;
  j["counted"] = run.counted;
  j["spoiledBy"] = run.spoiledBy;
  if (!run.failure.empty()) j["failure"] = run.failure;
  if (run.traced) j["traced"] = true;
  j["launchState"] = run.launchState;
  if (!run.activity.empty()) j["activity"] = run.activity;
  for (Figure f : kFigures) {
    if (const auto v = run.figure(f)) j[std::string(figureKey(f))] = *v;
  }
  ordered_json stages = ordered_json::object();
  for (const auto& [name, ms] : run.stages) stages[name] = ms;
  j["stages"] = std::move(stages);
  if (run.hostWallMs) j["hostWallMs"] = *run.hostWallMs;
  if (run.startUnixMs != 0) j["startUnixMs"] = run.startUnixMs;
  if (run.processStarted) j["processStarted"] = *run.processStarted;
  if (!run.traceIssueJson.empty()) j["traceIssueJson"] = run.traceIssueJson;
  return j;
}

StartupRun runFromJson(const nlohmann::json& json) {
  StartupRun run;
  if (!json.is_object()) return run;
  run.index = static_cast<int>(json::jsonInt(json, "index").value_or(0));
  run.counted = json::jsonBool(json, "counted").value_or(false);
  run.spoiledBy = json::jsonString(json, "spoiledBy");
  run.failure = json::jsonString(json, "failure");
  run.traced = json::jsonBool(json, "traced").value_or(false);
  run.launchState = json::jsonString(json, "launchState");
  run.activity = json::jsonString(json, "activity");
  for (Figure f : kFigures) setFigure(run, f, json::jsonInt(json, std::string(figureKey(f)).c_str()));
  if (const auto stages = json.find("stages"); stages != json.end() && stages->is_object()) {
    for (const auto& [name, value] : stages->items()) {
      if (value.is_number_integer()) run.stages[name] = value.get<int64_t>();
    }
  }
  run.hostWallMs = json::jsonInt(json, "hostWallMs");
  run.startUnixMs = json::jsonInt(json, "startUnixMs").value_or(0);
  run.processStarted = json::jsonBool(json, "processStarted");
  run.traceIssueJson = json::jsonString(json, "traceIssueJson");
  return run;
}

nlohmann::ordered_json reportJson(const StartupReport& report) {
  ordered_json j;
  j["package"] = report.package;
  if (!report.activity.empty()) j["activity"] = report.activity;
  j["mode"] = launchModeName(report.mode);
  ordered_json runs = ordered_json::array();
  for (const StartupRun& run : report.runs) runs.push_back(runJson(run));
  j["runs"] = std::move(runs);
  ordered_json stats = ordered_json::object();
  for (Figure f : kFigures) {
    const std::vector<int64_t> values = countedValues(report.runs, f);
    if (!values.empty()) stats[std::string(figureKey(f))] = statsJson(figureStats(values));
  }
  j["stats"] = std::move(stats);
  if (const auto cost = measuringCostMs(report.runs)) j["measuringCostMs"] = *cost;
  if (const auto cost = tracerCostMs(report.runs)) j["tracerCostMs"] = *cost;
  ordered_json issues = ordered_json::array();
  for (const std::string& issue : report.issues) {
    ordered_json parsed = ordered_json::parse(issue, nullptr, false);  // never throws
    issues.push_back(parsed.is_discarded() ? ordered_json(issue) : std::move(parsed));
  }
  j["issues"] = std::move(issues);
  if (report.verdict) j["verdict"] = verdictJson(*report.verdict);
  if (!report.stoppedBy.empty()) j["stoppedBy"] = report.stoppedBy;
  return j;
}

std::string runNote(const StartupRun& run) {
  switch (runStatus(run)) {
    case RunStatus::kFailed: return "failed: " + run.failure;
    case RunStatus::kWarmUp: return "warm-up";
    case RunStatus::kSpoiled: return "spoiled by " + run.spoiledBy;
    case RunStatus::kTraced: {
      std::string note = "traced";
      const char* sep = ": ";
      for (const char* stage :
           {"application_create", "stage_between_app_and_activity", "first_activity_create", "startup_duration"}) {
        if (const auto it = run.stages.find(stage); it != run.stages.end()) {
          note += sep + std::string(stage) + " " + std::to_string(it->second) + " ms";
          sep = ", ";
        }
      }
      return note;
    }
    case RunStatus::kCounted:
    case RunStatus::kUnjudged: break;
  }
  return "";
}

std::optional<double> measuringCostMs(const std::vector<StartupRun>& runs) {
  std::vector<int64_t> cost;
  for (const StartupRun& run : runs) {
    if (run.counted && run.hostWallMs && run.waitTimeMs) cost.push_back(*run.hostWallMs - *run.waitTimeMs);
  }
  if (cost.empty()) return std::nullopt;
  return figureStats(std::move(cost)).median;
}

std::optional<double> tracerCostMs(const std::vector<StartupRun>& runs) {
  std::vector<int64_t> cost;
  for (size_t i = 1; i < runs.size(); ++i) {
    const StartupRun &timed = runs[i - 1], &traced = runs[i];
    // Only a counted timed run is a like-for-like launch: a spoiled one was served another state.
    if (!traced.traced || !timed.counted || !traced.failure.empty() || traced.launchState != timed.launchState)
      continue;
    if (traced.totalTimeMs && timed.totalTimeMs) cost.push_back(*traced.totalTimeMs - *timed.totalTimeMs);
  }
  if (cost.empty()) return std::nullopt;
  return figureStats(std::move(cost)).median;
}

std::string statsText(const std::vector<StartupRun>& runs) {
  std::string out;
  out +=
      formatText("  %-16s %3s %7s %8s %8s %7s %8s %7s\n", "figure", "n", "min", "median", "p90", "max", "stddev", "cv");
  bool anyStats = false;
  for (Figure f : kFigures) {
    const FigureStats s = figureStats(countedValues(runs, f));
    if (s.n == 0) continue;
    anyStats = true;
    out += formatText("  %-16s %3d %7lld %8.1f %8.1f %7lld %8.1f %5.1f %%\n", std::string(figureLabel(f)).c_str(), s.n,
                      std::llround(s.min), s.median, s.p90, std::llround(s.max), s.stddev, s.cv * 100);
  }
  if (!anyStats) out += "  (no counted run)\n";
  return out;
}

std::string reportText(const StartupReport& report) {
  int counted = 0;
  for (const StartupRun& run : report.runs) counted += run.counted ? 1 : 0;
  std::string out =
      formatText("%s launches of %s", std::string(launchModeName(report.mode)).c_str(), report.package.c_str());
  if (!report.activity.empty()) out += " (" + report.activity + ")";
  out += formatText(": %d of %zu runs counted\n", counted, report.runs.size());
  out += runsHeader();
  for (const StartupRun& run : report.runs) out += runLine(run);

  out += "\nStatistics over the counted runs (ms):\n" + statsText(report.runs);
  if (const auto cost = measuringCostMs(report.runs)) {
    out += formatText(
        "  measuring: the host waited %.0f ms (median) beyond WaitTime per launch (adb and shell round "
        "trips), in no figure\n",
        *cost);
  }
  if (const auto cost = tracerCostMs(report.runs)) {
    out += formatText(
        "  tracing: a traced launch took %+.0f ms against the timed one before it (median), in no figure\n", *cost);
  }

  out += report.issues.empty() ? "\nIssues: none\n" : "\nIssues:\n";
  for (const std::string& issue : report.issues) out += issueLine(issue);

  if (report.verdict) {
    const StartupVerdict& v = *report.verdict;
    out += "\nVerdict against " + v.baseline + ": " + v.words() + "\n";
    out += formatText("  %s median %.1f ms (n = %d) → %.1f ms (n = %d)\n", std::string(figureLabel(v.figure)).c_str(),
                      v.baselineMedianMs, v.baselineN, v.currentMedianMs, v.currentN);
  }
  if (!report.stoppedBy.empty()) out += "\nStopped early: " + report.stoppedBy + "\n";
  return out;
}

}  // namespace mxi::core::startup
