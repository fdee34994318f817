#include "core/dex/modified_utf8.h"

#include <cstdint>

namespace mxi::core::dex {

namespace {

constexpr uint32_t kReplacement = 0xfffd;

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

bool isContinuation(uint8_t byte) { return (byte & 0xc0) == 0x80; }

// One UTF-16 unit from the MUTF-8 sequence at `pos` (which moves past it); kReplacement for a
// malformed one, which consumes one byte so decoding resumes at the next.
uint32_t nextUnit(std::string_view bytes, size_t& pos) {
  const auto at = [&](size_t i) { return static_cast<uint8_t>(bytes[i]); };
  const uint8_t lead = at(pos);
  if (lead < 0x80) {
    ++pos;
    return lead;
  }
  if ((lead & 0xe0) == 0xc0 && pos + 1 < bytes.size() && isContinuation(at(pos + 1))) {
    pos += 2;
    return ((lead & 0x1fu) << 6) | (at(pos - 1) & 0x3fu);
  }
  if ((lead & 0xf0) == 0xe0 && pos + 2 < bytes.size() && isContinuation(at(pos + 1)) && isContinuation(at(pos + 2))) {
    pos += 3;
    return ((lead & 0x0fu) << 12) | ((at(pos - 2) & 0x3fu) << 6) | (at(pos - 1) & 0x3fu);
  }
  ++pos;
  return kReplacement;
}

bool isHighSurrogate(uint32_t unit) { return unit >= 0xd800 && unit <= 0xdbff; }
bool isLowSurrogate(uint32_t unit) { return unit >= 0xdc00 && unit <= 0xdfff; }

}  // namespace

std::string decodeModifiedUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  size_t pos = 0;
  while (pos < bytes.size()) {
    const uint32_t unit = nextUnit(bytes, pos);
    if (isHighSurrogate(unit)) {
      size_t after = pos;
      const uint32_t low = after < bytes.size() ? nextUnit(bytes, after) : 0;
      if (isLowSurrogate(low)) {
        pos = after;
        appendUtf8(out, 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00));
      } else {
        appendUtf8(out, kReplacement);  // the unit after it is decoded on its own
      }
    } else if (isLowSurrogate(unit)) {
      appendUtf8(out, kReplacement);
    } else {
      appendUtf8(out, unit);
    }
  }
  return out;
}

}  // namespace mxi::core::dex
