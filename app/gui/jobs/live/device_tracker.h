// Attached devices, live, as a long-running job (WorkerJob), through the transport chosen in
// Settings:
// - server: host:track-devices on the adb server (ADB_SERVER_SOCKET, else localhost:5037); when
//   no server answers it starts one with `<adb path> start-server` (once) and keeps retrying, so
//   plugging a phone in later just works;
// - usb: the USB devices with an ADB interface (libusb, no server), polled;
// - tcp:HOST:PORT: one device reached directly (CNXN handshake), polled.
#pragma once

#include <QString>
#include <QStringList>
#include <string>

#include "app/gui/jobs/worker_job.h"
#include "core/base/cancel_token.h"

namespace mxi::gui {

struct DeviceTrackerOptions {
  std::string adbPath = "adb";
  std::string transport = "server";  // server | usb | tcp:HOST:PORT
};

class DeviceTracker : public WorkerJob {
  Q_OBJECT
 public:
  static constexpr int kPollMs = 2000;  // usb and tcp: how often the device list is refreshed
  explicit DeviceTracker(QObject* parent = nullptr) : DeviceTracker(DeviceTrackerOptions{}, parent) {}
  explicit DeviceTracker(DeviceTrackerOptions options, QObject* parent = nullptr);
  ~DeviceTracker() override;  // stop()
  void start();
  const DeviceTrackerOptions& options() const { return m_options; }
  // "serial — model (state)" per device, as last reported.
  const QStringList& devices() const { return m_devices; }
  const QString& status() const { return m_status; }

 signals:
  void devicesChanged(const QStringList& devices);
  void statusChanged(const QString& status);

 private:
  // On the worker, until cancelled.
  void run(const core::CancelToken& cancel);
  void trackServer(const core::CancelToken& cancel);
  void pollUsb(const core::CancelToken& cancel);
  void pollTcp(const std::string& host, uint16_t port, const core::CancelToken& cancel);
  void probeTcp(const std::string& host, uint16_t port, const QString& where, const core::CancelToken& cancel);
  // From the worker: updates the list and status on the UI thread. `listed`: the transport
  // reported this list (as opposed to a status-only update).
  void post(const QStringList& devices, const QString& status, bool listed);
  static void pause(int ms, const core::CancelToken& cancel);  // returns early when cancelled

  DeviceTrackerOptions m_options;
  QStringList m_devices;
  bool m_reported = false;  // the first list is announced even when empty
  QString m_status;
};

}  // namespace mxi::gui
