#include "app/gui/models/heap/class_histogram_model.h"

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/heap/mapping_text.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

ClassHistogramModel::ClassHistogramModel(const HeapDocument& doc, QObject* parent) : QAbstractTableModel(parent) {
  m_rows = doc.histogram;  // computed off the UI thread
  for (const auto& row : m_rows) {
    m_classObjectIds.push_back(row.cls == core::hprof::kNoClass ? 0 : doc.index->classInfo(row.cls).id.value);
    m_minifiedHints.push_back(row.cls == core::hprof::kNoClass ? QString()
                                                               : minifiedHint(doc.index->classInfo(row.cls).dumpName));
  }
  reloadRetained(doc);
}

void ClassHistogramModel::reloadRetained(const HeapDocument& doc) {
  const std::vector<uint64_t>& byClass = doc.classRetained;
  m_hasRetained = doc.dominators != nullptr;
  m_retained.clear();
  for (const auto& row : m_rows) m_retained.push_back(row.cls.value < byClass.size() ? byClass[row.cls.value] : 0);
  if (!m_rows.empty()) emit dataChanged(index(0, kRetained), index(rowCount() - 1, kRetained));
}

int ClassHistogramModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int ClassHistogramModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant ClassHistogramModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
  const auto& row = m_rows[static_cast<size_t>(index.row())];
  const uint64_t retained = m_retained[static_cast<size_t>(index.row())];
  if (role == kObjectIdRole) return QVariant::fromValue<qulonglong>(m_classObjectIds[static_cast<size_t>(index.row())]);
  switch (index.column()) {
    case kClass:
      if (role == Qt::DisplayRole) return QString::fromStdString(row.className);
      if (role == Qt::ToolTipRole && !m_minifiedHints[static_cast<size_t>(index.row())].isEmpty())
        return m_minifiedHints[static_cast<size_t>(index.row())];  // "was a.b": the dump's own name
      return {};
    case kCount: return numberCell(role, QVariant::fromValue<qulonglong>(row.count), NumberKind::kCount);
    case kShallow: return numberCell(role, QVariant::fromValue<qulonglong>(row.shallowBytes), NumberKind::kBytes);
    case kRetained:
      if (!m_hasRetained) return role == Qt::DisplayRole ? tr("computing…") : QVariant();
      return numberCell(role, QVariant::fromValue<qulonglong>(retained), NumberKind::kBytes);
    default: return {};
  }
}

QVariant ClassHistogramModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Class"), tr("Objects"), tr("Shallow bytes"), tr("Retained bytes")}, section, orientation,
                      role);
}

}  // namespace mxi::gui
