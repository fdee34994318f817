// Framing of the agent wire protocol (docs/PROTOCOL.md): every message travels in a frame
//   magic "MX" | version u8 | flags u8 | type u16 | payload length u32 | CRC-32 u32 | payload
// (little endian; the CRC covers the first 10 header bytes and the payload). FrameDecoder is a
// stream parser (house rule T4): feed() any chunking of the byte stream, then take frames with
// next(); one code path serves live sockets and recorded streams.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::protocol {

inline constexpr uint8_t kFrameMagic0 = 'M';
inline constexpr uint8_t kFrameMagic1 = 'X';
inline constexpr size_t kFrameHeaderBytes = 14;
// Largest payload either side sends or accepts by default (an ANR trace fits, a heap dump
// travels in chunks). Decoders may lower it.
inline constexpr uint32_t kMaxPayloadBytes = 4u << 20;

struct Frame {
  uint16_t type = 0;
  uint8_t version = 1;  // layout version of this message type (newer layouts append fields)
  std::vector<uint8_t> payload;
  uint64_t streamOffset = 0;  // where the frame began in the decoded stream
};

// Appends one complete frame (header + payload) to `out`.
void appendFrame(std::vector<uint8_t>& out, uint16_t type, uint8_t version, std::span<const uint8_t> payload);

class FrameDecoder {
 public:
  explicit FrameDecoder(uint32_t maxPayloadBytes = kMaxPayloadBytes) : m_maxPayload(maxPayloadBytes) {}

  void feed(std::span<const uint8_t> bytes);
  // The next complete frame, nullopt when more bytes are needed, or an error naming the stream
  // offset (bad magic, version 0, oversized length, checksum mismatch). After an error the
  // stream is unusable: framing is lost, the caller closes the connection.
  StatusOr<std::optional<Frame>> next();
  // At end of stream: an error when a partial frame is pending.
  Status finish() const;

  uint64_t bytesConsumed() const { return m_consumedBase + m_pos; }
  size_t bufferedBytes() const { return m_buffer.size() - m_pos; }

 private:
  std::vector<uint8_t> m_buffer;
  size_t m_pos = 0;             // first unconsumed byte in m_buffer
  uint64_t m_consumedBase = 0;  // stream offset of m_buffer[0]
  uint32_t m_maxPayload;
  Status m_failed;
};

}  // namespace mxi::core::protocol
