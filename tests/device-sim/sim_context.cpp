#include "tests/device-sim/sim_context.h"

#include <cstdio>
#include <vector>

namespace mxi::sim {

std::string mapDevicePath(const SimContext& ctx, const std::string& devicePath) {
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= devicePath.size()) {
    const size_t slash = devicePath.find('/', i);
    const std::string part = devicePath.substr(i, slash == std::string::npos ? std::string::npos : slash - i);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    if (slash == std::string::npos) break;
    i = slash + 1;
  }
  std::string out = ctx.root;
  for (const auto& p : parts) out += "/" + p;
  return out;
}

std::string rewriteDevicePaths(const SimContext& ctx, const std::string& command) {
  static const char* const kPrefixes[] = {"/data/", "/data", "/sdcard/", "/sdcard", "/storage/"};
  std::string out;
  out.reserve(command.size());
  for (size_t i = 0; i < command.size();) {
    const bool wordStart =
        i == 0 || std::string_view(" \t\n'\"=:;(|&<>").find(command[i - 1]) != std::string_view::npos;
    bool replaced = false;
    if (wordStart && command[i] == '/') {
      for (const char* prefix : kPrefixes) {
        const std::string_view p(prefix);
        if (command.compare(i, p.size(), p) != 0) continue;
        const size_t end = i + p.size();
        // A bare "/data" must end the word ("/database" is not under /data).
        if (p.back() != '/' && end < command.size() &&
            std::string_view(" \t\n'\";|&<>)").find(command[end]) == std::string_view::npos) {
          continue;
        }
        out += ctx.root;
        out += p;
        i = end;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += command[i++];
  }
  return out;
}

void logLine(const SimContext& ctx, const std::string& line) {
  if (!ctx.verbose) return;
  std::fprintf(stderr, "mxi-device-sim: %s\n", line.c_str());
}

}  // namespace mxi::sim
