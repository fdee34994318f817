#include "sim_props.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

fs::path propertyDir(const SimConfig& config) { return fs::path(config.stateDir) / "props"; }

// One line appended with one write: a tool reading at the same time sees it whole or not at all.
void writeProperty(const SimConfig& config, const std::string& name, const std::string& value) {
  std::error_code ec;
  fs::create_directories(propertyDir(config), ec);
  const std::string line = std::to_string(monotonicNowNs()) + " " + value + "\n";
  const int fd = open((propertyDir(config) / name).c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  (void)!write(fd, line.data(), line.size());
  close(fd);
}

}  // namespace

std::optional<SetProperty> readSetProperty(const SimConfig& config, const std::string& name, int64_t atNs) {
  std::ifstream in(propertyDir(config) / name);
  std::optional<SetProperty> found;
  for (std::string line; std::getline(in, line);) {
    const size_t space = line.find(' ');
    if (space == std::string::npos) continue;
    const int64_t ns = std::atoll(line.c_str());
    if (ns > atNs) break;
    found = SetProperty{line.substr(space + 1), ns};
  }
  return found;
}

std::vector<std::pair<std::string, std::string>> setProperties(const SimConfig& config) {
  std::vector<std::pair<std::string, std::string>> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(propertyDir(config), ec)) {
    const std::string name = e.path().filename().string();
    if (const auto p = readSetProperty(config, name)) out.emplace_back(name, p->value);
  }
  std::sort(out.begin(), out.end());
  return out;
}

int setprop(const SimConfig& config, const std::vector<std::string>& args) {
  if (args.size() != 2) {
    std::fprintf(stderr, "setprop: %s 2 arguments\n", args.size() < 2 ? "Need" : "Max");
    return 1;
  }
  const std::string& name = args[0];
  const std::string& value = args[1];
  if (name.empty() || name.front() == '.' || name.back() == '.') {
    std::fprintf(stderr, "setprop: property names must not start or end with '.'\n");
    return 1;
  }
  if (name.find("..") != std::string::npos) {
    std::fprintf(stderr, "setprop: '..' is not allowed in a property name\n");
    return 1;
  }
  for (const char ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && std::string_view(":@_.-").find(ch) == std::string_view::npos) {
      std::fprintf(stderr, "setprop: invalid character '%c' in name '%s'\n", ch, name.c_str());
      return 1;
    }
  }
  if (!name.starts_with("log.tag.") || value.find('\n') != std::string::npos) {
    std::fprintf(stderr, "setprop: failed to set property '%s' to '%s'\n", name.c_str(), value.c_str());
    return 1;
  }
  writeProperty(config, name, value);
  return 0;
}

bool logsVerbose(const std::string& value) { return !value.empty() && std::toupper(value[0]) == 'V'; }

}  // namespace mxi::sim
