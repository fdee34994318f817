#include "app/gui/settings/settings.h"

#include "core/analysis/known_references.h"

#include <QRegularExpression>
#include <QSettings>

namespace mxi::gui {

namespace {

const QString kAdbPath = QStringLiteral("adb/path");
const QString kTransport = QStringLiteral("adb/transport");
const QString kEvilMethodMs = QStringLiteral("thresholds/evilMethodMs");
const QString kAnrMs = QStringLiteral("thresholds/anrMs");
const QString kSqlSlowMs = QString::fromLatin1(core::sqlitelint::kSlowStatementSettingsKey);
const QString kDropNormal = QStringLiteral("thresholds/dropNormal");
const QString kDropMiddle = QStringLiteral("thresholds/dropMiddle");
const QString kDropHigh = QStringLiteral("thresholds/dropHigh");
const QString kDropFrozen = QStringLiteral("thresholds/dropFrozen");
// Mappings per app and version. Before versions existed they were stored under "mappings" with
// the keys package, methodMapping and proguardMapping: still read when "appMappings" is absent,
// and removed by the next save (their rows then live on under the new key, version blank).
const QString kMappings = QStringLiteral("appMappings");
const QString kOldMappings = QStringLiteral("mappings");
const QString kExcludedHeaps = QStringLiteral("heaps/exclude");
const QString kKnownReferences = QStringLiteral("heaps/knownReferences");
const QString kLeakWatch = QStringLiteral("live/leakWatch");
// `mxi record --leak-watch`'s names (core/agentlink parseLeakWatchMode).
const QStringList kLeakWatchModes{QStringLiteral("off"), QStringLiteral("report"), QStringLiteral("manual"),
                                  QStringLiteral("auto")};

template <typename T>
void readNumber(QSettings& store, const QString& key, T& into) {
  bool ok = false;
  const qlonglong v = store.value(key).toLongLong(&ok);
  if (ok && v >= 0) into = static_cast<T>(v);
}

}  // namespace

bool Settings::operator==(const Settings& o) const {
  const auto& a = thresholds;
  const auto& b = o.thresholds;
  return adbPath == o.adbPath && transport == o.transport && a.evilMethodMs == b.evilMethodMs && a.anrMs == b.anrMs &&
         a.drops.normal == b.drops.normal && a.drops.middle == b.drops.middle && a.drops.high == b.drops.high &&
         a.drops.frozen == b.drops.frozen && mappings == o.mappings && excludedHeaps == o.excludedHeaps &&
         knownReferencesFile == o.knownReferencesFile && leakWatch == o.leakWatch && sqlSlowMs == o.sqlSlowMs;
}

namespace {

QString thresholdsProblem(const core::live::LiveThresholds& thresholds) {
  const auto& d = thresholds.drops;
  if (!(0 < d.normal && d.normal < d.middle && d.middle < d.high && d.high < d.frozen)) {
    return QStringLiteral("drop thresholds must increase: 0 < Normal (%1) < Middle (%2) < High (%3) < Frozen (%4)")
        .arg(d.normal)
        .arg(d.middle)
        .arg(d.high)
        .arg(d.frozen);
  }
  if (thresholds.evilMethodMs <= 0) return QStringLiteral("the evil-method threshold must be positive");
  if (thresholds.anrMs < thresholds.evilMethodMs) {
    return QStringLiteral("the ANR threshold (%1 ms) must not be below the evil-method threshold (%2 ms)")
        .arg(thresholds.anrMs)
        .arg(thresholds.evilMethodMs);
  }
  return {};
}

}  // namespace

Settings Settings::load(QSettings& store) {
  Settings s;
  if (const QString v = store.value(kAdbPath).toString(); !v.isEmpty()) s.adbPath = v;
  if (const QString v = store.value(kTransport).toString(); !v.isEmpty()) s.transport = v;
  readNumber(store, kEvilMethodMs, s.thresholds.evilMethodMs);
  readNumber(store, kAnrMs, s.thresholds.anrMs);
  readNumber(store, kSqlSlowMs, s.sqlSlowMs);
  readNumber(store, kDropNormal, s.thresholds.drops.normal);
  readNumber(store, kDropMiddle, s.thresholds.drops.middle);
  readNumber(store, kDropHigh, s.thresholds.drops.high);
  readNumber(store, kDropFrozen, s.thresholds.drops.frozen);
  const bool migrated = store.contains(kMappings + QStringLiteral("/size"));
  const int n = store.beginReadArray(migrated ? kMappings : kOldMappings);
  for (int i = 0; i < n; ++i) {
    store.setArrayIndex(i);
    AppMapping m{store.value(QStringLiteral("package")).toString(),
                 store.value(QStringLiteral("methodMapping")).toString(),
                 store.value(migrated ? QStringLiteral("mapping") : QStringLiteral("proguardMapping")).toString(),
                 migrated ? store.value(QStringLiteral("versionCode")).toString().trimmed() : QString()};
    if (!m.package.isEmpty()) s.mappings << m;
  }
  store.endArray();
  s.excludedHeaps = store.value(kExcludedHeaps).toStringList();
  s.knownReferencesFile = store.value(kKnownReferences).toString();
  if (const QString v = store.value(kLeakWatch).toString(); kLeakWatchModes.contains(v)) s.leakWatch = v;
  if (!thresholdsProblem(s.thresholds).isEmpty())
    s.thresholds = core::live::LiveThresholds{};  // inconsistent numbers: back to Matrix's
  return s;
}

Settings Settings::load() {
  QSettings store;
  return load(store);
}

void Settings::save(QSettings& store) const {
  store.setValue(kAdbPath, adbPath);
  store.setValue(kTransport, transport);
  store.setValue(kEvilMethodMs, QVariant::fromValue<qlonglong>(thresholds.evilMethodMs));
  store.setValue(kAnrMs, QVariant::fromValue<qlonglong>(thresholds.anrMs));
  store.setValue(kSqlSlowMs, QVariant::fromValue<qlonglong>(sqlSlowMs));
  store.setValue(kDropNormal, thresholds.drops.normal);
  store.setValue(kDropMiddle, thresholds.drops.middle);
  store.setValue(kDropHigh, thresholds.drops.high);
  store.setValue(kDropFrozen, thresholds.drops.frozen);
  store.remove(kOldMappings);
  store.remove(kMappings);
  store.beginWriteArray(kMappings, static_cast<int>(mappings.size()));
  for (int i = 0; i < mappings.size(); ++i) {
    store.setArrayIndex(i);
    store.setValue(QStringLiteral("package"), mappings[i].package);
    store.setValue(QStringLiteral("versionCode"), mappings[i].versionCode);
    store.setValue(QStringLiteral("methodMapping"), mappings[i].methodMapping);
    store.setValue(QStringLiteral("mapping"), mappings[i].proguardMapping);
  }
  store.endArray();
  store.setValue(kExcludedHeaps, excludedHeaps);
  store.setValue(kKnownReferences, knownReferencesFile);
  store.setValue(kLeakWatch, leakWatch);
  store.sync();
}

void Settings::save() const {
  QSettings store;
  save(store);
}

QString Settings::validate() const {
  if (QString problem = thresholdsProblem(thresholds); !problem.isEmpty()) return problem;
  static const QRegularExpression tcp(QStringLiteral("^tcp:[^:]+:([0-9]{1,5})$"));
  if (transport != QLatin1String("server") && transport != QLatin1String("usb")) {
    const auto m = tcp.match(transport);
    if (!m.hasMatch() || m.captured(1).toInt() == 0 || m.captured(1).toInt() > 65535) {
      return QStringLiteral("transport '%1': expected server, usb or tcp:HOST:PORT").arg(transport);
    }
  }
  if (adbPath.trimmed().isEmpty()) return QStringLiteral("the adb path is empty");
  static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
  for (const AppMapping& m : mappings) {
    const QString which = m.versionCode.isEmpty() ? m.package : m.package + QStringLiteral(" ") + m.versionCode;
    if (m.methodMapping.isEmpty() && m.proguardMapping.isEmpty()) {
      return QStringLiteral("the mapping of %1 names no file").arg(which);
    }
    if (!m.versionCode.isEmpty() && !digits.match(m.versionCode).hasMatch()) {
      return QStringLiteral("the mapping of %1: versionCode '%2' is not a number (blank: every version)")
          .arg(m.package, m.versionCode);
    }
  }
  if (!knownReferencesFile.isEmpty()) {
    const auto known = core::analysis::readKnownReferencesFile(knownReferencesFile.toStdString());
    if (!known.ok()) return QString::fromStdString(known.status().message());
  }
  return {};
}

const AppMapping* findAppMapping(const QList<AppMapping>& table, const std::string& app,
                                 const std::string& versionCode) {
  const QString name = QString::fromStdString(app.substr(0, app.find(':')));
  const QString version = QString::fromStdString(versionCode);
  const AppMapping* best = nullptr;
  int bestRank = 0;
  for (const AppMapping& m : table) {
    if (!m.versionCode.isEmpty() && m.versionCode != version) continue;  // another build's names
    // 3: this package at this version, 2: this package, any version, 1: any app.
    const int rank = m.package.isEmpty() ? 1 : m.package != name ? 0 : m.versionCode.isEmpty() ? 2 : 3;
    if (rank > bestRank) {
      best = &m;
      bestRank = rank;
    }
  }
  return best;
}

std::vector<std::string> Settings::excludedHeapNames() const {
  std::vector<std::string> names;
  for (const QString& h : excludedHeaps) {
    if (!h.trimmed().isEmpty()) names.push_back(h.trimmed().toStdString());
  }
  return names;
}

}  // namespace mxi::gui
