#include "sim_launch_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

namespace mxi::sim {

namespace {

std::string logPath(const SimConfig& config) { return config.stateDir + "/launches/log"; }
std::string pendingPath(const SimConfig& config, const std::string& package) {
  return config.stateDir + "/launches/" + package + ".pending";
}

// Tab-separated; the message is the rest of the line (a stack line starts with a tab).
std::string rowsOf(const std::vector<StampedLogLine>& lines) {
  std::string text;
  for (const StampedLogLine& s : lines) {
    const SimLogLine& l = s.line;
    text += std::to_string(s.epochMs) + "\t" + std::to_string(static_cast<int>(l.buffer)) + "\t" +
            std::to_string(l.pid) + "\t" + std::to_string(l.tid) + "\t" + l.level + "\t" + l.tag + "\t" + l.message +
            "\n";
  }
  return text;
}

void appendText(const std::string& path, const std::string& text) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  (void)!write(fd, text.data(), text.size());
  close(fd);
}

// Reads `path`'s rows into `log` (times from `origin`); whether it added any.
bool readRows(const std::string& path, int64_t origin, std::vector<SimLogLine>& log) {
  std::ifstream in(path);
  bool added = false;
  for (std::string row; std::getline(in, row);) {
    size_t at = 0;
    std::vector<std::string> fields;
    while (fields.size() < 6) {
      const size_t tab = row.find('\t', at);
      if (tab == std::string::npos) break;
      fields.push_back(row.substr(at, tab - at));
      at = tab + 1;
    }
    if (fields.size() < 6 || fields[4].size() != 1) continue;
    SimLogLine l;
    l.atMs = std::atoll(fields[0].c_str()) - origin;
    l.buffer = static_cast<LogBuffer>(std::atoi(fields[1].c_str()));
    l.pid = std::atoi(fields[2].c_str());
    l.tid = std::atoi(fields[3].c_str());
    l.level = fields[4][0];
    l.tag = fields[5];
    l.message = row.substr(at);
    log.push_back(std::move(l));
    added = true;
  }
  return added;
}

}  // namespace

void appendLaunchLog(const SimConfig& config, const std::vector<StampedLogLine>& lines) {
  appendText(logPath(config), rowsOf(lines));  // one write: another tool may append too
}

void setPendingLaunchLine(const SimConfig& config, const std::string& package, const StampedLogLine& line) {
  std::error_code ec;
  std::filesystem::create_directories(config.stateDir + "/launches", ec);
  std::ofstream(pendingPath(config, package), std::ios::trunc) << rowsOf({line});
}

void settlePendingLaunchLine(const SimConfig& config, const std::string& package) {
  const std::string path = pendingPath(config, package);
  std::ifstream in(path);
  std::string row;
  if (!std::getline(in, row)) return;
  if (std::atoll(row.c_str()) <= nowMs()) appendText(logPath(config), row + "\n");
  std::error_code ec;
  std::filesystem::remove(path, ec);
}

void addLaunchLog(Ctx& c) {
  bool added = readRows(logPath(c.config), c.origin, c.device.log);
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(c.config.stateDir + "/launches", ec)) {
    if (entry.path().extension() == ".pending") added |= readRows(entry.path().string(), c.origin, c.device.log);
  }
  if (added) {
    std::stable_sort(c.device.log.begin(), c.device.log.end(),
                     [](const SimLogLine& a, const SimLogLine& b) { return a.atMs < b.atMs; });
  }
}

}  // namespace mxi::sim
