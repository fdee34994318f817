#include "app/gui/models/trace/trace_issue_model.h"

#include "app/gui/models/format.h"

namespace mxi::gui {

namespace {

// Where the issue happened, in a few words: the IO's caller, the kind of launch, or the method
// Matrix blames (the stackKey, reached along the costliest calls).
QString issueWhere(const core::matrix::MatrixIssue& i) {
  if (i.io) return QString::fromStdString(i.io->caller.empty() ? i.io->method : i.io->caller);
  if (i.startup) {
    return i.startup->warmStart.value_or(false) ? QStringLiteral("warm launch") : QStringLiteral("cold launch");
  }
  if (i.callTree) {
    for (const auto* n = &*i.callTree; n;) {
      if (n->isStackKey) return QString::fromStdString(n->name);
      const core::matrix::CallNode* next = nullptr;
      for (const auto& c : n->children) {
        if (!next || c.costMs > next->costMs) next = &c;
      }
      n = next;
    }
  }
  return QString::fromStdString(i.scene);
}

}  // namespace

TraceIssueModel::TraceIssueModel(std::shared_ptr<const MethodTraceDocument> document, QObject* parent)
    : TreeModelBase({tr("At"), tr("Kind"), tr("Cost"), tr("Where")}, parent), m_document(std::move(document)) {
  beginResetModel();
  for (size_t k = 0; k < m_document->report.issues.size(); ++k) addNode(kNoNode);
  endResetModel();
}

QString TraceIssueModel::text(size_t issue, int column) const {
  const auto& report = m_document->report;
  const auto& i = report.issues[issue];
  switch (column) {
    case kAt: {
      const uint32_t call = report.issueCalls[issue];
      if (call == core::methodtrace::kNoCall || !report.mainThread) return {};
      return durationText(static_cast<double>(m_document->trace.threads[*report.mainThread].calls[call].startUs));
    }
    case kKind:
      return i.kind == core::matrix::IssueKind::kEvilMethod ? tr("evil method")
             : i.kind == core::matrix::IssueKind::kStartup  ? tr("startup")
                                                            : tr("main-thread IO");
    case kCost: return i.costMs ? tr("%1 ms").arg(*i.costMs) : QString();
    case kWhere: return issueWhere(i);
    default: return {};
  }
}

QVariant TraceIssueModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const auto issue = static_cast<size_t>(nodeOf(index));
  if (role == Qt::DisplayRole) return text(issue, index.column());
  if (role == Qt::ToolTipRole && index.column() == kWhere) return text(issue, kWhere);  // often cut off
  return {};
}

}  // namespace mxi::gui
