// `mxi startup --package P [--runs N] [--mode cold|warm|hot] [--activity C] [--trace [--sampling
// US]] [--baseline FILE] [--fail-on-regression PCT] [--format text|json] [-o FILE]`: N launches
// of an app with nothing in it, their statistics, Matrix's thresholds as issues, and a verdict
// against a baseline (core/agentlink/startup_runner.h, docs/STARTUP.md).
#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/device_options.h"
#include "app/cli/session/session_files.h"
#include "core/agentlink/startup_runner.h"
#include "core/startup/startup_session.h"
#include "core/startup/startup_stats.h"
#include "core/startup/startup_verdict.h"

namespace mxi::cli {
namespace {

// As `session compare`: a regression is exit 3, for CI.
constexpr int kRegressionExitCode = 3;

// One line per launch on stderr, so a long set of cold launches shows where it is.
class LaunchProgress final : public core::ProgressSink {
 public:
  explicit LaunchProgress(bool enabled) : m_enabled(enabled) {}
  bool report(std::string_view phase, int) override {
    if (m_enabled && phase != m_last && phase.starts_with("launch "))
      std::fprintf(stderr, "mxi startup: %.*s\n", static_cast<int>(phase.size()), phase.data());
    m_last = phase;
    return !processCancelToken().isCancelled();
  }

