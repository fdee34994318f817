// A device reached without an adb server: the ADB transport protocol over TCP ("adb connect
// host:port" style) or USB (usb_link.h), with CNXN/AUTH handshake and multiplexed streams.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/adb/adb_connection.h"
#include "core/adb/adb_device.h"
#include "core/adb/adb_key.h"
#include "core/adb/device_banner.h"

namespace mxi::core::adb {

struct DirectAuthOptions {
  // Keys tried in order; empty → the user's ~/.android/adbkey (created when missing).
  std::vector<const AdbPrivateKey*> keys;
  // Send the public key when every signature is refused, so the device can ask its user.
  bool offerPublicKey = true;
  std::string publicKeyComment;  // default: user@host
  // How long to wait for the user to accept the key on the device.
  std::chrono::milliseconds approvalTimeout{30000};
};

struct HandshakeResult {
  uint32_t version = 0;
  uint32_t maxPayload = 0;
  std::string rawBanner;
  DeviceBanner banner;
  int signaturesSent = 0;
  bool publicKeySent = false;
};

// The host side of CNXN/AUTH on a fresh link; configures the link for the negotiated values.
StatusOr<HandshakeResult> hostHandshake(PacketLink& link, const DirectAuthOptions& auth, const IoLimits& limits);

class DirectDevice final : public AdbDevice {
 public:
  static StatusOr<std::unique_ptr<DirectDevice>> connect(std::unique_ptr<PacketLink> link, std::string serial,
                                                         const DirectAuthOptions& auth, const IoLimits& limits);
  static StatusOr<std::unique_ptr<DirectDevice>> connectTcp(const std::string& host, uint16_t port,
                                                            const DirectAuthOptions& auth, const IoLimits& limits);
  ~DirectDevice() override;

  std::string serial() const override { return m_serial; }
  StatusOr<std::set<std::string>> features(const IoLimits&) override { return m_handshake.banner.features; }
  StatusOr<std::unique_ptr<AdbStream>> openStream(std::string_view service, const IoLimits& limits) override;

  const HandshakeResult& handshake() const { return m_handshake; }
  AdbConnection& connection() { return *m_connection; }

 private:
  DirectDevice(std::string serial, HandshakeResult handshake, std::shared_ptr<AdbConnection> connection)
      : m_serial(std::move(serial)), m_handshake(std::move(handshake)), m_connection(std::move(connection)) {}

  std::string m_serial;
  HandshakeResult m_handshake;
  std::shared_ptr<AdbConnection> m_connection;
};

// Features the host announces in its CNXN banner.
std::string hostBanner();

}  // namespace mxi::core::adb
