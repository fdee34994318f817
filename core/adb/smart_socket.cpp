#include "core/adb/smart_socket.h"

#include <cstdio>

namespace mxi::core::adb {

StatusOr<Bytes> encodeHexLengthPrefixed(std::string_view payload) {
  if (payload.size() > kMaxSmartPayload) {
    return invalidInput("adb request of " + std::to_string(payload.size()) + " bytes exceeds 65535");
  }
  char prefix[8];
  std::snprintf(prefix, sizeof prefix, "%04x", static_cast<unsigned>(payload.size()));
  Bytes out(prefix, 4);
  out += payload;
  return out;
}

StatusOr<Bytes> encodeSmartRequest(std::string_view service) {
  if (service.empty()) return invalidInput("empty adb service name");
  return encodeHexLengthPrefixed(service);
}

StatusOr<uint32_t> parseHexLength(std::string_view four, uint64_t offset) {
  if (four.size() != 4) return invalidInput("hex length needs 4 characters", offset);
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) {
    const char c = four[i];
    uint32_t d;
    if (c >= '0' && c <= '9')
      d = static_cast<uint32_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      d = static_cast<uint32_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      d = static_cast<uint32_t>(c - 'A' + 10);
    else {
      char shown[8];
      std::snprintf(shown, sizeof shown, "0x%02x", static_cast<unsigned char>(c));
      return invalidInput(std::string("bad hex digit ") + shown + " in adb length", offset + i);
    }
    v = v << 4 | d;
  }
  return v;
}

Status SmartStatusParser::feed(std::string_view chunk) {
  if (!m_error.ok()) return m_error;
  if (m_done) {
    m_remainder.append(chunk);
    return okStatus();
  }
  m_buffer.append(chunk);
  if (m_buffer.size() < 4) return okStatus();
  const std::string_view word = std::string_view(m_buffer).substr(0, 4);
  if (word == "OKAY") {
    m_done = m_okay = true;
    m_remainder = m_buffer.substr(4);
    m_buffer.clear();
    return okStatus();
  }
  if (word != "FAIL") {
    std::string shown;
    for (char c : word) shown += (c >= 0x20 && c < 0x7f) ? c : '?';
    m_error = invalidInput("adb server replied '" + shown + "' instead of OKAY or FAIL", 0);
    return m_error;
  }
  if (m_buffer.size() < 8) return okStatus();
  auto length = parseHexLength(std::string_view(m_buffer).substr(4, 4), 4);
  if (!length.ok()) {
    m_error = length.status();
    return m_error;
  }
  if (m_buffer.size() < 8 + *length) return okStatus();
  m_message = m_buffer.substr(8, *length);
  m_remainder = m_buffer.substr(8 + *length);
  m_buffer.clear();
  m_done = true;
  return okStatus();
}

Status LengthPrefixedParser::feed(std::string_view chunk) {
  if (!m_error.ok()) return m_error;
  m_buffer.append(chunk);
  return okStatus();
}

std::optional<std::string> LengthPrefixedParser::next() {
  if (!m_error.ok()) return std::nullopt;
  if (!m_length) {
    if (m_buffer.size() < 4) return std::nullopt;
    auto length = parseHexLength(std::string_view(m_buffer).substr(0, 4), m_offset);
    if (!length.ok()) {
      m_error = length.status();
      return std::nullopt;
    }
    m_length = *length;
  }
  if (m_buffer.size() < 4 + *m_length) return std::nullopt;
  std::string payload = m_buffer.substr(4, *m_length);
  m_buffer.erase(0, 4 + *m_length);
  m_offset += 4 + *m_length;
  m_length.reset();
  return payload;
}

}  // namespace mxi::core::adb
