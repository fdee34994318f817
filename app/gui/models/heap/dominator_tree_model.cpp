#include "app/gui/models/heap/dominator_tree_model.h"

#include "app/gui/models/column_headers.h"
#include "app/gui/models/format.h"
#include "app/gui/models/heap/object_names.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

using core::hprof::ObjectIndex;

DominatorTreeModel::DominatorTreeModel(const HeapDocument& doc, QObject* parent)
    : QAbstractItemModel(parent), m_doc(doc) {
  m_nodes.push_back({core::hprof::kNoObject, -1, 0, {}, false, 0});
  Node& root = m_nodes.front();
  root.children = doc.dominatorTops;  // computed off the UI thread
  root.loaded = true;
  root.shown = std::min(kBatch, root.children.size());
}

DominatorTreeModel::Node& DominatorTreeModel::node(int id) const { return m_nodes[static_cast<size_t>(id)]; }

void DominatorTreeModel::load(Node& n) const {
  if (n.loaded) return;
  n.children = m_doc.dominators->children(n.object);
  n.loaded = true;
}

int DominatorTreeModel::childNode(int parentNode, int row) const {
  const uint64_t key = uint64_t(static_cast<uint32_t>(parentNode)) << 32 | static_cast<uint32_t>(row);
  const auto it = m_childIds.find(key);
  if (it != m_childIds.end()) return it->second;
  const int id = static_cast<int>(m_nodes.size());
  m_nodes.push_back({node(parentNode).children[static_cast<size_t>(row)], parentNode, row, {}, false, 0});
  m_childIds.emplace(key, id);
  return id;
}

// internalId = the node id of the item's parent.
QModelIndex DominatorTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (!hasIndex(row, column, parent)) return {};
  const int parentNode = parent.isValid() ? childNode(static_cast<int>(parent.internalId()), parent.row()) : 0;
  return createIndex(row, column, static_cast<quintptr>(parentNode));
}

QModelIndex DominatorTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  const int parentNode = static_cast<int>(child.internalId());
  if (parentNode == 0) return {};
  const Node& p = node(parentNode);
  return createIndex(p.row, 0, static_cast<quintptr>(p.parentNode));
}

int DominatorTreeModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(node(0).shown);
  if (parent.column() != 0) return 0;
  return static_cast<int>(node(childNode(static_cast<int>(parent.internalId()), parent.row())).shown);
}

int DominatorTreeModel::columnCount(const QModelIndex&) const { return kColumns; }

bool DominatorTreeModel::hasChildren(const QModelIndex& parent) const {
  if (!parent.isValid()) return !node(0).children.empty();
  if (parent.column() != 0) return false;
  return m_doc.dominators->childCount(objectAt(parent)) > 0;
}

bool DominatorTreeModel::canFetchMore(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return false;
  Node& n = parent.isValid() ? node(childNode(static_cast<int>(parent.internalId()), parent.row())) : node(0);
  if (!n.loaded) return hasChildren(parent);
  return n.shown < n.children.size();
}

void DominatorTreeModel::fetchMore(const QModelIndex& parent) {
  Node& n = parent.isValid() ? node(childNode(static_cast<int>(parent.internalId()), parent.row())) : node(0);
  load(n);
  const size_t more = std::min(kBatch, n.children.size() - n.shown);
  if (more == 0) return;
  beginInsertRows(parent, static_cast<int>(n.shown), static_cast<int>(n.shown + more - 1));
  n.shown += more;
  endInsertRows();
}

ObjectIndex DominatorTreeModel::objectAt(const QModelIndex& index) const {
  if (!index.isValid()) return core::hprof::kNoObject;
  const Node& p = node(static_cast<int>(index.internalId()));
  return p.children[static_cast<size_t>(index.row())];
}

QVariant DominatorTreeModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const ObjectIndex o = objectAt(index);
  const auto& ix = *m_doc.index;
  const uint64_t retained = m_doc.dominators->retainedBytes(o);
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case kObject: return describeObject(ix, o);
      default: break;
    }
  }
  if (role == kObjectIdRole) return QVariant::fromValue<qulonglong>(ix.idOf(o).value);
  switch (index.column()) {
    case kRetained: return numberCell(role, QVariant::fromValue<qulonglong>(retained), NumberKind::kBytes);
    case kShallow: return numberCell(role, QVariant::fromValue<qulonglong>(ix.shallowSize(o)), NumberKind::kBytes);
    case kPercent: {
      const uint64_t total = m_doc.dominators->reachableBytes();
      return numberCell(role, total ? 100.0 * static_cast<double>(retained) / static_cast<double>(total) : 0.0,
                        NumberKind::kPercent);
    }
    default: return {};
  }
}

QVariant DominatorTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  return columnHeader({tr("Object"), tr("Retained bytes"), tr("Shallow bytes"), tr("% of heap")}, section, orientation,
                      role);
}

}  // namespace mxi::gui
