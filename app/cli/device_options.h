// How device commands (devices, shell, push, pull, forward) pick their device and transport:
// -s SERIAL (else $ANDROID_SERIAL), --transport server|usb|tcp:HOST:PORT, --timeout SECONDS;
// the adb server address comes from $ADB_SERVER_SOCKET like adb's.
#pragma once

#include <memory>
#include <string>

#include "app/cli/cli_common.h"
#include "core/adb/adb_device.h"
#include "core/adb/server_client.h"

namespace mxi::cli {

struct DeviceOptions {
  std::string serial;
  std::string transport = "server";
  double timeoutSeconds = 10;

  core::adb::IoLimits limits() const;
  // -s, else ANDROID_SERIAL, else empty (the only device).
  std::string effectiveSerial() const;
};

// Adds -s/--serial, --transport and --timeout to a command (also accepted before the command).
void addDeviceOptions(CLI::App& command, DeviceOptions& options);
void addGlobalDeviceOptions(CLI::App& root);
// Values given before the command name; a command's own flags take precedence.
void mergeGlobalDeviceOptions(DeviceOptions& options);

// The adb server client; starts the server with `adb start-server` when none answers.
core::StatusOr<core::adb::AdbServerClient> connectServer(const DeviceOptions& options);
// The selected device on the selected transport.
core::StatusOr<std::unique_ptr<core::adb::AdbDevice>> openDevice(const DeviceOptions& options);

}  // namespace mxi::cli
