// Small formatting helpers shared by the views.
#pragma once

#include <QDateTime>
#include <QLocale>
#include <QString>
#include <QVariant>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "app/gui/models/roles.h"
#include "core/base/byte_units.h"
#include "core/hprof/hprof_types.h"

namespace mxi::gui {

// Numbers as people read them, in the user's locale: digits grouped ("131,415"), bytes in the
// largest binary unit that keeps the number at or above 1 ("233.0 KiB", "1.4 GiB", "512 B").
inline QString groupedNumber(qlonglong n) { return QLocale().toString(n); }

inline QString humanBytes(uint64_t bytes) {
  const core::ScaledBytes b = core::scaleBytes(bytes);
  return b.wholeBytes()
             ? QStringLiteral("%1 B").arg(QLocale().toString(static_cast<qulonglong>(bytes)))
             : QStringLiteral("%1 %2").arg(QLocale().toString(b.value, 'f', 1),
                                           QLatin1String(b.unit.data(), static_cast<qsizetype>(b.unit.size())));
}

inline QString exactBytes(uint64_t bytes) {
  return QStringLiteral("%1 bytes").arg(QLocale().toString(static_cast<qulonglong>(bytes)));
}

inline QString humanPercent(double percent) { return QStringLiteral("%1 %").arg(QLocale().toString(percent, 'f', 1)); }

// How a numeric cell reads.
enum class NumberKind { kCount, kBytes, kSignedCount, kSignedBytes, kPercent };

// A numeric cell of a table or tree: DisplayRole in human units, ToolTipRole exact, kExactRole
// the number itself (what sorting compares and Ctrl+C copies), right-aligned; QVariant() for
// other roles. `value`: qulonglong, qlonglong or double.
inline QVariant numberCell(int role, const QVariant& value, NumberKind kind) {
  const auto sign = [](qlonglong v) { return v > 0 ? QStringLiteral("+") : v < 0 ? QStringLiteral("−") : QString(); };
  switch (role) {
    case Qt::DisplayRole:
      switch (kind) {
        case NumberKind::kCount: return groupedNumber(value.toLongLong());
        case NumberKind::kBytes: return humanBytes(value.toULongLong());
        case NumberKind::kSignedCount:
          return QString(sign(value.toLongLong()) + groupedNumber(std::abs(value.toLongLong())));
        case NumberKind::kSignedBytes:
          return QString(sign(value.toLongLong()) + humanBytes(static_cast<uint64_t>(std::abs(value.toLongLong()))));
        case NumberKind::kPercent: return humanPercent(value.toDouble());
      }
      return {};
    case Qt::ToolTipRole:
      switch (kind) {
        case NumberKind::kBytes: return exactBytes(value.toULongLong());
        case NumberKind::kSignedBytes:
          return QString(sign(value.toLongLong()) + exactBytes(static_cast<uint64_t>(std::abs(value.toLongLong()))));
        case NumberKind::kPercent: return QStringLiteral("%1 %").arg(QLocale().toString(value.toDouble(), 'f', 4));
        default: return {};
      }
    case kExactRole: return value;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
  }
}

// A wall-clock time cell (Unix ms): "2026-11-25 18:19" in local time, kExactRole the ms.
inline QVariant dateTimeCell(int role, int64_t unixMs) {
  if (role == kExactRole) return QVariant::fromValue(static_cast<qlonglong>(unixMs));
  if (role != Qt::DisplayRole) return {};
  if (unixMs <= 0) return QStringLiteral("—");
  return QDateTime::fromMSecsSinceEpoch(unixMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

// A duration given in µs, cut (not rounded) like the issues' whole-millisecond costs so every
// figure on screen agrees: "22.62 s", "848 ms" (from 100 ms), "12.5 ms", "640 µs".
inline QString durationText(double us) {
  if (us >= 1e6) return QStringLiteral("%1 s").arg(std::floor(us / 1e4) / 100.0, 0, 'f', 2);
  if (us >= 1e5) return QStringLiteral("%1 ms").arg(static_cast<qlonglong>(us / 1e3));
  if (us >= 1e3) return QStringLiteral("%1 ms").arg(std::floor(us / 100.0) / 10.0, 0, 'f', 1);
  return QStringLiteral("%1 µs").arg(static_cast<qlonglong>(us));
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
