// Little-endian writes for the demo APK's binary files (its dex and its compiled manifest).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mxi::sim {

inline void put16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v));
  out.push_back(static_cast<uint8_t>(v >> 8));
}
inline void put32(std::vector<uint8_t>& out, uint32_t v) {
  put16(out, static_cast<uint16_t>(v));
  put16(out, static_cast<uint16_t>(v >> 16));
}
// Overwrites 4 bytes at `at` (a size or offset known only once what follows is written).
inline void set32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[at + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
}

}  // namespace mxi::sim
