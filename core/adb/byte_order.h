// Little-endian loads and stores for the adb wire formats (all of them are little-endian).
#pragma once

#include <cstdint>
#include <cstring>

namespace mxi::core::adb {

inline uint32_t loadLe32(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return static_cast<uint32_t>(u[0]) | static_cast<uint32_t>(u[1]) << 8 | static_cast<uint32_t>(u[2]) << 16 |
         static_cast<uint32_t>(u[3]) << 24;
}
inline uint64_t loadLe64(const char* p) {
  return static_cast<uint64_t>(loadLe32(p)) | static_cast<uint64_t>(loadLe32(p + 4)) << 32;
}
inline void storeLe32(char* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<char>((v >> (8 * i)) & 0xff);
}
inline void storeLe64(char* p, uint64_t v) {
  storeLe32(p, static_cast<uint32_t>(v));
  storeLe32(p + 4, static_cast<uint32_t>(v >> 32));
}
inline void appendLe32(std::string& out, uint32_t v) {
  char b[4];
  storeLe32(b, v);
  out.append(b, 4);
}
inline void appendLe64(std::string& out, uint64_t v) {
  char b[8];
  storeLe64(b, v);
  out.append(b, 8);
}

}  // namespace mxi::core::adb
