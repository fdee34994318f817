#include "core/adb/usb_transport.h"

#include <libusb.h>

#include <algorithm>
#include <cstdio>

namespace mxi::core::adb {

bool isAdbInterface(const UsbInterfaceDescription& i) {
  return i.interfaceClass == kAdbInterfaceClass && i.interfaceSubclass == kAdbInterfaceSubclass &&
         i.interfaceProtocol == kAdbInterfaceProtocol;
}

std::optional<AdbUsbEndpoints> findAdbEndpoints(const UsbInterfaceDescription& i) {
  if (!isAdbInterface(i)) return std::nullopt;
  AdbUsbEndpoints out;
  out.interfaceNumber = i.number;
  bool haveIn = false, haveOut = false;
  for (const auto& e : i.endpoints) {
    if ((e.attributes & 0x03) != LIBUSB_TRANSFER_TYPE_BULK) continue;
    if ((e.address & LIBUSB_ENDPOINT_IN) != 0) {
      if (!haveIn) out.in = e.address;
      haveIn = true;
    } else if (!haveOut) {
      out.out = e.address;
      out.maxPacketSize = e.maxPacketSize;
      haveOut = true;
    }
  }
  if (!haveIn || !haveOut || out.maxPacketSize == 0) return std::nullopt;
  return out;
}

bool needsZeroLengthPacket(size_t transferLength, uint16_t maxPacketSize) {
  return maxPacketSize != 0 && transferLength != 0 && transferLength % maxPacketSize == 0;
}

std::vector<size_t> usbTransferSizes(size_t payloadLength, uint16_t maxPacketSize) {
  std::vector<size_t> out{kPacketHeaderSize};
  if (needsZeroLengthPacket(kPacketHeaderSize, maxPacketSize)) out.push_back(0);
  if (payloadLength > 0) {
    out.push_back(payloadLength);
    if (needsZeroLengthPacket(payloadLength, maxPacketSize)) out.push_back(0);
  }
  return out;
}

namespace {

std::string usbError(int rc) { return libusb_error_name(rc); }

struct ContextDeleter {
  void operator()(libusb_context* c) const { libusb_exit(c); }
};
using ContextPtr = std::unique_ptr<libusb_context, ContextDeleter>;

StatusOr<ContextPtr> openContext() {
  libusb_context* raw = nullptr;
  const int rc = libusb_init(&raw);
  if (rc != 0) return ioError("libusb_init: " + usbError(rc));
  return ContextPtr(raw);
}

std::string usbPath(libusb_device* dev) {
  uint8_t ports[8];
  const int n = libusb_get_port_numbers(dev, ports, sizeof ports);
  std::string path = std::to_string(libusb_get_bus_number(dev)) + "-";
  for (int i = 0; i < n; ++i) path += (i ? "." : "") + std::to_string(ports[i]);
  return path;
}

std::vector<UsbInterfaceDescription> describeInterfaces(const libusb_config_descriptor& config) {
  std::vector<UsbInterfaceDescription> out;
  for (int i = 0; i < config.bNumInterfaces; ++i) {
    const libusb_interface& iface = config.interface[i];
    for (int a = 0; a < iface.num_altsetting; ++a) {
      const libusb_interface_descriptor& d = iface.altsetting[a];
      UsbInterfaceDescription desc{d.bInterfaceNumber,   d.bAlternateSetting,  d.bInterfaceClass,
                                   d.bInterfaceSubClass, d.bInterfaceProtocol, {}};
      for (int e = 0; e < d.bNumEndpoints; ++e) {
        desc.endpoints.push_back(
            {d.endpoint[e].bEndpointAddress, d.endpoint[e].bmAttributes, d.endpoint[e].wMaxPacketSize});
      }
      out.push_back(std::move(desc));
    }
  }
  return out;
}

std::optional<AdbUsbEndpoints> adbEndpointsOf(libusb_device* dev) {
  libusb_config_descriptor* config = nullptr;
  if (libusb_get_active_config_descriptor(dev, &config) != 0) return std::nullopt;
  std::optional<AdbUsbEndpoints> found;
  for (const auto& i : describeInterfaces(*config)) {
    if ((found = findAdbEndpoints(i))) break;
  }
  libusb_free_config_descriptor(config);
  return found;
}

std::string stringDescriptor(libusb_device_handle* h, uint8_t index) {
  if (h == nullptr || index == 0) return {};
  unsigned char buf[256];
  const int n = libusb_get_string_descriptor_ascii(h, index, buf, sizeof buf);
  return n > 0 ? std::string(reinterpret_cast<char*>(buf), static_cast<size_t>(n)) : std::string();
}

class UsbPacketLink final : public PacketLink {
 public:
  UsbPacketLink(ContextPtr context, libusb_device_handle* handle, AdbUsbEndpoints endpoints, std::string name)
      : m_context(std::move(context)), m_handle(handle), m_endpoints(endpoints), m_name(std::move(name)) {}
  ~UsbPacketLink() override {
    libusb_release_interface(m_handle, m_endpoints.interfaceNumber);
    libusb_close(m_handle);
  }

