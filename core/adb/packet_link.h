// A byte pipe that carries ADB transport packets: a TCP socket (adb connect, the simulator)
// or a USB bulk endpoint pair (usb_link.h). AdbConnection multiplexes streams over one.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/adb/io_limits.h"
#include "core/adb/socket.h"

namespace mxi::core::adb {

class PacketLink {
 public:
  virtual ~PacketLink() = default;
  virtual StatusOr<AdbPacket> readPacket(const IoLimits& limits) = 0;
  // Callers serialize writes (AdbConnection holds a write lock).
  virtual Status writePacket(uint32_t command, uint32_t arg0, uint32_t arg1, std::string_view payload,
                             const IoLimits& limits) = 0;
  // After CNXN: the largest payload accepted from the peer and whether checksums are in use.
  virtual void configure(uint32_t maxPayload, bool checksums) = 0;
  virtual std::string description() const = 0;
};

class TcpPacketLink final : public PacketLink {
 public:
  TcpPacketLink(Socket socket, std::string description);
  static StatusOr<std::unique_ptr<TcpPacketLink>> connect(const std::string& host, uint16_t port,
                                                          const IoLimits& limits);

  StatusOr<AdbPacket> readPacket(const IoLimits& limits) override;
  Status writePacket(uint32_t command, uint32_t arg0, uint32_t arg1, std::string_view payload,
                     const IoLimits& limits) override;
  void configure(uint32_t maxPayload, bool checksums) override;
  std::string description() const override { return m_description; }

 private:
  Socket m_socket;
  std::string m_description;
  AdbPacketParser m_parser;
  bool m_checksums = true;  // until CNXN says otherwise, send them (old peers need them)
  std::string m_readBuffer;
  Bytes m_writeBuffer;
};

}  // namespace mxi::core::adb
