#include "app/gui/models/call_tree_model.h"

#include <QFont>

#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"

namespace mxi::gui {

using core::matrix::CallNode;

CallTreeModel::CallTreeModel(CallNode root, QObject* parent)
    : TreeModelBase({tr("Method"), tr("Total ms"), tr("Self ms"), tr("Count")}, parent), m_root(std::move(root)) {
  beginResetModel();
  add(kNoNode, m_root);
  endResetModel();
}

void CallTreeModel::add(int parentNode, const CallNode& node) {
  const int id = addNode(parentNode);
  m_nodes.resize(static_cast<size_t>(id) + 1);
  m_nodes[static_cast<size_t>(id)] = &node;
  for (const CallNode& child : node.children) add(id, child);
}

QVariant CallTreeModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const CallNode& node = *m_nodes[static_cast<size_t>(nodeOf(index))];
  switch (index.column()) {
    case kMethod:
      if (role == Qt::DisplayRole) {
        if (!node.name.empty()) return QString::fromStdString(node.name);
        return node.methodId < 0 ? tr("(several entries)") : tr("method %1").arg(node.methodId);
      }
      if (role == Qt::FontRole && node.isStackKey) {
        QFont f;
        f.setBold(true);
        return f;
      }
      if (role == Qt::ToolTipRole && node.isStackKey) return tr("stackKey: the method Matrix blames");
      return {};
    case kTotalMs: return numberCell(role, QVariant::fromValue<qlonglong>(node.costMs), NumberKind::kCount);
    case kSelfMs: return numberCell(role, QVariant::fromValue<qlonglong>(node.selfMs), NumberKind::kCount);
    case kCount: return numberCell(role, QVariant::fromValue<qlonglong>(node.count), NumberKind::kCount);
    default: return {};
  }
}

std::vector<QModelIndex> CallTreeModel::hotPath() const {
  std::vector<QModelIndex> path;
  for (QModelIndex at = index(0, 0); at.isValid();) {
    path.push_back(at);
    QModelIndex next;
    int64_t best = -1;
    for (int r = 0; r < rowCount(at); ++r) {
      const QModelIndex child = index(r, 0, at);
      const int64_t cost = m_nodes[static_cast<size_t>(nodeOf(child))]->costMs;
      if (cost > best) {
        best = cost;
        next = child;
      }
    }
    at = next;
  }
  return path;
}

QModelIndex CallTreeModel::stackKeyIndex() const {
  for (size_t id = 0; id < m_nodes.size(); ++id) {
    if (m_nodes[id]->isStackKey) return indexOf(static_cast<int>(id));
  }
  return {};
}

}  // namespace mxi::gui
