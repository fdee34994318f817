// A ResStringPool chunk (androidfw ResourceTypes.h): strings in UTF-8 or UTF-16, each with its
// one- or two-unit length prefix. Strings are decoded when asked for, so a large pool costs only
// its offset table; style spans are not read. Every decoded byte is paid from a budget the
// reader of the whole file holds: thousands of 20-byte references to one long string would
// otherwise grow a small hostile file into gigabytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/androidres/res_chunks.h"
#include "core/base/status.h"

namespace mxi::core::androidres {

class ResStringPool {
 public:
  // `chunk` is a kStringPoolChunk already checked to lie inside `bytes`. `budget` (bytes left to
  // decode, see decodeBudget) outlives the pool and may be shared by several pools.
  static StatusOr<ResStringPool> read(const ResBytes& bytes, const ChunkHeader& chunk, size_t& budget);

  uint32_t size() const { return m_count; }
  // The string at `index` as UTF-8. `refOffset` is where the caller read the index: an index out
  // of the pool is an error at that offset.
  StatusOr<std::string> at(uint32_t index, size_t refOffset) const;
  // As at(), but kNoIndex (no string) is "".
  StatusOr<std::string> optionalAt(uint32_t index, size_t refOffset) const;

 private:
  ResStringPool(const ResBytes& bytes, size_t& budget) : m_bytes(bytes), m_budget(&budget) {}
  Status spend(size_t bytes, size_t offset) const;
  StatusOr<std::string> decodeUtf8(size_t offset) const;
  StatusOr<std::string> decodeUtf16(size_t offset) const;

  ResBytes m_bytes;
  size_t* m_budget;
  size_t m_offsetsAt = 0;   // the uint32 offset table
  size_t m_stringsAt = 0;   // what the offsets count from
  size_t m_stringsEnd = 0;  // strings end here (the styles or the chunk's end)
  uint32_t m_count = 0;
  bool m_utf8 = false;
};

// What a file of `fileSize` bytes may decode in strings: far more than real files repeat.
inline size_t decodeBudget(size_t fileSize) { return 16 * fileSize + (size_t{1} << 20); }

// UTF-16LE code units to UTF-8; an unpaired surrogate becomes U+FFFD.
std::string utf16ToUtf8(const ResBytes& bytes, size_t offset, size_t units);

}  // namespace mxi::core::androidres
