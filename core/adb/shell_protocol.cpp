#include "core/adb/shell_protocol.h"

#include "core/adb/byte_order.h"

namespace mxi::core::adb {

Bytes encodeShellPacket(ShellPacketId id, std::string_view data) {
  Bytes out;
  out.reserve(kShellHeaderSize + data.size());
  out.push_back(static_cast<char>(id));
  appendLe32(out, static_cast<uint32_t>(data.size()));
  out.append(data);
  return out;
}

Status ShellPacketParser::feed(std::string_view chunk) {
  if (!m_error.ok()) return m_error;
  if (m_pos > 0 && m_pos == m_buffer.size()) {
    m_offset += m_pos;
    m_buffer.clear();
    m_pos = 0;
  }
  m_buffer.append(chunk);
  // Validate headers eagerly so corruption is reported at once, with its offset.
  size_t pos = m_pos;
  while (m_buffer.size() - pos >= kShellHeaderSize) {
    const auto id = static_cast<uint8_t>(m_buffer[pos]);
    const uint32_t length = loadLe32(m_buffer.data() + pos + 1);
    if (id > static_cast<uint8_t>(ShellPacketId::kWindowSizeChange)) {
      m_error = invalidInput("unknown shell protocol packet id " + std::to_string(id), m_offset + pos);
      return m_error;
    }
    if (length > kMaxShellPacket) {
      m_error = invalidInput("shell protocol packet of " + std::to_string(length) + " bytes is too large",
                             m_offset + pos + 1);
      return m_error;
    }
    if (m_buffer.size() - pos - kShellHeaderSize < length) break;
    pos += kShellHeaderSize + length;
  }
  return okStatus();
}

std::optional<ShellPacket> ShellPacketParser::next() {
  if (!m_error.ok() || m_buffer.size() - m_pos < kShellHeaderSize) return std::nullopt;
  const uint32_t length = loadLe32(m_buffer.data() + m_pos + 1);
  if (m_buffer.size() - m_pos - kShellHeaderSize < length) return std::nullopt;
  ShellPacket p{static_cast<ShellPacketId>(m_buffer[m_pos]), m_buffer.substr(m_pos + kShellHeaderSize, length)};
  m_pos += kShellHeaderSize + length;
  if (m_pos > 64 * 1024) {  // compact now and then, not per packet
    m_buffer.erase(0, m_pos);
    m_offset += m_pos;
    m_pos = 0;
  }
  return p;
}

}  // namespace mxi::core::adb
