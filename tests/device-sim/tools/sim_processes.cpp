#include "sim_processes.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

fs::path processDir(const SimConfig& config) { return fs::path(config.stateDir) / "processes"; }

std::string packageOfProcess(const std::string& process) { return process.substr(0, process.find(':')); }

struct PackageState {
  bool known = false;  // started or stopped by a tool; else as replayed
  int pid = 0;
  int64_t startedNs = 0;
};

PackageState readState(const SimConfig& config, const std::string& package) {
  PackageState s;
  std::ifstream in(processDir(config) / package);
  s.known = static_cast<bool>(in >> s.pid >> s.startedNs);
  return s;
}

// Written whole and renamed, so a tool reading at the same time sees the old or the new state.
void writeState(const SimConfig& config, const std::string& package, int pid, int64_t startedNs) {
  std::error_code ec;
  fs::create_directories(processDir(config), ec);
  const fs::path target = processDir(config) / package;
  const fs::path temporary = target.string() + ".tmp" + std::to_string(getpid());
  std::ofstream(temporary) << pid << " " << startedNs << "\n";
  fs::rename(temporary, target, ec);
}

bool listedAsStopped(const SimConfig& config, const std::string& package) {
  return ("," + config.stopped + ",").find("," + package + ",") != std::string::npos;
}

}  // namespace

std::vector<int64_t> applyProcessState(const SimConfig& config, std::vector<SimApp>& apps) {
  std::vector<int64_t> started(apps.size(), 0);
  for (size_t i = 0; i < apps.size(); ++i) {
    SimApp& app = apps[i];
    const std::string package = packageOfProcess(app.package);
    const PackageState s = readState(config, package);
    if (!s.known) {
      if (listedAsStopped(config, package)) app.pid = 0;
      continue;
    }
    // A restart brings the main process back; the package's other processes stay gone.
    app.pid = app.package == package ? s.pid : 0;
    started[i] = s.startedNs;
  }
  return started;
}

bool startProcess(const SimConfig& config, const std::vector<SimApp>& apps, const std::string& package) {
  for (const SimApp& app : apps) {
    if (app.package == package && app.pid != 0) return false;  // already running: brought to front only
  }
  const fs::path counter = processDir(config) / "next-pid";
  int pid = 30001;
  std::ifstream(counter) >> pid;
  std::error_code ec;
  fs::create_directories(processDir(config), ec);
  std::ofstream(counter) << pid + 1 << "\n";
  writeState(config, package, pid, monotonicNowNs());
  return true;
}

void stopProcesses(const SimConfig& config, const std::string& package) { writeState(config, package, 0, 0); }

}  // namespace mxi::sim
