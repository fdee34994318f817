#include "sim_config.h"

#include "tests/device-sim/search_path.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

std::string locateSelf(const std::string& argv0) {
  if (argv0.find('/') != std::string::npos) return fs::absolute(argv0).string();
  const std::string found = findOnPath(argv0);
  return found.empty() ? (fs::current_path() / argv0).string() : fs::absolute(found).string();
}

}  // namespace

SimConfig loadConfig(const std::string& argv0) {
  SimConfig c;
  // The tools sit in <root>/bin (symlinks to this binary); do not resolve the symlink.
  c.root = fs::path(locateSelf(argv0)).parent_path().parent_path().string();
  std::map<std::string, std::string> file;
  std::ifstream in(fs::path(c.root) / "etc" / "mxi-sim.env");
  for (std::string line; std::getline(in, line);) {
    const size_t eq = line.find('=');
    if (eq != std::string::npos && !line.starts_with('#')) file[line.substr(0, eq)] = line.substr(eq + 1);
  }
  auto get = [&](const char* key, std::string fallback) {
    if (const char* v = std::getenv(key)) return std::string(v);
    const auto it = file.find(key);
    return it == file.end() ? fallback : it->second;
  };
  auto getInt = [&](const char* key, int64_t fallback) {
    const std::string v = get(key, "");
    return v.empty() ? fallback : std::atoll(v.c_str());
  };
  c.referenceDir = get("MXI_SIM_REFERENCE", MXI_SIM_DEFAULT_REFERENCE);
  if (!c.referenceDir.empty() && !fs::is_directory(fs::path(c.referenceDir) / "gfxinfo")) c.referenceDir.clear();
  c.stateDir = get("MXI_SIM_STATE", (fs::path(c.root) / "var" / "mxi-sim").string());
  c.heapSource = get("MXI_SIM_HEAP_SOURCE", "");
  c.demoAppHeap = get("MXI_SIM_DEMO_APP_HEAP", "");
  c.traceSource = get("MXI_SIM_TRACE_SOURCE", "");
  c.foreground = get("MXI_SIM_FOREGROUND", "");
  c.stopped = get("MXI_SIM_STOPPED", "");
  c.notDebuggable = get("MXI_SIM_NOT_DEBUGGABLE", "");
  c.missingServices = get("MXI_SIM_MISSING_SERVICES", "");
  c.apks = get("MXI_SIM_APKS", "");
  c.demoApk = get("MXI_SIM_DEMO_APK", "");
  c.extraIssues = get("MXI_SIM_EXTRA_ISSUES", "");
  c.sqlStatements = get("MXI_SIM_SQL_STATEMENTS", "");
  c.frameMs = getInt("MXI_SIM_FRAME_MS", c.frameMs);
  c.logMs = getInt("MXI_SIM_LOG_MS", c.logMs);
  c.anrAtMs = getInt("MXI_SIM_ANR_AT_MS", c.anrAtMs);
  c.leadMs = getInt("MXI_SIM_LEAD_MS", c.leadMs);
  c.leakEveryMs = getInt("MXI_SIM_LEAK_EVERY_MS", c.leakEveryMs);
  c.collectedEveryMs = getInt("MXI_SIM_COLLECTED_EVERY_MS", c.collectedEveryMs);
  c.refreshHz = static_cast<int>(getInt("MXI_SIM_REFRESH_HZ", c.refreshHz));
  c.oneAppDemo = getInt("MXI_SIM_ONE_APP_DEMO", 0) != 0;
  c.sdk = static_cast<int>(getInt("MXI_SIM_SDK", c.sdk));
  c.startupSeed = static_cast<uint64_t>(getInt("MXI_SIM_STARTUP_SEED", static_cast<int64_t>(c.startupSeed)));
  c.startupExtraMs = getInt("MXI_SIM_STARTUP_EXTRA_MS", c.startupExtraMs);
  c.startupCrashOn = get("MXI_SIM_STARTUP_CRASH_ON", "");
  if (auto abi = simAbiNamed(get("MXI_SIM_ABI", ""))) c.abi = *abi;
  return c;
}

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t monotonicNowNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int64_t originMs(const SimConfig& config) {
  std::error_code ec;
  fs::create_directories(config.stateDir, ec);
  const std::string path = config.stateDir + "/origin";
  if (!config.startsTimeline && !fs::exists(path)) return nowMs() + config.leadMs;
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd >= 0) {  // first tool call: the timeline starts a little later
    const int64_t monoNs = monotonicNowNs() + config.leadMs * 1'000'000;
    const std::string v = std::to_string(nowMs() + config.leadMs) + " " + std::to_string(monoNs) + "\n";
    (void)!write(fd, v.data(), v.size());
    close(fd);
  }
  for (int i = 0; i < 100; ++i) {  // another tool may be writing it right now
    std::ifstream in(path);
    int64_t v = 0;
    if (in >> v && v > 0) return v;
    usleep(1000);
  }
  return nowMs();
}

bool timelineBegun(const SimConfig& config) { return fs::exists(config.stateDir + "/origin"); }

int64_t originMonotonicNs(const SimConfig& config) {
  (void)originMs(config);  // creates the file on the first call that starts the timeline
  std::ifstream in(config.stateDir + "/origin");
  int64_t epoch = 0, mono = 0;
  if (!(in >> epoch >> mono)) return monotonicNowNs() + config.leadMs * 1'000'000;  // not begun
  return mono;
}

void logCall(const SimConfig& config, int argc, char** argv) {
  std::error_code ec;
  fs::create_directories(config.stateDir, ec);
  std::string line;
  for (int i = 0; i < argc; ++i) {
    if (i) line += ' ';
    line += i == 0 ? fs::path(argv[0]).filename().string() : argv[i];
  }
  line += '\n';
  const int fd = open((config.stateDir + "/calls.log").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) {
    (void)!write(fd, line.data(), line.size());
    close(fd);
  }
}

}  // namespace mxi::sim
