// localabstract:/localfilesystem:/tcp: → a socket on this host, bridged both ways.
#include <charconv>
#include <thread>

#include "core/adb/socket.h"
#include "tests/device-sim/sim_services.h"

namespace mxi::sim {

using namespace core::adb;
using namespace core;

namespace {

constexpr IoLimits kConnectLimits{std::chrono::milliseconds(5000), nullptr};
constexpr IoLimits kForever{std::chrono::milliseconds(0), nullptr};

StatusOr<Socket> connectTarget(const std::string& service, const SimContext& ctx) {
  if (service.rfind("localabstract:", 0) == 0) return Socket::connectUnix(service.substr(14), true, kConnectLimits);
  if (service.rfind("localfilesystem:", 0) == 0) {
    return Socket::connectUnix(mapDevicePath(ctx, service.substr(16)), false, kConnectLimits);
  }
  if (service.rfind("tcp:", 0) == 0) {
    std::string rest = service.substr(4);
    std::string host = "127.0.0.1";
    if (const size_t colon = rest.rfind(':'); colon != std::string::npos) {
      host = rest.substr(0, colon);
      rest = rest.substr(colon + 1);
    }
    unsigned port = 0;
    const auto r = std::from_chars(rest.data(), rest.data() + rest.size(), port);
    if (r.ec != std::errc() || port == 0 || port > 65535) return invalidInput("bad port in " + service);
    return Socket::connectTcp(host, static_cast<uint16_t>(port), kConnectLimits);
  }
  return notFound("no such service");
}

}  // namespace

void bridgeSocketAndStream(int socketFd, std::shared_ptr<AdbStream> stream) {
  auto socket = std::make_shared<Socket>(socketFd);
  std::thread toSocket([socket, stream] {
    char buffer[64 * 1024];
    for (;;) {
      auto n = stream->read(buffer, sizeof buffer, kForever);
      if (!n.ok() || *n == 0) break;
      if (!socket->writeAll(std::string_view(buffer, *n), kForever).ok()) break;
    }
    socket->shutdownWrite();
  });
  char buffer[256 * 1024];
  for (;;) {
    auto n = socket->readSome(buffer, sizeof buffer, kForever);
    if (!n.ok() || *n == 0) break;
    if (!stream->write(std::string_view(buffer, *n), IoLimits{std::chrono::milliseconds(60000), nullptr}).ok()) break;
  }
  stream->close();  // ends toSocket's read
  toSocket.join();
}

AdbConnection::StreamRunner makeBridgeRunner(const std::string& service, const SimContext& ctx) {
  auto socket = connectTarget(service, ctx);
  if (!socket.ok()) {
    logLine(ctx, "refusing " + service + ": " + socket.status().message());
    return {};
  }
  auto shared = std::make_shared<Socket>(std::move(*socket));
  return [shared](std::unique_ptr<AdbStream> stream) {
    std::thread(bridgeSocketAndStream, shared->release(), std::shared_ptr<AdbStream>(std::move(stream))).detach();
  };
}

}  // namespace mxi::sim
