// The start page lists attached devices live, through the real adb server (Debian's adb, private
// port) tracking a simulated device (mxi-device-sim) as it comes and goes.
#include <gtest/gtest.h>

#include <QListWidget>
#include <QTest>
#include <functional>
#include <memory>
#include <QSignalSpy>
#include <cstdlib>

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
  EXPECT_TRUE(waitFor([&] { return listed(list, serial + QStringLiteral(" ")) && listed(list, QStringLiteral("(device)")); }, 10000))
      << (list->count() ? list->item(0)->text().toStdString() : std::string("(empty)"));

  server.adb({"disconnect", sim->hostPort()});
  EXPECT_TRUE(waitFor([&] { return !listed(list, serial); }, 10000));
  ::unsetenv("ADB_SERVER_SOCKET");
}

}  // namespace
}  // namespace mxi::gui
