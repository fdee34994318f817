// Dominators tab: the dominator tree, children fetched lazily (1,000 at a time) and biggest
// retained first, so heaps with millions of objects stay fluid.
#pragma once

#include <QAbstractItemModel>
#include <deque>
#include <unordered_map>
#include <vector>

#include "app/gui/models/heap/heap_document.h"

namespace mxi::gui {

class DominatorTreeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { kObject, kRetained, kShallow, kPercent, kColumns };
  static constexpr size_t kBatch = 1000;
  explicit DominatorTreeModel(const HeapDocument& doc, QObject* parent = nullptr);
  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  bool hasChildren(const QModelIndex& parent = {}) const override;
  bool canFetchMore(const QModelIndex& parent) const override;
  void fetchMore(const QModelIndex& parent) override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  core::hprof::ObjectIndex objectAt(const QModelIndex& index) const;

 private:
  struct Node {
    core::hprof::ObjectIndex object;  // kNoObject for the super root
    int parentNode;                   // -1 for the super root
    int row;                          // in its parent
    std::vector<core::hprof::ObjectIndex> children;
    bool loaded = false;
    size_t shown = 0;
  };
  Node& node(int id) const;
  int childNode(int parentNode, int row) const;  // creates the child's node on first use
  void load(Node& n) const;

  const HeapDocument& m_doc;
  mutable std::deque<Node> m_nodes;
  mutable std::unordered_map<uint64_t, int> m_childIds;  // (parent node << 32 | row) → node
};

}  // namespace mxi::gui
