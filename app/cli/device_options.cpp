#include "app/cli/device_options.h"

#include <charconv>
#include <cstdlib>

#include "core/adb/direct_device.h"
#include "core/adb/usb_transport.h"

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
  command.add_option("--transport", options.transport,
                     "server (the adb server at $ADB_SERVER_SOCKET, default), usb (libusb, no server) or tcp:HOST:PORT (direct)");
  command.add_option("--timeout", options.timeoutSeconds, "Seconds to wait for any reply before giving up")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

void addGlobalDeviceOptions(CLI::App& root) {
  root.add_option("-s,--serial", g_global.serial, "Device serial for device commands")
      ->each([](const std::string&) { g_globalSerialSet = true; });
  root.add_option("--transport", g_global.transport, "Transport for device commands: server|usb|tcp:HOST:PORT")
      ->each([](const std::string&) { g_globalTransportSet = true; });
  root.add_option("--timeout", g_global.timeoutSeconds, "Seconds device commands wait for a reply")
      ->each([](const std::string&) { g_globalTimeoutSet = true; });
}

void mergeGlobalDeviceOptions(DeviceOptions& options) {
  const DeviceOptions defaults;
  if (g_globalSerialSet && options.serial.empty()) options.serial = g_global.serial;
  if (g_globalTransportSet && options.transport == defaults.transport) options.transport = g_global.transport;
  if (g_globalTimeoutSet && options.timeoutSeconds == defaults.timeoutSeconds) options.timeoutSeconds = g_global.timeoutSeconds;
}

core::StatusOr<core::adb::AdbServerClient> connectServer(const DeviceOptions& options) {
  ASSIGN_OR_RETURN(const core::adb::ServerAddress address, core::adb::serverAddressFromEnvironment());
  core::adb::AdbServerClient client(address);
  auto limits = options.limits();
  limits.timeout = std::min(limits.timeout, std::chrono::milliseconds(2000));
  auto version = client.version(limits);
  if (version.ok()) return client;
  if (version.status().code() == core::StatusCode::kCancelled) return version.status();
  // Nobody answers: start a server like adb does (only when the `adb` binary is available).
  RETURN_IF_ERROR(core::adb::startAdbServer(address).withContext(version.status().message() + "; starting one"));
  RETURN_IF_ERROR(client.version(options.limits()).status());
  return client;
}

core::StatusOr<std::unique_ptr<core::adb::AdbDevice>> openDevice(const DeviceOptions& options) {
  const std::string serial = options.effectiveSerial();
  if (options.transport == "server") {
    ASSIGN_OR_RETURN(core::adb::AdbServerClient client, connectServer(options));
    return client.device(serial);
  }
  core::adb::DirectAuthOptions auth;
  if (options.transport == "usb") {
    ASSIGN_OR_RETURN(auto device, core::adb::connectUsbDevice(serial, auth, options.limits()));
    return std::unique_ptr<core::adb::AdbDevice>(std::move(device));
  }
  if (options.transport.rfind("tcp:", 0) == 0) {
    const std::string hostPort = options.transport.substr(4);
    const size_t colon = hostPort.rfind(':');
    unsigned port = 0;
    const std::string portText = colon == std::string::npos ? std::string() : hostPort.substr(colon + 1);
    const auto r = std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (colon == std::string::npos || r.ec != std::errc() || port == 0 || port > 65535) {
      return core::invalidInput("--transport " + options.transport + ": expected tcp:HOST:PORT");
    }
    ASSIGN_OR_RETURN(auto device, core::adb::DirectDevice::connectTcp(hostPort.substr(0, colon), static_cast<uint16_t>(port),
                                                                      auth, options.limits()));
    return std::unique_ptr<core::adb::AdbDevice>(std::move(device));
  }
  return core::invalidInput("unknown --transport '" + options.transport + "' (server, usb or tcp:HOST:PORT)");
}

}  // namespace mxi::cli
