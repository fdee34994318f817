#include "app/gui/models/session/sql_statements_model.h"

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"

namespace mxi::gui {

SqlStatementsModel::SqlStatementsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SqlStatementsModel::setRows(std::vector<StatementRow> rows) {
  beginResetModel();
  m_rows = std::move(rows);
  endResetModel();
}

int SqlStatementsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int SqlStatementsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant SqlStatementsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
  const StatementRow& r = m_rows[static_cast<size_t>(index.row())];
  const auto& t = r.totals;
  switch (index.column()) {
    case kShape:
      if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return QString::fromStdString(t.shape);
      return {};
    case kDatabase:
      if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return QString::fromStdString(r.database);
      return {};
    case kCount: return numberCell(role, QVariant::fromValue<qulonglong>(t.count), NumberKind::kCount);
    case kTotalMs: return numberCell(role, QVariant::fromValue<qlonglong>(t.totalMs), NumberKind::kCount);
    case kMeanMs:
      // One decimal: a statement of 0.4 ms on average is not "0".
      if (role == Qt::DisplayRole) return QLocale().toString(t.meanMs(), 'f', 1);
      if (role == kExactRole || role == Qt::ToolTipRole) return t.meanMs();
      if (role == Qt::TextAlignmentRole) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
      return {};
    case kMaxMs: return numberCell(role, QVariant::fromValue<qlonglong>(t.maxMs), NumberKind::kCount);
    case kMainThread:
      if (role == Qt::DisplayRole) return r.mainThread == MainThread::kYes ? tr("yes") : tr("unknown");
      if (role == Qt::ToolTipRole && r.mainThread == MainThread::kUnknown)
        return tr("None of its issues says it ran on the main thread (dumpsys dbinfo prints no thread)");
      return {};
    default: return {};
  }
}

QVariant SqlStatementsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Statement shape"), tr("Database"), tr("Count"), tr("Total ms"), tr("Mean ms"), tr("Max ms"),
                       tr("Main thread")},
                      section, orientation, role);
}

}  // namespace mxi::gui
