#include "sim_dbinfo.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "sim_database.h"

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

constexpr size_t kRecentOperations = 20;  // SQLiteConnection.OperationLog.MAX_RECENT_OPERATIONS
constexpr const char* kDemoPackage = "com.example.mxi.demo";

std::string statsLogPath(const SimConfig& config) { return config.stateDir + "/demo-db-stats"; }

std::vector<int64_t> statsTimes(const SimConfig& config) {
  std::vector<int64_t> out;
  std::ifstream in(statsLogPath(config));
  for (int64_t at = 0; in >> at;) out.push_back(at);
  return out;
}

// OperationLog.dump's SimpleDateFormat("yyyy-MM-dd HH:mm:ss.SSS"), in the phone's zone (UTC).
std::string wallTime(int64_t epochMs) {
  const time_t seconds = static_cast<time_t>(epochMs / 1000);
  tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &utc);
  return std::string(text) + "." + std::to_string(1000 + epochMs % 1000).substr(1);
}

// BasicFileAttributes' FileTime.toString() of a whole second: 2020-10-13T11:40:15Z.
std::string fileTime(time_t seconds) {
  tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// SQLiteConnection.dumpUnsafe through the pool's "    " prefix.
std::string connectionDump(const Ctx& c, int id, const std::vector<const DemoDbOperation*>& ops) {
  std::string out = "    Connection #" + std::to_string(id) +
                    ":\n      isPrimaryConnection: " + (id == 0 ? "true" : "false") +
                    "\n      onlyAllowReadOnlyOperations: " + (id == 0 ? "false" : "true") +
                    "\n      Most recently executed operations:\n";
  if (ops.empty()) return out + "        <none>\n";
  const size_t shown = std::min(ops.size(), kRecentOperations);
  for (size_t n = 0; n < shown; ++n) {
    const DemoDbOperation& op = *ops[ops.size() - 1 - n];
    out += "        " + std::to_string(n) + ": [" + wallTime(c.origin + op.atMs) + "] " + op.kind + " took " +
           std::to_string(op.tookMs) + "ms - succeeded, sql=\"" + op.sql + "\", path=" + kDemoDatabaseDevicePath + "\n";
  }
  return out;
}

// SQLiteDatabase.dumpDatabaseDirectory: every file of the directory, by name.
std::string directoryListing(const SimConfig& config) {
  const fs::path dir = fs::path(demoDatabaseFile(config)).parent_path();
  const std::string deviceDir = fs::path(kDemoDatabaseDevicePath).parent_path().string();
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find(".building-") == std::string::npos) names.push_back(name);  // not yet the app's
  }
  std::sort(names.begin(), names.end());
  std::string out = "\nDatabase files in " + deviceDir + ":\n";
  if (names.empty()) return out + "  [none]\n";
  for (const std::string& name : names) {
    struct stat st {};
    if (stat((dir / name).c_str(), &st) != 0) continue;
    char row[512];
    std::snprintf(row, sizeof row, "  %-40s %7lldb ctime=%s mtime=%s atime=%s\n", name.c_str(),
                  static_cast<long long>(st.st_size), fileTime(st.st_ctime).c_str(), fileTime(st.st_mtime).c_str(),
                  fileTime(st.st_atime).c_str());
    out += row;
  }
  return out;
}

// The demo app's part: its one pool, then its database directory.
std::string demoDatabaseDump(const Ctx& c, const SimApp& app) {
  const int64_t now = c.elapsed();
  if (now < 0 || !demoOwnsDatabase(c.config)) return {};  // before the timeline the app has opened none
  // A process started again (am start) has only what it ran since.
  const int64_t startedNs = startedNsOf(c, app);
  const int64_t startedAt = startedNs == 0 ? INT64_MIN : (startedNs - originMonotonicNs(c.config)) / 1'000'000;
  std::vector<const DemoDbOperation*> rings[2];
  int64_t totalMs = 0;
  const std::vector<DemoDbOperation> ops = demoDatabaseOperations(c.config, app.pid, now, statsTimes(c.config));
  for (const DemoDbOperation& op : ops) {
    if (op.atMs < startedAt) continue;
    rings[op.connection].push_back(&op);
    totalMs += op.tookMs;
  }
  std::string out = "\nConnection pool for " + std::string(kDemoDatabaseDevicePath) +
                    ":\n  Open: true\n  Max connections: 4\n  Total execution time: " + std::to_string(totalMs) +
                    "\n  Configuration: openFlags=805306368, isLegacyCompatibilityWalEnabled=false, journalMode=, "
                    "syncMode=\n  Available primary connection:\n" +
                    connectionDump(c, 0, rings[0]) + "  Available non-primary connections:\n";
  out += rings[1].empty() ? "    <none>\n" : connectionDump(c, 1, rings[1]);
  out += "  Acquired connections:\n    <none>\n  Connection waiters:\n    <none>\n";
  return out + directoryListing(c.config);
}

}  // namespace

int dumpsysDbinfo(const Ctx& c, const std::vector<std::string>& args) {
  std::string target;
  for (const std::string& a : args) {
    if (!a.empty() && a[0] != '-') target = a;  // -v adds pointers and statement caches: not simulated
  }
  std::vector<const SimApp*> processes;
  for (const SimApp& app : c.device.apps) {
    if (isStopped(c, app) || app.package.find('.') == std::string::npos) continue;  // init, system_server
    if (target.empty() || app.package == target || std::to_string(app.pid) == target) processes.push_back(&app);
  }
  if (processes.empty() && !target.empty()) {
    std::printf("No process found for: %s\n", target.c_str());
    return 0;
  }
  std::string out = "Applications Database Info:\n";
  for (const SimApp* app : processes) {
    out += "\n** Database info for pid " + std::to_string(app->pid) + " [" + app->package + "] **\n";
    if (c.device.synthetic && app->package == kDemoPackage) out += demoDatabaseDump(c, *app);
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

void noteDemoDatabaseStats(const Ctx& c) {
  std::error_code ec;
  fs::create_directories(c.config.stateDir, ec);
  const std::string line = std::to_string(c.elapsed()) + "\n";
  const int fd = open(statsLogPath(c.config).c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd >= 0) {
    (void)!write(fd, line.data(), line.size());
    close(fd);
  }
}

}  // namespace mxi::sim
