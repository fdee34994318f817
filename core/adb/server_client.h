// Talks to a running adb server (Android Studio's, or one started with `adb start-server`)
// over its smart-socket protocol: host queries, device tracking, port forwarding, and device
// services through host:transport. The address comes from ADB_SERVER_SOCKET like adb's own.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/adb/adb_device.h"
#include "core/adb/device_list.h"
#include "core/adb/socket.h"

namespace mxi::core::adb {

struct ServerAddress {
  std::string host = "localhost";
  uint16_t port = 5037;

  std::string toString() const { return "tcp:" + host + ":" + std::to_string(port); }
};

// "tcp:PORT", "tcp:HOST:PORT" (ADB_SERVER_SOCKET syntax); other forms are refused clearly.
StatusOr<ServerAddress> parseServerSocketSpec(const std::string& spec);
// $ADB_SERVER_SOCKET, else $ANDROID_ADB_SERVER_PORT, else tcp:localhost:5037.
StatusOr<ServerAddress> serverAddressFromEnvironment();

struct ForwardEntry {
  std::string serial;
  std::string local;   // "tcp:6100"
  std::string remote;  // "localabstract:mxi_1"
  bool operator==(const ForwardEntry&) const = default;
};
std::vector<ForwardEntry> parseForwardList(std::string_view text);

class AdbServerClient {
 public:
  explicit AdbServerClient(ServerAddress address) : m_address(std::move(address)) {}
  const ServerAddress& address() const { return m_address; }

  StatusOr<uint32_t> version(const IoLimits& limits);
  StatusOr<std::vector<DeviceListEntry>> devices(const IoLimits& limits);
  // Calls `onChange` with the full list on every change until it returns false, the server
  // goes away (error) or the limits' CancelToken fires (cancelled). Waits without a timeout.
  Status trackDevices(const std::function<bool(const std::vector<DeviceListEntry>&)>& onChange, const IoLimits& limits);
  StatusOr<std::set<std::string>> features(const std::string& serial, const IoLimits& limits);
  // `adb connect HOST:PORT` / `adb disconnect`; the server's message ("connected to …").
  StatusOr<std::string> connectDevice(const std::string& hostPort, const IoLimits& limits);
  StatusOr<std::string> disconnectDevice(const std::string& hostPort, const IoLimits& limits);

  // Port forwarding (host side). Returns the port the server chose for "tcp:0", else 0.
  StatusOr<uint16_t> forward(const std::string& serial, const std::string& local, const std::string& remote,
                             bool noRebind, const IoLimits& limits);
  StatusOr<std::vector<ForwardEntry>> listForwards(const IoLimits& limits);
  Status removeForward(const std::string& serial, const std::string& local, const IoLimits& limits);
  Status removeAllForwards(const std::string& serial, const IoLimits& limits);
  // Reverse forwarding (device side, through the device's reverse: service).
  StatusOr<uint16_t> reverse(const std::string& serial, const std::string& remote, const std::string& local,
                             bool noRebind, const IoLimits& limits);
  StatusOr<std::vector<ForwardEntry>> listReverses(const std::string& serial, const IoLimits& limits);
  Status removeReverse(const std::string& serial, const std::string& remote, const IoLimits& limits);
  Status removeAllReverses(const std::string& serial, const IoLimits& limits);

  // A device service on `serial` (empty: the only device, host:transport-any).
  StatusOr<std::unique_ptr<AdbStream>> openDeviceService(const std::string& serial, const std::string& service,
                                                         const IoLimits& limits);
  // An AdbDevice served by this server.
  std::unique_ptr<AdbDevice> device(const std::string& serial);

  // Sends a request and reads the OKAY/FAIL status; the socket stays open for the reply.
  StatusOr<Socket> openHostRequest(const std::string& request, const IoLimits& limits);
  // A request whose reply is one hex-length-prefixed payload.
  StatusOr<std::string> query(const std::string& request, const IoLimits& limits);

 private:
  StatusOr<Socket> connect(const IoLimits& limits);
  Status readStatus(Socket& socket, const std::string& what, const IoLimits& limits);
  StatusOr<std::string> readLengthPrefixed(Socket& socket, const std::string& what, const IoLimits& limits);
  StatusOr<uint16_t> readForwardReply(Socket& socket, const std::string& what, const IoLimits& limits);
  StatusOr<Socket> openTransport(const std::string& serial, const IoLimits& limits);

  ServerAddress m_address;
};

// Runs `adb -P PORT start-server` when `adb` is on PATH (or at `adbPath`); for a local server only.
Status startAdbServer(const ServerAddress& address, const std::string& adbPath = "adb");

}  // namespace mxi::core::adb
