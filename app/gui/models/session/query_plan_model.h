// A statement's EXPLAIN QUERY PLAN as a tree: each row under the row its parent id names
// (planTreeOrder), one column, the detail as SQLite printed it.
#pragma once

#include <vector>

#include "app/gui/models/tree_model_base.h"
#include "core/sqlitelint/query_plan.h"

namespace mxi::gui {

class QueryPlanModel final : public TreeModelBase {
  Q_OBJECT
 public:
  explicit QueryPlanModel(const std::vector<core::sqlitelint::PlanRow>& plan, QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role) const override;

 private:
  std::vector<QString> m_details;  // by node id
};

}  // namespace mxi::gui
