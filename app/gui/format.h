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

// Time since a session's start: "mm:ss.mmm", "h:mm:ss.mmm" from an hour on.
inline QString formatSessionTime(int64_t ms) {
  const int64_t h = ms / 3'600'000, m = ms / 60'000 % 60, s = ms / 1000 % 60, rest = ms % 1000;
  const QString t = QStringLiteral("%1:%2.%3")
                        .arg(m, 2, 10, QLatin1Char('0'))
                        .arg(s, 2, 10, QLatin1Char('0'))
                        .arg(rest, 3, 10, QLatin1Char('0'));
  return h > 0 ? QStringLiteral("%1:%2").arg(h).arg(t) : t;
}

}  // namespace mxi::gui
