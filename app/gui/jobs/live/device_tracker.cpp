#include "app/gui/jobs/live/device_tracker.h"

#include <QThread>

#include "core/adb/direct_device.h"
#include "core/adb/server_client.h"
#include "core/adb/tcp_spec.h"
#include "core/adb/usb_transport.h"

namespace mxi::gui {

DeviceTracker::DeviceTracker(DeviceTrackerOptions options, QObject* parent)
    : WorkerJob(tr("Devices"), parent), m_options(std::move(options)) {}

DeviceTracker::~DeviceTracker() { stop(); }  // the worker uses this object's members

void DeviceTracker::start() {
  startWork([this](core::ProgressSink&, const core::CancelToken& cancel) {
    run(cancel);
    return core::okStatus();
  });
}

void DeviceTracker::post(const QStringList& devices, const QString& status, bool listed) {
  QMetaObject::invokeMethod(
      this,
      [this, devices, status, listed] {
        if (status != m_status) {
          m_status = status;
          emit statusChanged(status);
        }
        if (devices != m_devices || (listed && !m_reported)) {
          m_reported = m_reported || listed;
          m_devices = devices;
          emit devicesChanged(devices);
        }
      },
      Qt::QueuedConnection);
}

void DeviceTracker::pause(int ms, const core::CancelToken& cancel) {
  for (int waited = 0; waited < ms && !cancel.isCancelled(); waited += 50) QThread::msleep(50);
}

void DeviceTracker::run(const core::CancelToken& cancel) {
  const std::string& transport = m_options.transport;
  if (transport == "server") return trackServer(cancel);
  if (transport == "usb") return pollUsb(cancel);
  if (transport.rfind("tcp:", 0) == 0) {
    const auto endpoint =
        core::adb::parseTcpSpec(transport, "transport " + transport, core::adb::TcpSpecForm::kHostAndPort);
    if (endpoint.ok()) return pollTcp(endpoint->host, endpoint->port, cancel);
  }
  post({}, tr("Unknown transport '%1' (Settings: server, usb or tcp:HOST:PORT)").arg(QString::fromStdString(transport)),
       false);
}

void DeviceTracker::trackServer(const core::CancelToken& cancel) {
  auto address = core::adb::serverAddressFromEnvironment();
  if (!address.ok()) {
    post({}, tr("adb server address: %1").arg(QString::fromStdString(address.status().toString())), false);
    return;
  }
  core::adb::AdbServerClient client(*address);
  bool triedStart = false;
  while (!cancel.isCancelled()) {
    core::adb::IoLimits limits;
    limits.timeout = std::chrono::milliseconds(0);  // tracking waits for ever, until cancelled
    limits.cancel = &cancel;
    const core::Status status = client.trackDevices(
        [&](const std::vector<core::adb::DeviceListEntry>& entries) {
          QStringList rows;
          for (const auto& e : entries) {
            QString row = QString::fromStdString(e.serial);
            if (!e.model.empty()) row += QStringLiteral(" — %1").arg(QString::fromStdString(e.model));
            row += QStringLiteral(" (%1)").arg(QString::fromStdString(e.state));
            rows << row;
          }
          post(rows, tr("adb server %1").arg(QString::fromStdString(address->toString())), true);
          return !cancel.isCancelled();
        },
        limits);
    if (cancel.isCancelled()) break;
    QString why = QString::fromStdString(status.toString());
    if (!triedStart && address->host == "localhost") {
      triedStart = true;
      const core::Status started = core::adb::startAdbServer(*address, m_options.adbPath);
      if (started.ok()) continue;
      why = QString::fromStdString(started.toString());
    }
    post({}, tr("No adb server at %1 (%2); retrying…").arg(QString::fromStdString(address->toString()), why), false);
    pause(kPollMs, cancel);
  }
}

void DeviceTracker::pollUsb(const core::CancelToken& cancel) {
  while (!cancel.isCancelled()) {
    auto devices = core::adb::listUsbAdbDevices();
    if (!devices.ok()) {
      post({}, tr("USB: %1").arg(QString::fromStdString(devices.status().toString())), false);
    } else {
      QStringList rows;
      for (const auto& d : *devices) {
        QString row = QString::fromStdString(d.serial);
        if (!d.product.empty()) row += QStringLiteral(" — %1").arg(QString::fromStdString(d.product));
        row += QStringLiteral(" (usb %1)").arg(QString::fromStdString(d.usbPath));
        rows << row;
      }
      post(rows, tr("USB, no adb server (libusb)"), true);
    }
    pause(kPollMs, cancel);
  }
}

void DeviceTracker::pollTcp(const std::string& host, uint16_t port, const core::CancelToken& cancel) {
  const QString where = QStringLiteral("%1:%2").arg(QString::fromStdString(host)).arg(port);
  while (!cancel.isCancelled()) {
    probeTcp(host, port, where, cancel);  // connects, reports and hangs up again
    pause(kPollMs, cancel);
  }
}

void DeviceTracker::probeTcp(const std::string& host, uint16_t port, const QString& where,
                             const core::CancelToken& cancel) {
  core::adb::IoLimits limits;
  limits.timeout = std::chrono::milliseconds(3000);
  limits.cancel = &cancel;
  auto device = core::adb::DirectDevice::connectTcp(host, port, {}, limits);
  if (cancel.isCancelled()) return;
  if (!device.ok()) {
    post({}, tr("Direct tcp:%1: %2").arg(where, QString::fromStdString(device.status().toString())), true);
    return;
  }
  const auto& banner = (*device)->handshake().banner;
  QString row = where;
  if (const auto model = banner.properties.find("ro.product.model"); model != banner.properties.end()) {
    row += QStringLiteral(" — %1").arg(QString::fromStdString(model->second));
  }
  row += QStringLiteral(" (%1)").arg(QString::fromStdString(banner.state));
  post({row}, tr("Direct tcp:%1 (no adb server)").arg(where), true);
}

}  // namespace mxi::gui
