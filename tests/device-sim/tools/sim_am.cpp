#include "sim_am.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "demo_launch_trace.h"
#include "sim_launch.h"
#include "sim_launch_log.h"
#include "sim_processes.h"

namespace mxi::sim {
namespace {

// The running app `process` (a pid or a process name) names, or null.
const SimApp* runningApp(const Ctx& c, const std::string& process) {
  const int pid = std::atoi(process.c_str());
  for (const SimApp& app : c.device.apps) {
    if (!isStopped(c, app) && (app.pid == pid || app.package == process)) return &app;
  }
  return nullptr;
}

bool isDebuggable(const Ctx& c, const SimApp& app) {
  return ("," + c.config.notDebuggable + ",").find("," + packageOf(app.package) + ",") == std::string::npos;
}

// Where `am profile stop` finds what `am profile start` (or `am start --start-profiler`) noted.
std::filesystem::path profileStateOf(const Ctx& c, int pid) {
  return std::filesystem::path(c.config.stateDir) / ("profile-" + std::to_string(pid));
}

// The synthetic demo app: its launches are traced as it launches (demo_launch_trace.h).
bool isDemoApp(const Ctx& c, const SimApp& app) {
  return c.device.synthetic && packageOf(app.package) == "com.example.mxi.demo";
}

// A profiling session as the state file keeps it: lines FILE, then the wall ms at the trace's 0,
// then "KIND TOTAL_MS START_MS" of the launch it traced, if one ran.
struct ProfileState {
  std::string file;
  int64_t zeroMs = 0;
  std::optional<LaunchOutcome> launch;
};

std::optional<ProfileState> readProfileState(const Ctx& c, int pid) {
  std::ifstream in(profileStateOf(c, pid));
  ProfileState state;
  if (!std::getline(in, state.file)) return std::nullopt;
  in >> state.zeroMs;
  int kind = 0;
  LaunchOutcome launch;
  if (in >> kind >> launch.times.totalMs >> launch.startMs) {
    launch.kind = static_cast<LaunchKind>(kind);
    state.launch = launch;
  }
  return state;
}

void writeLaunchLine(std::ostream& out, const LaunchOutcome& launch) {
  out << static_cast<int>(launch.kind) << ' ' << launch.times.totalMs << ' ' << launch.startMs << '\n';
}

// A launch that drew the activity: what a trace running meanwhile shows.
bool drewActivity(const LaunchOutcome& launch) {
  return launch.result == LaunchResult::kStarted || launch.result == LaunchResult::kBroughtToFront;
}

// ART writes the trace when profiling stops; the simulated app writes then the replayed trace
// (MXI_SIM_TRACE_SOURCE), the demo app's launch if one was traced, else the sample
// (MXI_SIM_SAMPLE_TRACE). `launch`: the one started with the profiler (--start-profiler), whose
// trace begins as the process binds the application (cold) or as the launch begins.
int startProfiling(const Ctx& c, const SimApp& app, const std::string& file, const LaunchOutcome* launch) {
  if (!isDebuggable(c, app)) {
    // ActivityManagerService.profileControl / setProfileApp on a user build.
    std::fprintf(stderr,
                 "Exception occurred while executing 'profile':\njava.lang.SecurityException: Process not "
                 "debuggable: ProcessRecord{8c1e2a3 %d:%s/%s}\n",
                 app.pid, app.package.c_str(), app.user.c_str());
    return 255;
  }
  if (c.config.traceSource.empty() && c.config.sampleTrace.empty() && !isDemoApp(c, app)) {
    std::fprintf(stderr, "simulated am: MXI_SIM_TRACE_SOURCE is not set\n");
    return 1;
  }
  std::filesystem::create_directories(c.config.stateDir);
  std::ofstream out(profileStateOf(c, app.pid));
  const int64_t zeroMs =
      launch ? launch->startMs + (launch->kind == LaunchKind::kCold ? kColdBindAfterMs : 0) : nowMs();
  out << file << '\n' << zeroMs << '\n';
  if (launch) writeLaunchLine(out, *launch);
  return 0;
}

// `am start` of an app `am profile start` is tracing: the trace will show this launch (the first).
void noteProfiledLaunch(const Ctx& c, const SimApp& app, const LaunchOutcome& launch) {
  const auto state = readProfileState(c, app.pid);
  if (!state || state->launch) return;
  std::ofstream out(profileStateOf(c, app.pid), std::ios::app);
  writeLaunchLine(out, launch);
}

int stopProfiling(const Ctx& c, const SimApp& app) {
  const auto state = readProfileState(c, app.pid);
  if (!state) return 0;  // not profiling: am says nothing
  std::filesystem::remove(profileStateOf(c, app.pid));
  if (c.config.traceSource.empty() && state->launch && isDemoApp(c, app)) {
    const LaunchOutcome& launch = *state->launch;
    TracedLaunch traced;
    traced.kind = launch.kind;
    traced.totalMs = launch.times.totalMs;
    traced.launchAtUs = (launch.startMs - state->zeroMs) * 1000;
    traced.stopAtUs = (nowMs() - state->zeroMs) * 1000;
    traced.pid = app.pid;
    traced.startTimeUs = static_cast<uint64_t>(state->zeroMs) * 1000;
    std::ofstream(state->file, std::ios::binary | std::ios::trunc) << demoLaunchTrace(traced);
    return 0;
  }
  const std::string& source = c.config.traceSource.empty() ? c.config.sampleTrace : c.config.traceSource;
  if (source.empty()) {  // the demo app traced without a launch on a phone without a trace
    std::fprintf(stderr, "simulated am: MXI_SIM_TRACE_SOURCE is not set\n");
    return 1;
  }
  std::error_code error;
  std::filesystem::copy_file(source, state->file, std::filesystem::copy_options::overwrite_existing, error);
  return 0;
}

// am profile start [--user U] [--sampling INTERVAL] [--streaming] PROCESS FILE | stop [--user U] PROCESS
int amProfile(const Ctx& c, const std::vector<std::string>& a) {
  std::vector<std::string> rest;
  for (size_t i = 2; i < a.size(); ++i) {
    if (a[i] == "--sampling" || a[i] == "--user") {
      ++i;
    } else if (a[i] != "--streaming") {
      rest.push_back(a[i]);
    }
  }
  const bool start = a.size() > 1 && a[1] == "start";
  if (a.size() < 2 || (a[1] != "start" && a[1] != "stop") || rest.size() != (start ? 2u : 1u)) {
    std::fprintf(stderr,
                 "usage: am profile start [--sampling US] [--streaming] PROCESS FILE | am profile stop PROCESS\n");
    return 1;
  }
  const SimApp* app = runningApp(c, rest[0]);
  if (!app) {
    std::fprintf(stderr,
                 "Exception occurred while executing 'profile':\njava.lang.IllegalArgumentException: Unknown "
                 "process: %s\n",
                 rest[0].c_str());
    return 255;
  }
  return start ? startProfiling(c, *app, rest[1], nullptr) : stopProfiling(c, *app);
}

// Intent.toShortString as `am start` prints it before it adds FLAG_ACTIVITY_NEW_TASK: act, cat,
// flg, pkg, cmp.
std::string intentText(const std::string& action, const std::string& category, bool clearTask,
                       const std::string& package, const std::string& component) {
  std::string out;
  auto add = [&](const std::string& field) { out += (out.empty() ? "" : " ") + field; };
  if (!action.empty()) add("act=" + action);
  if (!category.empty()) add("cat=[" + category + "]");
  if (clearTask) add("flg=0x8000");  // FLAG_ACTIVITY_CLEAR_TASK
  if (!package.empty()) add("pkg=" + package);
  if (!component.empty()) add("cmp=" + component);
  return "Intent { " + out + " }";
}

// WaitResult as ActivityManagerShellCommand.runStartActivity prints it after `am start -W`.
void printWaitResult(const LaunchOutcome& launch, const char* launchState, bool withTotalTime) {
  std::printf("Status: ok\nLaunchState: %s\nActivity: %s\n", launchState, launch.activity.c_str());
  if (withTotalTime) std::printf("TotalTime: %lld\n", static_cast<long long>(launch.times.totalMs));
  std::printf("WaitTime: %lld\nComplete\n", static_cast<long long>(launch.times.waitMs));
}

// am start [-S] [-W] [--activity-clear-task] [--start-profiler FILE] [--sampling US] [--streaming]
// [-n COMPONENT | -a ACTION -c CATEGORY PACKAGE] (sim_launch.h). With -W it returns when the
// launch's WaitTime has passed, as `am` waits for the first frame.
int amStart(Ctx& c, const std::vector<std::string>& a) {
  std::string profiler, component, package, action, category;
  bool wait = false, forceStop = false, clearTask = false;
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i] == "--start-profiler" && i + 1 < a.size()) {
      profiler = a[++i];
    } else if (a[i] == "-n" && i + 1 < a.size()) {
      component = a[++i];
    } else if (a[i] == "-a" && i + 1 < a.size()) {
      action = a[++i];
    } else if (a[i] == "-c" && i + 1 < a.size()) {
      category = a[++i];
    } else if ((a[i] == "--sampling" || a[i] == "--user") && i + 1 < a.size()) {
      ++i;
    } else if (a[i] == "-W") {
      wait = true;
    } else if (a[i] == "-S") {
      forceStop = true;
    } else if (a[i] == "--activity-clear-task") {
      clearTask = true;
    } else if (!a[i].starts_with("-")) {
      package = a[i];
    }
  }
  std::printf("Starting: %s\n", intentText(action, category, clearTask, package, component).c_str());
  if (package.empty()) package = component.substr(0, component.find('/'));
  SimApp* app = nullptr;
  for (SimApp& candidate : c.device.apps) {
    if (candidate.package == package) app = &candidate;
  }
  if (!app) {
    std::printf("Error: Activity not started, unable to resolve Intent\n");
    return 1;
  }
  if (forceStop) {  // -S: force-stop the app before starting it
    settlePendingLaunchLine(c.config, package);
    stopProcesses(c.config, package);
    c.startedNs = applyProcessState(c.config, c.device.apps);
  }
  const bool traced = !profiler.empty() || (app->pid != 0 && readProfileState(c, app->pid).has_value());
  const LaunchOutcome launch = launchActivity(c, *app, {component, clearTask, traced});
  if (!profiler.empty() && launch.result != LaunchResult::kCrashed) {
    const int status = startProfiling(c, *app, profiler, drewActivity(launch) ? &launch : nullptr);
    if (status != 0) return status;
  } else if (drewActivity(launch)) {
    noteProfiledLaunch(c, *app, launch);
  }
  if (launch.result == LaunchResult::kDeliveredToTop) {
    std::printf("Warning: Activity not started, intent has been delivered to currently running top-most instance.\n");
  } else if (launch.result == LaunchResult::kBroughtToFront) {
    std::printf("Warning: Activity not started, its current task has been brought to the front\n");
  }
  if (!wait) return 0;
  std::fflush(stdout);
  std::this_thread::sleep_until(
      std::chrono::system_clock::time_point(std::chrono::milliseconds(launch.startMs + launch.times.waitMs)));
  switch (launch.result) {
    case LaunchResult::kDeliveredToTop:  // waitResultIfNeeded returns at once: TotalTime 0
      printWaitResult(launch, "UNKNOWN (0)", true);
      break;
    case LaunchResult::kCrashed:  // stopWaitingForActivityVisible: INVALID_DELAY, LAUNCH_STATE_UNKNOWN
      printWaitResult(launch, "UNKNOWN (0)", false);
      break;
    default:
      printWaitResult(launch,
                      launch.kind == LaunchKind::kCold   ? "COLD"
                      : launch.kind == LaunchKind::kWarm ? "WARM"
                                                         : "HOT",
                      true);
  }
  return 0;
}

