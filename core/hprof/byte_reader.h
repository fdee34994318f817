// Bounds-checked big-endian cursor over the mapped dump. Every read reports failure instead of
// reading past the end, so truncated input becomes a Status with the offset, never a crash.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>

namespace mxi::core::hprof {

inline uint16_t loadU16(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }
inline uint32_t loadU32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return __builtin_bswap32(v);
}
inline uint64_t loadU64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}
// An id of 4 or 8 bytes (validated at header time).
inline uint64_t loadId(const uint8_t* p, uint32_t idSize) { return idSize == 4 ? loadU32(p) : loadU64(p); }

class ByteReader {
 public:
  ByteReader(std::span<const uint8_t> data, uint64_t pos = 0) : m_data(data), m_pos(pos) {}

  uint64_t pos() const { return m_pos; }
  uint64_t size() const { return m_data.size(); }
  uint64_t remaining() const { return m_pos <= m_data.size() ? m_data.size() - m_pos : 0; }
  bool has(uint64_t n) const { return n <= remaining(); }
  const uint8_t* here() const { return m_data.data() + m_pos; }

  // Each returns false (and leaves pos unchanged) when fewer than the needed bytes remain.
  bool skip(uint64_t n) {
    if (!has(n)) return false;
    m_pos += n;
    return true;
  }
  bool u8(uint8_t& out) {
    if (!has(1)) return false;
    out = m_data[m_pos++];
    return true;
  }
  bool u16(uint16_t& out) {
    if (!has(2)) return false;
    out = loadU16(here());
    m_pos += 2;
    return true;
  }
  bool u32(uint32_t& out) {
    if (!has(4)) return false;
    out = loadU32(here());
    m_pos += 4;
    return true;
  }
  bool id(uint64_t& out, uint32_t idSize) {
    if (!has(idSize)) return false;
    out = loadId(here(), idSize);
    m_pos += idSize;
    return true;
  }

 private:
  std::span<const uint8_t> m_data;
  uint64_t m_pos;
};

}  // namespace mxi::core::hprof
