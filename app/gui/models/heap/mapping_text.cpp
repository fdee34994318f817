#include "app/gui/models/heap/mapping_text.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace mxi::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("mxi::gui::MappingText", text); }

}  // namespace

QString appBuildText(const HeapDocument& doc) {
  if (doc.appPackage.isEmpty()) return {};
  return doc.appVersionCode.isEmpty() ? doc.appPackage : doc.appPackage + QLatin1Char(' ') + doc.appVersionCode;
}

QString mappingStatusText(const HeapDocument& doc) {
  const QString build = appBuildText(doc);
  if (!doc.mappingError.isEmpty()) return tr("Minified names: the mapping could not be used: %1").arg(doc.mappingError);
  if (doc.mapping) {
    const QString file = QFileInfo(doc.mappingPath).fileName();
    return build.isEmpty() ? tr("Original names from %1").arg(file)
                           : tr("Original names from %1 (%2)").arg(file, build);
  }
  return build.isEmpty() ? tr("Names as in the dump (it does not say which app it is)")
                         : tr("Names as in the dump (no mapping in Settings for %1)").arg(build);
}

QString minifiedHint(std::string_view dumpName) {
  if (dumpName.empty()) return {};
  return tr("was %1").arg(QString::fromUtf8(dumpName.data(), static_cast<qsizetype>(dumpName.size())));
}

}  // namespace mxi::gui
