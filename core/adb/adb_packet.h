// The ADB transport message (protocol.txt): a 24-byte header of six little-endian u32
// (command, arg0, arg1, data_length, data_check, magic = command ^ 0xffffffff) and a payload.
// Pure codec: no I/O. AdbPacketParser takes chunks (house rule T4) so sockets and USB share it.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace mxi::core::adb {

// Byte buffers are std::string: cheap to append, to view and to hand to socket calls.
using Bytes = std::string;

constexpr uint32_t makeId(char a, char b, char c, char d) {
  return static_cast<uint32_t>(static_cast<uint8_t>(a)) | static_cast<uint32_t>(static_cast<uint8_t>(b)) << 8 |
         static_cast<uint32_t>(static_cast<uint8_t>(c)) << 16 | static_cast<uint32_t>(static_cast<uint8_t>(d)) << 24;
}

namespace cmd {
inline constexpr uint32_t kSync = makeId('S', 'Y', 'N', 'C');
inline constexpr uint32_t kCnxn = makeId('C', 'N', 'X', 'N');
inline constexpr uint32_t kAuth = makeId('A', 'U', 'T', 'H');
inline constexpr uint32_t kOpen = makeId('O', 'P', 'E', 'N');
inline constexpr uint32_t kOkay = makeId('O', 'K', 'A', 'Y');
inline constexpr uint32_t kClse = makeId('C', 'L', 'S', 'E');
inline constexpr uint32_t kWrte = makeId('W', 'R', 'T', 'E');
inline constexpr uint32_t kStls = makeId('S', 'T', 'L', 'S');
}  // namespace cmd

// AUTH arg0 values.
inline constexpr uint32_t kAuthToken = 1;
inline constexpr uint32_t kAuthSignature = 2;
inline constexpr uint32_t kAuthRsaPublicKey = 3;
inline constexpr size_t kAuthTokenSize = 20;

inline constexpr uint32_t kVersionMin = 0x01000000;
inline constexpr uint32_t kVersionSkipChecksum = 0x01000001;  // peers at or above this send no checksum
inline constexpr uint32_t kVersion = 0x01000001;
inline constexpr uint32_t kMaxPayloadV1 = 4096;  // before CNXN is exchanged
inline constexpr uint32_t kMaxPayload = 1024 * 1024;
inline constexpr size_t kPacketHeaderSize = 24;

struct AdbPacketHeader {
  uint32_t command = 0;
  uint32_t arg0 = 0;
  uint32_t arg1 = 0;
  uint32_t dataLength = 0;
  uint32_t dataCheck = 0;
  uint32_t magic = 0;
};

struct AdbPacket {
  uint32_t command = 0;
  uint32_t arg0 = 0;
  uint32_t arg1 = 0;
  Bytes payload;
};

// "CNXN", "WRTE"…, or "0x12345678" for an unknown command.
std::string commandName(uint32_t command);
bool isKnownCommand(uint32_t command);

// Unsigned sum of the payload bytes (adb's data_check; not a CRC).
uint32_t adbChecksum(std::string_view payload);

// Header bytes for a packet; data_check is 0 unless `withChecksum`.
std::array<char, kPacketHeaderSize> encodePacketHeader(uint32_t command, uint32_t arg0, uint32_t arg1,
                                                       std::string_view payload, bool withChecksum);
// Header + payload in one buffer.
Bytes encodePacket(const AdbPacket& packet, bool withChecksum);

// Decodes and validates a header: magic, known command, data_length <= maxPayload.
// `offset` is where the header starts in the stream, for the error message.
StatusOr<AdbPacketHeader> decodePacketHeader(std::string_view bytes, uint32_t maxPayload, uint64_t offset = 0);

// Chunked packet reader: feed() any split of the byte stream, then take packets with next().
// After an error the parser stays failed (the stream is out of sync).
class AdbPacketParser {
 public:
  // `verifyChecksum`: check data_check (peers older than kVersionSkipChecksum).
  explicit AdbPacketParser(uint32_t maxPayload = kMaxPayload, bool verifyChecksum = false)
      : m_maxPayload(maxPayload), m_verifyChecksum(verifyChecksum) {}

  void setMaxPayload(uint32_t maxPayload) { m_maxPayload = maxPayload; }
  void setVerifyChecksum(bool verify) { m_verifyChecksum = verify; }

  Status feed(std::string_view chunk);
  std::optional<AdbPacket> next();
  // Bytes still needed to complete the current packet (header or payload); for readers that
  // want to read exactly one packet at a time.
  size_t bytesWanted() const;
  uint64_t offset() const { return m_offset; }

 private:
  Status parseBuffered();

  uint32_t m_maxPayload;
  bool m_verifyChecksum;
  Bytes m_buffer;
  std::optional<AdbPacketHeader> m_header;
  std::deque<AdbPacket> m_ready;
  uint64_t m_offset = 0;  // stream offset of m_buffer[0]
  Status m_error;
};

}  // namespace mxi::core::adb
