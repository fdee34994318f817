// The executable `program` in $PATH's directories, as a shell finds it ("" when none). Shared by
// the simulator (qemu for foreign ELFs), its tools (where they were started from) and tests.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace mxi::sim {

inline std::string findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  for (size_t i = 0; i <= dirs.size();) {
    size_t colon = dirs.find(':', i);
    if (colon == std::string::npos) colon = dirs.size();
    const std::string candidate = dirs.substr(i, colon - i) + "/" + program;
    if (colon > i && access(candidate.c_str(), X_OK) == 0) return candidate;
    i = colon + 1;
  }
  return {};
}

}  // namespace mxi::sim
