// RSA keys in adb's formats (OpenSSL libcrypto does the math): the private key is a PEM file
// (~/.android/adbkey), the public key is base64 of Android's 524-byte RSAPublicKey struct
// (modulus size in words, n0inv, modulus and R² mod n little-endian, exponent) + " user@host".
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/base/status.h"

namespace mxi::core::adb {

inline constexpr size_t kAndroidPubkeyModulusBytes = 256;  // RSA-2048
inline constexpr size_t kAndroidPubkeyStructSize = 524;

class AdbPrivateKey {
 public:
  ~AdbPrivateKey();
  AdbPrivateKey(AdbPrivateKey&&) noexcept;
  AdbPrivateKey& operator=(AdbPrivateKey&&) noexcept;

  static StatusOr<AdbPrivateKey> generate();
  static StatusOr<AdbPrivateKey> fromPem(std::string_view pem, const std::string& origin);
  static StatusOr<AdbPrivateKey> loadFile(const std::string& path);
  // The user's key as adb uses it: $ANDROID_USER_HOME (or $HOME/.android)/adbkey; created with
  // its .pub when missing, like adb does on first start.
  static StatusOr<AdbPrivateKey> loadOrCreateUserKey(std::string* pathOut = nullptr);
  static std::string userKeyPath();

  std::string toPem() const;
  // Writes PEM (mode 0600) and PATH.pub (base64 struct + " user@host\n").
  Status saveFiles(const std::string& path, const std::string& comment) const;

  // PKCS#1 v1.5 signature of the 20-byte AUTH token, treated as a SHA-1 digest (adb's scheme).
  StatusOr<Bytes> signToken(std::string_view token) const;
  // base64(RSAPublicKey struct) — without comment.
  StatusOr<std::string> androidPublicKey() const;

 private:
  struct Impl;
  explicit AdbPrivateKey(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

// A public key from an adbkey.pub line (as adbd keeps them in adb_keys): verifies signatures.
class AdbPublicKey {
 public:
  ~AdbPublicKey();
  AdbPublicKey(AdbPublicKey&&) noexcept;
  AdbPublicKey& operator=(AdbPublicKey&&) noexcept;

  // "BASE64 [comment]" or just the base64 text; checks the struct (size, n0inv, rr).
  static StatusOr<AdbPublicKey> fromAndroidFormat(std::string_view line);
  bool verifyTokenSignature(std::string_view token, std::string_view signature) const;
  const std::string& comment() const { return m_comment; }
  const std::string& base64() const { return m_base64; }

 private:
  struct Impl;
  explicit AdbPublicKey(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
  std::string m_comment;
  std::string m_base64;
};

// "user@host" as adb writes after the key.
std::string defaultKeyComment();

}  // namespace mxi::core::adb
