// The Startup page fed known launches (issue 45): the header's counts, the runs table, the
// statistics, each figure's strip chart (its dots, filled or hollow, and its median line equal
// to the statistics table's median and to the verdict's), the stages of traced runs or the note
// that none was traced, the issues, and a baseline opened beside the runs from session files
// through the window (a session file of startup runs opens on this page) with the verdict in
// words; Save runs… writes a file that opens back the same.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QListWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "app/gui/charts/startup/stage_bars_chart.h"
#include "app/gui/charts/startup/strip_chart.h"
#include "app/gui/main_window.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/startup/startup_runs_model.h"
#include "app/gui/models/startup/startup_stats_model.h"
#include "app/gui/views/startup/startup_page.h"
#include "app/gui/views/startup/startup_view.h"
#include "core/startup/startup_issues.h"
#include "core/startup/startup_session.h"
#include "core/startup/startup_stats.h"
#include "core/startup/startup_verdict.h"

// Failures print QStrings as text.
inline void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }

namespace mxi::gui {
namespace {

using core::startup::Figure;
using core::startup::StartupReport;
using core::startup::StartupRun;

StartupRun timedRun(int index, const std::string& state, int64_t totalMs) {
  StartupRun run;
  run.index = index;
  run.launchState = state;
  run.activity = "com.example.app/.Main";
  run.totalTimeMs = totalMs;
  run.waitTimeMs = totalMs + 20;
  run.timeToInitialDisplayMs = totalMs;
  run.firstFrameMs = totalMs - 10;
  run.startUnixMs = 1700000000000 + index * 5000;
  return run;
}

// A cold set: the warm-up, five counted launches (TotalTime 480…520, median 500, p90 516), one
// the system served WARM (spoiled), one that crashed; `traced` adds a traced launch's stages.
StartupReport knownReport(bool traced, const std::vector<int64_t>& counted = {500, 520, 480, 510, 490}) {
  StartupReport report;
  report.package = "com.example.app";
  report.activity = "com.example.app/.Main";
  report.mode = core::startup::LaunchMode::kCold;
  report.runs.push_back(timedRun(0, "COLD", 900));
  for (size_t i = 0; i < counted.size(); ++i)
    report.runs.push_back(timedRun(static_cast<int>(i) + 1, "COLD", counted[i]));
  report.runs.push_back(timedRun(static_cast<int>(counted.size()) + 1, "WARM", 250));
  StartupRun crashed;
  crashed.index = static_cast<int>(counted.size()) + 2;
  crashed.failure = "crashed: java.lang.IllegalStateException: boom";
  crashed.startUnixMs = 1700000100000;
  report.runs.push_back(crashed);
  if (traced) {
    StartupRun run;
    run.index = static_cast<int>(counted.size()) + 3;
    run.traced = true;
    run.launchState = "COLD";
    run.stages = {{"application_create", 300},  // Matrix's first_activity_create counts from the bind too
                  {"stage_between_app_and_activity", 50},
                  {"first_activity_create", 550},
                  {"startup_duration", 550}};
    run.startUnixMs = 1700000200000;
    report.runs.push_back(run);
  }
  core::startup::judgeRuns(report.runs, report.mode);
  core::startup::StartupThresholds thresholds;
  thresholds.coldMs = 505;  // runs 2 (520) and 4 (510) reach it
  report.issues = core::startup::startupIssues(report.runs, report.package, thresholds);
  return report;
}

QString cell(const QAbstractItemModel& model, int row, int column) {
  return model.data(model.index(row, column), Qt::DisplayRole).toString();
}

int filledDots(const StripColumn& column) {
  return static_cast<int>(std::ranges::count_if(column.dots, [](const StripDot& d) { return d.filled; }));
}

TEST(StartupPageTest, KnownRunsShowTheirCountsTableChartsAndStats) {
  auto report = std::make_shared<const StartupReport>(knownReport(false));
  StartupView view(report, nullptr);
  view.resize(1400, 1000);
  view.show();

  EXPECT_EQ(view.headerText(),
            QStringLiteral("com.example.app — cold launches: 5 counted of 8 runs — activity com.example.app/.Main"));
  EXPECT_EQ(view.verdictText(), QStringLiteral("No baseline: Load baseline… to see whether these launches got slower"));

  // The runs table: one row per run, the warm-up first, each one's state and why it is not counted.
  StartupRunsModel* runs = view.runsModel();
  QAbstractItemModelTester tester(runs, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(runs->rowCount(), 8);
  EXPECT_EQ(cell(*runs, 0, StartupRunsModel::kRun), QStringLiteral("0 (warm-up)"));
  EXPECT_EQ(cell(*runs, 0, StartupRunsModel::kState), QStringLiteral("warm-up"));
  EXPECT_EQ(cell(*runs, 0, StartupRunsModel::kWhy), QStringLiteral("the warm-up launch (never counted)"));
  EXPECT_EQ(cell(*runs, 2, StartupRunsModel::kState), QStringLiteral("counted"));
  EXPECT_EQ(cell(*runs, 2, StartupRunsModel::kLaunchState), QStringLiteral("COLD"));
  EXPECT_EQ(cell(*runs, 2, StartupRunsModel::kFirstFigure), QStringLiteral("520"));      // TotalTime
  EXPECT_EQ(cell(*runs, 2, StartupRunsModel::kFirstFigure + 1), QStringLiteral("540"));  // WaitTime
  EXPECT_EQ(cell(*runs, 2, StartupRunsModel::kFirstFigure + 3), QStringLiteral("—"));    // no full display
  EXPECT_EQ(cell(*runs, 2, StartupRunsModel::kWhy), QString());
  EXPECT_EQ(cell(*runs, 6, StartupRunsModel::kState), QStringLiteral("spoiled"));
  EXPECT_EQ(cell(*runs, 6, StartupRunsModel::kWhy), QStringLiteral("spoiled: the system served it WARM"));
  EXPECT_EQ(cell(*runs, 7, StartupRunsModel::kState), QStringLiteral("failed"));
  EXPECT_EQ(cell(*runs, 7, StartupRunsModel::kWhy),
            QStringLiteral("failed: crashed: java.lang.IllegalStateException: boom"));
  EXPECT_EQ(cell(*runs, 7, StartupRunsModel::kFirstFigure), QStringLiteral("—"));

  // A strip chart per figure some run gave (none gave full display), one column without a baseline.
  ASSERT_EQ(view.stripCharts().size(), 4u);
  EXPECT_EQ(view.stripChart(Figure::kTimeToFullDisplay), nullptr);
  StripChart* total = view.stripChart(Figure::kTotalTime);
  ASSERT_TRUE(total);
  EXPECT_EQ(total->title(), QStringLiteral("TotalTime"));
  ASSERT_EQ(total->columns().size(), 1u);
  const StripColumn& current = total->columns()[0];
  EXPECT_EQ(current.dots.size(), 7u);  // every run but the crashed one
  EXPECT_EQ(filledDots(current), 5);   // the counted ones
  EXPECT_EQ(current.title, QStringLiteral("current (5)"));
  ASSERT_TRUE(current.hasLines);
  EXPECT_DOUBLE_EQ(current.median, 500);
  EXPECT_DOUBLE_EQ(current.p90, 516);
  // A hollow dot says why it is not counted.
  EXPECT_EQ(current.dots[0].tip, QStringLiteral("current run 0: 900 ms — the warm-up launch (never counted)"));
  EXPECT_FALSE(current.dots[0].filled);
  EXPECT_EQ(current.dots[6].tip, QStringLiteral("current run 6: 250 ms — spoiled: the system served it WARM"));
  EXPECT_EQ(current.dots[1].tip, QStringLiteral("current run 1: 500 ms — counted"));

  // The statistics table reads the same numbers as the chart's lines.
  StartupStatsModel* stats = view.statsModel();
  QAbstractItemModelTester statsTester(stats, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(stats->rowCount(), 4);
  EXPECT_EQ(stats->columnCount(), static_cast<int>(StartupStatsModel::kBaselineN));  // no baseline columns
  EXPECT_EQ(cell(*stats, 0, StartupStatsModel::kFigure), QStringLiteral("TotalTime"));
  EXPECT_EQ(cell(*stats, 0, StartupStatsModel::kN), QStringLiteral("5"));
  EXPECT_EQ(cell(*stats, 0, StartupStatsModel::kMin), QStringLiteral("480"));
  EXPECT_EQ(cell(*stats, 0, StartupStatsModel::kMedian), QStringLiteral("500"));
  EXPECT_EQ(cell(*stats, 0, StartupStatsModel::kP90), QStringLiteral("516"));
  EXPECT_EQ(cell(*stats, 0, StartupStatsModel::kMax), QStringLiteral("520"));
  EXPECT_EQ(stats->data(stats->index(0, StartupStatsModel::kMedian), kExactRole).toDouble(), current.median);
  EXPECT_EQ(cell(*stats, 3, StartupStatsModel::kFigure), QStringLiteral("First frame"));
  EXPECT_EQ(cell(*stats, 3, StartupStatsModel::kMedian), QStringLiteral("490"));

  // No traced run: the stages are hidden behind one line.
  EXPECT_EQ(view.stageChart(), nullptr);
  EXPECT_EQ(view.stagesNote(), QStringLiteral("No run was traced: run the launches with tracing for Matrix's stages."));

  // The issues: the two counted runs at or over the threshold, slowest first.
  ASSERT_EQ(report->issues.size(), 2u);
  ASSERT_EQ(view.issueList()->count(), 2);
  EXPECT_TRUE(view.issueList()->item(0)->text().startsWith(QStringLiteral("Trace_StartUp · run 2 · COLD")))
      << view.issueList()->item(0)->text().toStdString();
  EXPECT_TRUE(view.issueList()->item(1)->text().startsWith(QStringLiteral("Trace_StartUp · run 4 · COLD")))
      << view.issueList()->item(1)->text().toStdString();
}

TEST(StartupPageTest, TracedRunsShowTheirStagesAsStackedBars) {
  auto report = std::make_shared<const StartupReport>(knownReport(true));
  StartupView view(report, nullptr);
  EXPECT_EQ(view.headerText(),
            QStringLiteral("com.example.app — cold launches: 5 counted of 9 runs — activity com.example.app/.Main"));
  ASSERT_TRUE(view.stageChart());
  EXPECT_EQ(view.stagesNote(), QString());
  EXPECT_EQ(view.stageChart()->barCount(), 1);
  EXPECT_EQ(
      view.stageChart()->segments(),
      (std::vector<std::string>{"application_create", "stage_between_app_and_activity", "activity to first frame"}));
  EXPECT_EQ(cell(*view.runsModel(), 8, StartupRunsModel::kState), QStringLiteral("traced"));
  EXPECT_EQ(cell(*view.runsModel(), 8, StartupRunsModel::kWhy),
            QStringLiteral("traced: stages only (the tracer slows the launch)"));
}

// A bar is as long as Matrix's first_activity_create (from the bind, or from the activity's
// creation when warm): the two stages before it, then what the activity added until its frame.
TEST(StartupPageTest, StageSegmentsAddUpToFirstActivityCreate) {
  using Segments = std::vector<std::pair<std::string, int64_t>>;
  EXPECT_EQ(
      stageSegments({{"application_create", 250},
                     {"stage_between_app_and_activity", 33},
                     {"first_activity_create", 572},
                     {"startup_duration", 572}}),
      (Segments{
          {"application_create", 250}, {"stage_between_app_and_activity", 33}, {"activity to first frame", 289}}));
  EXPECT_EQ(stageSegments({{"first_activity_create", 412}, {"startup_duration", 412}}),
            (Segments{{"activity to first frame", 412}}));
  EXPECT_EQ(stageSegments({{"application_create", 300}, {"first_activity_create", 200}}),
            (Segments{{"application_create", 300}, {"activity to first frame", 0}}));
  EXPECT_EQ(stageSegments({{"application_create", 300}}), (Segments{{"application_create", 300}}));
}

// What driving the phone and tracing cost is said under the statistics, and only when known.
TEST(StartupPageTest, WhatMeasuringCostIsSaidUnderTheStatistics) {
  EXPECT_EQ(StartupView(std::make_shared<const StartupReport>(knownReport(true)), nullptr).costsText(), QString());
  StartupReport report = knownReport(false);
  for (StartupRun& run : report.runs) {
    if (run.counted) run.hostWallMs = *run.waitTimeMs + 60 + run.index;  // 61…65 ms beyond WaitTime
  }
  StartupRun traced = timedRun(6, "COLD", 740);  // after run 5 (490 ms): +250
  traced.traced = true;
  report.runs.insert(report.runs.begin() + 6, traced);
  core::startup::judgeRuns(report.runs, report.mode);
  StartupView view(std::make_shared<const StartupReport>(report), nullptr);
  EXPECT_EQ(view.costsText(), QStringLiteral("Kept out of the figures: driving the phone, 63 ms per launch beyond "
                                             "WaitTime; tracing, +250 ms per traced launch (medians)"));
  EXPECT_EQ(view.statsModel()->rowCount(), 4);  // the figures themselves are the counted runs' only
}

TEST(StartupPageTest, StripScaleAndGeometry) {
  std::vector<StripColumn> columns(1);
  columns[0].dots = {{480, true, {}}, {520, true, {}}};
  columns[0].hasLines = true;
  columns[0].median = 500;
  columns[0].p90 = 516;
  const StripScale scale = stripScale(columns);
  // 480…520 padded by 8 % of the span (3.2 ms): 46.4 ms wide, so ticks 10 ms apart (about six),
  // and out to them.
  EXPECT_DOUBLE_EQ(scale.step, 10);
  EXPECT_DOUBLE_EQ(scale.lo, 470);
  EXPECT_DOUBLE_EQ(scale.hi, 530);
  EXPECT_DOUBLE_EQ(stripY(470, scale, 10, 130), 130);
  EXPECT_DOUBLE_EQ(stripY(530, scale, 10, 130), 10);
  EXPECT_DOUBLE_EQ(stripY(500, scale, 10, 130), 70);
  EXPECT_EQ(stripScale({}).hi, 1);
  EXPECT_DOUBLE_EQ(stripJitter(0), 0);
  EXPECT_DOUBLE_EQ(stripJitter(7), stripJitter(0));
  // Never below 0 ms.
  std::vector<StripColumn> near0(1);
  near0[0].dots = {{1, true, {}}, {3, true, {}}};
  EXPECT_DOUBLE_EQ(stripScale(near0).lo, 0);
}

// Session files of startup runs open on the Startup page through the window; a baseline loaded
// beside them shows both columns and the verdict, whose medians are the statistics table's.
TEST(StartupPageTest, SessionFilesOpenHereAndABaselineShowsBothColumnsAndTheVerdict) {
  QStandardPaths::setTestModeEnabled(true);
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString currentPath = dir.filePath(QStringLiteral("current.mxs"));
  const QString basePath = dir.filePath(QStringLiteral("base.mxs"));
  ASSERT_TRUE(core::startup::writeStartupSession(currentPath.toStdString(), knownReport(false), "emulator-5554").ok());
  ASSERT_TRUE(core::startup::writeStartupSession(basePath.toStdString(), knownReport(false, {400, 410, 420, 430, 440}),
                                                 "emulator-5554")
                  .ok());

  MainWindow window;
  window.resize(1400, 1000);
  window.show();
  QSignalSpy opened(&window, &MainWindow::startupOpened);
  QSignalSpy sessions(&window, &MainWindow::sessionOpened);
  window.openFiles({currentPath});
  ASSERT_TRUE(opened.wait(30000));
  EXPECT_EQ(sessions.count(), 0);  // not the session page
  StartupView* view = window.startupView();
  ASSERT_TRUE(view);
  EXPECT_EQ(view->headerText(),
            QStringLiteral("com.example.app — cold launches: 5 counted of 8 runs — activity com.example.app/.Main"));
  EXPECT_TRUE(window.startupPage()->saveAction()->isEnabled());

  QSignalSpy baselineShown(window.startupPage(), &StartupPage::baselineShown);
  window.startupPage()->loadBaseline(basePath);
  ASSERT_TRUE(baselineShown.wait(30000));
  view = window.startupView();
  ASSERT_TRUE(view && view->baseline());

  // Both columns, the baseline's first.
  StripChart* ttid = view->stripChart(Figure::kTimeToInitialDisplay);
  ASSERT_TRUE(ttid);
  ASSERT_EQ(ttid->columns().size(), 2u);
  EXPECT_EQ(ttid->columns()[0].title, QStringLiteral("baseline (5)"));
  EXPECT_EQ(ttid->columns()[1].title, QStringLiteral("current (5)"));
  EXPECT_EQ(ttid->columns()[0].dots.size(), 7u);
  EXPECT_EQ(filledDots(ttid->columns()[0]), 5);
  EXPECT_DOUBLE_EQ(ttid->columns()[0].median, 420);
  EXPECT_DOUBLE_EQ(ttid->columns()[1].median, 500);

  // The verdict over Initial display: its medians are the chart's and the table's.
  const auto& verdict = view->report().verdict;
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->figure, Figure::kTimeToInitialDisplay);
  EXPECT_DOUBLE_EQ(verdict->baselineMedianMs, ttid->columns()[0].median);
  EXPECT_DOUBLE_EQ(verdict->currentMedianMs, ttid->columns()[1].median);
  EXPECT_TRUE(verdict->regression);
  EXPECT_LT(verdict->p, 0.05);
  EXPECT_TRUE(QString::fromStdString(verdict->words()).startsWith(QStringLiteral("slower by 80 ms (19.0 %), p = ")))
      << verdict->words();
  EXPECT_EQ(view->verdictText(), QStringLiteral("Initial display against base.mxs (5 vs 5 counted runs, median 420 → "
                                                "500 ms): ") +
                                     QString::fromStdString(verdict->words()));
  StartupStatsModel* stats = view->statsModel();
  ASSERT_EQ(stats->columnCount(), static_cast<int>(StartupStatsModel::kColumns));
  EXPECT_EQ(cell(*stats, 2, StartupStatsModel::kFigure), QStringLiteral("Initial display"));
  EXPECT_EQ(cell(*stats, 2, StartupStatsModel::kMedian), QStringLiteral("500"));
  EXPECT_EQ(cell(*stats, 2, StartupStatsModel::kBaselineN), QStringLiteral("5"));
  EXPECT_EQ(cell(*stats, 2, StartupStatsModel::kBaselineMedian), QStringLiteral("420"));
  EXPECT_EQ(cell(*stats, 2, StartupStatsModel::kDelta), QStringLiteral("+80"));

  // Save runs… writes the set; it opens back the same.
  const QString saved = dir.filePath(QStringLiteral("saved.mxs"));
  ASSERT_TRUE(window.startupPage()->saveRuns(saved));
  opened.clear();
  window.openFiles({saved});
  ASSERT_TRUE(opened.wait(30000));
  view = window.startupView();
  ASSERT_TRUE(view);
  EXPECT_EQ(view->runsModel()->rowCount(), 8);
  // The same app and mode: the baseline stays beside them.
  ASSERT_TRUE(view->baseline());
  ASSERT_TRUE(view->report().verdict);
  EXPECT_DOUBLE_EQ(view->report().verdict->currentMedianMs, 500);
}

// Device → Run launches… with no device attached says what to do instead of an empty dialog; the
// Startup page has nothing to show before a set of runs.
TEST(StartupPageTest, RunLaunchesWithoutADeviceSaysWhatToDo) {
  QStandardPaths::setTestModeEnabled(true);
  MainWindow window;
  EXPECT_FALSE(window.showPage(QStringLiteral("startup")));
  EXPECT_FALSE(window.startupPage()->saveAction()->isEnabled());
  EXPECT_FALSE(window.startupPage()->baselineAction()->isEnabled());
  QSignalSpy failed(&window, &MainWindow::openFailed);
  window.startupPage()->runAction()->trigger();
  ASSERT_EQ(failed.count(), 1);
  EXPECT_EQ(failed.front().front().toString(),
            QStringLiteral("Attach a device (or try the demo) to run launches on it"));
}

}  // namespace
}  // namespace mxi::gui
