#include "app/gui/models/class_delta_model.h"

#include <QBrush>
#include <QColor>

#include "app/gui/format.h"

namespace mxi::gui {

ClassDeltaModel::ClassDeltaModel(std::vector<core::analysis::ClassDelta> rows, QObject* parent)
    : QAbstractTableModel(parent), m_rows(std::move(rows)) {}

int ClassDeltaModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }
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
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case kClass: return QString::fromStdString(d.className);
      case kCountDelta:
      case kShallowDelta:
      case kRetainedDelta: return deltaOf(index.column());
      case kCountBase: return QVariant::fromValue<qulonglong>(d.countBase);
      case kCountNew: return QVariant::fromValue<qulonglong>(d.countNew);
      case kRetainedNew: return QVariant::fromValue<qulonglong>(d.retainedNew);
      default: return {};
    }
  }
  if (role == Qt::ForegroundRole && index.column() >= kCountDelta && index.column() <= kRetainedDelta) {
    const qlonglong v = deltaOf(index.column());
    if (v > 0) return QBrush(QColor(0xc6, 0x28, 0x28));  // grew: red
    if (v < 0) return QBrush(QColor(0x2e, 0x7d, 0x32));  // shrank: green
  }
  if (role == Qt::ToolTipRole && (index.column() == kShallowDelta || index.column() == kRetainedDelta)) {
    const qlonglong v = deltaOf(index.column());
    return (v < 0 ? QStringLiteral("−") : QStringLiteral("+")) + humanBytes(static_cast<uint64_t>(v < 0 ? -v : v));
  }
  if (role == Qt::TextAlignmentRole && index.column() != kClass) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QVariant ClassDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case kClass: return tr("Class");
    case kCountDelta: return tr("Δ Objects");
    case kShallowDelta: return tr("Δ Shallow");
    case kRetainedDelta: return tr("Δ Retained");
    case kCountBase: return tr("Objects (baseline)");
    case kCountNew: return tr("Objects (this dump)");
    case kRetainedNew: return tr("Retained (this dump)");
    default: return {};
  }
}

}  // namespace mxi::gui
