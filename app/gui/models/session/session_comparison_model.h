// A session compared with a baseline (core's compareSessions) as a tree: the verdict and the
// regressions, then scenes (median frame time, Mann–Whitney U), evil methods by stackKey (named
// by the method mapping), ANRs, IO issues, startup and memory per category (when either session
// has memory samples), each row coloured by its verdict.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "app/gui/models/tree_model_base.h"
#include "core/sessioncompare/session_compare.h"

namespace mxi::gui {

class SessionComparisonModel : public TreeModelBase {
  Q_OBJECT
 public:
  enum Column { kWhat, kBaseline, kThisSession, kChange, kVerdict, kColumns };
  SessionComparisonModel(core::sessioncompare::SessionComparison comparison, const QString& baseName,
                         QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role) const override;
  const core::sessioncompare::SessionComparison& comparison() const { return m_comparison; }

 private:
  struct Row {
    QStringList cells;
    core::sessioncompare::Verdict verdict = core::sessioncompare::Verdict::kSame;
    bool regression = false;
    bool heading = false;
  };
  int add(int parentNode, Row row);

  core::sessioncompare::SessionComparison m_comparison;
  std::vector<Row> m_rows;  // per node
};

}  // namespace mxi::gui
