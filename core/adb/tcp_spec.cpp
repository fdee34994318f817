#include "core/adb/tcp_spec.h"

#include <charconv>

namespace mxi::core::adb {

StatusOr<uint16_t> parsePort(std::string_view text, const std::string& what) {
  unsigned value = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || value == 0 || value > 65535) {
    return invalidInput("bad port '" + std::string(text) + "' in " + what);
  }
  return static_cast<uint16_t>(value);
}

StatusOr<TcpEndpoint> parseTcpSpec(const std::string& spec, const std::string& what, TcpSpecForm form) {
  const bool portAlone = form == TcpSpecForm::kPortOrHostAndPort;
  const char* expected = portAlone ? "expected tcp:PORT or tcp:HOST:PORT" : "expected tcp:HOST:PORT";
  if (spec.rfind("tcp:", 0) != 0) return invalidInput(what + ": " + expected);
  const std::string rest = spec.substr(4);
  TcpEndpoint endpoint;
  const size_t colon = rest.rfind(':');
  if (colon == std::string::npos) {
    if (!portAlone) return invalidInput(what + ": " + expected);
    ASSIGN_OR_RETURN(endpoint.port, parsePort(rest, what));
    return endpoint;
  }
  endpoint.host = rest.substr(0, colon);
  if (endpoint.host.size() > 2 && endpoint.host.front() == '[' && endpoint.host.back() == ']') {
    endpoint.host = endpoint.host.substr(1, endpoint.host.size() - 2);
  }
  if (endpoint.host.empty()) return invalidInput("empty host in " + what);
  ASSIGN_OR_RETURN(endpoint.port, parsePort(rest.substr(colon + 1), what));
  return endpoint;
}

}  // namespace mxi::core::adb
