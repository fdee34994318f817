// The live view's leak watch on the synthetic demo phone, whose app leaks a LeakyActivity every few
// seconds: the picker sets the recording's mode; in `auto` the leak issue arrives with its chain
// (analysed on the desktop) and no dump is opened; in `manual` the issue detail offers Dump &
// analyse, whose dump (taken after a GC) is handed on with the Activity to focus on.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <functional>

#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/live/live_page.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"

namespace mxi::gui {
namespace {

constexpr const char* kLeaky = "com.example.mxi.demo.LeakyActivity";

bool waitFor(const std::function<bool()>& condition, int ms) {
  for (int waited = 0; waited < ms; waited += 50) {
    if (condition()) return true;
    QTest::qWait(50);
  }
  return condition();
}

class LiveLeakWatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    QStandardPaths::setTestModeEnabled(true);  // recordings go to a test data folder
    ::unsetenv("MXI_SIM_REFERENCE");           // the synthetic demo app, which leaks
    const QString missing = DemoDevice::locateParts().missing();
    ASSERT_TRUE(missing.isEmpty()) << missing.toStdString();
  }

  // The demo phone's live view in `mode` (chosen with the picker), checks quick, recording.
  std::unique_ptr<LiveDeviceView> startRecording(const QString& mode) {
    auto demo = std::make_unique<DemoDevice>(DemoDevice::locateParts());
    QString error;
    if (!demo->start(&error)) {
      ADD_FAILURE() << error.toStdString();
      return nullptr;
    }
    LiveTarget target;
    target.selection.transport = demo->transport().toStdString();
    target.label = QStringLiteral("demo");
    target.agentSearch = LivePage::agentSearch();
    target.leakCheckIntervalMs = 500;
    target.leakChecks = 2;
    auto view = std::make_unique<LiveDeviceView>(std::move(target), std::move(demo));
    EXPECT_EQ(view->leakWatchPicker()->currentText(), QStringLiteral("report")) << "the settings' default";
    QSignalSpy chosen(view.get(), &LiveDeviceView::leakWatchChosen);
    view->leakWatchPicker()->setCurrentText(mode);
    EXPECT_EQ(chosen.count(), mode == QStringLiteral("report") ? 0 : 1);
    EXPECT_EQ(core::protocol::leakWatchModeName(view->job().leakWatch()), mode.toStdString());
    QSignalSpy ready(view.get(), &LiveDeviceView::appsReady);
    if (!waitFor([&] { return ready.count() == 1; }, 30000)) return nullptr;
    view->appPicker()->setEditText(QStringLiteral("com.example.mxi.demo"));
    QSignalSpy started(view.get(), &LiveDeviceView::started);
    view->start();
    if (!waitFor([&] { return started.count() == 1; }, 30000)) {
      ADD_FAILURE() << view->agentText().toStdString();
      return nullptr;
    }
    EXPECT_FALSE(view->leakWatchPicker()->isEnabled()) << "fixed while recording";
    return view;
  }

  // The feed row of the first leak issue that `accept`s, selected; -1 when none within `ms`.
  static int selectLeak(LiveDeviceView& view, const std::function<bool(const core::matrix::MatrixIssue&)>& accept,
                        int ms) {
    int row = -1;
    waitFor(
        [&] {
          IssueFeedModel* feed = view.dashboard()->feedModel();
          for (int r = 0; r < feed->rowCount(); ++r) {
            const auto& e = feed->eventAt(r);
            if (e.kind == core::live::LiveEvent::Kind::kLeak && e.issue && e.issue->memory && accept(*e.issue)) {
              row = r;
              return true;
            }
          }
          return false;
        },
        ms);
    if (row >= 0) view.dashboard()->selectEvent(row);
    return row;
  }
};

TEST_F(LiveLeakWatchTest, AutoShowsTheLeakWithItsChainAndOpensNoDump) {
  auto view = startRecording(QStringLiteral("auto"));
  ASSERT_NE(view, nullptr);
  QSignalSpy opened(view.get(), &LiveDeviceView::heapDumpArrived);
  const int row = selectLeak(
      *view, [](const core::matrix::MatrixIssue& i) { return !i.memory->resultZipPath.empty(); }, 60000);
  ASSERT_GE(row, 0) << view->dashboard()->summaryText().toStdString();
  const QString detail = view->dashboard()->detailView()->detailText();
  EXPECT_TRUE(detail.contains(QString::fromLatin1(kLeaky))) << detail.toStdString();
  EXPECT_TRUE(detail.contains(QStringLiteral("Leak chain"))) << detail.toStdString();
  EXPECT_TRUE(detail.contains(QStringLiteral("CatalogRegistry"))) << "the demo's leak holder: " << detail.toStdString();
  EXPECT_TRUE(view->dashboard()->detailView()->dumpLeakButton()->isHidden()) << "auto has its dump";
  EXPECT_EQ(opened.count(), 0) << "the leak watch's own dump is not opened";
  EXPECT_GT(view->dashboard()->session().memorySampleCount(), 0u) << "the memory timeline";
  view->stop();
}

TEST_F(LiveLeakWatchTest, ManualOffersDumpAndAnalyseWhichHandsOnTheDumpAndTheActivity) {
  auto view = startRecording(QStringLiteral("manual"));
  ASSERT_NE(view, nullptr);
  const int row = selectLeak(
      *view, [](const core::matrix::MatrixIssue&) { return true; }, 60000);
  ASSERT_GE(row, 0) << view->dashboard()->summaryText().toStdString();
  QPushButton* button = view->dashboard()->detailView()->dumpLeakButton();
  ASSERT_FALSE(button->isHidden()) << view->dashboard()->detailView()->detailText().toStdString();
  QSignalSpy arrived(view.get(), &LiveDeviceView::leakDumpArrived);
  QSignalSpy plain(view.get(), &LiveDeviceView::heapDumpArrived);
  button->click();
  EXPECT_FALSE(button->isEnabled()) << "one dump per press";
  ASSERT_TRUE(waitFor([&] { return arrived.count() == 1; }, 60000));
  EXPECT_TRUE(QFileInfo::exists(arrived.at(0).at(0).toString()));
  EXPECT_EQ(arrived.at(0).at(1).toString(), QString::fromLatin1(kLeaky));
  EXPECT_EQ(plain.count(), 0);
  view->stop();
}

}  // namespace
}  // namespace mxi::gui
