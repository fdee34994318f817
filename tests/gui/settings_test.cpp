// Settings: the value type round-trips through QSettings (a scratch ini file, never the user's),
// the dialog edits, restores defaults and refuses inconsistent values, and every setting takes
// effect: drop thresholds change the levels a session shows, the evil-method threshold flags
// and filters the issue feed, an app's methodMapping.txt names its sessions' call trees, and
// excluded heaps leave the class histogram and retained sizes.
#include <gtest/gtest.h>

#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <fstream>

#include "app/gui/charts/session/drop_level_chart.h"
#include "app/gui/main_window.h"
#include "app/gui/models/call_tree_model.h"
#include "app/gui/models/heap/class_histogram_model.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/models/session/session_comparison_model.h"
#include "app/gui/settings/settings.h"
#include "app/gui/views/heap/heap_browser.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/session/session_view.h"
#include "app/gui/views/settings_dialog.h"
#include "core/exports/session_json.h"
#include "core/matrix/matrix_issue.h"
#include "core/matrix/matrix_json.h"
#include "core/session/session_writer.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

Settings custom() {
  Settings s;
  s.adbPath = QStringLiteral("/opt/platform-tools/adb");
  s.transport = QStringLiteral("tcp:192.168.1.20:5555");
  s.thresholds.evilMethodMs = 1000;
  s.thresholds.anrMs = 4000;
  s.thresholds.drops = {2, 5, 12, 30};
  s.mappings = {{QStringLiteral("com.example.app"), QStringLiteral("/maps/methodMapping.txt"), QString(), QString()},
                {QStringLiteral("com.example.other"), QString(), QStringLiteral("/maps/mapping.txt"), QString()}};
  s.excludedHeaps = {QStringLiteral("image"), QStringLiteral("zygote")};
  s.knownReferencesFile = QStringLiteral("/maps/known-references.json");
  s.sqlSlowMs = 250;
  return s;
}

TEST(SettingsTest, RoundTripThroughQSettings) {
  const auto dir = test::scratchDir("gui-settings-roundtrip");
  const QString ini = QString::fromStdString((dir / "settings.ini").string());
  {
    QSettings store(ini, QSettings::IniFormat);
    const Settings empty = Settings::load(store);
    EXPECT_TRUE(empty == Settings{});  // nothing stored: Matrix's defaults
    EXPECT_EQ(empty.adbPath, QStringLiteral("adb"));
    EXPECT_EQ(empty.transport, QStringLiteral("server"));
    EXPECT_EQ(empty.thresholds.evilMethodMs, 700);
    EXPECT_EQ(empty.thresholds.anrMs, 5000);
    EXPECT_EQ(empty.thresholds.drops.normal, 3);
    EXPECT_EQ(empty.thresholds.drops.middle, 9);
    EXPECT_EQ(empty.thresholds.drops.high, 24);
    EXPECT_EQ(empty.thresholds.drops.frozen, 42);
    EXPECT_EQ(empty.sqlSlowMs, 100);  // SQLiteLint's slow-statement default (mxi record --sql-slow-ms)
    custom().save(store);
  }
  QSettings store(ini, QSettings::IniFormat);
  const Settings back = Settings::load(store);
  EXPECT_TRUE(back == custom());
  EXPECT_EQ(back.transport, QStringLiteral("tcp:192.168.1.20:5555"));
  ASSERT_EQ(back.mappings.size(), 2);
  EXPECT_EQ(back.mappings[1].proguardMapping, QStringLiteral("/maps/mapping.txt"));
  EXPECT_EQ(back.excludedHeaps, (QStringList{QStringLiteral("image"), QStringLiteral("zygote")}));
  EXPECT_EQ(back.knownReferencesFile, QStringLiteral("/maps/known-references.json"));
  EXPECT_EQ(store.value(QStringLiteral("thresholds/dropHigh")).toInt(), 12);
  EXPECT_EQ(store.value(QStringLiteral("sqlite/slowStatementMs")).toInt(), 250);

  // Fewer mappings later: the old rows are gone. Inconsistent thresholds fall back to Matrix's.
  Settings fewer = custom();
  fewer.mappings.removeLast();
  fewer.save(store);
  store.setValue(QStringLiteral("thresholds/dropMiddle"), 1);
  const Settings reread = Settings::load(store);
  EXPECT_EQ(reread.mappings.size(), 1);
  EXPECT_EQ(reread.thresholds.drops.normal, 3);
  EXPECT_EQ(reread.thresholds.evilMethodMs, 700);
  EXPECT_EQ(reread.adbPath, QStringLiteral("/opt/platform-tools/adb"));
}

