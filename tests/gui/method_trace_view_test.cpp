// A real ART method trace opened in the desktop app: the header, the thread picker with the main
// thread first, the flame chart (zoom, pan, click → call tree with exact figures), the issues
// beside it, and a damaged trace shown with what was read.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>
#include <fstream>

#include "app/gui/charts/trace/flame_chart.h"
#include "app/gui/main_window.h"
#include "app/gui/models/call_tree_model.h"
#include "app/gui/models/trace/trace_issue_model.h"
#include "app/gui/views/trace/method_trace_view.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/method_trace_writer.h"

namespace mxi::gui {
namespace {

MethodTraceView* openTrace(MainWindow& window, const std::filesystem::path& path) {
  QSignalSpy opened(&window, &MainWindow::traceOpened);
  window.openFiles({QString::fromStdString(path.string())});
  if (!opened.wait(20000)) return nullptr;
  return window.traceView();
}

TEST(MethodTraceViewTest, RealTraceShowsTheMainThreadItsIssuesAndTheirCalls) {
  const auto dir = test::scratchDir("gui-method-trace");
  const auto path = test::methodTraceFile("art-sampled-launcher.trace.gz", dir);
  MainWindow window;
  window.resize(1400, 900);
  window.show();
  MethodTraceView* view = openTrace(window, path);
  ASSERT_NE(view, nullptr);
  EXPECT_NE(view->headerText().indexOf(QStringLiteral("art trace v3, dual clock, 22.62 s, 186850 events, 3688 methods, "
                                                      "111 threads, pid 3001; 384 Looper dispatches")),
            -1)
      << view->headerText().toStdString();
  auto* threads = view->findChild<QComboBox*>(QStringLiteral("traceThreads"));
  ASSERT_NE(threads, nullptr);
  EXPECT_EQ(threads->itemText(0), QStringLiteral("3001 LauncherApplication-framethread (46561 calls) — main thread"));

  // The issues: the same three `mxi parse trace` prints, in time order.
  TraceIssueModel* issues = view->issueModel();
  ASSERT_EQ(issues->rowCount(), 3);
  EXPECT_EQ(issues->index(0, TraceIssueModel::kKind).data().toString(), QStringLiteral("main-thread IO"));
  EXPECT_EQ(issues->index(1, TraceIssueModel::kCost).data().toString(), QStringLiteral("727 ms"));
  EXPECT_EQ(issues->index(2, TraceIssueModel::kCost).data().toString(), QStringLiteral("848 ms"));

  // Picking the 848 ms one zooms the chart to its dispatch and shows its call tree.
  view->showIssue(2);
  FlameChart* chart = view->flameChart();
  EXPECT_NEAR(chart->visibleStartUs(), 20'328'369 - 848'990 * 0.05, 1'000);
  ASSERT_NE(view->callTreeModel(), nullptr);
  const QModelIndex root = view->callTreeModel()->index(0, CallTreeModel::kMethod);
  EXPECT_EQ(root.data().toString(), QStringLiteral("android.os.Handler.dispatchMessage(Landroid/os/Message;)V"));
  EXPECT_EQ(view->callTreeModel()->index(0, CallTreeModel::kTotalMs).data().toString(), QStringLiteral("848"));
  EXPECT_NE(view->callDetailText().indexOf(QStringLiteral("848 ms wall, 188 ms CPU")), -1)
      << view->callDetailText().toStdString();

  // A click on the chart selects the call under the pointer: the row below the dispatch is its callee.
  QTest::qWait(50);
  const int y = FlameChart::kAxisHeight + 6 * FlameChart::kRowHeight + FlameChart::kRowHeight / 2;
  const uint32_t under = chart->callAt(QPoint(chart->width() / 10, y));
  ASSERT_NE(under, core::methodtrace::kNoCall);
  QTest::mouseClick(chart, Qt::LeftButton, {}, QPoint(chart->width() / 10, y));
  EXPECT_EQ(chart->selectedCall(), under);
  EXPECT_NE(view->callDetailText().indexOf(QStringLiteral("android.os.Handler.handleCallback")), -1)
      << view->callDetailText().toStdString();

  // The wheel zooms around the pointer; zoom to fit shows the whole thread again.
  const double span = chart->visibleEndUs() - chart->visibleStartUs();
  QWheelEvent wheel(QPointF(chart->width() / 2.0, 50), chart->mapToGlobal(QPointF(chart->width() / 2.0, 50)), {},
                    QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(chart, &wheel);
  EXPECT_NEAR(chart->visibleEndUs() - chart->visibleStartUs(), span * 0.8, span * 0.01);
  chart->zoomToFit();
  EXPECT_EQ(chart->visibleStartUs(), 307'086.0);  // the main thread's first sample
  EXPECT_GT(chart->visibleEndUs(), 22'000'000.0);

  // Another thread: its calls, no issue selected.
  threads->setCurrentIndex(1);
  EXPECT_EQ(view->callTreeModel(), nullptr);
}

TEST(MethodTraceViewTest, DamagedTraceOpensWithWhatWasRead) {
  const auto dir = test::scratchDir("gui-method-trace-cut");
  const std::string bytes = test::methodTraceBytes("dalvik-burroak.trace.gz");
  const auto path = dir / "cut.trace";
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
  MainWindow window;
  MethodTraceView* view = openTrace(window, path);
  ASSERT_NE(view, nullptr);
  EXPECT_NE(view->headerText().indexOf(QStringLiteral("Damaged: the trace ends inside a record")), -1)
      << view->headerText().toStdString();
  EXPECT_NE(view->flameChart()->callAt(QPoint(5, FlameChart::kAxisHeight + 2)), core::methodtrace::kNoCall);
}

// An obfuscated app: picking its R8 mapping.txt opens the trace again with the original names in
// the chart, the call trees and the issues.
TEST(MethodTraceViewTest, MappingNamesObfuscatedMethodsEverywhere) {
  const auto dir = test::scratchDir("gui-method-trace-mapping");
  const std::string bytes = test::obfuscatedSlowDispatch().classic();
  const auto trace = dir / "obfuscated.trace", mapping = dir / "mapping.txt";
  std::ofstream(trace, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::ofstream(mapping) << test::kObfuscatedMapping;
  MainWindow window;
  MethodTraceView* view = openTrace(window, trace);
  ASSERT_NE(view, nullptr);
  ASSERT_EQ(view->issueModel()->rowCount(), 1);
  EXPECT_EQ(view->issueModel()->index(0, TraceIssueModel::kWhere).data().toString(), QStringLiteral("a.b.c()V"));
  QSignalSpy reopened(&window, &MainWindow::traceOpened);
  emit view->mappingChosen(QString::fromStdString(mapping.string()));
  ASSERT_TRUE(reopened.wait(20000));
  view = window.traceView();
  EXPECT_NE(view->headerText().indexOf(QStringLiteral("names through mapping.txt")), -1);
  EXPECT_EQ(view->issueModel()->index(0, TraceIssueModel::kWhere).data().toString(),
            QStringLiteral("com.example.Slow.work()V"));
  view->showIssue(0);
  ASSERT_NE(view->callTreeModel(), nullptr);
  const QModelIndex root = view->callTreeModel()->index(0, 0);
  EXPECT_EQ(view->callTreeModel()->index(0, 0, root).data().toString(), QStringLiteral("com.example.Slow.work()V"));
}

// A trace names no app or build: the build's mapping beside it (`X.trace.mapping.txt`, the sidecar
// `mxi triage` reads) is applied when it opens, with nothing picked by hand.
TEST(MethodTraceViewTest, AMappingBesideTheTraceIsAppliedWhenItOpens) {
  const auto dir = test::scratchDir("gui-method-trace-sidecar");
  const std::string bytes = test::obfuscatedSlowDispatch().classic();
  const auto trace = dir / "obfuscated.trace";
  std::ofstream(trace, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  std::ofstream(dir / "obfuscated.trace.mapping.txt") << test::kObfuscatedMapping;
  MainWindow window;
  MethodTraceView* view = openTrace(window, trace);
  ASSERT_NE(view, nullptr);
  EXPECT_NE(view->headerText().indexOf(QStringLiteral("names through obfuscated.trace.mapping.txt")), -1)
      << view->headerText().toStdString();
  ASSERT_EQ(view->issueModel()->rowCount(), 1);
  EXPECT_EQ(view->issueModel()->index(0, TraceIssueModel::kWhere).data().toString(),
            QStringLiteral("com.example.Slow.work()V"));
}

}  // namespace
}  // namespace mxi::gui
