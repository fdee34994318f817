// Run launches… on the demo phone (mxi-device-sim --demo, whose app launches with seeded times
// and logs Displayed as am start -W's TotalTime): from the live view's app through the dialog
// and StartupRunJob to the Startup page, 3 cold launches after the warm-up; and Cancel during
// longer runs keeps the launches measured so far.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "app/gui/charts/startup/strip_chart.h"
#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/jobs/startup/startup_run_job.h"
#include "app/gui/main_window.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/startup/run_launches_dialog.h"
#include "app/gui/views/startup/startup_page.h"
#include "app/gui/views/startup/startup_view.h"
#include "core/startup/startup_stats.h"

namespace mxi::gui {
namespace {

constexpr const char* kDemoApp = "com.example.mxi.demo";

// The demo's live view with its app picked, its recording stopped (launches restart the app, so
// Run launches… waits for the recording to end).
LiveDeviceView* demoWithItsApp(MainWindow& window) {
  if (!window.startDemo()) return nullptr;
  LiveDeviceView* live = window.liveView();
  QSignalSpy apps(live, &LiveDeviceView::appsReady);
  if (live->appPicker()->count() == 0 && !apps.wait(30000)) return nullptr;
  // The demo records once its apps are listed: no launches meanwhile.
  if (!live->job().running() || live->runLaunchesButton()->isEnabled()) return nullptr;
  live->stop();
  for (int waited = 0; waited < 30000 && live->job().running(); waited += 50) QTest::qWait(50);
  live->appPicker()->setCurrentText(QString::fromLatin1(kDemoApp));
  return live->runLaunchesButton()->isEnabled() ? live : nullptr;
}

TEST(StartupDeviceTest, ThreeColdLaunchesFromTheLiveViewThroughTheDialog) {
  QStandardPaths::setTestModeEnabled(true);
  const QString missing = DemoDevice::locateParts().missing();
  ASSERT_TRUE(missing.isEmpty()) << missing.toStdString();
  MainWindow window;
  LiveDeviceView* live = demoWithItsApp(window);
  ASSERT_TRUE(live);
  ASSERT_TRUE(live->runLaunchesButton()->isEnabled());

  // The dialog opens with the live view's device and app; 3 counted cold runs are asked for.
  QString presetPackage, presetDevice;
  int defaultRuns = 0;
  QTimer::singleShot(0, &window, [&] {
    auto* dialog = qobject_cast<RunLaunchesDialog*>(QApplication::activeModalWidget());
    if (!dialog) return;
    presetPackage = dialog->packageEdit()->text();
    presetDevice = dialog->devicePicker()->currentText();
    defaultRuns = dialog->runsSpin()->value();
    dialog->runsSpin()->setValue(3);
    dialog->accept();
  });
  QSignalSpy shown(&window, &MainWindow::startupOpened);
  live->runLaunchesButton()->click();  // returns once the dialog is accepted; the launches run on
  EXPECT_EQ(presetPackage, QString::fromLatin1(kDemoApp));
  EXPECT_TRUE(presetDevice.startsWith(QStringLiteral("Demo phone (tcp:"))) << presetDevice.toStdString();
  EXPECT_EQ(defaultRuns, 10);
  StartupPage* page = window.startupPage();
  ASSERT_TRUE(page->runJob());
  EXPECT_TRUE(page->isRunning());
  EXPECT_TRUE(page->cancelButton()->isVisibleTo(page));  // the launch progress row with its Cancel
  ASSERT_TRUE(shown.wait(120000));

  StartupView* view = window.startupView();
  ASSERT_TRUE(view);
  const core::startup::StartupReport& report = view->report();
  EXPECT_EQ(report.package, kDemoApp);
  EXPECT_EQ(report.stoppedBy, "");
  ASSERT_EQ(report.runs.size(), 4u);  // the warm-up and 3
  EXPECT_TRUE(
      view->headerText().startsWith(QStringLiteral("com.example.mxi.demo — cold launches: 3 counted of 4 runs")))
      << view->headerText().toStdString();
  for (const core::startup::StartupRun& run : report.runs) {
    EXPECT_EQ(run.launchState, "COLD") << run.index;
    EXPECT_EQ(run.counted, run.index > 0) << run.index;
    ASSERT_TRUE(run.totalTimeMs && run.timeToInitialDisplayMs) << run.index;
    // On the demo phone, as on a real one, Displayed is am start -W's TotalTime.
    EXPECT_EQ(*run.timeToInitialDisplayMs, *run.totalTimeMs) << run.index;
  }
  // The strip chart of Initial display: 4 dots, 3 filled, its median the counted runs' median.
  StripChart* ttid = view->stripChart(core::startup::Figure::kTimeToInitialDisplay);
  ASSERT_TRUE(ttid);
  ASSERT_EQ(ttid->columns().size(), 1u);
  EXPECT_EQ(ttid->columns()[0].dots.size(), 4u);
  EXPECT_EQ(std::ranges::count_if(ttid->columns()[0].dots, [](const StripDot& d) { return d.filled; }), 3);
  EXPECT_DOUBLE_EQ(ttid->columns()[0].median,
                   core::startup::figureStats(
                       core::startup::countedValues(report.runs, core::startup::Figure::kTimeToInitialDisplay))
                       .median);
  EXPECT_FALSE(page->isRunning());
  EXPECT_FALSE(page->cancelButton()->isVisibleTo(page));
  EXPECT_TRUE(page->saveAction()->isEnabled());

  // These runs saved, then 3 more with them as the dialog's baseline: both sets show, and 3
  // against 3 launches of one phone cannot be a significant change (the smallest two-sided
  // Mann–Whitney p of 3 vs 3 is 0.1).
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString saved = dir.filePath(QStringLiteral("demo-cold.mxs"));
  ASSERT_TRUE(page->saveRuns(saved));
  LaunchRequest again;
  again.device = live->job().target().selection;
  again.deviceLabel = live->job().target().label;
  again.options.package = kDemoApp;
  again.options.runs = 3;
  again.baseline = saved;
  QSignalSpy baselineShown(page, &StartupPage::baselineShown);
  page->runLaunches(again);
  ASSERT_TRUE(baselineShown.wait(120000));
  view = window.startupView();
  ASSERT_TRUE(view && view->baseline());
  EXPECT_EQ(view->baseline()->runs.size(), 4u);
  ASSERT_TRUE(view->report().verdict);
  EXPECT_FALSE(view->report().verdict->significant);
  EXPECT_TRUE(view->verdictText().contains(QStringLiteral(": no significant change (p = ")))
      << view->verdictText().toStdString();
  ASSERT_TRUE(view->stripChart(core::startup::Figure::kTimeToInitialDisplay));
  EXPECT_EQ(view->stripChart(core::startup::Figure::kTimeToInitialDisplay)->columns().size(), 2u);
}

TEST(StartupDeviceTest, CancelKeepsTheLaunchesMeasuredSoFar) {
  QStandardPaths::setTestModeEnabled(true);
  MainWindow window;
  LiveDeviceView* live = demoWithItsApp(window);
  ASSERT_TRUE(live);
  LaunchRequest request;
  request.device = live->job().target().selection;
  request.deviceLabel = live->job().target().label;
  request.options.package = kDemoApp;
  request.options.runs = 20;
  StartupPage* page = window.startupPage();
  QSignalSpy shown(&window, &MainWindow::startupOpened);
  page->runLaunches(request);
  ASSERT_TRUE(page->runJob());
  // Cancel once the third launch begins.
  QObject::connect(page->runJob(), &WorkerJob::progress, page, [page](const QString& phase, int) {
    if (phase.startsWith(QStringLiteral("launch 3 of"))) page->cancelButton()->click();
  });
  ASSERT_TRUE(shown.wait(120000));
  const core::startup::StartupReport& report = window.startupView()->report();
  EXPECT_EQ(report.stoppedBy, "cancelled");
  EXPECT_GE(report.runs.size(), 2u);
  EXPECT_LT(report.runs.size(), 21u);
  EXPECT_TRUE(window.startupView()->headerText().endsWith(QStringLiteral(" — stopped early: cancelled")))
      << window.startupView()->headerText().toStdString();
  EXPECT_FALSE(page->isRunning());
}

}  // namespace
}  // namespace mxi::gui
