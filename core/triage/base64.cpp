#include "core/triage/base64.h"

#include <cstdint>
#include <cstring>

namespace mxi::core::triage {
namespace {
constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}  // namespace

std::string toBase64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t v = static_cast<uint8_t>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<uint8_t>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) v |= static_cast<uint8_t>(bytes[i + 2]);
    out += kB64[(v >> 18) & 63];
    out += kB64[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kB64[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kB64[v & 63] : '=';
  }
  return out;
}
std::string fromBase64(std::string_view text) {
  std::string out;
  uint32_t v = 0;
  int bits = 0;
  for (const char c : text) {
    const char* at = std::strchr(kB64, c);
    if (c == '=' || !at || !c) break;
    v = (v << 6) | static_cast<uint32_t>(at - kB64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((v >> bits) & 0xff);
    }
  }
  return out;
}

}  // namespace mxi::core::triage
