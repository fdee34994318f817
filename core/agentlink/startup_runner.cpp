#include "core/agentlink/startup_runner.h"

#include <chrono>
#include <thread>

#include "core/adb/shell.h"
#include "core/agentlink/app_presence.h"
#include "core/agentlink/device_apps.h"
#include "core/base/text_lines.h"
#include "core/devicetext/am_start_output.h"
#include "core/devicetext/package_name.h"
#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_verdicts.h"
#include "core/startup/first_frame.h"
#include "core/startup/launch_log.h"
#include "core/startup/launcher_activity.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::agentlink {
namespace {

using Clock = std::chrono::steady_clock;
using startup::LaunchMode;
using startup::StartupRun;

constexpr const char* kLogcat = "logcat -d -v threadtime -v epoch -b main -b system -b events -b crash";
// After `am start -W` returns the activity has drawn; `Fully drawn` comes when the app says so.
// The warm-up waits this long for it; later runs wait only when the warm-up saw one.
constexpr auto kFullyDrawnWait = std::chrono::milliseconds(5000);
constexpr auto kLogPoll = std::chrono::milliseconds(250);
// A method trace is whole when its size stops changing (ART writes it as the profiler stops).
constexpr auto kTraceStablePoll = std::chrono::milliseconds(300);
constexpr auto kTraceWriteLimit = std::chrono::seconds(60);
// Launches that all fail the same way end the runs instead of timing out ten times.
constexpr int kFailuresInARowToStop = 3;

std::string firstLine(std::string_view text, std::string_view startingWith) {
  std::string found;
  text::forEachLine(text, [&](std::string_view line) {
    line = text::trim(line);
    if (found.empty() && line.starts_with(startingWith)) found = line;
  });
  return found;
}

int64_t unixMsNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class Launcher {
 public:
  Launcher(adb::AdbDevice& device, const StartupRunOptions& options, std::string component)
      : m_device(device),
        m_options(options),
        m_component(std::move(component)),
        m_pkg(adb::shellQuote(options.package)) {}

  // One launch, measured. An error only when the device stopped answering.
  StatusOr<StartupRun> launch(int index, bool traced) {
    StartupRun run;
    run.index = index;
    run.traced = traced;
    run.activity = m_component;
    RETURN_IF_ERROR(prepare());
    const std::string traceFile = "/data/local/tmp/mxi-startup-" + std::to_string(index) + ".trace";
    std::string command = "am start -W";
    if (m_options.mode == LaunchMode::kWarm) command += " --activity-clear-task";
    if (traced) {
      RETURN_IF_ERROR(shell("rm -f " + traceFile).status());
      const std::string sampling = " --sampling " + std::to_string(m_options.samplingUs);
      if (m_options.mode == LaunchMode::kCold) {
        command += " --start-profiler " + traceFile + sampling;  // the process starts with the profiler on
      } else {
        RETURN_IF_ERROR(shell("am profile start" + sampling + " " + m_pkg + " " + traceFile).status());
      }
    }
    command += " -n " + adb::shellQuote(m_component);
    ASSIGN_OR_RETURN(const std::string stamp, lastStamp());

    adb::IoLimits launchLimits = m_options.limits;
    launchLimits.timeout = m_options.launchTimeout;
    run.startUnixMs = unixMsNow();
    const auto began = Clock::now();
    auto am = adb::runShell(m_device, command, {}, launchLimits);
    if (!am.ok() && am.status().code() != StatusCode::kTimeout) return am.status();
    run.hostWallMs = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - began).count();
    if (!am.ok()) {
      run.failure = "timed out after " + std::to_string(m_options.launchTimeout.count() / 1000) + " s";
      run.hostWallMs.reset();
    } else {
      readAmOutput(am->out + am->err, run);
    }

    ASSIGN_OR_RETURN(const startup::LaunchLog log, readLog(stamp, index == 0));
    if (!log.crash.empty()) run.failure = "crashed: " + log.crash;
    run.processStarted = log.processStarted;
    run.timeToInitialDisplayMs = log.displayedMs;
    run.timeToFullDisplayMs = log.fullyDrawnMs;
    if (index == 0) m_appReportsFullyDrawn = log.fullyDrawnMs.has_value();
    if (run.failure.empty()) {
      ASSIGN_OR_RETURN(const std::string framestats, shell("dumpsys gfxinfo " + m_pkg + " framestats"));
      run.firstFrameMs = startup::firstFrameMs(framestats);
    }
    if (traced) RETURN_IF_ERROR(readTrace(traceFile, run));
    return run;
  }

