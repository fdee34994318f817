// The Database page's statements table: one row per statement shape and database — shape,
// database, count, total / mean / max ms, main thread — in DatabaseStatements' order (total time
// first). Numbers sort by kExactRole. setRows() resets it wholesale from a new snapshot.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "app/gui/models/session/database_statements.h"

namespace mxi::gui {

class SqlStatementsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kShape, kDatabase, kCount, kTotalMs, kMeanMs, kMaxMs, kMainThread, kColumns };
  explicit SqlStatementsModel(QObject* parent = nullptr);
  void setRows(std::vector<StatementRow> rows);
  const StatementRow& rowAt(int row) const { return m_rows[static_cast<size_t>(row)]; }
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<StatementRow> m_rows;
};

}  // namespace mxi::gui
