#include "core/apkcheck/png_alpha.h"

namespace mxi::core::apkcheck {

namespace {

uint32_t be32(std::string_view b, size_t at) {
  return (uint32_t(uint8_t(b[at])) << 24) | (uint32_t(uint8_t(b[at + 1])) << 16) | (uint32_t(uint8_t(b[at + 2])) << 8) |
         uint32_t(uint8_t(b[at + 3]));
}

}  // namespace

StatusOr<PngInfo> readPngInfo(std::string_view bytes) {
  static constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
  if (bytes.size() < 8 || bytes.substr(0, 8) != kSignature) return invalidInput("not a PNG: bad signature", 0);
  PngInfo info;
  bool sawHeader = false;
  size_t at = 8;
  while (at + 8 <= bytes.size()) {
    const uint32_t length = be32(bytes, at);
    const std::string_view type = bytes.substr(at + 4, 4);
    if (length > bytes.size() - at - 8)
      return invalidInput("PNG chunk " + std::string(type) + " runs past the end", at);
    if (!sawHeader) {
      if (type != "IHDR" || length < 13) return invalidInput("PNG does not start with IHDR", at);
      info.width = be32(bytes, at + 8);
      info.height = be32(bytes, at + 12);
      info.colourType = uint8_t(bytes[at + 8 + 9]);
      sawHeader = true;
    } else if (type == "tRNS") {
      info.hasTrns = true;
    } else if (type == "IDAT" || type == "IEND") {
      return info;  // tRNS must come before the image data
    }
    at += 8 + size_t(length) + 4;  // length, type, data, CRC
  }
  if (!sawHeader) return invalidInput("PNG cut before IHDR", 8);
  return info;
}

}  // namespace mxi::core::apkcheck
