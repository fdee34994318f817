#include "core/devicetext/package_name.h"

#include <cstddef>

namespace mxi::core::devicetext {

namespace {
bool isAlpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool isWordChar(char c) { return isAlpha(c) || (c >= '0' && c <= '9') || c == '_'; }
}  // namespace

bool isValidPackageName(std::string_view name) {
  if (name.empty() || name.size() > 255 || !isAlpha(name[0])) return false;
  size_t i = 1;
  while (i < name.size() && isWordChar(name[i])) ++i;
  int segments = 0;
  while (i < name.size()) {
    if (name[i] != '.') return false;
    ++i;
    const size_t start = i;
    while (i < name.size() && isWordChar(name[i])) ++i;
    if (i == start) return false;  // empty segment
    ++segments;
  }
  return segments >= 1;
}

}  // namespace mxi::core::devicetext
