#include "app/gui/models/apk/apk_file_table_model.h"

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

ApkFileTableModel::ApkFileTableModel(std::shared_ptr<const core::apkcheck::ApkPackage> package,
                                     std::shared_ptr<const ApkFileTree> tree, QObject* parent)
    : QAbstractTableModel(parent), m_package(std::move(package)), m_tree(std::move(tree)) {
  m_rows = m_tree->filesUnder(ApkFileTree::kRoot);
}

void ApkFileTableModel::showFolder(size_t folder) {
  beginResetModel();
  m_folder = folder;
  m_rows = m_tree->filesUnder(folder);
  endResetModel();
}

int ApkFileTableModel::rowOf(size_t node) const {
  for (size_t i = 0; i < m_rows.size(); ++i) {
    if (m_rows[i] == node) return static_cast<int>(i);
  }
  return -1;
}

int ApkFileTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ApkFileTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant ApkFileTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const ApkTreeNode& n = m_tree->node(m_rows[static_cast<size_t>(index.row())]);
  const auto text = [role](const QString& s) -> QVariant {
    return role == Qt::DisplayRole || role == kExactRole ? QVariant(s) : QVariant();
  };
  switch (index.column()) {
    case kPath: return text(n.path);
    case kKind: return text(apkFileKindName(n.kind));
    case kSize: return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(n.installed)), NumberKind::kBytes);
    case kCompressed:
      return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(n.download)), NumberKind::kBytes);
    case kMethod: return text(n.entry->entry->stored() ? tr("stored") : tr("deflated"));
    case kSplit: {
      const std::string& split = m_package->splits()[n.entry->split].splitName;
      return text(split.empty() ? tr("base") : QString::fromStdString(split));
    }
    default: return {};
  }
}

QVariant ApkFileTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Path"), tr("Type"), tr("Size"), tr("Compressed"), tr("Method"), tr("Split")}, section,
                      orientation, role);
}

}  // namespace mxi::gui
