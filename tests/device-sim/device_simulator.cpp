#include "tests/device-sim/device_simulator.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/rand.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/adb/adb_connection.h"
#include "core/adb/device_banner.h"
#include "core/adb/packet_link.h"
#include "tests/device-sim/sim_reverse.h"
#include "tests/device-sim/sim_services.h"

namespace mxi::sim {

using namespace core::adb;
using core::Status;

DeviceSimulator::DeviceSimulator(SimOptions options) : m_options(std::move(options)) {
  m_context.root = m_options.root;
  m_context.serial = m_options.serial;
  m_context.verbose = m_options.verbose;
  m_context.dropAfterSyncBytes = m_options.dropAfterSyncBytes;
  m_context.dropAfterPullBytes = m_options.dropAfterPullBytes;
  if (auto abi = simAbiNamed(m_options.abi)) m_context.abi = *abi;
}

DeviceSimulator::~DeviceSimulator() {
  stop();
  if (m_listenFd >= 0) ::close(m_listenFd);
}

Status DeviceSimulator::start() {
  if (!simAbiNamed(m_options.abi)) {
    return core::invalidInput("unknown ABI '" + m_options.abi + "' (known: " + knownAbiNames() + ")");
  }
  for (const auto& file : m_options.keyFiles) {
    std::ifstream in(file);
    if (!in) return core::notFound("cannot read key file " + file);
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
      ++lineNo;
      if (line.empty()) continue;
      auto key = AdbPublicKey::fromAndroidFormat(line);
      if (!key.ok()) return key.status().withContext(file + ":" + std::to_string(lineNo));
      m_keys.push_back(std::move(*key));
    }
  }
  std::error_code ec;
  for (const char* dir : {"bin", "data/local/tmp", "sdcard", "system/bin"}) {
    std::filesystem::create_directories(std::filesystem::path(m_options.root) / dir, ec);
  }
  m_listenFd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const int one = 1;
  ::setsockopt(m_listenFd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(m_options.port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(m_listenFd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(m_listenFd, 16) != 0) {
    return core::ioError("cannot listen on 127.0.0.1:" + std::to_string(m_options.port) + ": " + std::strerror(errno));
  }
  socklen_t len = sizeof addr;
  ::getsockname(m_listenFd, reinterpret_cast<sockaddr*>(&addr), &len);
  m_port = ntohs(addr.sin_port);
  return core::okStatus();
}

void DeviceSimulator::stop() { m_stop = true; }

void DeviceSimulator::run() {
  while (!m_stop) {
    pollfd p{m_listenFd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const int fd = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    std::thread([this, fd] { serveConnection(fd); }).detach();
  }
}

bool DeviceSimulator::isAuthorized(const std::string& token, const std::string& signature) {
  std::lock_guard lock(m_keysMutex);
  for (const auto& key : m_keys) {
    if (key.verifyTokenSignature(token, signature)) return true;
  }
  return false;
}

void DeviceSimulator::serveConnection(int fd) {
  auto link = std::make_unique<TcpPacketLink>(Socket(fd), "host");
  const IoLimits handshakeLimits{std::chrono::milliseconds(0), nullptr};
  DeviceBanner banner;
  banner.state = "device";
  banner.properties = {{"ro.product.name", m_options.product},
                       {"ro.product.model", m_options.model},
                       {"ro.product.device", m_options.device}};
  banner.features = m_options.features;

  std::string token;
  auto newToken = [&] {
    token.assign(kAuthTokenSize, '\0');
    RAND_bytes(reinterpret_cast<unsigned char*>(token.data()), static_cast<int>(token.size()));
    return link->writePacket(cmd::kAuth, kAuthToken, 0, token, handshakeLimits);
  };
  uint32_t hostVersion = 0, hostMaxPayload = 0;
  for (;;) {
    auto packet = link->readPacket(handshakeLimits);
    if (!packet.ok()) return;  // host went away during the handshake
    if (packet->command == cmd::kCnxn) {
      hostVersion = packet->arg0;
      hostMaxPayload = packet->arg1;
      logLine(m_context, "CNXN from host: " + packet->payload);
      if (m_keys.empty() && !m_options.acceptOfferedKeys) break;
      if (!newToken().ok()) return;
      continue;
    }
    if (packet->command != cmd::kAuth || hostVersion == 0) continue;
    if (packet->arg0 == kAuthSignature) {
      if (isAuthorized(token, packet->payload)) {
        std::fprintf(stderr, "mxi-device-sim: auth: signature accepted\n");
        break;
      }
      std::fprintf(stderr, "mxi-device-sim: auth: signature refused\n");
      if (!newToken().ok()) return;
    } else if (packet->arg0 == kAuthRsaPublicKey) {
      auto key = AdbPublicKey::fromAndroidFormat(packet->payload);
      if (!key.ok()) {
        std::fprintf(stderr, "mxi-device-sim: auth: bad public key offered: %s\n", key.status().toString().c_str());
        continue;
      }
      std::fprintf(stderr, "mxi-device-sim: auth: public key offered by '%s'%s\n", key->comment().c_str(),
                   m_options.acceptOfferedKeys ? ", accepted" : ", waiting for the user (not accepted)");
      if (!m_options.acceptOfferedKeys) continue;
      std::lock_guard lock(m_keysMutex);
      m_keys.push_back(std::move(*key));
      break;
    }
  }
  const uint32_t version = std::min(hostVersion, kVersion);
  const uint32_t peerMax = std::min(hostMaxPayload, m_options.maxPayload);
  if (!link->writePacket(cmd::kCnxn, version, m_options.maxPayload, formatDeviceBanner(banner), handshakeLimits).ok())
    return;
  link->configure(m_options.maxPayload, version < kVersionSkipChecksum);
  SimContext ctx = m_context;
  ctx.dropConnection = std::make_shared<std::atomic<bool>>(false);
  auto reverse = std::make_shared<ReverseForwards>(ctx);
  auto connection = AdbConnection::start(std::move(link), peerMax, "host", [ctx, reverse](const std::string& service) {
    return makeServiceRunner(service, ctx, reverse);
  });
  reverse->attach(connection);
  while (!m_stop && connection->health().ok() && !*ctx.dropConnection) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (*ctx.dropConnection)
    std::fprintf(stderr, m_context.dropAfterPullBytes > 0
                             ? "mxi-device-sim: connection dropped mid-transfer (--drop-after-sync-bytes, "
                               "--drop-after-pull-bytes)\n"
                             : "mxi-device-sim: connection dropped mid-push (--drop-after-sync-bytes)\n");
  logLine(m_context, "host disconnected: " + connection->health().message());
  connection->shutdown();
}

}  // namespace mxi::sim
