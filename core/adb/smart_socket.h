// The adb server's "smart socket" protocol (OVERVIEW.TXT / SERVICES.TXT): a request is four
// ASCII hex digits of length and the service name; a reply is "OKAY" or "FAIL" + hex4 length +
// message; host queries then send one hex4-length-prefixed payload (host:track-devices sends
// them repeatedly). Pure codecs, chunk-fed (house rule T4); the socket code lives elsewhere.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/base/status.h"

namespace mxi::core::adb {

inline constexpr size_t kMaxSmartPayload = 0xffff;

// "000chost:version" for "host:version"; fails when the service is longer than 0xffff bytes.
StatusOr<Bytes> encodeSmartRequest(std::string_view service);
// "0004" + "1234": the framing the server uses for payloads (the device uses it for sync FAIL too).
StatusOr<Bytes> encodeHexLengthPrefixed(std::string_view payload);
// Four hex digits (either case) → value; `offset` names where they were found.
StatusOr<uint32_t> parseHexLength(std::string_view fourChars, uint64_t offset = 0);

// OKAY / FAIL status reply: feed bytes until done() (it stops consuming after the status, so
// bytes after it are returned by remainder() for the next parser).
class SmartStatusParser {
 public:
  Status feed(std::string_view chunk);
  bool done() const { return m_done; }
  bool okay() const { return m_okay; }
  const std::string& failMessage() const { return m_message; }
  // Bytes fed after the end of the status.
  const Bytes& remainder() const { return m_remainder; }

 private:
  Bytes m_buffer;
  Bytes m_remainder;
  bool m_done = false;
  bool m_okay = false;
  std::string m_message;
  Status m_error;
};

// A sequence of hex4-length-prefixed payloads (host query replies, track-devices events).
class LengthPrefixedParser {
 public:
  Status feed(std::string_view chunk);
  // The next complete payload; nullopt when more bytes are needed or after an error.
  std::optional<std::string> next();
  const Status& error() const { return m_error; }
  uint64_t offset() const { return m_offset; }

 private:
  Bytes m_buffer;
  std::optional<uint32_t> m_length;
  uint64_t m_offset = 0;  // stream offset of m_buffer[0]
  Status m_error;
};

}  // namespace mxi::core::adb
