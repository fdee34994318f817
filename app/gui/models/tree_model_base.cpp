#include "app/gui/models/tree_model_base.h"

namespace mxi::gui {

TreeModelBase::TreeModelBase(QStringList headers, QObject* parent)
    : QAbstractItemModel(parent), m_headers(std::move(headers)) {}

void TreeModelBase::clearNodes() {
  m_nodes.clear();
  m_top.clear();
}

int TreeModelBase::addNode(int parent) {
  const int id = static_cast<int>(m_nodes.size());
  std::vector<int>& siblings = parent == kNoNode ? m_top : m_nodes[static_cast<size_t>(parent)].children;
  m_nodes.push_back({parent, static_cast<int>(siblings.size()), {}});
  // `siblings` may point into m_nodes, which push_back can move: look it up again.
  (parent == kNoNode ? m_top : m_nodes[static_cast<size_t>(parent)].children).push_back(id);
  return id;
}

const std::vector<int>& TreeModelBase::childrenOf(int node) const {
  return node == kNoNode ? m_top : m_nodes[static_cast<size_t>(node)].children;
}

int TreeModelBase::nodeOf(const QModelIndex& index) const {
  return index.isValid() ? static_cast<int>(index.internalId()) : kNoNode;
}

QModelIndex TreeModelBase::indexOf(int node, int column) const {
  if (node == kNoNode) return {};
  return createIndex(m_nodes[static_cast<size_t>(node)].row, column, static_cast<quintptr>(node));
}

QModelIndex TreeModelBase::index(int row, int column, const QModelIndex& parent) const {
  if (!hasIndex(row, column, parent)) return {};
  return createIndex(row, column, static_cast<quintptr>(childrenOf(nodeOf(parent))[static_cast<size_t>(row)]));
}

QModelIndex TreeModelBase::parent(const QModelIndex& child) const {
  const int node = nodeOf(child);
  return node == kNoNode ? QModelIndex() : indexOf(parentOf(node));
}

int TreeModelBase::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return 0;
  return static_cast<int>(childrenOf(nodeOf(parent)).size());
}

int TreeModelBase::columnCount(const QModelIndex&) const { return static_cast<int>(m_headers.size()); }

QVariant TreeModelBase::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader(m_headers, section, orientation, role);
}

}  // namespace mxi::gui
