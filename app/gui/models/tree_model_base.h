// What the GUI's item models share: column headers given once as a list (tables and trees alike,
// columnHeader), and for trees whose shape is known when they are built — leak chains, a session
// comparison, an issue's call tree, a method trace's issues — a table of nodes that answers
// index(), parent() and rowCount(), so a subclass only adds nodes and says what each shows.
// Numbers sort by kExactRole (roles.h, through the views' ExactSortProxy), whatever the model.
//
// The dominator tree is the one tree not built on it: it has millions of nodes and fetches
// children lazily, a thousand at a time.
#pragma once

#include <QAbstractItemModel>
#include <QStringList>
#include <vector>

#include "app/gui/models/column_headers.h"

namespace mxi::gui {

class TreeModelBase : public QAbstractItemModel {
  Q_OBJECT
 public:
  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 protected:
  static constexpr int kNoNode = -1;
  TreeModelBase(QStringList headers, QObject* parent);

  // Building, between beginResetModel() and endResetModel(): clearNodes() drops every node;
  // addNode() adds one under `parent` (kNoNode: top level) and returns its id, 0, 1, 2… in the
  // order added, which a subclass uses to index what the node shows.
  void clearNodes();
  int addNode(int parent);

  // The node an index stands for (kNoNode for the invisible root).
  int nodeOf(const QModelIndex& index) const;
  int parentOf(int node) const { return m_nodes[static_cast<size_t>(node)].parent; }
  // The index of `node` in `column`.
  QModelIndex indexOf(int node, int column = 0) const;

 private:
  struct Node {
    int parent;
    int row;
    std::vector<int> children;
  };
  const std::vector<int>& childrenOf(int node) const;

  QStringList m_headers;
  std::vector<Node> m_nodes;
  std::vector<int> m_top;
};

}  // namespace mxi::gui
