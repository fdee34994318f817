// Attached devices, live: host:track-devices on the adb server (ADB_SERVER_SOCKET, else
// localhost:5037) on a worker thread. When no server answers it starts one with
// `adb start-server` (once) and keeps retrying, so plugging a phone in later just works.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include "core/base/cancel_token.h"

namespace mxi::gui {

class DeviceTracker : public QObject {
  Q_OBJECT
 public:
  explicit DeviceTracker(QObject* parent = nullptr);
  ~DeviceTracker() override;
  void start();
  void stop();
  // "serial — model (state)" per device, as last reported.
  const QStringList& devices() const { return m_devices; }
  const QString& status() const { return m_status; }

 signals:
  void devicesChanged(const QStringList& devices);
  void statusChanged(const QString& status);

 private:
  void run();
  core::CancelToken m_cancel;
  QThread* m_thread = nullptr;
  QStringList m_devices;
  bool m_reported = false;  // the first list is announced even when empty
  QString m_status;
};

}  // namespace mxi::gui
