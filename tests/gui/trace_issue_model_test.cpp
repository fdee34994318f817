// The method-trace issue list's model on a real ART trace, checked by Qt's model tester: one row
// per issue the verdicts found, in their order, each with exactly the text the view shows.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

#include "app/gui/models/trace/trace_issue_model.h"
#include "core/methodtrace/method_trace_verdicts.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/method_trace_writer.h"

namespace mxi::gui {
namespace {

std::shared_ptr<const MethodTraceDocument> judged(const std::string& bytes) {
  auto read = core::methodtrace::readMethodTrace(bytes);
  EXPECT_TRUE(read.ok()) << read.status().toString();
  auto document = std::make_shared<MethodTraceDocument>();
  document->trace = std::move(read->trace);
  core::methodtrace::MethodTraceOptions options;
  options.evilMethodMs = document->evilMethodMs;
  document->report = core::methodtrace::judgeMethodTrace(document->trace, options);
  return document;
}

// A row's cells as shown, "At | Kind | Cost | Where".
std::string row(const TraceIssueModel& model, int r) {
  QStringList cells;
  for (int c = 0; c < TraceIssueModel::kColumns; ++c) cells << model.index(r, c).data().toString();
  return cells.join(QStringLiteral(" | ")).toStdString();
}

TEST(TraceIssueModelTest, RealTraceListsItsThreeIssuesInTimeOrder) {
  TraceIssueModel model(judged(test::methodTraceBytes("art-sampled-launcher.trace.gz")));
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  EXPECT_EQ(model.headerData(TraceIssueModel::kWhere, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("Where"));
  ASSERT_EQ(model.columnCount(), TraceIssueModel::kColumns);
  ASSERT_EQ(model.rowCount(), 3);
  EXPECT_EQ(row(model, 0),
            "4.83 s | main-thread IO | 46 ms | com.letv.core.utils.SystemUtil.getLocalIpAddress()Ljava/lang/String;");
  EXPECT_EQ(row(model, 1),
            "18.70 s | evil method | 727 ms | android.view.View.updateDisplayListIfDirty()Landroid/view/RenderNode;");
  EXPECT_EQ(row(model, 2), "20.32 s | evil method | 848 ms | android.view.ThreadedRenderer.nSyncAndDrawFrame(J[JI)I");
  // A flat list: no row has children, and the place is also the tooltip (it is often cut off).
  for (int r = 0; r < model.rowCount(); ++r) EXPECT_EQ(model.rowCount(model.index(r, 0)), 0);
  EXPECT_EQ(model.index(2, TraceIssueModel::kWhere).data(Qt::ToolTipRole),
            model.index(2, TraceIssueModel::kWhere).data());
  EXPECT_FALSE(model.index(2, TraceIssueModel::kCost).data(Qt::ToolTipRole).isValid());
}

// The dispatch starts the trace; the place is the obfuscated method Matrix blames (no mapping).
TEST(TraceIssueModelTest, SlowDispatchBlamesItsMethod) {
  TraceIssueModel model(judged(test::obfuscatedSlowDispatch().classic()));
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(model.rowCount(), 1);
  EXPECT_EQ(row(model, 0), "0 µs | evil method | 900 ms | a.b.c()V");
}

TEST(TraceIssueModelTest, TraceWithoutIssuesHasNoRows) {
  auto document = std::make_shared<MethodTraceDocument>();
  TraceIssueModel model(document);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  EXPECT_EQ(model.rowCount(), 0);
  EXPECT_EQ(model.columnCount(), TraceIssueModel::kColumns);
}

}  // namespace
}  // namespace mxi::gui
