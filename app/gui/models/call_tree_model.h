// An evil method's call tree as Matrix measured it: method (named by the method mapping), total
// and self milliseconds, count; the stackKey method (the one Matrix blames) in bold.
#pragma once

#include <QModelIndex>
#include <vector>

#include "app/gui/models/tree_model_base.h"
#include "core/matrix/call_tree.h"

namespace mxi::gui {

class CallTreeModel : public TreeModelBase {
  Q_OBJECT
 public:
  enum Column { kMethod, kTotalMs, kSelfMs, kCount, kColumns };
  explicit CallTreeModel(core::matrix::CallNode root, QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role) const override;

  // The hot path: from the root, always into the costliest child.
  std::vector<QModelIndex> hotPath() const;
  // The stackKey method's row, or an invalid index.
  QModelIndex stackKeyIndex() const;

 private:
  void add(int parentNode, const core::matrix::CallNode& node);
  core::matrix::CallNode m_root;
  std::vector<const core::matrix::CallNode*> m_nodes;  // per node
};

}  // namespace mxi::gui
