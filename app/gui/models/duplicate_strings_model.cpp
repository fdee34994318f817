#include "app/gui/models/duplicate_strings_model.h"

namespace mxi::gui {

QVariant DuplicateStringsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || role != Qt::DisplayRole) return {};
  const auto& s = m_doc.duplicates.strings[static_cast<size_t>(index.row())];
  switch (index.column()) {
    case kValue: return QString::fromStdString(s.value);
    case kCopies: return QVariant::fromValue<qulonglong>(s.copies);
    case kWasted: return QVariant::fromValue<qulonglong>(s.wastedBytes);
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
