#include "device-agent/src/validation.h"

namespace mxi::agent {

bool isValidComponentName(std::string_view component) {
  const size_t slash = component.find('/');
  if (slash == std::string_view::npos || !isValidPackageName(component.substr(0, slash))) return false;
  const std::string_view cls = component.substr(slash + 1);
  if (cls.empty() || cls.size() > 255 || cls.back() == '.') return false;
  for (char c : cls) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
    if (!ok) return false;
  }
  return true;
}

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