 private:
  StatusOr<std::string> shell(const std::string& command) {
    ASSIGN_OR_RETURN(const adb::ShellResult r, adb::runShell(m_device, command, {}, m_options.limits));
    return r.out;
  }

  // What each mode needs before the launch, then framestats emptied so the first row after it is
  // the launch's first frame. Warm and hot launches start from the launcher, as a user's do.
  Status prepare() {
    if (m_options.mode == LaunchMode::kCold) {
      RETURN_IF_ERROR(shell("am force-stop " + m_pkg).status());
    } else {
      RETURN_IF_ERROR(shell("input keyevent KEYCODE_HOME").status());
    }
    return shell("dumpsys gfxinfo " + m_pkg + " reset").status();
  }

  StatusOr<std::string> lastStamp() {
    ASSIGN_OR_RETURN(const std::string newest, shell(std::string(kLogcat) + " -t 1"));
    return startup::lastLogStamp(newest);
  }

  void readAmOutput(const std::string& output, StartupRun& run) const {
    const devicetext::AmStartResult am = devicetext::parseAmStartOutput(output);
    run.launchState = am.launchState;
    run.totalTimeMs = am.totalTimeMs;
    run.waitTimeMs = am.waitTimeMs;
    if (!am.activity.empty()) run.activity = am.activity;
    if (std::string error = firstLine(output, "Error"); !error.empty()) {
      run.failure = "am start: " + error;
    } else if (!am.status.empty() && am.status != "ok") {
      run.failure = "am start: Status: " + am.status;
    }
  }

  // The launch's lines, read again while `Fully drawn` may still come.
  StatusOr<startup::LaunchLog> readLog(const std::string& stamp, bool warmUp) {
    const std::string command = std::string(kLogcat) + (stamp.empty() ? "" : " -t " + adb::shellQuote(stamp));
    const bool wait = warmUp || m_appReportsFullyDrawn;
    const auto until = Clock::now() + kFullyDrawnWait;
    for (;;) {
      ASSIGN_OR_RETURN(const std::string out, shell(command));
      startup::LaunchLog log = startup::readLaunchLog(out, m_options.package, stamp);
      const bool done = log.fullyDrawnMs || !log.crash.empty() || !log.displayedMs;
      if (done || !wait || Clock::now() >= until || m_options.limits.cancelled()) return log;
      std::this_thread::sleep_for(kLogPoll);
    }
  }

  // The profiler stopped, its file whole, read and judged as Matrix's StartupTracer would: the
  // stages and the Trace_StartUp issue with its stacks.
  Status readTrace(const std::string& file, StartupRun& run) {
    RETURN_IF_ERROR(shell("am profile stop " + m_pkg).status());
    std::string previous;
    const auto until = Clock::now() + kTraceWriteLimit;
    for (;;) {
      ASSIGN_OR_RETURN(std::string size, shell("stat -c %s " + file + " 2>/dev/null"));
      size = std::string(text::trim(size));
      if (!size.empty() && size != "0" && size == previous) break;
      if (Clock::now() >= until) {
        run.failure = "the method trace was not written within " + std::to_string(kTraceWriteLimit.count()) + " s";
        return okStatus();
      }
      previous = size;
      std::this_thread::sleep_for(kTraceStablePoll);
    }
    ASSIGN_OR_RETURN(const adb::Bytes bytes, adb::runExec(m_device, "cat " + file, m_options.limits));
    (void)shell("rm -f " + file);
    const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    auto trace = methodtrace::readMethodTrace(view);
    if (!trace.ok()) {
      run.failure = "method trace: " + trace.status().message();
      return okStatus();
    }
    methodtrace::MethodTraceOptions judging;
    judging.process = m_options.package;
    judging.launch = methodtrace::LaunchTimes{run.totalTimeMs, run.waitTimeMs, run.launchState, run.activity};
    const methodtrace::MethodTraceReport report = methodtrace::judgeMethodTrace(trace->trace, judging);
    for (const std::string& json : report.issueJson) {
      const auto issue = nlohmann::json::parse(json, nullptr, false);
      if (!issue.is_object() || issue.value("tag", "") != "Trace_StartUp") continue;
      for (const char* stage :
           {"application_create", "stage_between_app_and_activity", "first_activity_create", "startup_duration"}) {
        if (issue.contains(stage) && issue[stage].is_number_integer()) run.stages[stage] = issue[stage].get<int64_t>();
      }
      run.traceIssueJson = json;
      break;
    }
    return okStatus();
  }

