// Byte counts as people read them: the largest binary unit (B, KiB … TiB) that keeps the number
// at or above 1. The CLI prints it with bytesText, the GUI in the user's locale.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace mxi::core {

struct ScaledBytes {
  double value = 0;       // bytes / 1024^n; exact when the unit is "B"
  std::string_view unit;  // "B", "KiB", "MiB", "GiB" or "TiB"
  bool wholeBytes() const { return unit == "B"; }
};

inline ScaledBytes scaleBytes(uint64_t bytes) {
  static constexpr std::string_view kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  size_t unit = 0;
  while (v >= 1024 && unit + 1 < std::size(kUnits)) {
    v /= 1024;
    ++unit;
  }
  return {v, kUnits[unit]};
}

// "12.3 MiB", or "512 B" exactly: how the CLI and the HTML pages print a byte count.
inline std::string bytesText(uint64_t bytes) {
  const ScaledBytes b = scaleBytes(bytes);
  char text[32];
  if (b.wholeBytes()) {
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(text, sizeof text, "%.1f %.*s", b.value, static_cast<int>(b.unit.size()), b.unit.data());
  }
  return text;
}

}  // namespace mxi::core
