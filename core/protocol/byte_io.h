// Little-endian byte writer and bounds-checked reader for the wire protocol's payloads.
// The reader never reads past its span: every short read turns into an invalid-input Status
// naming the field and its offset inside the payload.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::protocol {

class ByteWriter {
 public:
  explicit ByteWriter(std::vector<uint8_t>& out) : m_out(out) {}
  void u8(uint8_t v) { m_out.push_back(v); }
  void u16(uint16_t v) { le(v, 2); }
  void u32(uint32_t v) { le(v, 4); }
  void u64(uint64_t v) { le(v, 8); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  // Any integer, little-endian in sizeof(T) bytes (two's complement when signed).
  template <std::integral T>
  void integer(T v) {
    le(static_cast<uint64_t>(v), sizeof(T));
  }
  // u32 length + bytes.
  void str(std::string_view s) {
    u32(static_cast<uint32_t>(s.size()));
    bytes(std::span(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
  }
  void bytes(std::span<const uint8_t> b) { m_out.insert(m_out.end(), b.begin(), b.end()); }

 private:
  void le(uint64_t v, size_t n) {
    for (size_t i = 0; i < n; ++i) m_out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  std::vector<uint8_t>& m_out;
};

class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> data) : m_data(data) {}

  size_t offset() const { return m_pos; }
  size_t remaining() const { return m_data.size() - m_pos; }

  Status u8(uint8_t& v, const char* what) { return le(v, what); }
  Status u16(uint16_t& v, const char* what) { return le(v, what); }
  Status u32(uint32_t& v, const char* what) { return le(v, what); }
  Status u64(uint64_t& v, const char* what) { return le(v, what); }
  Status i32(int32_t& v, const char* what) {
    uint32_t u = 0;
    RETURN_IF_ERROR(le(u, what));
    v = static_cast<int32_t>(u);
    return okStatus();
  }
  Status i64(int64_t& v, const char* what) {
    uint64_t u = 0;
    RETURN_IF_ERROR(le(u, what));
    v = static_cast<int64_t>(u);
    return okStatus();
  }
  template <std::integral T>
  Status integer(T& v, const char* what) {
    return le(v, what);
  }
  Status str(std::string& v, const char* what) {
    uint32_t n = 0;
    const size_t at = m_pos;
    RETURN_IF_ERROR(le(n, what));
    if (n > remaining()) {
      return invalidInput(std::string(what) + ": length " + std::to_string(n) + " exceeds the " +
                              std::to_string(remaining()) + " bytes left",
                          at);
    }
    v.assign(reinterpret_cast<const char*>(m_data.data() + m_pos), n);
    m_pos += n;
    return okStatus();
  }
  Status blob(std::vector<uint8_t>& v, const char* what) {
    std::string s;
    RETURN_IF_ERROR(str(s, what));
    v.assign(s.begin(), s.end());
    return okStatus();
  }
  // u32 length + that many bytes, returned as a view (for length-prefixed nested records).
  Status sized(std::span<const uint8_t>& v, const char* what) {
    uint32_t n = 0;
    const size_t at = m_pos;
    RETURN_IF_ERROR(le(n, what));
    if (n > remaining()) {
      return invalidInput(std::string(what) + ": length " + std::to_string(n) + " exceeds the " +
                              std::to_string(remaining()) + " bytes left",
                          at);
    }
    v = m_data.subspan(m_pos, n);
    m_pos += n;
    return okStatus();
  }
  // A count of elements each at least `minElementBytes` long: rejects counts the rest of the
  // payload cannot hold, so a hostile count never drives a huge allocation.
  Status count(uint32_t& v, size_t minElementBytes, const char* what) {
    const size_t at = m_pos;
    RETURN_IF_ERROR(le(v, what));
    if (minElementBytes > 0 && v > remaining() / minElementBytes) {
      return invalidInput(std::string(what) + ": count " + std::to_string(v) + " does not fit in the " +
                              std::to_string(remaining()) + " bytes left",
                          at);
    }
    return okStatus();
  }

 private:
  template <typename T>
  Status le(T& v, const char* what) {
    if (remaining() < sizeof(T)) {
      return invalidInput(std::string("truncated ") + what + ": needs " + std::to_string(sizeof(T)) + " bytes, " +
                              std::to_string(remaining()) + " left",
                          m_pos);
    }
    uint64_t acc = 0;
    for (size_t i = 0; i < sizeof(T); ++i) acc |= uint64_t{m_data[m_pos + i]} << (8 * i);
    v = static_cast<T>(acc);
    m_pos += sizeof(T);
    return okStatus();
  }

  std::span<const uint8_t> m_data;
  size_t m_pos = 0;
};

}  // namespace mxi::core::protocol