TEST(SettingsTest, ValidateNamesWhatIsWrong) {
  EXPECT_EQ(Settings{}.validate(), QString());
  Settings s;
  s.thresholds.drops.middle = 3;
  EXPECT_EQ(s.validate(),
            QStringLiteral("drop thresholds must increase: 0 < Normal (3) < Middle (3) < High (24) < Frozen (42)"));
  s = Settings{};
  s.transport = QStringLiteral("tcp:host");
  EXPECT_EQ(s.validate(), QStringLiteral("transport 'tcp:host': expected server, usb or tcp:HOST:PORT"));
  s.transport = QStringLiteral("tcp:host:70000");
  EXPECT_EQ(s.validate(), QStringLiteral("transport 'tcp:host:70000': expected server, usb or tcp:HOST:PORT"));
  s = Settings{};
  s.thresholds.anrMs = 500;
  EXPECT_EQ(s.validate(),
            QStringLiteral("the ANR threshold (500 ms) must not be below the evil-method threshold (700 ms)"));
  s = Settings{};
  s.mappings = {{QStringLiteral("com.a"), QString(), QString(), QString()}};
  EXPECT_EQ(s.validate(), QStringLiteral("the mapping of com.a names no file"));
  EXPECT_EQ(findAppMapping(custom().mappings, "com.example.app:push")->methodMapping,
            QStringLiteral("/maps/methodMapping.txt"));
  EXPECT_EQ(findAppMapping(custom().mappings, "com.example"), nullptr);
}

TEST(SettingsTest, DialogEditsRestoresDefaultsAndRefusesBadValues) {
  SettingsDialog dialog(custom());
  EXPECT_TRUE(dialog.settings() == custom());
  EXPECT_EQ(dialog.findChild<QLabel*>(QStringLiteral("dropRanges"))->text(),
            QStringLiteral("Best [0,2) Normal [2,5) Middle [5,12) High [12,30) Frozen [30,∞)"));
  EXPECT_EQ(dialog.mappingTable()->rowCount(), 2);
  auto* sqlSlow = dialog.findChild<QSpinBox*>(QStringLiteral("sqlSlowMs"));
  EXPECT_EQ(sqlSlow->value(), 250);
  sqlSlow->setValue(0);
  EXPECT_EQ(sqlSlow->text(), QStringLiteral("off"));
  EXPECT_EQ(dialog.settings().sqlSlowMs, 0);
  dialog.restoreDefaults();
  EXPECT_TRUE(dialog.settings() == Settings{});
  EXPECT_EQ(dialog.findChild<QLabel*>(QStringLiteral("dropRanges"))->text(),
            QStringLiteral("Best [0,3) Normal [3,9) Middle [9,24) High [24,42) Frozen [42,∞)"));
  dialog.findChild<QSpinBox*>(QStringLiteral("dropHigh"))->setValue(50);
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Rejected);
  EXPECT_EQ(dialog.problem(),
            QStringLiteral("drop thresholds must increase: 0 < Normal (3) < Middle (9) < High (50) < Frozen (42)"));
  dialog.findChild<QSpinBox*>(QStringLiteral("dropHigh"))->setValue(24);
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

core::matrix::MatrixIssue evilMethod(int64_t costMs) {
  const std::string json = R"({"tag":"Trace_EvilMethod","detail":"NORMAL","process":"sample.tencent.matrix","cost":)" +
                           std::to_string(costMs) + R"(,"stack":"0,1048574,1,)" + std::to_string(costMs) +
                           R"(\n1,96,1,)" + std::to_string(costMs - 100) + R"(\n2,98,1,100\n","stackKey":"96|"})";
  auto issue = core::matrix::parseIssueJson(json);
  EXPECT_TRUE(issue.ok()) << issue.status().toString();
  return *issue;
}

