// The app's preferences (Settings dialog; QSettings): how to reach devices (adb binary,
// transport), the thresholds the views judge by (Matrix defaults), mappings per app package and
// version (Matrix's methodMapping.txt for evil-method call trees, R8/ProGuard mapping.txt for every
// heap view and stack), and heaps left out of heap analysis. A plain value type:
// views get what they need from it when they are created or when the settings change.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

#include "core/live/live_session.h"
#include "core/sqlitelint/live_issues.h"

class QSettings;

namespace mxi::gui {

// methodMapping.txt (Matrix gradle plugin) and/or R8/ProGuard mapping.txt of one app package,
// for one build (versionCode) or, with the version blank, for every build of the package.
struct AppMapping {
  QString package;
  QString methodMapping;
  QString proguardMapping;  // R8 or ProGuard mapping.txt
  QString versionCode;      // "42"; empty: every version
  bool operator==(const AppMapping&) const = default;
};

// The entry for an app ("com.example", or "com.example:remote" for one of its processes) at
// `versionCode` (empty when unknown). The most specific wins: package and version, then the
// package with a blank version, then an entry with an empty package (any app). An entry for
// another version never matches. nullptr when none matches.
const AppMapping* findAppMapping(const QList<AppMapping>& table, const std::string& app,
                                 const std::string& versionCode = {});

struct Settings {
  QString adbPath = QStringLiteral("adb");       // run to start a server when none answers
  QString transport = QStringLiteral("server");  // server | usb | tcp:HOST:PORT (as `mxi --transport`)
  core::live::LiveThresholds thresholds;         // drop levels, evil method 700 ms, ANR 5 s
  // A live SQL statement this long or longer is a SQLiteLint issue (type 100, once per shape;
  // `mxi record --sql-slow-ms`; 0: none).
  qint64 sqlSlowMs = core::sqlitelint::kDefaultSlowStatementMs;
  QList<AppMapping> mappings;
  QStringList excludedHeaps;    // e.g. image, zygote (Android)
  QString knownReferencesFile;  // more known references (JSON, docs/LEAKS.md), added to the built-in ones
  // The live view's leak watch (docs/LEAKS.md): off, report, manual or auto — the last one chosen.
  QString leakWatch = QStringLiteral("report");

  bool operator==(const Settings& other) const;

  // Missing keys keep their defaults; malformed values too (a hand-edited file never breaks the app).
  static Settings load(QSettings& store);
  static Settings load();  // the app's QSettings
  void save(QSettings& store) const;
  void save() const;

  // Empty when usable, else what is wrong ("drop thresholds must increase: …").
  QString validate() const;
  std::vector<std::string> excludedHeapNames() const;
};

}  // namespace mxi::gui