 private:
  bool m_enabled;
  std::string m_last;
};

// The baseline's runs and mode: a session file written by `mxi startup -o`, or the JSON
// `--format json` printed.
core::StatusOr<core::startup::StartupReport> readBaseline(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::notFound("cannot open the file");
  const int first = in.peek();
  if (first == '{') {
    std::stringstream text;
    text << in.rdbuf();
    const auto json = nlohmann::json::parse(text.str(), nullptr, false);
    if (!json.is_object() || !json.contains("runs") || !json["runs"].is_array()) {
      return core::invalidInput("not a startup report (no \"runs\" array)");
    }
    core::startup::StartupReport report;
    report.package = json.value("package", "");
    report.mode = core::startup::parseLaunchMode(json.value("mode", "cold")).value_or(core::startup::LaunchMode::kCold);
    for (const auto& run : json["runs"]) report.runs.push_back(core::startup::runFromJson(run));
    core::startup::judgeRuns(report.runs, report.mode);
    return report;
  }
  ASSIGN_OR_RETURN(const auto data, loadSessionFile(path, true));
  return core::startup::startupReportOf(*data, path);
}

}  // namespace

void registerStartupCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand(
      "startup",
      "Launch an app N times (cold, warm or hot) with nothing in it: TotalTime, WaitTime, time to initial and full "
      "display, the first frame, Matrix's stages with --trace; their statistics, and a verdict against a baseline");
  struct Args {
    DeviceOptions device;
    std::string package, activity, mode = "cold", baseline, output;
    int runs = 10;
    bool trace = false, quiet = false;
    int samplingUs = 1000;
    double failOnRegression = -1;
    double launchTimeoutSeconds = 30;
    int64_t coldThresholdMs = 10000, warmThresholdMs = 4000;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  addDeviceOptions(*cmd, args->device);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--package", args->package, "The app's package name")->required();
  cmd->add_option("--runs", args->runs, "Launches counted, after one warm-up launch that is reported but not counted")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd->add_option("--mode", args->mode,
                  "cold: the process killed first; warm: the process kept, the activity recreated; hot: the "
                  "activity brought back from the background")
      ->check(CLI::IsMember({"cold", "warm", "hot"}, CLI::ignore_case))
      ->capture_default_str();
  cmd->add_option("--activity", args->activity, "The activity to launch (default: the app's launcher activity)");
  auto* trace = cmd->add_flag("--trace", args->trace,
                              "Also a method-traced launch after each timed one: Matrix's stages and the slow launch's "
                              "call tree (traced launches are kept out of the figures)");
  cmd->add_option("--sampling", args->samplingUs, "With --trace: the profiler's sampling interval in µs")
      ->needs(trace)
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--baseline", args->baseline,
                  "Compare with these runs (a session file from `mxi startup -o`, or its --format json output): "
                  "Mann–Whitney U on the time to initial display");
  cmd->add_option("--fail-on-regression", args->failOnRegression,
                  "With --baseline: exit 3 when the median is significantly slower by more than PCT percent")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("-o,--output", args->output,
                  "Write the runs as a session file (`mxi session summary|compare|export` and the GUI read it)");
  cmd->add_option("--launch-timeout", args->launchTimeoutSeconds, "Seconds one launch may take")
      ->check(CLI::Range(1.0, 3600.0))
      ->capture_default_str();
  cmd->add_option("--cold-threshold-ms", args->coldThresholdMs, "A cold launch this slow is a Trace_StartUp issue")
      ->capture_default_str();
  cmd->add_option("--warm-threshold-ms", args->warmThresholdMs,
                  "A warm or hot launch this slow is a Trace_StartUp issue")
      ->capture_default_str();
  addQuietFlag(*cmd, args->quiet, "No line per launch on stderr");
  setCommandBody(*cmd, exitCode, "startup", [args]() -> CommandResult {
    if (args->failOnRegression >= 0 && args->baseline.empty()) {
      return core::invalidInput("--fail-on-regression needs --baseline");
    }
    core::startup::StartupReport baseline;
    if (!args->baseline.empty()) {
      ASSIGN_OR_RETURN(baseline, about(args->baseline, readBaseline(args->baseline)));
      // A verdict across modes (cold against hot) or apps would measure the difference of the two,
      // not of a change.
      if (baseline.mode != *core::startup::parseLaunchMode(args->mode)) {
        return about(args->baseline,
                     core::invalidInput("holds " + std::string(core::startup::launchModeName(baseline.mode)) +
                                        " launches; these are " + args->mode + ": compare launches of one mode"));
      }
      if (!baseline.package.empty() && baseline.package != args->package) {
        return about(args->baseline,
                     core::invalidInput("holds launches of " + baseline.package + ", not of " + args->package));
      }
    }
    mergeGlobalDeviceOptions(args->device);
    ASSIGN_OR_RETURN(const auto device, openDevice(args->device));
    core::agentlink::StartupRunOptions options;
    options.package = args->package;
    options.activity = args->activity;
    options.mode = *core::startup::parseLaunchMode(args->mode);
    options.runs = args->runs;
    options.trace = args->trace;
    options.samplingUs = args->samplingUs;
    options.launchTimeout = std::chrono::milliseconds(static_cast<int64_t>(args->launchTimeoutSeconds * 1000));
    options.thresholds = {args->coldThresholdMs, args->warmThresholdMs};
    options.limits = args->device.limits();
    options.limits.cancel = &processCancelToken();
    LaunchProgress progress(!args->quiet);
    ASSIGN_OR_RETURN(core::startup::StartupReport report,
                     about(args->package, core::agentlink::runStartup(*device, options, progress)));
    if (!args->baseline.empty())
      report.verdict = core::startup::compareRuns(baseline.runs, report.runs, args->baseline);
    if (!args->output.empty()) {
      RETURN_IF_ERROR(about(args->output, core::startup::writeStartupSession(args->output, report, device->serial())));
    }
    if (args->format == OutputFormat::kJson) {
      printJson(core::startup::reportJson(report));
    } else {
      std::fputs(core::startup::reportText(report).c_str(), stdout);
    }
    if (!args->baseline.empty() && !report.verdict) {
      std::fprintf(stderr, "mxi: startup: no figure has counted runs in both %s and these runs: no verdict\n",
                   args->baseline.c_str());
    }
    if (report.stoppedBy == "cancelled") return static_cast<int>(ExitCode::kCancelled);
    // The device went away: what was measured is printed (and written), but the set is not whole.
    if (!report.stoppedBy.empty() && report.stoppedBy.starts_with("the device")) {
      return static_cast<int>(ExitCode::kBadInput);
    }
    if (args->failOnRegression >= 0 && report.verdict &&
        core::startup::failsRegressionGate(*report.verdict, args->failOnRegression)) {
      std::fprintf(stderr, "mxi: startup: %s, more than --fail-on-regression %g %%\n", report.verdict->words().c_str(),
                   args->failOnRegression);
      return kRegressionExitCode;
    }
    return 0;
  });
}

}  // namespace mxi::cli
