// A ResStringPool chunk (androidfw ResourceTypes.h): strings in UTF-8 or UTF-16, each with its
// one- or two-unit length prefix. Strings are decoded when asked for, so a large pool costs only
// its offset table; style spans are not read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/androidres/res_chunks.h"
#include "core/base/status.h"

namespace mxi::core::androidres {

class ResStringPool {
 public:
  // `chunk` is a kStringPoolChunk already checked to lie inside `bytes`.
  static StatusOr<ResStringPool> read(const ResBytes& bytes, const ChunkHeader& chunk);

  uint32_t size() const { return m_count; }
  // The string at `index` as UTF-8. `refOffset` is where the caller read the index: an index out
  // of the pool is an error at that offset.
  StatusOr<std::string> at(uint32_t index, size_t refOffset) const;
  // As at(), but kNoIndex (no string) is "".
  StatusOr<std::string> optionalAt(uint32_t index, size_t refOffset) const;

 private:
  ResStringPool(const ResBytes& bytes) : m_bytes(bytes) {}
  StatusOr<std::string> decodeUtf8(size_t offset) const;
  StatusOr<std::string> decodeUtf16(size_t offset) const;

  ResBytes m_bytes;
  size_t m_offsetsAt = 0;   // the uint32 offset table
  size_t m_stringsAt = 0;   // what the offsets count from
  size_t m_stringsEnd = 0;  // strings end here (the styles or the chunk's end)
  uint32_t m_count = 0;
  bool m_utf8 = false;
};

// UTF-16LE code units to UTF-8; an unpaired surrogate becomes U+FFFD.
std::string utf16ToUtf8(const ResBytes& bytes, size_t offset, size_t units);

}  // namespace mxi::core::androidres
