// ADB transport packets: arbitrary bytes fed in arbitrary chunks to AdbPacketParser (with and
// without checksums); every packet that comes out must re-encode to the bytes that went in.
// The same input also goes through the shell v2 parser, which frames the stream inside.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/adb/shell_protocol.h"
#include "core/base/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mxi::core::adb;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t chunk = size == 0 ? 1 : 1 + data[0] % 31;
  const bool checksums = size > 1 && (data[1] & 1) != 0;
  AdbPacketParser parser(kMaxPayload, checksums);
  size_t consumed = 0;
  for (size_t i = 0; i < input.size(); i += chunk) {
    if (!parser.feed(input.substr(i, chunk)).ok()) break;
    while (auto p = parser.next()) {
      const Bytes again = encodePacket(*p, checksums);
      MXI_CHECK(input.substr(consumed, kPacketHeaderSize + p->payload.size()).substr(0, 16) ==
                std::string_view(again).substr(0, 16));
      consumed += again.size();
    }
  }
  ShellPacketParser shell;
  for (size_t i = 0; i < input.size(); i += chunk) {
    if (!shell.feed(input.substr(i, chunk)).ok()) break;
    while (shell.next()) {
    }
  }
  return 0;
}
