// Bounds-checked little-endian reads over a dex file's bytes: the fixed-width fields of its
// tables and the unsigned LEB128 numbers of its data section. Callers ask `has()` before a fixed read;
// the LEB128 reader checks every byte themselves and refuse encodings longer than 5 bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/base/check.h"

namespace mxi::core::dex {

class DexBytes {
 public:
  explicit DexBytes(std::string_view bytes) : m_bytes(bytes) {}

  size_t size() const { return m_bytes.size(); }
  std::string_view view() const { return m_bytes; }
  // Whether [offset, offset + length) lies inside the bytes; 64-bit so that file-given
  // offset + count × width cannot wrap.
  bool has(uint64_t offset, uint64_t length) const { return offset <= size() && length <= size() - offset; }

  uint8_t u8(size_t offset) const {
    MXI_DCHECK(has(offset, 1));
    return static_cast<uint8_t>(m_bytes[offset]);
  }
  uint16_t u16(size_t offset) const {
    MXI_DCHECK(has(offset, 2));
    return static_cast<uint16_t>(u8(offset) | (u8(offset + 1) << 8));
  }
  uint32_t u32(size_t offset) const {
    MXI_DCHECK(has(offset, 4));
    return static_cast<uint32_t>(u16(offset)) | (static_cast<uint32_t>(u16(offset + 2)) << 16);
  }

  // An unsigned LEB128 at `offset`, which moves past it; nullopt when it runs off the end or
  // takes more than the 5 bytes a 32-bit value may (its 5th byte's high bits are ignored, as in ART).
  std::optional<uint32_t> uleb128(size_t& offset) const {
    uint32_t value = 0;
    for (int i = 0; i < 5; ++i) {
      if (!has(offset, 1)) return std::nullopt;
      const uint8_t byte = u8(offset++);
      value |= static_cast<uint32_t>(byte & 0x7f) << (7 * i);
      if ((byte & 0x80) == 0) return value;
    }
    return std::nullopt;
  }

 private:
  std::string_view m_bytes;
};

}  // namespace mxi::core::dex
