// One open adb service stream ("shell,v2,raw:ls", "sync:", "localabstract:foo"), whichever
// transport carries it: an adb-server socket or a multiplexed direct connection.
#pragma once

#include <string>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/adb/io_limits.h"
#include "core/base/status.h"

namespace mxi::core::adb {

class AdbStream {
 public:
  virtual ~AdbStream() = default;

  // Up to `size` bytes; 0 once the device closed the stream. Errors start with description().
  virtual StatusOr<size_t> read(char* buffer, size_t size, const IoLimits& limits) = 0;
  virtual Status write(std::string_view data, const IoLimits& limits) = 0;
  // Closes both directions; idempotent. Destruction closes too.
  virtual void close() = 0;
  // "device emulator-5554, service 'sync:'" — for error messages.
  virtual std::string description() const = 0;

  // Exactly `size` bytes, or an error naming the stream.
  Status readExact(char* buffer, size_t size, const IoLimits& limits);
  // Everything until the device closes the stream.
  StatusOr<Bytes> readToEnd(const IoLimits& limits);
};

}  // namespace mxi::core::adb
