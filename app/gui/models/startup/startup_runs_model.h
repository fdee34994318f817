// The Startup page's runs table: one row per launch of a set (the warm-up first), its state, the
// launch state `am start -W` printed, each figure in ms ("—" when the phone did not give it; the
// view's caption names the unit) and
// why it is not counted.
#pragma once

#include <QAbstractTableModel>
#include <memory>

#include "core/startup/startup_report.h"

namespace mxi::gui {

class StartupRunsModel final : public QAbstractTableModel {
  Q_OBJECT
 public:
  // Run, State, Why not counted (beside the state: what a reader asks of a hollow dot), Launch
  // state, then the figures in core's order (kFigures).
  static constexpr int kRun = 0, kState = 1, kWhy = 2, kLaunchState = 3, kFirstFigure = 4;
  static constexpr int kColumns = kFirstFigure + static_cast<int>(std::size(core::startup::kFigures));

  explicit StartupRunsModel(std::shared_ptr<const core::startup::StartupReport> report, QObject* parent = nullptr);
  const core::startup::StartupRun& runAt(int row) const { return m_report->runs[static_cast<size_t>(row)]; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const core::startup::StartupReport> m_report;
};

}  // namespace mxi::gui
