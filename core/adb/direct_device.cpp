#include "core/adb/direct_device.h"

#include <algorithm>

namespace mxi::core::adb {

std::string hostBanner() { return "host::features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir"; }

StatusOr<HandshakeResult> hostHandshake(PacketLink& link, const DirectAuthOptions& authIn, const IoLimits& limits) {
  const std::string who = link.description();
  RETURN_IF_ERROR(
      link.writePacket(cmd::kCnxn, kVersion, kMaxPayload, hostBanner(), limits).withContext(who + ": CNXN: "));

  std::optional<AdbPrivateKey> userKey;
  std::vector<const AdbPrivateKey*> keys = authIn.keys;
  HandshakeResult result;
  size_t nextKey = 0;
  IoLimits waitLimits = limits;
  for (;;) {
    auto packet = link.readPacket(waitLimits);
    if (!packet.ok()) {
      if (result.publicKeySent && packet.status().code() != StatusCode::kCancelled) {
        return ioError(who +
                       ": device unauthorized: it did not accept our public key (confirm the "
                       "'Allow USB debugging?' prompt on the device): " +
                       packet.status().message());
      }
      return packet.status().withContext(who + ": handshake: ");
    }
    if (packet->command == cmd::kCnxn) {
      result.version = std::min(packet->arg0, kVersion);
      result.maxPayload = std::min(packet->arg1, kMaxPayload);
      if (result.version < kVersionMin) {
        return invalidInput(who + ": device speaks ADB protocol version " + std::to_string(packet->arg0) + ", too old");
      }
      result.rawBanner = packet->payload;
      result.banner = parseDeviceBanner(packet->payload);
      link.configure(kMaxPayload, result.version < kVersionSkipChecksum);
      return result;
    }
    if (packet->command == cmd::kStls) {
      return invalidInput(who + ": device asks for TLS (wireless debugging pairing), which is not supported");
    }
    if (packet->command != cmd::kAuth || packet->arg0 != kAuthToken) continue;  // stray packets before CNXN
    if (packet->payload.size() != kAuthTokenSize) {
      return invalidInput(who + ": AUTH token of " + std::to_string(packet->payload.size()) + " bytes (expected 20)");
    }
    if (keys.empty()) {
      ASSIGN_OR_RETURN(AdbPrivateKey k, AdbPrivateKey::loadOrCreateUserKey());
      userKey.emplace(std::move(k));
      keys.push_back(&*userKey);
    }
    if (nextKey < keys.size()) {
      ASSIGN_OR_RETURN(const Bytes signature, keys[nextKey++]->signToken(packet->payload));
      RETURN_IF_ERROR(link.writePacket(cmd::kAuth, kAuthSignature, 0, signature, limits).withContext(who + ": AUTH: "));
      ++result.signaturesSent;
      continue;
    }
    if (!authIn.offerPublicKey || result.publicKeySent) {
      return ioError(who + ": device unauthorized: it refused every key (" + std::to_string(result.signaturesSent) +
                     " tried)");
    }
    ASSIGN_OR_RETURN(std::string pub, keys.front()->androidPublicKey());
    pub += " " + (authIn.publicKeyComment.empty() ? defaultKeyComment() : authIn.publicKeyComment);
    pub.push_back('\0');
    RETURN_IF_ERROR(link.writePacket(cmd::kAuth, kAuthRsaPublicKey, 0, pub, limits).withContext(who + ": AUTH: "));
    result.publicKeySent = true;
    waitLimits.timeout = authIn.approvalTimeout;
  }
}

StatusOr<std::unique_ptr<DirectDevice>> DirectDevice::connect(std::unique_ptr<PacketLink> link, std::string serial,
                                                              const DirectAuthOptions& auth, const IoLimits& limits) {
  ASSIGN_OR_RETURN(HandshakeResult handshake, hostHandshake(*link, auth, limits));
  if (handshake.banner.state != "device" && handshake.banner.state != "recovery" &&
      handshake.banner.state != "sideload" && handshake.banner.state != "rescue") {
    return ioError(serial + ": unexpected device state '" + handshake.banner.state + "' in CNXN banner");
  }
  auto connection = AdbConnection::start(std::move(link), handshake.maxPayload, serial);
  return std::unique_ptr<DirectDevice>(
      new DirectDevice(std::move(serial), std::move(handshake), std::move(connection)));
}

StatusOr<std::unique_ptr<DirectDevice>> DirectDevice::connectTcp(const std::string& host, uint16_t port,
                                                                 const DirectAuthOptions& auth,
                                                                 const IoLimits& limits) {
  ASSIGN_OR_RETURN(auto link, withContext(TcpPacketLink::connect(host, port, limits),
                                          "device " + host + ":" + std::to_string(port)));
  return connect(std::move(link), host + ":" + std::to_string(port), auth, limits);
}

DirectDevice::~DirectDevice() {
  if (m_connection) m_connection->shutdown();
}

StatusOr<std::unique_ptr<AdbStream>> DirectDevice::openStream(std::string_view service, const IoLimits& limits) {
  return m_connection->openStream(std::string(service), limits);
}

}  // namespace mxi::core::adb
