#include "app/gui/models/heap/duplicate_strings_model.h"

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

QVariant DuplicateStringsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const auto& s = m_doc.duplicates.strings[static_cast<size_t>(index.row())];
  switch (index.column()) {
    case kValue: return role == Qt::DisplayRole ? QString::fromStdString(s.value) : QVariant();
    case kCopies: return numberCell(role, QVariant::fromValue<qulonglong>(s.copies), NumberKind::kCount);
    case kWasted: return numberCell(role, QVariant::fromValue<qulonglong>(s.wastedBytes), NumberKind::kBytes);
    default: return {};
  }
}

QVariant DuplicateStringsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Value"), tr("Copies"), tr("Wasted bytes")}, section, orientation, role);
}

}  // namespace mxi::gui
