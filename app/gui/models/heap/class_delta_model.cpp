#include "app/gui/models/heap/class_delta_model.h"

#include <QBrush>
#include <QColor>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

ClassDeltaModel::ClassDeltaModel(std::vector<core::analysis::ClassDelta> rows, QObject* parent)
    : QAbstractTableModel(parent), m_rows(std::move(rows)) {}

int ClassDeltaModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int ClassDeltaModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant ClassDeltaModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
  const auto& d = m_rows[static_cast<size_t>(index.row())];
  auto deltaOf = [&](int column) -> qlonglong {
    switch (column) {
      case kCountDelta: return d.countDelta();
      case kShallowDelta: return d.shallowDelta();
      case kRetainedDelta: return d.retainedDelta();
      default: return 0;
    }
  };
  if (role == Qt::ForegroundRole && index.column() >= kCountDelta && index.column() <= kRetainedDelta) {
    const qlonglong v = deltaOf(index.column());
    if (v > 0) return QBrush(QColor(0xc6, 0x28, 0x28));  // grew: red
    if (v < 0) return QBrush(QColor(0x2e, 0x7d, 0x32));  // shrank: green
  }
  switch (index.column()) {
    case kClass: return role == Qt::DisplayRole ? QString::fromStdString(d.className) : QVariant();
    case kCountDelta: return numberCell(role, deltaOf(index.column()), NumberKind::kSignedCount);
    case kShallowDelta:
    case kRetainedDelta: return numberCell(role, deltaOf(index.column()), NumberKind::kSignedBytes);
    case kCountBase: return numberCell(role, QVariant::fromValue<qulonglong>(d.countBase), NumberKind::kCount);
    case kCountNew: return numberCell(role, QVariant::fromValue<qulonglong>(d.countNew), NumberKind::kCount);
    case kRetainedNew: return numberCell(role, QVariant::fromValue<qulonglong>(d.retainedNew), NumberKind::kBytes);
    default: return {};
  }
}

QVariant ClassDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Class"), tr("Δ Objects"), tr("Δ Shallow"), tr("Δ Retained"), tr("Objects (baseline)"),
                       tr("Objects (this dump)"), tr("Retained (this dump)")},
                      section, orientation, role);
}

}  // namespace mxi::gui