  StatusOr<AdbPacket> readPacket(const IoLimits& limits) override {
    std::string header(kPacketHeaderSize, '\0');
    RETURN_IF_ERROR(transfer(m_endpoints.in, header.data(), header.size(), limits, "reading a packet header"));
    ASSIGN_OR_RETURN(const AdbPacketHeader h, decodePacketHeader(header, m_maxPayload));
    AdbPacket p{h.command, h.arg0, h.arg1, std::string(h.dataLength, '\0')};
    if (h.dataLength > 0)
      RETURN_IF_ERROR(transfer(m_endpoints.in, p.payload.data(), h.dataLength, limits, "reading a payload"));
    if (m_checksums && adbChecksum(p.payload) != h.dataCheck) {
      return invalidInput(m_name + ": " + commandName(h.command) + " payload checksum mismatch");
    }
    return p;
  }

  Status writePacket(uint32_t command, uint32_t arg0, uint32_t arg1, std::string_view payload,
                     const IoLimits& limits) override {
    auto header = encodePacketHeader(command, arg0, arg1, payload, m_checksums);
    RETURN_IF_ERROR(transfer(m_endpoints.out, header.data(), header.size(), limits, "sending a header"));
    if (needsZeroLengthPacket(header.size(), m_endpoints.maxPacketSize)) {
      RETURN_IF_ERROR(transfer(m_endpoints.out, nullptr, 0, limits, "sending a zero-length packet"));
    }
    if (payload.empty()) return okStatus();
    std::string copy(payload);  // libusb wants a mutable buffer
    RETURN_IF_ERROR(transfer(m_endpoints.out, copy.data(), copy.size(), limits, "sending a payload"));
    if (needsZeroLengthPacket(payload.size(), m_endpoints.maxPacketSize)) {
      RETURN_IF_ERROR(transfer(m_endpoints.out, nullptr, 0, limits, "sending a zero-length packet"));
    }
    return okStatus();
  }

  void configure(uint32_t maxPayload, bool checksums) override {
    m_maxPayload = maxPayload;
    m_checksums = checksums;
  }
  std::string description() const override { return m_name; }

 private:
  // A bulk transfer in short slices so timeouts and cancellation are honoured.
  Status transfer(uint8_t endpoint, char* data, size_t length, const IoLimits& limits, const char* what) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = limits.unbounded() ? Clock::time_point::max() : Clock::now() + limits.timeout;
    size_t done = 0;
    do {
      if (limits.cancelled()) return cancelled();
      if (Clock::now() >= deadline) return timedOut(m_name + ": USB timeout " + what);
      int transferred = 0;
      const int rc = libusb_bulk_transfer(m_handle, endpoint, reinterpret_cast<unsigned char*>(data) + done,
                                          static_cast<int>(length - done), &transferred,
                                          static_cast<unsigned>(kCancelPollSlice.count() * 4));
      done += static_cast<size_t>(transferred);
      if (rc == LIBUSB_ERROR_TIMEOUT) continue;
      if (rc != 0) return ioError(m_name + ": USB error " + what + ": " + usbError(rc));
    } while (done < length);
    return okStatus();
  }

