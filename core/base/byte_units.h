// Byte counts as people read them: the largest binary unit (B, KiB … TiB) that keeps the number
// at or above 1. The CLI prints it with printf, the GUI in the user's locale.
#pragma once

#include <cstdint>
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

}  // namespace mxi::core
