// Little-endian fixed ints, LEB128 varints (zigzag for signed) and length-prefixed strings:
// the encoding of session records and block summaries. Decoding never reads past the end.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace mxi::core::session {

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : m_out(out) {}
  void u8(uint8_t v) { m_out.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) {
    char b[4];
    for (int i = 0; i < 4; ++i) b[i] = static_cast<char>(v >> (8 * i));
    m_out.append(b, 4);
  }
  void u64(uint64_t v) {
    char b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<char>(v >> (8 * i));
    m_out.append(b, 8);
  }
  void varint(uint64_t v) {
    char b[10];
    int n = 0;
    while (v >= 0x80) {
      b[n++] = static_cast<char>((v & 0x7F) | 0x80);
      v >>= 7;
    }
    b[n++] = static_cast<char>(v);
    m_out.append(b, static_cast<size_t>(n));
  }
  void svarint(int64_t v) { varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void str(std::string_view s) {
    varint(s.size());
    m_out.append(s);
  }

 private:
  std::string& m_out;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : m_in(in) {}
  bool ok() const { return m_ok; }
  size_t position() const { return m_pos; }
  bool atEnd() const { return m_pos >= m_in.size(); }
  size_t remaining() const { return m_in.size() - m_pos; }

  uint8_t u8() {
    if (!need(1)) return 0;
    return static_cast<uint8_t>(m_in[m_pos++]);
  }
  uint32_t u32() {
    if (!need(4)) return 0;
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<uint32_t>(static_cast<uint8_t>(m_in[m_pos + static_cast<size_t>(i)])) << (8 * i);
    m_pos += 4;
    return v;
  }
  uint64_t u64() {
    if (!need(8)) return 0;
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v |= static_cast<uint64_t>(static_cast<uint8_t>(m_in[m_pos + static_cast<size_t>(i)])) << (8 * i);
    m_pos += 8;
    return v;
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (!need(1)) return 0;
      const auto b = static_cast<uint8_t>(m_in[m_pos++]);
      v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    m_ok = false;  // more than 10 bytes
    return 0;
  }
  int64_t svarint() {
    const uint64_t u = varint();
    return static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1));
  }
  std::string_view str() {
    const uint64_t n = varint();
    if (!m_ok || n > remaining()) {
      m_ok = false;
      return {};
    }
    const std::string_view s = m_in.substr(m_pos, static_cast<size_t>(n));
    m_pos += static_cast<size_t>(n);
    return s;
  }
  std::string_view bytes(size_t n) {
    if (!need(n)) return {};
    const std::string_view s = m_in.substr(m_pos, n);
    m_pos += n;
    return s;
  }
  void fail() { m_ok = false; }

 private:
  bool need(size_t n) {
    if (!m_ok || n > m_in.size() - m_pos) {
      m_ok = false;
      return false;
    }
    return true;
  }
  std::string_view m_in;
  size_t m_pos = 0;
  bool m_ok = true;
};

}  // namespace mxi::core::session
