// "tcp:HOST:PORT" and "tcp:PORT", as adb spells a TCP endpoint (ADB_SERVER_SOCKET, a direct
// device transport): parsed here once for the server client, device selection and the GUI's
// device tracker.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace mxi::core::adb {

struct TcpEndpoint {
  std::string host;  // empty for "tcp:PORT"; brackets of "[::1]" removed
  uint16_t port = 0;
};

enum class TcpSpecForm { kHostAndPort, kPortOrHostAndPort };

// A decimal port 1–65535; errors name `what`.
StatusOr<uint16_t> parsePort(std::string_view text, const std::string& what);

// `spec` as an endpoint; errors name `what` ("transport tcp:x", "ADB_SERVER_SOCKET 'tcp:x'").
StatusOr<TcpEndpoint> parseTcpSpec(const std::string& spec, const std::string& what, TcpSpecForm form);

}  // namespace mxi::core::adb
