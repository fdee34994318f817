// The shell v2 protocol ("shell,v2,…:" services, feature `shell_v2`): a stream of packets
// [u8 id][u32 LE length][data] carrying stdin, stdout, stderr, the exit code and stdin close.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/base/status.h"

namespace mxi::core::adb {

enum class ShellPacketId : uint8_t {
  kStdin = 0,
  kStdout = 1,
  kStderr = 2,
  kExit = 3,  // data: one byte, the exit code
  kCloseStdin = 4,
  kWindowSizeChange = 5,  // data: "rowsxcols,xpixelsxypixels"
};
inline constexpr size_t kShellHeaderSize = 5;
// Larger packets are refused as corrupt (adbd uses far smaller buffers).
inline constexpr uint32_t kMaxShellPacket = 16 * 1024 * 1024;

struct ShellPacket {
  ShellPacketId id;
  Bytes data;
};

Bytes encodeShellPacket(ShellPacketId id, std::string_view data);

// Chunk-fed shell packet reader.
class ShellPacketParser {
 public:
  Status feed(std::string_view chunk);
  std::optional<ShellPacket> next();
  uint64_t offset() const { return m_offset; }

 private:
  Bytes m_buffer;
  size_t m_pos = 0;       // parse position in m_buffer
  uint64_t m_offset = 0;  // stream offset of m_buffer[0]
  Status m_error;
};

}  // namespace mxi::core::adb
