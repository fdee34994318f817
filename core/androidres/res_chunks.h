// What every androidfw chunk file shares (ResourceTypes.h): the chunk types, the 8-byte
// ResChunk_header, and little-endian reads that never leave the buffer. Offsets are absolute
// byte offsets in the file, so an error can say where it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/base/status.h"

namespace mxi::core::androidres {

enum ChunkType : uint16_t {
  kStringPoolChunk = 0x0001,
  kTableChunk = 0x0002,
  kXmlChunk = 0x0003,
  kXmlStartNamespaceChunk = 0x0100,
  kXmlEndNamespaceChunk = 0x0101,
  kXmlStartElementChunk = 0x0102,
  kXmlEndElementChunk = 0x0103,
  kXmlCdataChunk = 0x0104,
  kXmlResourceMapChunk = 0x0180,
  kTablePackageChunk = 0x0200,
  kTableTypeChunk = 0x0201,
  kTableTypeSpecChunk = 0x0202,
  kTableLibraryChunk = 0x0203,
};

inline constexpr uint32_t kNoIndex = 0xffffffff;  // a ResStringPool_ref naming no string

// The whole file. Reads take an offset the caller has checked with has(); has() does the
// arithmetic in 64 bits so that an offset plus a length from the file cannot wrap.
class ResBytes {
 public:
  explicit ResBytes(std::string_view bytes) : m_bytes(bytes) {}
  size_t size() const { return m_bytes.size(); }
  bool has(uint64_t offset, uint64_t length) const { return offset <= size() && length <= size() - offset; }
  uint8_t u8(size_t offset) const { return static_cast<uint8_t>(m_bytes[offset]); }
  uint16_t u16(size_t offset) const { return static_cast<uint16_t>(u8(offset) | u8(offset + 1) << 8); }
  uint32_t u32(size_t offset) const { return u16(offset) | static_cast<uint32_t>(u16(offset + 2)) << 16; }
  std::string_view view(size_t offset, size_t length) const { return m_bytes.substr(offset, length); }

 private:
  std::string_view m_bytes;
};

struct ChunkHeader {
  uint16_t type = 0;
  uint16_t headerSize = 0;
  uint32_t size = 0;
  size_t offset = 0;  // where the chunk starts in the file

  size_t end() const { return offset + size; }
  size_t body() const { return offset + headerSize; }
};

// The chunk at `offset`, which must lie inside [offset, limit) with a header of at least
// `minHeader` bytes (8: the bare ResChunk_header). `what` names it in errors ("XML element").
StatusOr<ChunkHeader> readChunkHeader(const ResBytes& bytes, size_t offset, size_t limit, std::string_view what,
                                      uint16_t minHeader = 8);

}  // namespace mxi::core::androidres
