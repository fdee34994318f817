// Compare tab: one row per class that changed between the baseline and the open dump — counts,
// shallow and retained bytes of both and their deltas (numbers as numbers, so a proxy sorts
// them numerically).
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "core/analysis/heap_diff.h"

namespace mxi::gui {

class ClassDeltaModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kClass, kCountDelta, kShallowDelta, kRetainedDelta, kCountBase, kCountNew, kRetainedNew, kColumns };
  explicit ClassDeltaModel(std::vector<core::analysis::ClassDelta> rows, QObject* parent = nullptr);
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<core::analysis::ClassDelta> m_rows;
};

}  // namespace mxi::gui
