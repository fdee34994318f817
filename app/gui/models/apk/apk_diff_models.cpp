#include "app/gui/models/apk/apk_diff_models.h"

#include <QColor>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

namespace {

QVariant bytesCell(int role, uint64_t v, bool counts) {
  return numberCell(role, QVariant::fromValue(static_cast<qulonglong>(v)),
                    counts ? NumberKind::kCount : NumberKind::kBytes);
}

QVariant deltaCell(int role, uint64_t oldValue, uint64_t newValue, bool counts) {
  const auto delta = static_cast<int64_t>(newValue) - static_cast<int64_t>(oldValue);
  if (role == Qt::ForegroundRole) return deltaColour(delta);
  return numberCell(role, QVariant::fromValue(static_cast<qlonglong>(delta)),
                    counts ? NumberKind::kSignedCount : NumberKind::kSignedBytes);
}

}  // namespace

QVariant deltaColour(int64_t delta) {
  if (delta > 0) return QColor(0xb3, 0x26, 0x1e);
  if (delta < 0) return QColor(0x1e, 0x7e, 0x34);
  return {};
}

ApkFileChangesModel::ApkFileChangesModel(std::shared_ptr<const core::apkcheck::ApkDiff> diff, QObject* parent)
    : QAbstractTableModel(parent), m_diff(std::move(diff)) {}

int ApkFileChangesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_diff->files.size());
}
int ApkFileChangesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant ApkFileChangesModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const core::apkcheck::FileChange& f = m_diff->files[static_cast<size_t>(index.row())];
  switch (index.column()) {
    case kPath:
      return role == Qt::DisplayRole || role == kExactRole ? QVariant(QString::fromStdString(f.path)) : QVariant();
    case kChange:
      if (role == Qt::ForegroundRole) return deltaColour(f.change == "added" ? 1 : f.change == "removed" ? -1 : 0);
      return role == Qt::DisplayRole || role == kExactRole ? QVariant(QString::fromStdString(f.change)) : QVariant();
    case kOldBytes: return bytesCell(role, f.oldBytes, false);
    case kNewBytes: return bytesCell(role, f.newBytes, false);
    case kDelta: return deltaCell(role, f.oldBytes, f.newBytes, false);
    case kOldCompressed: return bytesCell(role, f.oldCompressed, false);
    case kNewCompressed: return bytesCell(role, f.newCompressed, false);
    case kDeltaCompressed: return deltaCell(role, f.oldCompressed, f.newCompressed, false);
    default: return {};
  }
}

QVariant ApkFileChangesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Path"), tr("Change"), tr("Old size"), tr("New size"), tr("Δ size"), tr("Old compressed"),
                       tr("New compressed"), tr("Δ compressed")},
                      section, orientation, role);
}

ApkGroupDeltaModel::ApkGroupDeltaModel(std::shared_ptr<const core::apkcheck::ApkDiff> diff,
                                       const std::vector<core::apkcheck::GroupDelta>& groups, bool counts,
                                       QObject* parent)
    : QAbstractTableModel(parent), m_diff(std::move(diff)), m_groups(groups), m_counts(counts) {}

int ApkGroupDeltaModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_groups.size());
}
int ApkGroupDeltaModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : m_counts ? kOldCompressed : kColumns;
}

QVariant ApkGroupDeltaModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const core::apkcheck::GroupDelta& g = m_groups[static_cast<size_t>(index.row())];
  switch (index.column()) {
    case kName: {
      const QString name = g.name.empty() ? tr("(root)") : QString::fromStdString(g.name);
      return role == Qt::DisplayRole || role == kExactRole ? QVariant(name) : QVariant();
    }
    case kOld: return bytesCell(role, g.oldBytes, m_counts);
    case kNew: return bytesCell(role, g.newBytes, m_counts);
    case kDelta: return deltaCell(role, g.oldBytes, g.newBytes, m_counts);
    case kOldCompressed: return bytesCell(role, g.oldCompressed, false);
    case kNewCompressed: return bytesCell(role, g.newCompressed, false);
    case kDeltaCompressed: return deltaCell(role, g.oldCompressed, g.newCompressed, false);
    default: return {};
  }
}

QVariant ApkGroupDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader(
      {tr("Name"), m_counts ? tr("Old methods") : tr("Old size"), m_counts ? tr("New methods") : tr("New size"),
       tr("Δ"), tr("Old compressed"), tr("New compressed"), tr("Δ compressed")},
      section, orientation, role);
}

}  // namespace mxi::gui
