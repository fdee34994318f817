// Sessions in the desktop app: a .mxs made from real captures (core's import) opens off the UI
// thread, the timeline scrubs every view, comparing a session with itself finds no regression,
// and exports write what core produces.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QFile>
#include <QHorizontalStackedBarSeries>
#include <QSignalSpy>
#include <QTreeView>
#include <fstream>

#include "app/gui/charts/session/drop_level_chart.h"
#include "app/gui/main_window.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/models/session/session_comparison_model.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "app/gui/views/session/session_view.h"
#include "core/exports/html_report.h"
#include "core/session/session_writer.h"
#include "core/sessionimport/session_import.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::gui {
namespace {

std::string slurp(const std::string& path) { return test::readFile(path); }

// A session from the 120 Hz framestats capture and a real Matrix logcat.
std::string makeSession(const std::string& name) {
  const std::string ref = test::referenceDir() + "/fixtures/";
  core::sessionimport::ImportInputs inputs;
  inputs.framestatsTexts.push_back(slurp(ref + "gfxinfo/choi890_soundvis_120hz_framestats.txt"));
  inputs.issueTexts.push_back(slurp(ref + "matrix-issues/logcat-tostring/io_com.rzm.matrix_testing.txt"));
  const std::string out = (test::scratchDir("gui-session-" + name) / (name + ".mxs")).string();
  core::session::SessionHeader header;
  header.app = "com.soundvisualization.accessibility";
  header.device = "choi890";
  auto report = core::sessionimport::importCaptures(inputs, out, header);
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return out;
}

TEST(SessionViewTest, OpensScrubsComparesAndExports) {
  if (test::referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: real device captures needed";
  const std::string path = makeSession("base");
  MainWindow window;
  QSignalSpy opened(&window, &MainWindow::sessionOpened);
  window.openFiles({QString::fromStdString(path)});
  ASSERT_TRUE(opened.wait(20000));
  SessionView* view = window.sessionView();
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->headerText().contains(QStringLiteral("app com.soundvisualization.accessibility")))
      << view->headerText().toStdString();

  // The whole session: every frame and issue of the file.
  LiveDashboard* all = window.dashboard();
  ASSERT_TRUE(all);
  all->refresh();
  uint64_t counted = 0;
  for (const auto& f : view->data().frames) counted += f.frame.flags == 0 ? 1 : 0;
  EXPECT_EQ(all->session().countedFrames(), counted);
  EXPECT_EQ(all->feedModel()->rowCount(), static_cast<int>(view->data().issues.size()));

  // Half way through the frames: only frames that started by then.
  const auto& frames = view->data().frames;
  const int64_t half = (frames[frames.size() / 2].frame.startNs - view->data().firstTimeNs) / 1'000'000;
  view->scrubTo(half);
  LiveDashboard* partial = window.dashboard();
  partial->refresh();
  uint64_t expected = 0;
  for (const auto& f : view->data().frames) {
    if (f.frame.flags == 0 && f.frame.startNs <= view->data().firstTimeNs + half * 1'000'000) ++expected;
  }
  EXPECT_EQ(partial->session().countedFrames(), expected);
  EXPECT_LT(expected, counted);
  double shown = 0;
  for (QBarSet* set : partial->dropChart()->series()->barSets()) {
    for (int i = 0; i < set->count(); ++i) shown += set->at(i);
  }
  EXPECT_EQ(shown, static_cast<double>(expected));

  // Compared with itself: nothing regressed.
  view->showComparison(QString::fromStdString(path), view->data());
  SessionComparisonModel* comparison = view->comparison();
  ASSERT_TRUE(comparison);
  QAbstractItemModelTester tester(comparison, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(comparison->rowCount(), 6);  // verdict, scenes, evil methods, ANRs, IO, startup
  const QString verdict = comparison->index(0, 0).data().toString();
  EXPECT_TRUE(verdict.startsWith(QStringLiteral("No regression against base.mxs"))) << verdict.toStdString();
  EXPECT_EQ(comparison->rowCount(comparison->index(0, 0)), 0);
  EXPECT_TRUE(view->comparisonTree()->isExpanded(comparison->index(1, 0)));

  // Exports: the HTML is core's report, byte for byte.
  const std::string html = (test::scratchDir("gui-session-export") / "report.html").string();
  EXPECT_EQ(view->exportTo(QStringLiteral("html"), QString::fromStdString(html)), QString());
  EXPECT_EQ(slurp(html), core::exports::sessionToHtml(view->data()));
  const std::string trace = (test::scratchDir("gui-session-trace") / "trace.json").string();
  EXPECT_EQ(view->exportTo(QStringLiteral("chrome-trace"), QString::fromStdString(trace)), QString());
  EXPECT_TRUE(slurp(trace).starts_with("{")) << slurp(trace).substr(0, 40);
  EXPECT_FALSE(view->exportTo(QStringLiteral("pdf"), QString::fromStdString(trace)).isEmpty());
}

TEST(SessionViewTest, TruncatedSessionOpensWithWhatWasRecovered) {
  if (test::referenceDir().empty()) GTEST_SKIP() << "../shared/reference is absent: real device captures needed";
  const std::string path = makeSession("torn");
  std::string bytes = slurp(path);
  bytes.resize(bytes.size() * 2 / 3);  // power loss
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  MainWindow window;
  QSignalSpy opened(&window, &MainWindow::sessionOpened);
  QSignalSpy failed(&window, &MainWindow::openFailed);
  window.openSession(QString::fromStdString(path));
  for (int i = 0; i < 200 && opened.isEmpty() && failed.isEmpty(); ++i) opened.wait(100);
  ASSERT_EQ(opened.size(), 1) << (failed.isEmpty() ? "" : failed.first().first().toString().toStdString());
  EXPECT_TRUE(window.sessionView()->headerText().contains(QStringLiteral("Recovered from a damaged file")))
      << window.sessionView()->headerText().toStdString();
}

TEST(SessionViewTest, IssueThatLogcatCutIsShownWithItsText) {
  // As the live recorder stores an issue whose logcat line ended inside a multi-byte character:
  // the content is the text as received, the broken character replaced by U+FFFD.
  const std::string path = (test::scratchDir("gui-session-cut") / "cut.mxs").string();
  {
    core::session::SessionHeader header;
    header.app = "com.example.cn";
    auto writer = core::session::SessionWriter::create(path, header);
    ASSERT_TRUE(writer.ok()) << writer.status().toString();
    ASSERT_TRUE((*writer)
                    ->appendIssue(5'000'000'000, R"({"tag":"Trace_EvilMethod","type":0,"key":"","pid":7,)"
                                                 R"("logTimeMs":1,"truncated":true,"content":"{\"cost\":1234,)"
                                                 R"(\"scene\":\"首页\",\"stack\":\"慢慢�"})")
                    .ok());
    ASSERT_TRUE((*writer)->close().ok());
  }
  MainWindow window;
  QSignalSpy opened(&window, &MainWindow::sessionOpened);
  window.openFiles({QString::fromStdString(path)});
  ASSERT_TRUE(opened.wait(20000));
  LiveDashboard* dashboard = window.dashboard();
  ASSERT_TRUE(dashboard);
  dashboard->refresh();
  IssueFeedModel* feed = dashboard->feedModel();
  ASSERT_EQ(feed->rowCount(), 1);
  EXPECT_EQ(feed->index(0, IssueFeedModel::kSummary).data().toString(),
            QStringLiteral("evil method (truncated by logcat)"));
  EXPECT_EQ(feed->index(0, IssueFeedModel::kScene).data().toString(), QStringLiteral("首页"));
  EXPECT_EQ(feed->index(0, IssueFeedModel::kCost).data().toLongLong(), 1234);
  dashboard->detailView()->showIssue(feed->eventAt(0));
  EXPECT_TRUE(dashboard->detailView()->detailText().contains(
      QStringLiteral("{\"cost\":1234,\"scene\":\"首页\",\"stack\":\"慢慢\uFFFD")))
      << dashboard->detailView()->detailText().toStdString();
  const std::string json = (test::scratchDir("gui-session-cut-export") / "cut.json").string();
  EXPECT_EQ(window.sessionView()->exportTo(QStringLiteral("json"), QString::fromStdString(json)), QString());
  EXPECT_NE(slurp(json).find("\"truncated\": true"), std::string::npos);
}

// The session view's comparison shows memory per category when the sessions have samples: the
// medians, the delta with its p-value, and the verdict core gave.
TEST(SessionViewTest, ComparisonModelShowsMemoryPerCategory) {
  core::session::SessionData base, next;
  for (int64_t i = 0; i < 12; ++i) {
    core::meminfo::MemorySample m;
    m.timeNs = i * 1'000'000'000;
    m.javaHeapKb = 10'000 + i;
    m.totalPssKb = 50'000;
    base.memory.push_back(m);
    m.javaHeapKb = 20'000 + i;
    next.memory.push_back(m);
  }
  const core::sessioncompare::SessionComparison c = core::sessioncompare::compareSessions(base, next);
  ASSERT_EQ(c.memory.size(), 2u);  // java and totalPss: the categories the samples gave
  // Nearest-rank medians of 12 samples: the 6th value.
  SessionComparisonModel model(c, QStringLiteral("base.mxs"));
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(model.rowCount(), 7);  // verdict, scenes, evil methods, ANRs, IO, startup, memory
  const QModelIndex memory = model.index(6, 0);
  EXPECT_EQ(memory.data().toString(), QStringLiteral("Memory: median per category (Mann–Whitney U)"));
  ASSERT_EQ(model.rowCount(memory), 2);
  const auto cell = [&](int row, int column) { return model.index(row, column, memory).data().toString(); };
  EXPECT_EQ(cell(0, SessionComparisonModel::kWhat), QStringLiteral("Java"));
  EXPECT_EQ(cell(0, SessionComparisonModel::kBaseline), QStringLiteral("10005 kB (12 samples)"));
  EXPECT_EQ(cell(0, SessionComparisonModel::kThisSession), QStringLiteral("20005 kB (12 samples)"));
  EXPECT_EQ(cell(0, SessionComparisonModel::kChange),
            QStringLiteral("+10000 kB (100.0%, p=%1)").arg(c.memory[0].test.pGreater, 0, 'g', 3));
  EXPECT_EQ(cell(0, SessionComparisonModel::kVerdict), QStringLiteral("regression"));
  EXPECT_EQ(cell(1, SessionComparisonModel::kWhat), QStringLiteral("Total PSS"));
  EXPECT_EQ(cell(1, SessionComparisonModel::kChange), QStringLiteral("+0 kB (0.0%, p=1)"));
  EXPECT_EQ(cell(1, SessionComparisonModel::kVerdict), QStringLiteral("same"));
  EXPECT_TRUE(model.index(0, 0).data().toString().startsWith(QStringLiteral("1 regressions against base.mxs")));
}

}  // namespace
}  // namespace mxi::gui