// am force-stop [--user U] PACKAGE: every process of the package ends (nothing is printed, also
// for a package that is not installed).
int amForceStop(const Ctx& c, const std::vector<std::string>& a) {
  std::string package;
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i] == "--user") {
      ++i;
    } else {
      package = a[i];
    }
  }
  if (package.empty()) {
    std::fprintf(stderr,
                 "Exception occurred while executing 'force-stop':\njava.lang.IllegalArgumentException: "
                 "Argument expected after \"force-stop\"\n");
    return 255;
  }
  if (findApp(c, package) != nullptr) {
    settlePendingLaunchLine(c.config, package);  // a killed app reports nothing more
    stopProcesses(c.config, package);
  }
  return 0;
}

}  // namespace

int am(Ctx& c, const std::vector<std::string>& a) {
  if (!a.empty() && a[0] == "profile") return amProfile(c, a);
  if (!a.empty() && a[0] == "start") return amStart(c, a);
  if (!a.empty() && a[0] == "force-stop") return amForceStop(c, a);
  if (a.empty() || a[0] != "dumpheap") {
    std::fprintf(stderr, "simulated am: dumpheap, profile, start and force-stop are supported\n");
    return 1;
  }
  std::vector<std::string> rest;
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i] == "-g" || a[i] == "-n") continue;
    if (a[i] == "-b") {
      // Android 15 (API 35) added -b [png|jpg|webp]; older `am` does not know the option.
      if (c.config.sdk < 35) {
        std::fprintf(stderr, "Error: Unknown option: -b\n");
        return 255;
      }
      const std::string format = i + 1 < a.size() ? a[++i] : "";
      if (format != "png" && format != "jpg" && format != "webp") {
        std::fprintf(stderr, "simulated am: -b takes png, jpg or webp, not '%s'\n", format.c_str());
        return 255;
      }
      continue;
    }
    rest.push_back(a[i]);
  }
  if (rest.size() != 2) {
    std::fprintf(stderr, "usage: am dumpheap [-g] [-b png|jpg|webp] PROCESS FILE\n");
    return 1;
  }
  const int pid = std::atoi(rest[0].c_str());
  bool known = false;
  for (const SimApp& app : c.device.apps) known |= !isStopped(c, app) && (app.pid == pid || app.package == rest[0]);
  if (!known) {
    std::fprintf(stderr, "java.lang.IllegalArgumentException: Unknown process: %s\n", rest[0].c_str());
    return 1;
  }
  // A user build dumps only debuggable apps (ActivityManagerService.dumpHeap); am's shell command
  // prints the SecurityException so and exits -1.
  for (const SimApp& app : c.device.apps) {
    if ((app.pid != pid && app.package != rest[0]) ||
        ("," + c.config.notDebuggable + ",").find("," + packageOf(app.package) + ",") == std::string::npos) {
      continue;
    }
    std::fprintf(stderr, "Security exception: Process not debuggable: ProcessRecord{f23cc4a %d:%s/%s}\n", app.pid,
                 app.package.c_str(), app.user.c_str());
    return 255;
  }
  // The synthetic demo app's own heap holds its leak (sim_memory.h); any other app dumps the sample.
  std::string source = c.config.heapSource;
  for (const SimApp& app : c.device.apps) {
    if ((app.pid == pid || app.package == rest[0]) && c.device.synthetic && app.package == "com.example.mxi.demo" &&
        !c.config.demoAppHeap.empty()) {
      source = c.config.demoAppHeap;
    }
  }
  if (source.empty()) {
    std::fprintf(stderr, "simulated am: MXI_SIM_HEAP_SOURCE is not set\n");
    return 1;
  }
  std::printf("File: %s\nWaiting for dump to finish...\n", rest[1].c_str());
  std::fflush(stdout);
  // Like older platforms, return before the app has written the file: a child writes it in
  // pieces (stdout closed so the caller sees EOF when `am` exits).
  const pid_t child = fork();
  if (child < 0) return 1;
  if (child > 0) return 0;
  setsid();
  const int devnull = open("/dev/null", O_RDWR);
  dup2(devnull, STDOUT_FILENO);
  dup2(devnull, STDERR_FILENO);
  std::ifstream in(source, std::ios::binary);
  std::ofstream out(rest[1], std::ios::binary | std::ios::trunc);
  std::vector<char> buf(1 << 20);
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    out.write(buf.data(), in.gcount());
    out.flush();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  _exit(0);
}

}  // namespace mxi::sim