// Ten frames dropping 0, 2, 3, 5, 9, 12, 24, 30, 42 and 50 frames at 60 Hz, and evil methods of
// 500, 800, 3000 and 6000 ms, recorded for `app`.
std::string writeSession(const std::string& name, const std::string& app) {
  const std::string path = (test::scratchDir("gui-settings-" + name) / (name + ".mxs")).string();
  core::session::SessionHeader header;
  header.app = app;
  auto writer = core::session::SessionWriter::create(path, header);
  EXPECT_TRUE(writer.ok()) << writer.status().toString();
  const int64_t period = 16'666'667;
  int64_t t = 1'000'000'000;
  EXPECT_TRUE((*writer)->appendSceneChange(t, "MainActivity").ok());
  for (int dropped : {0, 2, 3, 5, 9, 12, 24, 30, 42, 50}) {
    core::framestats::Frame f;
    f.startNs = t;
    f.refreshPeriodNs = period;
    f.durationNs = dropped * period + period / 2;
    f.stageNs[static_cast<size_t>(core::framestats::FrameStage::kDraw)] = f.durationNs;
    EXPECT_TRUE((*writer)->appendFrame(f).ok());
    t += f.durationNs;
  }
  for (int64_t cost : {500, 800, 3000, 6000}) {
    EXPECT_TRUE((*writer)->appendIssue(t, core::matrix::issueStorageJson(evilMethod(cost))).ok());
  }
  EXPECT_TRUE((*writer)->close().ok());
  return path;
}

SessionView* openSession(MainWindow& window, const std::string& path) {
  QSignalSpy opened(&window, &MainWindow::sessionOpened);
  QSignalSpy failed(&window, &MainWindow::openFailed);
  window.openSession(QString::fromStdString(path));
  for (int i = 0; i < 200 && opened.isEmpty() && failed.isEmpty(); ++i) opened.wait(100);
  EXPECT_TRUE(failed.isEmpty()) << failed.first().first().toString().toStdString();
  return opened.isEmpty() ? nullptr : window.sessionView();
}

std::vector<int> dropBars(LiveDashboard* dashboard) {
  dashboard->refresh();
  std::vector<int> levels;
  for (QBarSet* set : dashboard->dropChart()->series()->barSets()) levels.push_back(static_cast<int>(set->at(0)));
  return levels;
}

TEST(SettingsTest, DropThresholdsChangeTheLevelsShown) {
  MainWindow window;
  window.applySettings(Settings{});
  SessionView* view = openSession(window, writeSession("drops", "com.example.drops"));
  ASSERT_TRUE(view);
  EXPECT_EQ(dropBars(window.dashboard()), (std::vector<int>{2, 2, 2, 2, 2}));  // Matrix's levels
  EXPECT_TRUE(
      window.dashboard()->summaryText().contains(QStringLiteral("Best 2 · Normal 2 · Middle 2 · High 2 · Frozen 2")))
      << window.dashboard()->summaryText().toStdString();

  Settings s;
  s.thresholds.drops = {2, 5, 12, 30};
  window.applySettings(s);  // the open session is judged again at once
  EXPECT_EQ(dropBars(window.dashboard()), (std::vector<int>{1, 2, 2, 2, 3}));
  EXPECT_TRUE(
      window.dashboard()->summaryText().contains(QStringLiteral("Best 1 · Normal 2 · Middle 2 · High 2 · Frozen 3")))
      << window.dashboard()->summaryText().toStdString();
  EXPECT_EQ(window.dashboard()->session().slowFrames().size(), 9u);
}

