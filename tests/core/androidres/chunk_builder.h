// Test-only: hand-made androidfw chunks (string pools, XML nodes, resource table parts) in
// little-endian bytes, for the shapes the fixture APKs lack and for hostile input.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxi::test {

struct Bytes {
  std::string data;
  Bytes& u8(uint32_t v) {
    data += static_cast<char>(v & 0xff);
    return *this;
  }
  Bytes& u16(uint32_t v) { return u8(v).u8(v >> 8); }
  Bytes& u32(uint32_t v) { return u16(v & 0xffff).u16(v >> 16); }
  Bytes& add(const std::string& more) {
    data += more;
    return *this;
  }
  void setU32(size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) data[at + static_cast<size_t>(i)] = static_cast<char>(v >> (8 * i) & 0xff);
  }
};

// A chunk: type, header size, size (filled in), then `rest` (the header's other fields and the body).
inline std::string chunk(uint16_t type, uint16_t headerSize, const std::string& rest) {
  Bytes b;
  b.u16(type).u16(headerSize).u32(static_cast<uint32_t>(8 + rest.size())).add(rest);
  return b.data;
}

// A UTF-8 string pool of short (< 128 bytes) strings.
inline std::string stringPool(const std::vector<std::string>& strings) {
  Bytes header;
  std::string text;
  header.u32(static_cast<uint32_t>(strings.size())).u32(0).u32(0x100);
  header.u32(static_cast<uint32_t>(28 + 4 * strings.size())).u32(0);
  for (const auto& s : strings) {
    header.u32(static_cast<uint32_t>(text.size()));
    text += static_cast<char>(s.size());
    text += static_cast<char>(s.size());
    text += s + '\0';
  }
  while (text.size() % 4) text += '\0';
  return chunk(0x0001, 28, header.data + text);
}

}  // namespace mxi::test
