#include "core/adb/device_selection.h"

#include <algorithm>

#include "core/adb/direct_device.h"
#include "core/adb/tcp_spec.h"
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

Status deviceStateProblem(const std::vector<DeviceListEntry>& devices, const std::string& serial) {
  if (serial.empty() && devices.empty()) {
    return notFound(
        "no device attached: connect a phone with USB debugging on (Settings > Developer options), or "
        "`adb connect HOST:PORT` for one on the network");
  }
  if (serial.empty() && devices.size() > 1) {
    std::string listed;
    for (const DeviceListEntry& d : devices) listed += (listed.empty() ? "" : ", ") + d.serial + " " + d.state;
    return invalidInput("more than one device attached (" + listed + "): pick one with -s SERIAL or $ANDROID_SERIAL");
  }
  const auto it = serial.empty() ? devices.begin()
                                 : std::find_if(devices.begin(), devices.end(),
                                                [&](const DeviceListEntry& d) { return d.serial == serial; });
  if (it == devices.end()) return okStatus();
  const std::string& who = it->serial;
  const std::string& state = it->state;
  if (state == "device") return okStatus();
  if (state == "unauthorized") {
    return ioError("device " + who +
                   " is unauthorized: unlock it and tap Allow on its \"Allow USB debugging?\" "
                   "dialog (tick \"Always allow from this computer\"), then run again. No dialog? Revoke USB debugging "
                   "authorizations in Developer options and reconnect the cable");
  }
  if (state == "offline") {
    return ioError("device " + who + " is offline: reconnect its cable (or run `adb reconnect offline`) and run again");
  }
  if (state.rfind("no permissions", 0) == 0) {
    return ioError("no permission to open device " + who +
                   " over USB: install Debian's "
                   "android-sdk-platform-tools-common (its udev rules), add yourself to the plugdev group, replug it");
  }
  return ioError("device " + who + " is in " + state + " mode, not running Android: reboot it normally and run again");
}

StatusOr<std::unique_ptr<AdbDevice>> openSelectedDevice(const DeviceSelection& selection, const IoLimits& limits) {
  const std::string& transport = selection.transport;
  if (transport == "server") {
    ASSIGN_OR_RETURN(AdbServerClient client, connectOrStartServer(limits));
    ASSIGN_OR_RETURN(const std::vector<DeviceListEntry> devices, client.devices(limits));
    RETURN_IF_ERROR(deviceStateProblem(devices, selection.serial));
    return client.device(selection.serial);
  }
  DirectAuthOptions auth;
  if (transport == "usb") {
    ASSIGN_OR_RETURN(auto device, connectUsbDevice(selection.serial, auth, limits));
    return std::unique_ptr<AdbDevice>(std::move(device));
  }
  if (transport.rfind("tcp:", 0) == 0) {
    ASSIGN_OR_RETURN(const TcpEndpoint endpoint,
                     parseTcpSpec(transport, "transport " + transport, TcpSpecForm::kHostAndPort));
    ASSIGN_OR_RETURN(auto device, DirectDevice::connectTcp(endpoint.host, endpoint.port, auth, limits));
    return std::unique_ptr<AdbDevice>(std::move(device));
  }
  return invalidInput("unknown transport '" + transport + "' (server, usb or tcp:HOST:PORT)");
}

}  // namespace mxi::core::adb
