#include "core/adb/packet_link.h"

namespace mxi::core::adb {

TcpPacketLink::TcpPacketLink(Socket socket, std::string description)
    : m_socket(std::move(socket)),
      m_description(std::move(description)),
      m_parser(kMaxPayload, false),
      m_readBuffer(256 * 1024, '\0') {}

StatusOr<std::unique_ptr<TcpPacketLink>> TcpPacketLink::connect(const std::string& host, uint16_t port,
                                                                const IoLimits& limits) {
  ASSIGN_OR_RETURN(Socket socket, Socket::connectTcp(host, port, limits));
  return std::make_unique<TcpPacketLink>(std::move(socket), host + ":" + std::to_string(port));
}

void TcpPacketLink::configure(uint32_t maxPayload, bool checksums) {
  m_parser.setMaxPayload(maxPayload);
  m_parser.setVerifyChecksum(checksums);
  m_checksums = checksums;
}

StatusOr<AdbPacket> TcpPacketLink::readPacket(const IoLimits& limits) {
  for (;;) {
    if (auto packet = m_parser.next()) return std::move(*packet);
    ASSIGN_OR_RETURN(auto n,
                     withContext(m_socket.readSome(m_readBuffer.data(), m_readBuffer.size(), limits), m_description));
    if (n == 0) return ioError(m_description + ": connection closed by the peer");
    RETURN_IF_ERROR(m_parser.feed(std::string_view(m_readBuffer.data(), n)).withContext(m_description));
  }
}

Status TcpPacketLink::writePacket(uint32_t command, uint32_t arg0, uint32_t arg1, std::string_view payload,
                                  const IoLimits& limits) {
  const auto header = encodePacketHeader(command, arg0, arg1, payload, m_checksums);
  m_writeBuffer.assign(header.data(), header.size());
  m_writeBuffer.append(payload);
  return m_socket.writeAll(m_writeBuffer, limits).withContext(m_description);
}

}  // namespace mxi::core::adb
