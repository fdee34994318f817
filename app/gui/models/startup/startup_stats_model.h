// The Startup page's statistics table: one row per figure some run gave, with n, min, median,
// p90, max, standard deviation and coefficient of variation over the counted runs, and with a
// baseline its n, its median and the median's change.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "app/gui/models/startup/startup_figure_summary.h"

namespace mxi::gui {

class StartupStatsModel final : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kFigure, kN, kMin, kMedian, kP90, kMax, kStddev, kCv, kBaselineN, kBaselineMedian, kDelta, kColumns };

  // Rows: the present figures of `summaries`; the baseline columns only with `hasBaseline`.
  StartupStatsModel(const std::vector<FigureSummary>& summaries, bool hasBaseline, QObject* parent = nullptr);
  const FigureSummary& summaryAt(int row) const { return m_rows[static_cast<size_t>(row)]; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<FigureSummary> m_rows;
  bool m_hasBaseline;
};

}  // namespace mxi::gui
