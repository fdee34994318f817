// The start page lists attached devices live, through the real adb server (Debian's adb, private
// port) tracking a simulated device (mxi-device-sim) as it comes and goes.
#include <gtest/gtest.h>

#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>
#include <cstdlib>
#include <functional>
#include <memory>

#include "app/gui/main_window.h"
#include "tests/support/adb_test_env.h"

namespace mxi::gui {
namespace {

bool listed(QListWidget* list, const QString& text) {
  for (int i = 0; i < list->count(); ++i) {
    if (list->item(i)->text().contains(text)) return true;
  }
  return false;
}

bool waitFor(const std::function<bool()>& condition, int ms) {
  for (int waited = 0; waited < ms; waited += 50) {
    if (condition()) return true;
    QTest::qWait(50);
  }
  return condition();
}

TEST(DeviceListTest, StartPageTracksDevicesAsTheyComeAndGo) {
  if (!test::adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed";
  test::PrivateAdbServer server;
  ASSERT_TRUE(server.started());
  ::setenv("ADB_SERVER_SOCKET", server.socketSpec().c_str(), 1);
  MainWindow window;
  window.startDeviceTracking();
  QListWidget* list = window.deviceList();
  ASSERT_TRUE(waitFor([&] { return listed(list, QStringLiteral("No device attached")); }, 10000));

  auto sim = std::make_unique<test::SimProcess>(std::vector<std::string>{"--serial", "gui-sim"});
  ASSERT_TRUE(sim->started()) << sim->log();
  ASSERT_TRUE(server.connect(*sim));
  const QString serial = QString::fromStdString(sim->hostPort());
  EXPECT_TRUE(waitFor(
      [&] { return listed(list, serial + QStringLiteral(" ")) && listed(list, QStringLiteral("(device)")); }, 10000))
      << (list->count() ? list->item(0)->text().toStdString() : std::string("(empty)"));

  server.adb({"disconnect", sim->hostPort()});
  EXPECT_TRUE(waitFor([&] { return !listed(list, serial); }, 10000));
  ::unsetenv("ADB_SERVER_SOCKET");
}

// Settings → transport tcp:HOST:PORT: the device is reached directly (no adb server) and listed.
TEST(DeviceListTest, DirectTcpTransportListsTheDeviceWithoutAServer) {
  test::SimProcess sim({"--serial", "gui-direct"});
  ASSERT_TRUE(sim.started()) << sim.log();
  Settings settings;
  settings.transport = QStringLiteral("tcp:") + QString::fromStdString(sim.hostPort());
  MainWindow window;
  window.applySettings(settings);
  window.startDeviceTracking();
  QListWidget* list = window.deviceList();
  const QString expected =
      QString::fromStdString(sim.hostPort()) + QStringLiteral(" — Matrix_Inspector_Simulator (device)");
  EXPECT_TRUE(waitFor([&] { return listed(list, expected); }, 10000))
      << (list->count() ? list->item(0)->text().toStdString() : std::string("(empty)"));

  // Switching back to a server transport whose adb cannot be run says which binary failed.
  const std::string spec = "tcp:localhost:" + std::to_string(test::freeTcpPort());
  ::setenv("ADB_SERVER_SOCKET", spec.c_str(), 1);
  settings.transport = QStringLiteral("server");
  settings.adbPath = QStringLiteral("/nonexistent/platform-tools/adb");
  window.applySettings(settings);
  auto* status = window.findChild<QLabel*>(QStringLiteral("deviceStatus"));
  ASSERT_TRUE(status);
  EXPECT_TRUE(waitFor(
      [&] { return status->text().contains(QStringLiteral("cannot run '/nonexistent/platform-tools/adb'")); }, 10000))
      << status->text().toStdString();
  EXPECT_EQ(list->count(), 0);  // the direct device is no longer listed
  ::unsetenv("ADB_SERVER_SOCKET");
}

}  // namespace
}  // namespace mxi::gui
