// The start page: what the app opens (one button per opener, each the action of the page that
// opens it), the attached devices (tracked live; a double-click opens one's live view) and the
// recent files (a double-click opens one again).
#pragma once

#include "app/gui/views/page.h"

class QAction;
class QLabel;
class QListWidget;

namespace mxi::gui {

class DeviceTracker;

class StartPage final : public Page {
  Q_OBJECT
 public:
  // The pages' openers the buttons trigger.
  struct Openers {
    QAction* dump;
    QAction* session;
    QAction* methodTrace;
    QAction* captures;
    QAction* triage;
    QAction* apk;
    QAction* demo;
  };
  StartPage(const Settings& settings, const Openers& openers, QWidget* parent = nullptr);
  bool hasDocument() const override { return true; }
  QListWidget* deviceList() const { return m_devices; }
  // The serial of a device row ("serial — model (device)"), or empty when it is not usable
  // (offline, unauthorized…).
  static QString usableSerial(const QString& rowText);

  // Lists attached devices, live (host:track-devices; starts an adb server when none runs).
  void startDeviceTracking();
  // Settings changed: tracking, when on, starts again if the adb program or transport changed.
  void adbChanged();
  void rememberRecent(const QString& path);

 signals:
  void deviceActivated(const QString& serial, const QString& label);
  // A device row's Check APK… (context menu): `package`'s APKs on that device, to check.
  void checkApkRequested(const QString& serial, const QString& package);

 private:
  void refreshRecent();

  QListWidget* m_recent;
  QListWidget* m_devices;
  QLabel* m_deviceStatus;
  DeviceTracker* m_tracker = nullptr;
};

}  // namespace mxi::gui
