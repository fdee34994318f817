// adb server replies: OKAY/FAIL status, then hex-length-prefixed payloads (host queries,
// track-devices), then the device lists and banners inside them.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/adb/device_banner.h"
#include "core/adb/device_list.h"
#include "core/adb/server_client.h"
#include "core/adb/smart_socket.h"
#include "core/adb/sync_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mxi::core::adb;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t chunk = size == 0 ? 1 : 1 + data[0] % 13;
  SmartStatusParser status;
  for (size_t i = 0; i < input.size() && !status.done(); i += chunk) {
    if (!status.feed(input.substr(i, chunk)).ok()) return 0;
  }
  LengthPrefixedParser payloads;
  (void)payloads.feed(status.remainder());
  while (auto payload = payloads.next()) {
    (void)parseDeviceList(*payload);
    (void)parseForwardList(*payload);
    (void)parseDeviceBanner(*payload);
    std::string path;
    uint32_t mode = 0;
    (void)parseSyncSendTarget(*payload, path, mode);
  }
  (void)parseServerSocketSpec(std::string(input.substr(0, 64)));
  return 0;
}
