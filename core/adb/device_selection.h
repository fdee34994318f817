// Opening "the device the user chose" on one of three transports — the adb server (started
// like adb does when none answers), direct USB (libusb) or direct TCP (tcp:HOST:PORT) — shared
// by the CLI's device options and the GUI's live view.
#pragma once

#include <memory>
#include <string>

#include "core/adb/adb_device.h"
#include "core/adb/server_client.h"

namespace mxi::core::adb {

struct DeviceSelection {
  std::string serial;                // empty: the only device
  std::string transport = "server";  // server | usb | tcp:HOST:PORT
};

// The adb server at $ADB_SERVER_SOCKET (else localhost:5037); starts one with `adb start-server`
// when none answers.
StatusOr<AdbServerClient> connectOrStartServer(const IoLimits& limits);
StatusOr<std::unique_ptr<AdbDevice>> openSelectedDevice(const DeviceSelection& selection, const IoLimits& limits);

}  // namespace mxi::core::adb
