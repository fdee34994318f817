#include "core/adb/device_selection.h"

#include <algorithm>
#include <charconv>

#include "core/adb/direct_device.h"
#include "core/adb/usb_transport.h"

namespace mxi::core::adb {

StatusOr<AdbServerClient> connectOrStartServer(const IoLimits& limits) {
  ASSIGN_OR_RETURN(const ServerAddress address, serverAddressFromEnvironment());
  AdbServerClient client(address);
  IoLimits quick = limits;
  quick.timeout = std::min(limits.timeout, std::chrono::milliseconds(2000));
  auto version = client.version(quick);
  if (version.ok()) return client;
  if (version.status().code() == StatusCode::kCancelled) return version.status();
  // Nobody answers: start a server like adb does (only when the `adb` binary is available).
  RETURN_IF_ERROR(startAdbServer(address).withContext(version.status().message() + "; starting one"));
  RETURN_IF_ERROR(client.version(limits).status());
  return client;
}

StatusOr<std::unique_ptr<AdbDevice>> openSelectedDevice(const DeviceSelection& selection, const IoLimits& limits) {
  const std::string& transport = selection.transport;
  if (transport == "server") {
    ASSIGN_OR_RETURN(AdbServerClient client, connectOrStartServer(limits));
    return client.device(selection.serial);
  }
  DirectAuthOptions auth;
  if (transport == "usb") {
    ASSIGN_OR_RETURN(auto device, connectUsbDevice(selection.serial, auth, limits));
    return std::unique_ptr<AdbDevice>(std::move(device));
  }
  if (transport.rfind("tcp:", 0) == 0) {
    const std::string hostPort = transport.substr(4);
    const size_t colon = hostPort.rfind(':');
    unsigned port = 0;
    const std::string portText = colon == std::string::npos ? std::string() : hostPort.substr(colon + 1);
    const auto r = std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (colon == std::string::npos || r.ec != std::errc() || port == 0 || port > 65535) {
      return invalidInput("transport " + transport + ": expected tcp:HOST:PORT");
    }
    ASSIGN_OR_RETURN(auto device, DirectDevice::connectTcp(hostPort.substr(0, colon), static_cast<uint16_t>(port), auth,
                                                           limits));
    return std::unique_ptr<AdbDevice>(std::move(device));
  }
  return invalidInput("unknown transport '" + transport + "' (server, usb or tcp:HOST:PORT)");
}

}  // namespace mxi::core::adb
