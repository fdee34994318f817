#include "app/gui/device_tracker.h"

#include "core/adb/server_client.h"

namespace mxi::gui {

DeviceTracker::DeviceTracker(QObject* parent) : QObject(parent) {}

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

void DeviceTracker::run() {
  // `listed`: the server reported this list (as opposed to a status-only update).
  auto post = [this](QStringList devices, QString status, bool listed = false) {
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
  };
  auto address = core::adb::serverAddressFromEnvironment();
  if (!address.ok()) {
    post({}, tr("adb server address: %1").arg(QString::fromStdString(address.status().toString())));
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
    if (!triedStart && address->host == "localhost") {
      triedStart = true;
      if (core::adb::startAdbServer(*address).ok()) continue;
    }
    post({}, tr("No adb server at %1 (%2); retrying…")
                 .arg(QString::fromStdString(address->toString()), QString::fromStdString(status.toString())));
    for (int i = 0; i < 40 && !m_cancel.isCancelled(); ++i) QThread::msleep(50);
  }
}

}  // namespace mxi::gui
