#include "core/androidres/res_string_pool.h"

namespace mxi::core::androidres {

namespace {
constexpr uint32_t kUtf8Flag = 0x100;

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | cp >> 6);
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | cp >> 12);
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | cp >> 18);
    out += static_cast<char>(0x80 | (cp >> 12 & 0x3f));
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}
}  // namespace

std::string utf16ToUtf8(const ResBytes& bytes, size_t offset, size_t units) {
  std::string out;
  out.reserve(units);
  for (size_t i = 0; i < units; ++i) {
    const uint32_t unit = bytes.u16(offset + 2 * i);
    if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < units) {
      const uint32_t low = bytes.u16(offset + 2 * (i + 1));
      if (low >= 0xdc00 && low < 0xe000) {
        appendUtf8(out, 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00));
        ++i;
        continue;
      }
    }
    appendUtf8(out, unit >= 0xd800 && unit < 0xe000 ? 0xfffd : unit);
  }
  return out;
}

StatusOr<ResStringPool> ResStringPool::read(const ResBytes& bytes, const ChunkHeader& chunk, size_t& budget) {
  if (chunk.headerSize < 28) {
    return invalidInput("string pool header size " + std::to_string(chunk.headerSize) + " is below 28", chunk.offset);
  }
  ResStringPool pool(bytes, budget);
  pool.m_count = bytes.u32(chunk.offset + 8);
  const uint32_t styleCount = bytes.u32(chunk.offset + 12);
  pool.m_utf8 = (bytes.u32(chunk.offset + 16) & kUtf8Flag) != 0;
  const uint32_t stringsStart = bytes.u32(chunk.offset + 20);
  const uint32_t stylesStart = bytes.u32(chunk.offset + 24);
  pool.m_offsetsAt = chunk.body();
  // The string offsets and the style offsets follow the header.
  const uint64_t tables = (static_cast<uint64_t>(pool.m_count) + styleCount) * 4;
  if (tables > chunk.end() - pool.m_offsetsAt) {
    return invalidInput("string pool's " + std::to_string(pool.m_count) + " string offsets run past its end",
                        chunk.offset + 8);
  }
  if (pool.m_count > 0 && (stringsStart > chunk.size || stringsStart < chunk.headerSize)) {
    return invalidInput("string pool's strings start " + std::to_string(stringsStart) + " lies outside it",
                        chunk.offset + 20);
  }
  pool.m_stringsAt = chunk.offset + stringsStart;
  pool.m_stringsEnd = chunk.end();
  if (styleCount > 0 && stylesStart > stringsStart && stylesStart <= chunk.size) {
    pool.m_stringsEnd = chunk.offset + stylesStart;
  }
  return pool;
}

StatusOr<std::string> ResStringPool::optionalAt(uint32_t index, size_t refOffset) const {
  if (index == kNoIndex) return std::string();
  return at(index, refOffset);
}

StatusOr<std::string> ResStringPool::at(uint32_t index, size_t refOffset) const {
  if (index >= m_count) {
    return invalidInput(
        "string index " + std::to_string(index) + " is out of the pool's " + std::to_string(m_count) + " strings",
        refOffset);
  }
  const size_t offsetAt = m_offsetsAt + 4 * static_cast<size_t>(index);
  const uint64_t start = static_cast<uint64_t>(m_stringsAt) + m_bytes.u32(offsetAt);
  if (start >= m_stringsEnd) {
    return invalidInput("string " + std::to_string(index) + " starts past the pool's strings", offsetAt);
  }
  return m_utf8 ? decodeUtf8(static_cast<size_t>(start)) : decodeUtf16(static_cast<size_t>(start));
}

Status ResStringPool::spend(size_t bytes, size_t offset) const {
  if (bytes > *m_budget) {
    return resourceLimit(
        "strings decoded so far exceed " + std::to_string(decodeBudget(m_bytes.size())) + " bytes, 16 times the file",
        offset);
  }
  *m_budget -= bytes;
  return okStatus();
}

StatusOr<std::string> ResStringPool::decodeUtf8(size_t offset) const {
  // Two lengths: the string's in UTF-16 units (skipped), then its UTF-8 bytes; each is one byte, or
  // two when the first has its high bit set.
  size_t at = offset;
  uint32_t lengths[2] = {0, 0};
  for (uint32_t& length : lengths) {
    if (at >= m_stringsEnd) return invalidInput("string length cut off", offset);
    length = m_bytes.u8(at++);
    if (length & 0x80) {
      if (at >= m_stringsEnd) return invalidInput("string length cut off", offset);
      length = (length & 0x7f) << 8 | m_bytes.u8(at++);
    }
  }
  if (lengths[1] > m_stringsEnd - at) {
    return invalidInput("string of " + std::to_string(lengths[1]) + " bytes runs past the pool", offset);
  }
  RETURN_IF_ERROR(spend(lengths[1], offset));
  return std::string(m_bytes.view(at, lengths[1]));
}

StatusOr<std::string> ResStringPool::decodeUtf16(size_t offset) const {
  // The length in UTF-16 units: one unit, or two when the first has its high bit set.
  size_t at = offset;
  if (m_stringsEnd - at < 2) return invalidInput("string length cut off", offset);
  uint32_t units = m_bytes.u16(at);
  at += 2;
  if (units & 0x8000) {
    if (m_stringsEnd - at < 2) return invalidInput("string length cut off", offset);
    units = (units & 0x7fff) << 16 | m_bytes.u16(at);
    at += 2;
  }
  if (static_cast<uint64_t>(units) * 2 > m_stringsEnd - at) {
    return invalidInput("string of " + std::to_string(units) + " UTF-16 units runs past the pool", offset);
  }
  RETURN_IF_ERROR(spend(size_t{units} * 3, offset));  // at most 3 UTF-8 bytes per unit
  return utf16ToUtf8(m_bytes, at, units);
}

}  // namespace mxi::core::androidres
