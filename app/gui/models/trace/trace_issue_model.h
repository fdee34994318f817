// The issues a method trace makes (evil methods, startup, main-thread IO), one row each in the
// order the verdicts found them: when on the main thread, what kind, what it cost and where. A
// row's number is its issue's index in the document's report, which the flame chart shows.
#pragma once

#include <memory>

#include "app/gui/models/trace/method_trace_document.h"
#include "app/gui/models/tree_model_base.h"

namespace mxi::gui {

class TraceIssueModel final : public TreeModelBase {
  Q_OBJECT
 public:
  enum Column { kAt, kKind, kCost, kWhere, kColumns };
  explicit TraceIssueModel(std::shared_ptr<const MethodTraceDocument> document, QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role) const override;

 private:
  QString text(size_t issue, int column) const;
  std::shared_ptr<const MethodTraceDocument> m_document;
};

}  // namespace mxi::gui
