// Small formatting helpers shared by the views.
#pragma once

#include <QString>
#include <cstdint>

#include "core/hprof/hprof_types.h"

namespace mxi::gui {

inline QString humanBytes(uint64_t bytes) {
  static const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int unit = 0;
  while (v >= 1024 && unit < 4) {
    v /= 1024;
    ++unit;
  }
  return unit == 0 ? QStringLiteral("%1 B").arg(bytes) : QStringLiteral("%1 %2").arg(v, 0, 'f', 1).arg(kUnits[unit]);
}

inline QString hexId(core::hprof::ObjectId id) { return QStringLiteral("0x%1").arg(id.value, 0, 16); }

}  // namespace mxi::gui
