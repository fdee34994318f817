#include "app/gui/models/duplicate_strings_model.h"

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
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case kValue: return tr("Value");
    case kCopies: return tr("Copies");
    case kWasted: return tr("Wasted bytes");
    default: return {};
  }
}

}  // namespace mxi::gui
