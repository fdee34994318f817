#include "app/gui/jobs/device_tracker.h"

#include <charconv>

#include "core/adb/direct_device.h"
#include "core/adb/server_client.h"
#include "core/adb/usb_transport.h"

namespace mxi::gui {

DeviceTracker::DeviceTracker(DeviceTrackerOptions options, QObject* parent)
    : QObject(parent), m_options(std::move(options)) {}

DeviceTracker::~DeviceTracker() { stop(); }

void DeviceTracker::start() {
  if (m_thread) return;
  m_thread = QThread::create([this] { run(); });
  m_thread->start();
}

void DeviceTracker::stop() {
  m_cancel.cancel();
  if (m_thread) {
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
  }
}

void DeviceTracker::post(const QStringList& devices, const QString& status, bool listed) {
  QMetaObject::invokeMethod(this, [this, devices, status, listed] {
    if (status != m_status) {
      m_status = status;
      emit statusChanged(status);
    }
    if (devices != m_devices || (listed && !m_reported)) {
      m_reported = m_reported || listed;
      m_devices = devices;
      emit devicesChanged(devices);
    }
  }, Qt::QueuedConnection);
}

void DeviceTracker::pause(int ms) {
  for (int waited = 0; waited < ms && !m_cancel.isCancelled(); waited += 50) QThread::msleep(50);
}

void DeviceTracker::run() {
  const std::string& transport = m_options.transport;
  if (transport == "server") return trackServer();
  if (transport == "usb") return pollUsb();
  if (transport.rfind("tcp:", 0) == 0) {
    const std::string hostPort = transport.substr(4);
    const size_t colon = hostPort.rfind(':');
    unsigned port = 0;
    const char* portText = colon == std::string::npos ? hostPort.data() + hostPort.size() : hostPort.data() + colon + 1;
    const auto parsed = std::from_chars(portText, hostPort.data() + hostPort.size(), port);
    if (colon != std::string::npos && colon > 0 && parsed.ec == std::errc() && parsed.ptr == hostPort.data() + hostPort.size() &&
        port > 0 && port <= 65535) {
      return pollTcp(hostPort.substr(0, colon), static_cast<uint16_t>(port));
    }
  }
  post({}, tr("Unknown transport '%1' (Settings: server, usb or tcp:HOST:PORT)").arg(QString::fromStdString(transport)), false);
}

void DeviceTracker::trackServer() {
  auto address = core::adb::serverAddressFromEnvironment();
  if (!address.ok()) {
    post({}, tr("adb server address: %1").arg(QString::fromStdString(address.status().toString())), false);
    return;
  }
  core::adb::AdbServerClient client(*address);
  bool triedStart = false;
  while (!m_cancel.isCancelled()) {
    core::adb::IoLimits limits;
    limits.timeout = std::chrono::milliseconds(0);  // tracking waits for ever, until cancelled
    limits.cancel = &m_cancel;
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
          return !m_cancel.isCancelled();
        },
        limits);
    if (m_cancel.isCancelled()) break;
    QString why = QString::fromStdString(status.toString());
    if (!triedStart && address->host == "localhost") {
      triedStart = true;
      const core::Status started = core::adb::startAdbServer(*address, m_options.adbPath);
      if (started.ok()) continue;
      why = QString::fromStdString(started.toString());
    }
    post({}, tr("No adb server at %1 (%2); retrying…").arg(QString::fromStdString(address->toString()), why), false);
    pause(kPollMs);
  }
}

void DeviceTracker::pollUsb() {
  while (!m_cancel.isCancelled()) {
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
    pause(kPollMs);
  }
}

void DeviceTracker::pollTcp(const std::string& host, uint16_t port) {
  const QString where = QStringLiteral("%1:%2").arg(QString::fromStdString(host)).arg(port);
  while (!m_cancel.isCancelled()) {
    probeTcp(host, port, where);  // connects, reports and hangs up again
    pause(kPollMs);
  }
}

void DeviceTracker::probeTcp(const std::string& host, uint16_t port, const QString& where) {
  core::adb::IoLimits limits;
  limits.timeout = std::chrono::milliseconds(3000);
  limits.cancel = &m_cancel;
  auto device = core::adb::DirectDevice::connectTcp(host, port, {}, limits);
  if (m_cancel.isCancelled()) return;
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
