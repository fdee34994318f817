#include "app/gui/models/triage/triage_occurrence_model.h"

#include <QFileInfo>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {
namespace triage = core::triage;

TriageOccurrenceModel::TriageOccurrenceModel(QObject* parent) : QAbstractTableModel(parent) {}

void TriageOccurrenceModel::setOccurrences(std::vector<triage::Occurrence> occurrences) {
  beginResetModel();
  m_rows = std::move(occurrences);
  endResetModel();
}

const triage::Occurrence* TriageOccurrenceModel::occurrenceAt(int row) const {
  return row >= 0 && row < static_cast<int>(m_rows.size()) ? &m_rows[static_cast<size_t>(row)] : nullptr;
}

int TriageOccurrenceModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int TriageOccurrenceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumnCount; }

QVariant TriageOccurrenceModel::data(const QModelIndex& index, int role) const {
  const triage::Occurrence* o = occurrenceAt(index.row());
  if (!o) return {};
  const triage::CaptureInfo& c = o->capture.info;
  if (role == kPathRole) return QString::fromStdString(c.path);
  auto plain = [&](const QString& value) -> QVariant {
    return role == Qt::DisplayRole || role == kExactRole ? QVariant(value) : QVariant();
  };
  switch (index.column()) {
    case kCapture:
      if (role == Qt::ToolTipRole) return tr("%1\nDouble-click to open it there").arg(QString::fromStdString(c.path));
      return plain(QFileInfo(QString::fromStdString(c.path)).fileName());
    case kAppVersion: return plain(c.appVersion.empty() ? tr("unknown") : QString::fromStdString(c.appVersion));
    case kDevice: return plain(QString::fromStdString(c.device));
    case kCaptured: return dateTimeCell(role, c.capturedAtMs);
    case kCount: return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(o->count)), NumberKind::kCount);
    case kRetained:
      return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(o->retainedBytes)), NumberKind::kBytes);
    case kObject: return plain(QString::fromStdString(o->objectId));
    default: return {};
  }
}

QVariant TriageOccurrenceModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader(
      {tr("Capture"), tr("App version"), tr("Device"), tr("Captured"), tr("Count"), tr("Retained"), tr("Object")},
      section, orientation, role);
}

}  // namespace mxi::gui
