// Check APK… in the live view on the demo phone (mxi-device-sim --demo, which installs the demo
// app's APK): its APKs pulled with `pm path` and sync, then checked on the APK page; and the same
// from the start page's device list.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include "app/gui/jobs/live/demo_device.h"
#include "app/gui/main_window.h"
#include "app/gui/views/apk/apk_task_card.h"
#include "app/gui/views/apk/apk_view.h"
#include "app/gui/views/live/live_device_view.h"
#include "app/gui/views/start/start_page.h"

namespace mxi::gui {
namespace {

TEST(ApkDeviceTest, CheckApkPullsTheDemoAppsApkAndShowsItsPage) {
  QStandardPaths::setTestModeEnabled(true);
  const QString missing = DemoDevice::locateParts().missing();
  ASSERT_TRUE(missing.isEmpty()) << missing.toStdString();
  MainWindow window;
  ASSERT_TRUE(window.startDemo());
  LiveDeviceView* live = window.liveView();
  ASSERT_TRUE(live);
  QSignalSpy apps(live, &LiveDeviceView::appsReady);
  if (live->appPicker()->count() == 0) {
    ASSERT_TRUE(apps.wait(30000));
  }
  live->appPicker()->setCurrentText(QStringLiteral("com.example.mxi.demo"));
  EXPECT_EQ(live->chosenPackage(), QStringLiteral("com.example.mxi.demo"));
  ASSERT_TRUE(live->checkApkButton()->isEnabled());
  QSignalSpy opened(&window, &MainWindow::apkOpened);
  live->checkApkButton()->click();
  ASSERT_TRUE(opened.wait(60000));
  ApkView* view = window.apkView();
  ASSERT_TRUE(view);
  EXPECT_EQ(apkFacts(view->document()).package, QStringLiteral("com.example.mxi.demo"));
  ASSERT_EQ(view->document().paths.size(), 1);
  EXPECT_TRUE(view->document().paths.front().endsWith(QStringLiteral("/base.apk")))
      << view->document().paths.front().toStdString();
  // The demo APK's planted problems, on their cards.
  ApkTaskCard* unstripped = view->card(QStringLiteral("-unstrippedSo"));
  ASSERT_TRUE(unstripped);
  // One library (arm64-v8a's); its symbols' bytes depend on the compiler and flags of this build.
  const std::string unstrippedVerdict = unstripped->verdictText().toStdString();
  EXPECT_TRUE(unstrippedVerdict.starts_with("1 libraries not stripped, ") &&
              unstrippedVerdict.ends_with(" KiB of symbols and debug info"))
      << unstrippedVerdict;
  ApkTaskCard* duplicates = view->card(QStringLiteral("-duplicatedFile"));
  ASSERT_TRUE(duplicates);
  EXPECT_EQ(duplicates->verdictText().toStdString(), "1 groups of identical files, 3.1 KiB in the extra copies");
}

// The start page's device row → Check APK… (the package typed in its dialog): the same pull through
// the transport Settings name (here straight to the demo phone over TCP), then the page.
TEST(ApkDeviceTest, CheckApkFromTheStartPagesDeviceList) {
  QStandardPaths::setTestModeEnabled(true);
  DemoDevice demo(DemoDevice::locateParts());
  QString error;
  ASSERT_TRUE(demo.start(&error)) << error.toStdString();
  Settings settings;
  settings.transport = demo.transport();
  MainWindow window;
  window.applySettings(settings);
  window.startDeviceTracking();
  QListWidget* list = window.deviceList();
  QString serial;
  for (int waited = 0; waited < 10000 && serial.isEmpty(); waited += 50) {
    QTest::qWait(50);
    for (int row = 0; row < list->count() && serial.isEmpty(); ++row) {
      serial = StartPage::usableSerial(list->item(row)->text());
    }
  }
  ASSERT_FALSE(serial.isEmpty()) << (list->count() ? list->item(0)->text().toStdString() : std::string("(empty)"));
  auto* start = window.findChild<StartPage*>();
  ASSERT_TRUE(start);
  QSignalSpy opened(&window, &MainWindow::apkOpened);
  emit start->checkApkRequested(serial, QStringLiteral("com.example.mxi.demo"));
  ASSERT_TRUE(opened.wait(60000));
  ASSERT_TRUE(window.apkView());
  EXPECT_EQ(apkFacts(window.apkView()->document()).package, QStringLiteral("com.example.mxi.demo"));
  // A row that is not a usable device gives no serial.
  EXPECT_TRUE(StartPage::usableSerial(QStringLiteral("emulator-5554 — Pixel (offline)")).isEmpty());
  EXPECT_EQ(StartPage::usableSerial(QStringLiteral("emulator-5554 — Pixel (device)")), QStringLiteral("emulator-5554"));
}

}  // namespace
}  // namespace mxi::gui
