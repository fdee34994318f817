#include "app/gui/models/session/query_plan_model.h"

#include "app/gui/models/session/database_statements.h"

namespace mxi::gui {

QueryPlanModel::QueryPlanModel(const std::vector<core::sqlitelint::PlanRow>& plan, QObject* parent)
    : TreeModelBase({tr("Query plan")}, parent) {
  beginResetModel();
  std::vector<int> ancestors;  // the node at each depth of the line before
  for (const PlanLine& line : planTreeOrder(plan)) {
    ancestors.resize(static_cast<size_t>(line.depth));
    const int node = addNode(ancestors.empty() ? kNoNode : ancestors.back());
    ancestors.push_back(node);
    m_details.push_back(QString::fromStdString(line.row->detail));
  }
  endResetModel();
}

QVariant QueryPlanModel::data(const QModelIndex& index, int role) const {
  const int node = nodeOf(index);
  if (node == kNoNode || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) return {};
  return m_details[static_cast<size_t>(node)];
}

}  // namespace mxi::gui
