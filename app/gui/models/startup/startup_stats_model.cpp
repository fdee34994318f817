#include "app/gui/models/startup/startup_stats_model.h"

#include <QLocale>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/startup/startup_run_text.h"

namespace mxi::gui {

StartupStatsModel::StartupStatsModel(const std::vector<FigureSummary>& summaries, bool hasBaseline, QObject* parent)
    : QAbstractTableModel(parent), m_hasBaseline(hasBaseline) {
  for (const FigureSummary& s : summaries) {
    if (s.present) m_rows.push_back(s);
  }
}

int StartupStatsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int StartupStatsModel::columnCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;
  return m_hasBaseline ? kColumns : kBaselineN;
}

QVariant StartupStatsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const FigureSummary& s = summaryAt(index.row());
  const auto& c = s.current;
  if (index.column() == kFigure) {
    if (role != Qt::DisplayRole) return {};
    const std::string_view label = core::startup::figureLabel(s.figure);
    return QString::fromUtf8(label.data(), static_cast<qsizetype>(label.size()));
  }
  if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != kExactRole) return {};
  const bool exact = role == kExactRole;
  const auto ms = [&](const core::startup::FigureStats& stats, double v) -> QVariant {
    if (stats.n == 0) return exact ? QVariant() : QVariant(QStringLiteral("—"));
    return exact ? QVariant(v) : QVariant(msText(v));
  };
  switch (index.column()) {
    case kN: return c.n;
    case kMin: return ms(c, c.min);
    case kMedian: return ms(c, c.median);
    case kP90: return ms(c, c.p90);
    case kMax: return ms(c, c.max);
    case kStddev: return ms(c, c.stddev);
    case kCv:
      if (c.n == 0) return exact ? QVariant() : QVariant(QStringLiteral("—"));
      return exact ? QVariant(c.cv) : QVariant(QStringLiteral("%1 %").arg(QLocale().toString(c.cv * 100, 'f', 1)));
    case kBaselineN: return s.baseline.n;
    case kBaselineMedian: return ms(s.baseline, s.baseline.median);
    case kDelta: {
      if (c.n == 0 || s.baseline.n == 0) return exact ? QVariant() : QVariant(QStringLiteral("—"));
      const double delta = c.median - s.baseline.median;
      if (exact) return delta;
      return QString((delta > 0 ? QStringLiteral("+") : QString()) + msText(delta));
    }
    default: return {};
  }
}

QVariant StartupStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  // In ms, as the view's caption says: short titles keep the table narrow beside the stages.
  static const QStringList titles{tr("Figure"),  tr("n"),  tr("Min"),    tr("Median"),      tr("p90"),     tr("Max"),
                                  tr("Std dev"), tr("CV"), tr("Base n"), tr("Base median"), tr("Δ median")};
  return columnHeader(titles, section, orientation, role);
}

}  // namespace mxi::gui
