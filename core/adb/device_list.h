// Parses the adb server's device lists: host:devices ("serial\tstate") and host:devices-l
// ("serial   state usb:1-1 product:x model:y device:z transport_id:3"), also sent by
// host:track-devices(-l) on every change.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::adb {

struct DeviceListEntry {
  std::string serial;
  std::string state;  // device, offline, unauthorized, recovery, sideload, bootloader, "no permissions …"
  std::string product;
  std::string model;
  std::string device;
  std::string usb;  // "1-1" when attached by USB
  uint64_t transportId = 0;

  bool operator==(const DeviceListEntry&) const = default;
};

// Lines without a state are skipped; unknown "key:value" fields are ignored.
std::vector<DeviceListEntry> parseDeviceList(std::string_view text);

}  // namespace mxi::core::adb
