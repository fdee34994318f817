#include "device-agent/src/validation.h"

namespace mxi::agent {

std::optional<int> parsePid(std::string_view text) {
  if (text.empty() || text.size() > 7) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v < 1 || v > (1 << 22)) return std::nullopt;
  return v;
}

}  // namespace mxi::agent
