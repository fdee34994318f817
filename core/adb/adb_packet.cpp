#include "core/adb/adb_packet.h"

#include <cstdio>
#include <cstring>

#include "core/adb/byte_order.h"

namespace mxi::core::adb {

std::string commandName(uint32_t command) {
  if (isKnownCommand(command)) {
    std::string name(4, ' ');
    for (int i = 0; i < 4; ++i) name[static_cast<size_t>(i)] = static_cast<char>((command >> (8 * i)) & 0xff);
    return name;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", command);
  return buf;
}

bool isKnownCommand(uint32_t command) {
  switch (command) {
    case cmd::kSync:
    case cmd::kCnxn:
    case cmd::kAuth:
    case cmd::kOpen:
    case cmd::kOkay:
    case cmd::kClse:
    case cmd::kWrte:
    case cmd::kStls: return true;
    default: return false;
  }
}

uint32_t adbChecksum(std::string_view payload) {
  uint32_t sum = 0;
  for (unsigned char c : payload) sum += c;
  return sum;
}

std::array<char, kPacketHeaderSize> encodePacketHeader(uint32_t command, uint32_t arg0, uint32_t arg1,
                                                       std::string_view payload, bool withChecksum) {
  std::array<char, kPacketHeaderSize> out{};
  storeLe32(out.data(), command);
  storeLe32(out.data() + 4, arg0);
  storeLe32(out.data() + 8, arg1);
  storeLe32(out.data() + 12, static_cast<uint32_t>(payload.size()));
  storeLe32(out.data() + 16, withChecksum ? adbChecksum(payload) : 0);
  storeLe32(out.data() + 20, command ^ 0xffffffffu);
  return out;
}

Bytes encodePacket(const AdbPacket& packet, bool withChecksum) {
  const auto header = encodePacketHeader(packet.command, packet.arg0, packet.arg1, packet.payload, withChecksum);
  Bytes out(header.data(), header.size());
  out += packet.payload;
  return out;
}

StatusOr<AdbPacketHeader> decodePacketHeader(std::string_view bytes, uint32_t maxPayload, uint64_t offset) {
  if (bytes.size() < kPacketHeaderSize) {
    return invalidInput("adb packet header truncated: " + std::to_string(bytes.size()) + " of 24 bytes", offset);
  }
  AdbPacketHeader h;
  h.command = loadLe32(bytes.data());
  h.arg0 = loadLe32(bytes.data() + 4);
  h.arg1 = loadLe32(bytes.data() + 8);
  h.dataLength = loadLe32(bytes.data() + 12);
  h.dataCheck = loadLe32(bytes.data() + 16);
  h.magic = loadLe32(bytes.data() + 20);
  if (h.magic != (h.command ^ 0xffffffffu)) {
    return invalidInput(
        "adb packet " + commandName(h.command) + ": bad magic 0x" +
            [&] {
              char b[12];
              std::snprintf(b, sizeof b, "%08x", h.magic);
              return std::string(b);
            }(),
        offset + 20);
  }
  if (!isKnownCommand(h.command)) {
    return invalidInput("unknown adb command " + commandName(h.command), offset);
  }
  if (h.dataLength > maxPayload) {
    return invalidInput("adb packet " + commandName(h.command) + ": payload of " + std::to_string(h.dataLength) +
                            " bytes exceeds the negotiated maximum of " + std::to_string(maxPayload),
                        offset + 12);
  }
  return h;
}

Status AdbPacketParser::feed(std::string_view chunk) {
  if (!m_error.ok()) return m_error;
  m_buffer.append(chunk);
  m_error = parseBuffered();
  return m_error;
}

Status AdbPacketParser::parseBuffered() {
  size_t pos = 0;
  for (;;) {
    if (!m_header) {
      if (m_buffer.size() - pos < kPacketHeaderSize) break;
      ASSIGN_OR_RETURN(m_header, decodePacketHeader(std::string_view(m_buffer).substr(pos, kPacketHeaderSize),
                                                    m_maxPayload, m_offset + pos));
      pos += kPacketHeaderSize;
    }
    if (m_buffer.size() - pos < m_header->dataLength) break;
    AdbPacket packet{m_header->command, m_header->arg0, m_header->arg1, m_buffer.substr(pos, m_header->dataLength)};
    if (m_verifyChecksum && adbChecksum(packet.payload) != m_header->dataCheck) {
      return invalidInput("adb packet " + commandName(packet.command) + ": checksum mismatch", m_offset + pos);
    }
    pos += m_header->dataLength;
    m_header.reset();
    m_ready.push_back(std::move(packet));
  }
  m_buffer.erase(0, pos);
  m_offset += pos;
  return okStatus();
}

std::optional<AdbPacket> AdbPacketParser::next() {
  if (m_ready.empty()) return std::nullopt;
  AdbPacket p = std::move(m_ready.front());
  m_ready.pop_front();
  return p;
}

size_t AdbPacketParser::bytesWanted() const {
  if (!m_header) return kPacketHeaderSize - m_buffer.size();
  return m_header->dataLength - m_buffer.size();
}

}  // namespace mxi::core::adb
