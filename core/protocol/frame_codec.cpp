#include "core/protocol/frame_codec.h"

#include <zlib.h>

#include "core/protocol/byte_io.h"

namespace mxi::core::protocol {

namespace {
uint32_t frameCrc(std::span<const uint8_t> header10, std::span<const uint8_t> payload) {
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, header10.data(), static_cast<uInt>(header10.size()));
  // zlib takes uInt lengths (payloads are bounded far below 4 GiB), and crc32(crc, NULL, 0)
  // returns 0 instead of crc: an empty payload must not be passed.
  if (!payload.empty()) crc = crc32(crc, payload.data(), static_cast<uInt>(payload.size()));
  return static_cast<uint32_t>(crc);
}
}  // namespace

void appendFrame(std::vector<uint8_t>& out, uint16_t type, uint8_t version, std::span<const uint8_t> payload) {
  MXI_CHECK(payload.size() <= kMaxPayloadBytes);
  MXI_CHECK(version != 0);
  const size_t start = out.size();
  ByteWriter w(out);
  w.u8(kFrameMagic0);
  w.u8(kFrameMagic1);
  w.u8(version);
  w.u8(0);  // flags: none defined yet
  w.u16(type);
  w.u32(static_cast<uint32_t>(payload.size()));
  const uint32_t crc = frameCrc(std::span(out).subspan(start, 10), payload);
  w.u32(crc);
  w.bytes(payload);
}

void FrameDecoder::feed(std::span<const uint8_t> bytes) {
  // Drop consumed bytes before growing so the buffer stays about one frame long.
  if (m_pos > 0 && m_pos >= m_buffer.size() / 2) {
    m_buffer.erase(m_buffer.begin(), m_buffer.begin() + static_cast<std::ptrdiff_t>(m_pos));
    m_consumedBase += m_pos;
    m_pos = 0;
  }
  m_buffer.insert(m_buffer.end(), bytes.begin(), bytes.end());
}

StatusOr<std::optional<Frame>> FrameDecoder::next() {
  if (!m_failed.ok()) return m_failed;
  const size_t avail = m_buffer.size() - m_pos;
  if (avail < kFrameHeaderBytes) return std::optional<Frame>();
  const uint8_t* h = m_buffer.data() + m_pos;
  const uint64_t at = m_consumedBase + m_pos;
  auto fail = [&](std::string msg) -> Status {
    m_failed = invalidInput("protocol frame: " + std::move(msg), at);
    return m_failed;
  };
  if (h[0] != kFrameMagic0 || h[1] != kFrameMagic1) return fail("bad magic (framing lost)");
  const uint8_t version = h[2];
  if (version == 0) return fail("version 0 is invalid");
  ByteReader r(std::span(h + 4, 10));
  uint16_t type = 0;
  uint32_t length = 0, crc = 0;
  (void)r.u16(type, "type");
  (void)r.u32(length, "length");
  (void)r.u32(crc, "crc");
  if (length > m_maxPayload) {
    return fail("payload length " + std::to_string(length) + " exceeds the limit of " + std::to_string(m_maxPayload) +
                " bytes");
  }
  if (avail - kFrameHeaderBytes < length) return std::optional<Frame>();
  const std::span<const uint8_t> payload(h + kFrameHeaderBytes, length);
  if (frameCrc(std::span(h, 10), payload) != crc) return fail("checksum mismatch (type " + std::to_string(type) + ")");
  Frame f;
  f.type = type;
  f.version = version;
  f.payload.assign(payload.begin(), payload.end());
  f.streamOffset = at;
  m_pos += kFrameHeaderBytes + length;
  return std::optional<Frame>(std::move(f));
}

Status FrameDecoder::finish() const {
  if (!m_failed.ok()) return m_failed;
  if (bufferedBytes() != 0) {
    return invalidInput("protocol stream ends inside a frame (" + std::to_string(bufferedBytes()) + " bytes pending)",
                        bytesConsumed());
  }
  return okStatus();
}

}  // namespace mxi::core::protocol
