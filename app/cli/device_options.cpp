#include "app/cli/device_options.h"

#include <cstdlib>

#include "core/adb/device_selection.h"

namespace mxi::cli {

namespace {
DeviceOptions g_global;
bool g_globalSerialSet = false;
bool g_globalTransportSet = false;
bool g_globalTimeoutSet = false;
}  // namespace

core::adb::IoLimits DeviceOptions::limits() const {
  core::adb::IoLimits l;
  l.timeout = std::chrono::milliseconds(static_cast<int64_t>(timeoutSeconds * 1000));
  l.cancel = &processCancelToken();
  return l;
}

std::string DeviceOptions::effectiveSerial() const {
  if (!serial.empty()) return serial;
  if (const char* env = std::getenv("ANDROID_SERIAL"); env != nullptr) return env;
  return {};
}

void addDeviceOptions(CLI::App& command, DeviceOptions& options) {
  command.add_option("-s,--serial", options.serial, "Device serial (default: $ANDROID_SERIAL, else the only device)");
  command.add_option(
      "--transport", options.transport,
      "server (the adb server at $ADB_SERVER_SOCKET, default), usb (libusb, no server) or tcp:HOST:PORT (direct)");
  command.add_option("--timeout", options.timeoutSeconds, "Seconds to wait for any reply before giving up")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

void addGlobalDeviceOptions(CLI::App& root) {
  root.add_option("-s,--serial", g_global.serial, "Device serial for device commands")->each([](const std::string&) {
    g_globalSerialSet = true;
  });
  root.add_option("--transport", g_global.transport, "Transport for device commands: server|usb|tcp:HOST:PORT")
      ->each([](const std::string&) { g_globalTransportSet = true; });
  root.add_option("--timeout", g_global.timeoutSeconds, "Seconds device commands wait for a reply")
      ->each([](const std::string&) { g_globalTimeoutSet = true; });
}

void mergeGlobalDeviceOptions(DeviceOptions& options) {
  const DeviceOptions defaults;
  if (g_globalSerialSet && options.serial.empty()) options.serial = g_global.serial;
  if (g_globalTransportSet && options.transport == defaults.transport) options.transport = g_global.transport;
  if (g_globalTimeoutSet && options.timeoutSeconds == defaults.timeoutSeconds)
    options.timeoutSeconds = g_global.timeoutSeconds;
}

core::StatusOr<core::adb::AdbServerClient> connectServer(const DeviceOptions& options) {
  return core::adb::connectOrStartServer(options.limits());
}

core::StatusOr<std::unique_ptr<core::adb::AdbDevice>> openDevice(const DeviceOptions& options) {
  return core::adb::openSelectedDevice({options.effectiveSerial(), options.transport}, options.limits());
}

}  // namespace mxi::cli
