// RSA keys in adb's formats: PEM private key, Android public key struct, token signatures.
#include <gtest/gtest.h>

#include <openssl/evp.h>

#include <fstream>
#include <sstream>

#include "core/adb/adb_key.h"
#include "core/adb/byte_order.h"
#include "tests/support/test_paths.h"

namespace mxi::core::adb {
namespace {

std::string decodeBase64(const std::string& b64) {
  std::string out(b64.size(), '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(b64.data()), static_cast<int>(b64.size()));
  out.resize(static_cast<size_t>(n));
  return out;
}

TEST(AdbKeyTest, PublicKeyHasAndroidLayout) {
  auto key = AdbPrivateKey::generate();
  ASSERT_TRUE(key.ok());
  auto pub = key->androidPublicKey();
  ASSERT_TRUE(pub.ok());
  EXPECT_EQ(pub->size(), 700u);  // base64 of 524 bytes
  const std::string raw = decodeBase64(*pub);
  ASSERT_GE(raw.size(), kAndroidPubkeyStructSize);
  EXPECT_EQ(loadLe32(raw.data()), 64u);           // modulus words
  EXPECT_EQ(loadLe32(raw.data() + 520), 65537u);  // exponent
  // n0inv * n[0] == -1 mod 2^32
  EXPECT_EQ(loadLe32(raw.data() + 4) * loadLe32(raw.data() + 8), 0xffffffffu);
}

TEST(AdbKeyTest, SignatureVerifiesWithParsedPublicKey) {
  auto key = AdbPrivateKey::generate();
  ASSERT_TRUE(key.ok());
  const std::string token(20, '\x5a');
  auto sig = key->signToken(token);
  ASSERT_TRUE(sig.ok());
  EXPECT_EQ(sig->size(), 256u);
  auto pub = AdbPublicKey::fromAndroidFormat(*key->androidPublicKey() + " tester@host\n");
  ASSERT_TRUE(pub.ok()) << pub.status().toString();
  EXPECT_EQ(pub->comment(), "tester@host");
  EXPECT_TRUE(pub->verifyTokenSignature(token, *sig));
  EXPECT_FALSE(pub->verifyTokenSignature(std::string(20, '\x5b'), *sig));
  auto other = AdbPrivateKey::generate();
  EXPECT_FALSE(pub->verifyTokenSignature(token, *other->signToken(token)));
  EXPECT_FALSE(key->signToken("short").ok());
}

TEST(AdbKeyTest, TamperedPublicKeyIsRefused) {
  auto key = AdbPrivateKey::generate();
  std::string raw = decodeBase64(*key->androidPublicKey());
  raw.resize(kAndroidPubkeyStructSize);
  raw[300] ^= 1;  // inside rr
  std::string b64(4 * ((raw.size() + 2) / 3) + 1, '\0');
  b64.resize(static_cast<size_t>(EVP_EncodeBlock(reinterpret_cast<unsigned char*>(b64.data()),
                                                 reinterpret_cast<const unsigned char*>(raw.data()),
                                                 static_cast<int>(raw.size()))));
  auto pub = AdbPublicKey::fromAndroidFormat(b64);
  ASSERT_FALSE(pub.ok());
  EXPECT_EQ(pub.status().message(), "Android RSA public key: rr does not match the modulus");
  EXPECT_FALSE(AdbPublicKey::fromAndroidFormat("bm90IGEga2V5").ok());
}

TEST(AdbKeyTest, SavedFilesLoadBackInAdbFormat) {
  const auto dir = test::scratchDir("adb-key");
  auto key = AdbPrivateKey::generate();
  ASSERT_TRUE(key->saveFiles((dir / "adbkey").string(), "me@box").ok());
  std::ifstream pem(dir / "adbkey");
  std::stringstream ss;
  ss << pem.rdbuf();
  EXPECT_EQ(ss.str().rfind("-----BEGIN PRIVATE KEY-----\n", 0), 0u);
  std::ifstream pubFile(dir / "adbkey.pub");
  std::string line;
  std::getline(pubFile, line);
  EXPECT_EQ(line, *key->androidPublicKey() + " me@box");
  auto loaded = AdbPrivateKey::loadFile((dir / "adbkey").string());
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(*loaded->androidPublicKey(), *key->androidPublicKey());
  auto missing = AdbPrivateKey::loadFile((dir / "nope").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
}

TEST(AdbKeyTest, UserKeyIsCreatedUnderAndroidUserHome) {
  const auto dir = test::scratchDir("adb-user-home");
  setenv("ANDROID_USER_HOME", dir.c_str(), 1);
  std::string path;
  auto key = AdbPrivateKey::loadOrCreateUserKey(&path);
  unsetenv("ANDROID_USER_HOME");
  ASSERT_TRUE(key.ok()) << key.status().toString();
  EXPECT_EQ(path, (dir / "adbkey").string());
  EXPECT_TRUE(std::filesystem::exists(dir / "adbkey.pub"));
}

}  // namespace
}  // namespace mxi::core::adb
