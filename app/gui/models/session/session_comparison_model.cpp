#include "app/gui/models/session/session_comparison_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace mxi::gui {

using core::sessioncompare::Verdict;

namespace {

QColor verdictColour(Verdict v, bool regression) {
  if (regression || v == Verdict::kRegression) return QColor(0xc6, 0x28, 0x28);
  if (v == Verdict::kImprovement || v == Verdict::kGone) return QColor(0x2e, 0x7d, 0x32);
  return {};
}

QString verdictText(Verdict v) { return QString::fromUtf8(core::sessioncompare::verdictName(v).data()); }
QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

SessionComparisonModel::SessionComparisonModel(core::sessioncompare::SessionComparison comparison,
                                               const QString& baseName, QObject* parent)
    : TreeModelBase({tr("What"), tr("Baseline"), tr("This session"), tr("Change"), tr("Verdict")}, parent),
      m_comparison(std::move(comparison)) {
  const auto& c = m_comparison;
  beginResetModel();
  const int summary =
      add(kNoNode, {{c.hasRegression() ? tr("%1 regressions against %2").arg(c.regressions.size()).arg(baseName)
                                       : tr("No regression against %1").arg(baseName)},
                    c.hasRegression() ? Verdict::kRegression : Verdict::kImprovement,
                    false,
                    true});
  for (const auto& r : c.regressions) add(summary, {{qs(r)}, Verdict::kRegression});
  const int scenes = add(kNoNode, {{tr("Scenes: median frame time (Mann–Whitney U)")}, Verdict::kSame, false, true});
  for (const auto& s : c.scenes) {
    add(scenes,
        {{qs(s.scene), tr("%1 ms · %2 fps").arg(s.base.p50Ms).arg(s.base.fps, 0, 'f', 1),
          tr("%1 ms · %2 fps").arg(s.next.p50Ms).arg(s.next.fps, 0, 'f', 1),
          tr("%1% (p=%2)").arg(s.medianChangePct, 0, 'f', 1).arg(s.test.pGreater, 0, 'g', 3), verdictText(s.verdict)},
         s.verdict});
  }
  const int evil = add(kNoNode, {{tr("Evil methods by stackKey")}, Verdict::kSame, false, true});
  for (const auto& e : c.evilMethods) {
    const QString what =
        e.methodName.empty() ? qs(e.stackKey) : QStringLiteral("%1  %2").arg(qs(e.methodName), qs(e.stackKey));
    add(evil, {{what, tr("%1× median %2 ms").arg(e.baseCount).arg(e.baseMedianMs),
                tr("%1× median %2 ms").arg(e.nextCount).arg(e.nextMedianMs), qs(e.detail), verdictText(e.verdict)},
               e.verdict,
               e.regression});
  }
  add(kNoNode, {{tr("ANRs"), QString::number(c.baseAnrs), QString::number(c.nextAnrs)}, Verdict::kSame, false, true});
  const int io = add(kNoNode, {{tr("IO issues by type and path")}, Verdict::kSame, false, true});
  for (const auto& d : c.io) {
    add(io, {{QStringLiteral("%1 %2").arg(QString::fromUtf8(core::matrix::ioIssueTypeName(d.type).data()), qs(d.path)),
              tr("%1× %2 ms").arg(d.baseCount).arg(d.baseCostMs), tr("%1× %2 ms").arg(d.nextCount).arg(d.nextCostMs),
              QString(), verdictText(d.verdict)},
             d.verdict,
             d.regression});
  }
  const int startup = add(kNoNode, {{tr("Startup (means)")}, Verdict::kSame, false, true});
  for (const auto& s : c.startup) {
    add(startup, {{qs(s.metric), tr("%1 ms").arg(s.baseMs, 0, 'f', 0), tr("%1 ms").arg(s.nextMs, 0, 'f', 0)},
                  Verdict::kSame,
                  s.regression});
  }
  if (!c.memory.empty()) {
    const int memory =
        add(kNoNode, {{tr("Memory: median per category (Mann–Whitney U)")}, Verdict::kSame, false, true});
    for (const auto& m : c.memory) {
      add(memory, {{QString::fromUtf8(core::meminfo::memoryCategoryLabel(m.category).data()),
                    tr("%1 kB (%2 samples)").arg(m.baseMedianKb).arg(m.baseSamples),
                    tr("%1 kB (%2 samples)").arg(m.nextMedianKb).arg(m.nextSamples),
                    tr("%1%2 kB (%3%, p=%4)")
                        .arg(m.deltaKb >= 0 ? QStringLiteral("+") : QString())
                        .arg(m.deltaKb)
                        .arg(m.changePct, 0, 'f', 1)
                        .arg(m.test.pGreater, 0, 'g', 3),
                    verdictText(m.verdict)},
                   m.verdict});
    }
  }
  endResetModel();
}

int SessionComparisonModel::add(int parentNode, Row row) {
  const int node = addNode(parentNode);
  m_rows.resize(static_cast<size_t>(node) + 1);
  m_rows[static_cast<size_t>(node)] = std::move(row);
  return node;
}

QVariant SessionComparisonModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const Row& row = m_rows[static_cast<size_t>(nodeOf(index))];
  if (role == Qt::DisplayRole) return index.column() < row.cells.size() ? row.cells[index.column()] : QString();
  if (role == Qt::ForegroundRole) {
    const QColor c = verdictColour(row.verdict, row.regression);
    if (c.isValid() && (!row.heading || index.column() == kWhat)) return QBrush(c);
  }
  if (role == Qt::FontRole && row.heading && index.column() == kWhat) {
    QFont f;
    f.setBold(true);
    return f;
  }
  return {};
}

}  // namespace mxi::gui
