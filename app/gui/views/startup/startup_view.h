// What the Startup page shows of one set of launches (issue 45), optionally beside a baseline
// set: a header (package, mode, N counted of M, the activity), the verdict in words, a strip
// chart per figure some run gave, the statistics, the stages of the traced runs as stacked bars
// (a one-line note instead when no run was traced), the runs and the Trace_StartUp issues. The
// charts' lines and the statistics table read one FigureSummary per figure, and the verdict is
// core's over the same counted runs, so every number on screen agrees.
#pragma once

#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "app/gui/models/startup/startup_figure_summary.h"
#include "core/startup/startup_report.h"

class QLabel;
class QListWidget;
class QTableView;

namespace mxi::gui {

class StageBarsChart;
class StartupRunsModel;
class StartupStatsModel;
class StripChart;

class StartupView final : public QWidget {
  Q_OBJECT
 public:
  // `baseline` (null: none) is shown beside `report`; `report.verdict` says how they compare.
  StartupView(std::shared_ptr<const core::startup::StartupReport> report,
              std::shared_ptr<const core::startup::StartupReport> baseline, QWidget* parent = nullptr);
  const core::startup::StartupReport& report() const { return *m_report; }
  const core::startup::StartupReport* baseline() const { return m_baseline.get(); }

  QString headerText() const;   // as plain text
  QString verdictText() const;  // the prominent line
  const std::vector<FigureSummary>& summaries() const { return m_summaries; }
  const std::vector<StripChart*>& stripCharts() const { return m_strips; }
  StripChart* stripChart(core::startup::Figure figure) const;  // null when no run gave it
  StageBarsChart* stageChart() const { return m_stages; }      // null when no run was traced
  QString stagesNote() const;                                  // "" when the stages show
  QString costsText() const;                                   // "" when hidden
  StartupRunsModel* runsModel() const { return m_runsModel; }
  StartupStatsModel* statsModel() const { return m_statsModel; }
  QTableView* runsTable() const { return m_runsTable; }
  QListWidget* issueList() const { return m_issues; }

 private:
  QWidget* makeCharts();
  QWidget* makeTables();
  QWidget* makeStagesAndIssues();

  std::shared_ptr<const core::startup::StartupReport> m_report, m_baseline;
  std::vector<FigureSummary> m_summaries;
  QLabel* m_header;
  QLabel* m_verdict;
  std::vector<StripChart*> m_strips;
  std::vector<core::startup::Figure> m_stripFigures;
  StageBarsChart* m_stages = nullptr;
  QLabel* m_stagesNote = nullptr;
  QLabel* m_costs = nullptr;
  StartupRunsModel* m_runsModel = nullptr;
  StartupStatsModel* m_statsModel = nullptr;
  QTableView* m_runsTable = nullptr;
  QListWidget* m_issues = nullptr;
};

// The header's plain text: "com.example.app — cold launches: 10 counted of 11 runs — activity
// com.example.app/.Main" (+ " — stopped early: cancelled").
QString startupHeaderText(const core::startup::StartupReport& report);
// The verdict line: "Initial display against base.mxs (10 vs 10 counted runs): slower by 412 ms
// (38.5 %), p = 0.0079"; without a baseline or a figure in common, says so.
QString startupVerdictText(const core::startup::StartupReport& report, bool hasBaseline);
// What measuring cost and where it went, under the statistics (core/startup's measuringCostMs and
// tracerCostMs): "Kept out of the figures: driving the phone, 62 ms per launch beyond WaitTime;
// tracing, +231 ms per traced launch (medians)"; "" when neither is known.
QString startupCostsText(const core::startup::StartupReport& report);

}  // namespace mxi::gui
