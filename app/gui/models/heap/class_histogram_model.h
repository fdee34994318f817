// Classes tab: one row per class with instances, shallow and retained bytes (sortable through a
// proxy by the numbers, kExactRole). Usable from the index on: retained bytes read "computing…"
// until the dominator tree lands (reloadRetained).
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "app/gui/models/heap/heap_document.h"
#include "core/hprof/class_histogram.h"

namespace mxi::gui {

class ClassHistogramModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kClass, kCount, kShallow, kRetained, kColumns };
  explicit ClassHistogramModel(const HeapDocument& doc, QObject* parent = nullptr);
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  // The document's retained sizes by class exist now: the column fills in.
  void reloadRetained(const HeapDocument& doc);

 private:
  bool m_hasRetained = false;
  std::vector<core::hprof::HistogramRow> m_rows;
  std::vector<uint64_t> m_retained;        // per row
  std::vector<uint64_t> m_classObjectIds;  // per row (0: synthetic array classes)
  std::vector<QString> m_minifiedHints;    // per row: "was a.b" when a mapping renamed the class
};

}  // namespace mxi::gui