  adb::AdbDevice& m_device;
  const StartupRunOptions& m_options;
  const std::string m_component;
  const std::string m_pkg;  // quoted for the shell
  bool m_appReportsFullyDrawn = false;
};

// The component to launch: the one given (".Main" and "Main" are the package's), else the
// launcher activity as the package manager resolves it.
StatusOr<std::string> componentToLaunch(adb::AdbDevice& device, const StartupRunOptions& options) {
  const std::string& a = options.activity;
  if (!a.empty()) {
    if (a.find('/') != std::string::npos) return a;
    return options.package + "/" + (a.find('.') == std::string::npos ? "." + a : a);
  }
  ASSIGN_OR_RETURN(const adb::ShellResult resolved,
                   adb::runShell(device,
                                 "cmd package resolve-activity --brief -c android.intent.category.LAUNCHER " +
                                     adb::shellQuote(options.package),
                                 {}, options.limits));
  if (auto component = startup::parseResolvedActivity(resolved.out)) return *component;
  return notFound(options.package + " has no launcher activity: name the one to launch with --activity");
}

}  // namespace

StatusOr<startup::StartupReport> runStartup(adb::AdbDevice& device, const StartupRunOptions& options,
                                            ProgressSink& progress) {
  if (!devicetext::isValidPackageName(options.package)) {
    return invalidInput("'" + options.package + "' is not a package name");
  }
  if (options.runs < 1) return invalidInput("--runs must be at least 1");
  ASSIGN_OR_RETURN(const std::vector<DeviceApp> apps, listDeviceApps(device, options.limits));
  const AppCheck check = checkApp(apps, options.package);
  if (check.presence == AppPresence::kNotInstalled) {
    return notFound(notInstalledMessage(options.package, check.similar));
  }
  ASSIGN_OR_RETURN(const std::string component, componentToLaunch(device, options));

  startup::StartupReport report;
  report.package = options.package;
  report.activity = component;
  report.mode = options.mode;
  Launcher launcher(device, options, component);
  const int launches = 1 + options.runs * (options.trace ? 2 : 1);
  int failuresInARow = 0;
  for (int i = 0; i < launches; ++i) {
    const bool traced = options.trace && i > 0 && i % 2 == 0;  // a traced launch after each timed one
    const std::string phase = "launch " + std::to_string(i + 1) + " of " + std::to_string(launches);
    if (!progress.report(phase, ProgressSink::kMax * i / launches) || options.limits.cancelled()) {
      report.stoppedBy = "cancelled";
      break;
    }
    auto run = launcher.launch(i, traced);
    if (!run.ok()) {
      if (run.status().code() == StatusCode::kCancelled) {
        report.stoppedBy = "cancelled";
      } else {
        report.stoppedBy = "the device stopped answering: " + run.status().message();
      }
      break;
    }
    failuresInARow = run->failure.empty() ? 0 : failuresInARow + 1;
    report.runs.push_back(std::move(run).value());
    if (failuresInARow == kFailuresInARowToStop) {
      report.stoppedBy =
          std::to_string(kFailuresInARowToStop) + " launches in a row failed, the last: " + report.runs.back().failure;
      break;
    }
  }
  if (report.runs.empty()) return Status(StatusCode::kIoError, report.stoppedBy);
  progress.report("launches done", ProgressSink::kMax);
  startup::judgeRuns(report.runs, options.mode);
  report.issues = startup::startupIssues(report.runs, options.package, options.thresholds);
  return report;
}

}  // namespace mxi::core::agentlink
