// Opening "the device the user chose" on one of three transports — the adb server (started
// like adb does when none answers), direct USB (libusb) or direct TCP (tcp:HOST:PORT) — shared
// by the CLI's device options and the GUI's live view.
#pragma once

#include <memory>
#include <string>

#include "core/adb/adb_device.h"
#include "core/adb/device_list.h"
#include "core/adb/server_client.h"

namespace mxi::core::adb {

struct DeviceSelection {
  std::string serial;                // empty: the only device
  std::string transport = "server";  // server | usb | tcp:HOST:PORT
};

// The adb server at $ADB_SERVER_SOCKET (else localhost:5037); starts one with `adb start-server`
// when none answers.
StatusOr<AdbServerClient> connectOrStartServer(const IoLimits& limits);
// Through the server, the device list is checked first, so a phone that cannot be used yet gets a
// message saying what to do (see deviceStateProblem) instead of the server's terse error.
StatusOr<std::unique_ptr<AdbDevice>> openSelectedDevice(const DeviceSelection& selection, const IoLimits& limits);

// Why the device `serial` (empty: the only one) of the server's list cannot be used, and what to
// do: none or several attached without a serial, unauthorized (the RSA dialog pending), offline,
// no USB permission, booted into recovery/bootloader. OK when it can be used, or when the serial
// is not listed (the server then says it was not found).
Status deviceStateProblem(const std::vector<DeviceListEntry>& devices, const std::string& serial);

}  // namespace mxi::core::adb