TEST(SettingsTest, EvilMethodThresholdFlagsAndFiltersTheFeed) {
  MainWindow window;
  window.applySettings(Settings{});
  ASSERT_TRUE(openSession(window, writeSession("evil", "com.example.evil")));
  LiveDashboard* dashboard = window.dashboard();
  dashboard->refresh();
  IssueFeedModel* feed = dashboard->feedModel();
  ASSERT_EQ(feed->rowCount(), 4);
  auto flags = [&] {
    std::vector<int> out;
    for (int r = 0; r < feed->rowCount(); ++r)
      out.push_back(feed->index(r, 0).data(IssueFeedModel::kCostFlagRole).toInt());
    return out;
  };
  EXPECT_EQ(flags(), (std::vector<int>{0, 1, 1, 2}));  // 500 ms, 800 ms ≥ 700, 3000 ms, 6000 ms ≥ 5 s
  EXPECT_EQ(feed->index(1, IssueFeedModel::kCost).data(Qt::ToolTipRole).toString(),
            QStringLiteral("At or over the evil-method threshold (700 ms)"));
  EXPECT_EQ(feed->index(3, IssueFeedModel::kCost).data(Qt::ToolTipRole).toString(),
            QStringLiteral("At or over the ANR threshold (5000 ms)"));
  EXPECT_FALSE(feed->index(0, IssueFeedModel::kCost).data(Qt::ToolTipRole).isValid());
  dashboard->setOverThresholdOnly(true);
  EXPECT_EQ(dashboard->feedProxy()->rowCount(), 3);
  EXPECT_EQ(dashboard->session().overThresholdCount(), 3u);

  Settings s;
  s.thresholds.evilMethodMs = 1000;
  s.thresholds.anrMs = 3000;
  window.applySettings(s);
  dashboard = window.dashboard();
  dashboard->refresh();
  feed = dashboard->feedModel();
  EXPECT_EQ(flags(), (std::vector<int>{0, 0, 2, 2}));
  dashboard->setOverThresholdOnly(true);
  EXPECT_EQ(dashboard->feedProxy()->rowCount(), 2);
  dashboard->setOverThresholdOnly(false);
  EXPECT_EQ(dashboard->feedProxy()->rowCount(), 4);
}

// The name the detail view shows for the stackKey method (id 96) of the first issue.
QString hotMethodName(MainWindow& window) {
  LiveDashboard* dashboard = window.dashboard();
  dashboard->refresh();
  dashboard->selectEvent(0);
  const CallTreeModel* tree = dashboard->detailView()->callTreeModel();
  if (!tree || tree->rowCount() != 1 || tree->rowCount(tree->index(0, 0)) < 1) return {};
  return tree->index(0, CallTreeModel::kMethod, tree->index(0, 0)).data().toString();
}

TEST(SettingsTest, AppMappingNamesTheCallTreesOfThatAppsSessions) {
  const std::string mapping = test::referenceDir() + "/fixtures/matrix-issues/matrix-sample/methodMapping.txt";
  if (test::referenceDir().empty())
    GTEST_SKIP() << "../shared/reference is absent: the Matrix sample's methodMapping.txt is needed";
  Settings s;
  s.mappings = {{QStringLiteral("sample.tencent.matrix"), QString::fromStdString(mapping), QString(), QString()}};
  MainWindow window;
  window.applySettings(s);
  ASSERT_TRUE(openSession(window, writeSession("mapped", "sample.tencent.matrix")));
  EXPECT_EQ(hotMethodName(window),
            QStringLiteral("sample.tencent.matrix.trace.TestTraceMainActivity.testInnerSleep()V"));

  // Another app's session keeps its method ids.
  ASSERT_TRUE(openSession(window, writeSession("other", "com.example.other")));
  EXPECT_EQ(hotMethodName(window), QStringLiteral("method#96"));

  // A mapping file that cannot be read fails the open with the file named.
  s.mappings = {{QStringLiteral("sample.tencent.matrix"), QStringLiteral("/nonexistent/methodMapping.txt"), QString(),
                 QString()}};
  window.applySettings(s);
  QSignalSpy failed(&window, &MainWindow::openFailed);
  window.openSession(QString::fromStdString(writeSession("broken", "sample.tencent.matrix")));
  ASSERT_TRUE(failed.wait(10000));
  EXPECT_TRUE(failed.first().first().toString().contains(QStringLiteral("/nonexistent/methodMapping.txt")))
      << failed.first().first().toString().toStdString();
}