  ContextPtr m_context;
  libusb_device_handle* m_handle;
  AdbUsbEndpoints m_endpoints;
  std::string m_name;
  uint32_t m_maxPayload = kMaxPayload;
  bool m_checksums = true;
};

}  // namespace

StatusOr<std::vector<UsbDeviceEntry>> listUsbAdbDevices() {
  ASSIGN_OR_RETURN(ContextPtr context, openContext());
  libusb_device** list = nullptr;
  const ssize_t count = libusb_get_device_list(context.get(), &list);
  if (count < 0) return ioError("libusb_get_device_list: " + usbError(static_cast<int>(count)));
  std::vector<UsbDeviceEntry> out;
  for (ssize_t i = 0; i < count; ++i) {
    libusb_device* dev = list[i];
    if (!adbEndpointsOf(dev)) continue;
    libusb_device_descriptor desc{};
    libusb_get_device_descriptor(dev, &desc);
    UsbDeviceEntry e;
    e.usbPath = usbPath(dev);
    e.vendorId = desc.idVendor;
    e.productId = desc.idProduct;
    libusb_device_handle* h = nullptr;
    if (libusb_open(dev, &h) == 0) {
      e.serial = stringDescriptor(h, desc.iSerialNumber);
      e.product = stringDescriptor(h, desc.iProduct);
      libusb_close(h);
    }
    if (e.serial.empty()) e.serial = "usb:" + e.usbPath;
    out.push_back(std::move(e));
  }
  libusb_free_device_list(list, 1);
  return out;
}

StatusOr<std::unique_ptr<DirectDevice>> connectUsbDevice(const std::string& serial, const DirectAuthOptions& auth,
                                                         const IoLimits& limits) {
  ASSIGN_OR_RETURN(const auto devices, listUsbAdbDevices());
  std::vector<UsbDeviceEntry> matches;
  for (const auto& d : devices) {
    if (serial.empty() || d.serial == serial || "usb:" + d.usbPath == serial) matches.push_back(d);
  }
  if (matches.empty()) {
    return notFound(serial.empty() ? std::string("no USB device with an ADB interface found")
                                   : "no USB device with serial '" + serial + "' and an ADB interface");
  }
  if (matches.size() > 1) return invalidInput("more than one USB device with ADB; pick one with -s SERIAL");
  const UsbDeviceEntry& target = matches.front();

  ASSIGN_OR_RETURN(ContextPtr context, openContext());
  libusb_device** list = nullptr;
  const ssize_t count = libusb_get_device_list(context.get(), &list);
  libusb_device_handle* handle = nullptr;
  std::optional<AdbUsbEndpoints> endpoints;
  int openRc = LIBUSB_ERROR_NO_DEVICE;
  for (ssize_t i = 0; i < count && handle == nullptr; ++i) {
    if (usbPath(list[i]) != target.usbPath) continue;
    endpoints = adbEndpointsOf(list[i]);
    openRc = libusb_open(list[i], &handle);
  }
  libusb_free_device_list(list, 1);
  const std::string name = "USB device " + target.serial;
  if (handle == nullptr) {
    if (openRc == LIBUSB_ERROR_ACCESS) {
      return ioError(name + ": no permission to open it (add a udev rule for vendor " +
                     std::to_string(target.vendorId) + " or join the plugdev group)");
    }
    return ioError(name + ": cannot open: " + usbError(openRc));
  }
  if (!endpoints) {
    libusb_close(handle);
    return ioError(name + ": the ADB interface disappeared");
  }
  libusb_set_auto_detach_kernel_driver(handle, 1);
  const int rc = libusb_claim_interface(handle, endpoints->interfaceNumber);
  if (rc != 0) {
    libusb_close(handle);
    if (rc == LIBUSB_ERROR_BUSY) {
      return ioError(name +
                     ": its ADB interface is busy - another program holds it, most likely an adb server. "
                     "Use --transport server, or stop it with `adb kill-server`");
    }
    return ioError(name + ": cannot claim the ADB interface: " + usbError(rc));
  }
  auto link = std::make_unique<UsbPacketLink>(std::move(context), handle, *endpoints, name);
  return DirectDevice::connect(std::move(link), target.serial, auth, limits);
}

}  // namespace mxi::core::adb
