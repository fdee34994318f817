// The one device API callers use (house rule D2): CLI, GUI and agent deployer talk to an
// AdbDevice and do not care whether an adb server, a USB link or a TCP link serves it.
// Everything is built on openStream(); shell.h and sync_client.h add the protocols.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "core/adb/adb_stream.h"
#include "core/adb/io_limits.h"
#include "core/base/status.h"

namespace mxi::core::adb {

class AdbDevice {
 public:
  virtual ~AdbDevice() = default;

  // The serial (server), "usb:1-2" style path (USB) or "host:port" (TCP).
  virtual std::string serial() const = 0;
  // Device features from its CNXN banner (shell_v2, stat_v2, ls_v2, …).
  virtual StatusOr<std::set<std::string>> features(const IoLimits& limits) = 0;
  // Opens a device service; the error names device, service and the server's/device's answer.
  virtual StatusOr<std::unique_ptr<AdbStream>> openStream(std::string_view service, const IoLimits& limits) = 0;
};

}  // namespace mxi::core::adb
