// The ADB transport over USB with libusb, for when no adb server runs: find the ADB
// interface (class 0xFF, subclass 0x42, protocol 0x01) and its bulk endpoint pair, claim it,
// and move packets as a header transfer plus a payload transfer (plus a zero-length packet
// when the payload fills whole USB packets). The pure matching and framing rules are exposed
// for tests; everything touching hardware goes through libusb.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/adb/direct_device.h"

namespace mxi::core::adb {

inline constexpr uint8_t kAdbInterfaceClass = 0xff;
inline constexpr uint8_t kAdbInterfaceSubclass = 0x42;
inline constexpr uint8_t kAdbInterfaceProtocol = 0x01;

struct UsbEndpointDescription {
  uint8_t address = 0;     // bit 7 set: IN
  uint8_t attributes = 0;  // low two bits: transfer type (2 = bulk)
  uint16_t maxPacketSize = 0;
};

struct UsbInterfaceDescription {
  uint8_t number = 0;
  uint8_t alternateSetting = 0;
  uint8_t interfaceClass = 0;
  uint8_t interfaceSubclass = 0;
  uint8_t interfaceProtocol = 0;
  std::vector<UsbEndpointDescription> endpoints;
};

struct AdbUsbEndpoints {
  uint8_t interfaceNumber = 0;
  uint8_t in = 0;
  uint8_t out = 0;
  uint16_t maxPacketSize = 0;  // of the OUT endpoint: decides zero-length packets
};

bool isAdbInterface(const UsbInterfaceDescription& interface);
// The first bulk IN and bulk OUT endpoint of an ADB interface; nullopt when it is not one or
// lacks either endpoint.
std::optional<AdbUsbEndpoints> findAdbEndpoints(const UsbInterfaceDescription& interface);
// A transfer that is a non-zero multiple of the endpoint's packet size needs a trailing
// zero-length packet, or the device keeps waiting for more of it.
bool needsZeroLengthPacket(size_t transferLength, uint16_t maxPacketSize);
// The transfers one packet becomes on the OUT endpoint: header, payload (if any), ZLP (if needed).
std::vector<size_t> usbTransferSizes(size_t payloadLength, uint16_t maxPacketSize);

struct UsbDeviceEntry {
  std::string serial;   // iSerialNumber, or the bus path when the device has none
  std::string usbPath;  // "1-4.2" as adb prints it
  uint16_t vendorId = 0;
  uint16_t productId = 0;
  std::string product;
};

// Devices with an ADB interface (no interface is claimed).
StatusOr<std::vector<UsbDeviceEntry>> listUsbAdbDevices();
// Opens the device with that serial (empty: the only one), claims its ADB interface and runs
// the handshake. An interface held by an adb server gives a clear error saying so.
StatusOr<std::unique_ptr<DirectDevice>> connectUsbDevice(const std::string& serial, const DirectAuthOptions& auth,
                                                         const IoLimits& limits);

}  // namespace mxi::core::adb