// A comparison's baseline is opened like the session itself: through a job, with the method
// mapping Settings hold for its app, so the evil methods it shares with the session read the same.
TEST(SettingsTest, BaselineLoadsWithTheSessionsMapping) {
  const std::string mapping = test::referenceDir() + "/fixtures/matrix-issues/matrix-sample/methodMapping.txt";
  if (test::referenceDir().empty())
    GTEST_SKIP() << "../shared/reference is absent: the Matrix sample's methodMapping.txt is needed";
  MainWindow window;
  Settings s;
  s.mappings = {{QStringLiteral("sample.tencent.matrix"), QString::fromStdString(mapping), QString(), QString()}};
  window.applySettings(s);
  SessionView* view = openSession(window, writeSession("compare-new", "sample.tencent.matrix"));
  ASSERT_TRUE(view);
  QSignalSpy compared(view, &SessionView::comparedWith);
  QSignalSpy failed(view, &SessionView::compareFailed);
  // The baseline's one evil method (98) is in no issue of the session: only the baseline's own
  // decoding can name it.
  const std::string basePath = (test::scratchDir("gui-settings-compare-base") / "base.mxs").string();
  {
    core::session::SessionHeader header;
    header.app = "sample.tencent.matrix";
    auto writer = core::session::SessionWriter::create(basePath, header);
    ASSERT_TRUE(writer.ok()) << writer.status().toString();
    auto issue = core::matrix::parseIssueJson(
        R"({"tag":"Trace_EvilMethod","detail":"NORMAL","process":"sample.tencent.matrix","cost":900,)"
        R"("stack":"0,98,1,900\n","stackKey":"98|"})");
    ASSERT_TRUE(issue.ok()) << issue.status().toString();
    ASSERT_TRUE((*writer)->appendIssue(1'000'000'000, core::matrix::issueStorageJson(*issue)).ok());
    ASSERT_TRUE((*writer)->close().ok());
  }
  const QString base = QString::fromStdString(basePath);
  view->compareWith(base);
  for (int i = 0; i < 100 && compared.isEmpty() && failed.isEmpty(); ++i) compared.wait(100);
  ASSERT_EQ(compared.size(), 1) << (failed.isEmpty() ? "" : failed.first().first().toString().toStdString());
  EXPECT_EQ(compared.first().first().toString(), base);
  const SessionComparisonModel* c = view->comparison();
  ASSERT_TRUE(c);
  ASSERT_EQ(c->comparison().evilMethods.size(), 2u);  // 96 (new), 98 (gone)
  EXPECT_EQ(c->comparison().evilMethods[0].methodName,
            "sample.tencent.matrix.trace.TestTraceMainActivity.testInnerSleep()V");
  EXPECT_EQ(c->comparison().evilMethods[1].methodName,
            "sample.tencent.matrix.sqlitelint.TestSQLiteLintActivity.deleteAll()V");
  const QModelIndex evil = c->index(2, 0);
  EXPECT_EQ(c->index(1, SessionComparisonModel::kWhat, evil).data().toString(),
            QStringLiteral("sample.tencent.matrix.sqlitelint.TestSQLiteLintActivity.deleteAll()V  98|"));
  EXPECT_EQ(c->index(1, SessionComparisonModel::kVerdict, evil).data().toString(), QStringLiteral("gone"));

  // A baseline that cannot be read says so, and the page stays as it was.
  view->compareWith(QStringLiteral("/nonexistent/base.mxs"));
  ASSERT_TRUE(failed.wait(10000));
  EXPECT_TRUE(failed.first().first().toString().contains(QStringLiteral("/nonexistent/base.mxs")))
      << failed.first().first().toString().toStdString();
  EXPECT_EQ(view->comparison(), c);
}

// Opening sessions runs as a job: progress and Cancel in the status bar, and only the latest open
// is shown when an earlier one is still loading.
TEST(SettingsTest, SessionOpeningCanBeCancelledAndOnlyTheLatestShows) {
  const std::string big = (test::scratchDir("gui-session-big") / "big.mxs").string();
  {
    core::session::SessionHeader header;
    header.app = "com.example.big";
    auto writer = core::session::SessionWriter::create(big, header);
    ASSERT_TRUE(writer.ok()) << writer.status().toString();
    int64_t t = 1'000'000'000;
    for (int i = 0; i < 400'000; ++i, t += 16'666'667) {
      core::framestats::Frame f;
      f.startNs = t;
      f.refreshPeriodNs = 16'666'667;
      f.durationNs = 8'000'000 + (i % 7) * 1'000'000;
      ASSERT_TRUE((*writer)->appendFrame(f).ok());
    }
    ASSERT_TRUE((*writer)->close().ok());
  }
  MainWindow window;
  window.applySettings(Settings{});
  {
    QSignalSpy opened(&window, &MainWindow::sessionOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openSession(QString::fromStdString(big));
    auto* cancel = window.findChild<QPushButton*>(QStringLiteral("statusCancel"));
    ASSERT_TRUE(cancel);
    EXPECT_FALSE(cancel->isHidden());
    cancel->click();
    ASSERT_TRUE(failed.wait(20000));
    EXPECT_EQ(failed.first().first().toString(), QStringLiteral("Cancelled"));
    EXPECT_TRUE(opened.isEmpty());
    EXPECT_TRUE(cancel->isHidden());
    EXPECT_EQ(window.sessionView(), nullptr);
  }
  {
    QSignalSpy opened(&window, &MainWindow::sessionOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openSession(QString::fromStdString(big));
    const std::string small = writeSession("latest", "com.example.latest");
    window.openSession(QString::fromStdString(small));
    ASSERT_TRUE(opened.wait(20000));
    QTest::qWait(1000);  // the first open, dropped, never shows
    EXPECT_EQ(opened.size(), 1);
    EXPECT_TRUE(failed.isEmpty());
    EXPECT_TRUE(window.sessionView()->headerText().contains(QStringLiteral("app com.example.latest")))
        << window.sessionView()->headerText().toStdString();
  }
}

// Captures go through core's import like `mxi session import`, then load like a session: their own
// methodMapping.txt names the call trees, else the mapping Settings hold for the issues' app.
TEST(SettingsTest, CapturesAreNamedByTheirMappingElseByTheAppsMapping) {
  const std::string mapping = test::referenceDir() + "/fixtures/matrix-issues/matrix-sample/methodMapping.txt";
  if (test::referenceDir().empty())
    GTEST_SKIP() << "../shared/reference is absent: the Matrix sample's methodMapping.txt is needed";
  const auto dir = test::scratchDir("gui-settings-captures");
  const std::string issues = (dir / "issues.jsonl").string();
  {
    std::ofstream out(issues);
    for (int64_t cost : {800, 1200}) out << core::matrix::issueStorageJson(evilMethod(cost)) << "\n";
  }
  auto openCaptures = [](MainWindow& window, const QStringList& files) {
    QSignalSpy opened(&window, &MainWindow::sessionOpened);
    window.openFiles(files);
    EXPECT_TRUE(opened.wait(10000));
    return window.dashboard() ? window.dashboard()->feedModel()->rowCount() : -1;
  };
  const QString decoded = QStringLiteral("sample.tencent.matrix.trace.TestTraceMainActivity.testInnerSleep()V");
  MainWindow window;
  window.applySettings(Settings{});
  EXPECT_EQ(openCaptures(window, {QString::fromStdString(issues)}), 2);
  EXPECT_EQ(hotMethodName(window), QStringLiteral("method#96"));
  EXPECT_TRUE(window.sessionView()->headerText().contains(QStringLiteral("app sample.tencent.matrix")))
      << window.sessionView()->headerText().toStdString();
  EXPECT_EQ(openCaptures(window, {QString::fromStdString(issues), QString::fromStdString(mapping)}), 2);
  EXPECT_EQ(hotMethodName(window), decoded);
  Settings s;
  s.mappings = {{QStringLiteral("sample.tencent.matrix"), QString::fromStdString(mapping), QString(), QString()}};
  window.applySettings(s);
  EXPECT_EQ(openCaptures(window, {QString::fromStdString(issues)}), 2);
  EXPECT_EQ(hotMethodName(window), decoded);
}

// The ART sample dump: class objects in the image heap, one String and its byte[] in the zygote
// heap, the app's objects in the app heap.
// The test writer's Android sample dump as DIR/art.hprof.
std::string writeArtSample(const std::filesystem::path& dir) {
  const std::string path = (dir / "art.hprof").string();
  const auto sample = test::buildArtSample();
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(sample.bytes.data()), static_cast<std::streamsize>(sample.bytes.size()));
  return path;
}

std::vector<std::pair<QString, qulonglong>> histogramOf(MainWindow& window, const QString& dump) {
  QSignalSpy loaded(&window, &MainWindow::dumpLoaded);
  window.openDump(dump);
  EXPECT_TRUE(loaded.wait(20000));
  std::vector<std::pair<QString, qulonglong>> rows;
  if (loaded.isEmpty()) return rows;
  ClassHistogramModel* model = window.heapBrowser()->classModel();
  for (int r = 0; r < model->rowCount(); ++r) {
    rows.emplace_back(model->index(r, ClassHistogramModel::kClass).data().toString(),
                      model->index(r, ClassHistogramModel::kCount).data(kExactRole).toULongLong());
  }
  return rows;
}

TEST(SettingsTest, ExcludedHeapsLeaveTheHistogramAndRetainedSizes) {
  const auto dir = test::scratchDir("gui-settings-heaps");
  const std::string path = writeArtSample(dir);
  MainWindow window;
  window.applySettings(Settings{});
  const auto all = histogramOf(window, QString::fromStdString(path));
  const uint64_t reachableAll = window.heapBrowser()->document().dominators->reachableBytes();
  Settings s;
  s.excludedHeaps = {QStringLiteral("zygote"), QStringLiteral("image"), QStringLiteral("no-such-heap")};
  window.applySettings(s);
  const auto app = histogramOf(window, QString::fromStdString(path));
  const uint64_t reachableApp = window.heapBrowser()->document().dominators->reachableBytes();
  EXPECT_EQ(window.heapBrowser()->document().excludedHeaps,
            (QStringList{QStringLiteral("zygote"), QStringLiteral("image")}));
  auto count = [](const std::vector<std::pair<QString, qulonglong>>& rows, const char* name) -> qulonglong {
    for (const auto& [cls, n] : rows) {
      if (cls == QLatin1String(name)) return n;
    }
    return 0;
  };
  EXPECT_EQ(all.size(), 9u);
  EXPECT_EQ(app.size(), 9u);
  EXPECT_EQ(count(all, "java.lang.String"), 4u);
  EXPECT_EQ(count(app, "java.lang.String"), 3u);  // not the zygote's "zygote"
  EXPECT_EQ(count(all, "java.lang.Class"), 10u);
  EXPECT_EQ(count(app, "java.lang.Class"), 1u);  // the boot image's class objects are gone
  // Retained sizes: the dominator tree's total counts only the app and default heaps' bytes.
  EXPECT_EQ(reachableAll, 216u);
  EXPECT_EQ(reachableApp, 190u);
}

TEST(SettingsTest, KnownReferencesFileIsAddedToTheBuiltInList) {
  const auto dir = test::scratchDir("gui-settings-known");
  const std::string dump = writeArtSample(dir);
  const std::string good = (dir / "known.json").string(), bad = (dir / "bad.json").string();
  std::ofstream(good)
      << R"([{"kind": "nativeGlobal", "className": "android.os.Binder", "description": "remote callers"}])";
  std::ofstream(bad) << R"([{"kind": "nativeGlobal"}])";

  Settings s;
  s.knownReferencesFile = QString::fromStdString(bad);
  EXPECT_EQ(s.validate(), QString::fromStdString(bad + ": known references: entry 0: nativeGlobal needs className"));
  s.knownReferencesFile = QString::fromStdString(good);
  EXPECT_EQ(s.validate(), QString());

  MainWindow window;
  window.applySettings(s);
  histogramOf(window, QString::fromStdString(dump));
  const auto& known = window.heapBrowser()->document().leaks.knownReferences;
  ASSERT_EQ(known.size(), core::analysis::builtinKnownReferences().size() + 1);
  EXPECT_EQ(known.back().kind, core::analysis::KnownReference::Kind::kNativeGlobal);
  EXPECT_EQ(known.back().description, "remote callers");

  // The dialog edits it.
  SettingsDialog dialog(s);
  auto* field = dialog.findChild<QLineEdit*>(QStringLiteral("knownReferences"));
  ASSERT_TRUE(field);
  EXPECT_EQ(field->text(), QString::fromStdString(good));
  field->setText(QString());
  EXPECT_EQ(dialog.settings().knownReferencesFile, QString());
}

}  // namespace
}  // namespace mxi::gui
