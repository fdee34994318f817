// Leaks tab: one row per leak group (application leaks, then library leaks), its chain nodes
// as children, root first, with leaking status colours and suspect references in bold.
#pragma once

#include <QAbstractItemModel>
#include <vector>

#include "app/gui/models/heap_document.h"

namespace mxi::gui {

class LeakTreeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { kWhat, kStatus, kRetained, kReason, kColumns };
  explicit LeakTreeModel(const HeapDocument& doc, QObject* parent = nullptr);
  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  const core::analysis::Leak* leakAt(int row) const;
  // The document's leaks changed (retained sizes added, biggest first now).
  void reload();
  bool isLibraryLeak(int row) const { return row >= static_cast<int>(m_doc.leaks.leaks.size()); }

 private:
  const HeapDocument& m_doc;
  std::vector<const core::analysis::Leak*> m_leaks;
};

}  // namespace mxi::gui
