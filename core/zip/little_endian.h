// Little-endian integers read from a byte range whose bounds the caller has already checked:
// every ZIP field is little endian, and every read here sits behind an explicit length check.
#pragma once

#include <cstdint>
#include <string_view>

namespace mxi::core::zip {

inline uint16_t le16(std::string_view bytes, uint64_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + at);
  return static_cast<uint16_t>(p[0] | (p[1] << 8));
}

inline uint32_t le32(std::string_view bytes, uint64_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + at);
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) | (static_cast<uint32_t>(p[2]) << 16) |
         (static_cast<uint32_t>(p[3]) << 24);
}

inline uint64_t le64(std::string_view bytes, uint64_t at) {
  return static_cast<uint64_t>(le32(bytes, at)) | (static_cast<uint64_t>(le32(bytes, at + 4)) << 32);
}

// Whether [at, at + length) lies inside `bytes`, without overflowing.
inline bool fits(std::string_view bytes, uint64_t at, uint64_t length) {
  return at <= bytes.size() && length <= bytes.size() - at;
}

// The record signatures of APPNOTE.TXT.
inline constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
inline constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
inline constexpr uint32_t kEndOfCentralDirectorySignature = 0x06054b50;
inline constexpr uint32_t kZip64EndSignature = 0x06064b50;
inline constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
inline constexpr uint32_t kDataDescriptorSignature = 0x08074b50;

inline constexpr uint64_t kLocalHeaderSize = 30;
inline constexpr uint64_t kCentralHeaderSize = 46;
inline constexpr uint64_t kEndOfCentralDirectorySize = 22;

}  // namespace mxi::core::zip
