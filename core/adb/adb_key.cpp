#include "core/adb/adb_key.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/adb/byte_order.h"

namespace mxi::core::adb {

namespace {

std::string opensslError(const std::string& what) {
  const unsigned long e = ERR_get_error();
  char buf[256] = "unknown error";
  if (e != 0) ERR_error_string_n(e, buf, sizeof buf);
  return what + ": " + buf;
}

struct BnDeleter {
  void operator()(BIGNUM* b) const { BN_free(b); }
};
using BnPtr = std::unique_ptr<BIGNUM, BnDeleter>;
struct BnCtxDeleter {
  void operator()(BN_CTX* c) const { BN_CTX_free(c); }
};
struct PkeyDeleter {
  void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyDeleter>;
struct PkeyCtxDeleter {
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxDeleter>;
struct BioDeleter {
  void operator()(BIO* b) const { BIO_free(b); }
};

std::string base64Encode(std::string_view bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  out.resize(static_cast<size_t>(n));
  return out;
}

StatusOr<std::string> base64Decode(std::string_view text) {
  if (text.empty() || text.size() % 4 != 0)
    return invalidInput("public key is not base64 (length " + std::to_string(text.size()) + ")");
  std::string out(3 * text.size() / 4, '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
  if (n < 0) return invalidInput("public key is not valid base64");
  size_t padding = 0;
  if (text.back() == '=') ++padding;
  if (text.size() > 1 && text[text.size() - 2] == '=') ++padding;
  out.resize(static_cast<size_t>(n) - padding);
  return out;
}

// Little-endian fixed-width bytes of a bignum.
std::string bnToLe(const BIGNUM* bn, size_t width) {
  std::string out(width, '\0');
  BN_bn2lebinpad(bn, reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(width));
  return out;
}

}  // namespace

std::string defaultKeyComment() {
  const char* user = std::getenv("USER");
  std::string name = user != nullptr ? user : "";
  if (name.empty()) {
    if (const passwd* pw = getpwuid(getuid())) name = pw->pw_name;
  }
  char host[256] = "unknown";
  gethostname(host, sizeof host - 1);
  return (name.empty() ? std::string("unknown") : name) + "@" + host;
}

struct AdbPrivateKey::Impl {
  PkeyPtr key;
};

AdbPrivateKey::AdbPrivateKey(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
AdbPrivateKey::~AdbPrivateKey() = default;
AdbPrivateKey::AdbPrivateKey(AdbPrivateKey&&) noexcept = default;
AdbPrivateKey& AdbPrivateKey::operator=(AdbPrivateKey&&) noexcept = default;

StatusOr<AdbPrivateKey> AdbPrivateKey::generate() {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nullptr));
  EVP_PKEY* raw = nullptr;
  if (!ctx || EVP_PKEY_keygen_init(ctx.get()) <= 0 || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.get(), 2048) <= 0 ||
      EVP_PKEY_keygen(ctx.get(), &raw) <= 0) {
    return internalError(opensslError("RSA key generation"));
  }
  auto impl = std::make_unique<Impl>();
  impl->key.reset(raw);
  return AdbPrivateKey(std::move(impl));
}

StatusOr<AdbPrivateKey> AdbPrivateKey::fromPem(std::string_view pem, const std::string& origin) {
  std::unique_ptr<BIO, BioDeleter> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  EVP_PKEY* raw = PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr);
  if (raw == nullptr) return invalidInput(opensslError(origin + " is not a PEM private key"));
  auto impl = std::make_unique<Impl>();
  impl->key.reset(raw);
  if (EVP_PKEY_get_base_id(raw) != EVP_PKEY_RSA || EVP_PKEY_get_bits(raw) != 2048) {
    return invalidInput(origin + ": adb needs an RSA-2048 key");
  }
  return AdbPrivateKey(std::move(impl));
}

StatusOr<AdbPrivateKey> AdbPrivateKey::loadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return notFound("cannot read adb key " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return fromPem(ss.str(), path);
}

std::string AdbPrivateKey::userKeyPath() {
  if (const char* dir = std::getenv("ANDROID_USER_HOME"); dir != nullptr && *dir != '\0') {
    return std::string(dir) + "/adbkey";
  }
  const char* home = std::getenv("HOME");
  std::string base = home != nullptr ? home : "";
  if (base.empty()) {
    if (const passwd* pw = getpwuid(getuid())) base = pw->pw_dir;
  }
  return base + "/.android/adbkey";
}

StatusOr<AdbPrivateKey> AdbPrivateKey::loadOrCreateUserKey(std::string* pathOut) {
  const std::string path = userKeyPath();
  if (pathOut != nullptr) *pathOut = path;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return loadFile(path);
  ASSIGN_OR_RETURN(AdbPrivateKey key, generate());
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  RETURN_IF_ERROR(key.saveFiles(path, defaultKeyComment()));
  return key;
}

std::string AdbPrivateKey::toPem() const {
  std::unique_ptr<BIO, BioDeleter> bio(BIO_new(BIO_s_mem()));
  PEM_write_bio_PrivateKey(bio.get(), m_impl->key.get(), nullptr, nullptr, 0, nullptr, nullptr);
  char* data = nullptr;
  const long n = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<size_t>(n));
}

Status AdbPrivateKey::saveFiles(const std::string& path, const std::string& comment) const {
  ASSIGN_OR_RETURN(const std::string pub, androidPublicKey());
  const std::string pem = toPem();
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return ioError("cannot create " + path + ": " + std::strerror(errno));
  const bool ok = ::write(fd, pem.data(), pem.size()) == static_cast<ssize_t>(pem.size());
  ::close(fd);
  if (!ok) return ioError("cannot write " + path);
  std::ofstream out(path + ".pub", std::ios::binary | std::ios::trunc);
  out << pub << ' ' << comment << '\n';
  if (!out) return ioError("cannot write " + path + ".pub");
  return okStatus();
}

StatusOr<Bytes> AdbPrivateKey::signToken(std::string_view token) const {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new(m_impl->key.get(), nullptr));
  if (!ctx || EVP_PKEY_sign_init(ctx.get()) <= 0 || EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_PADDING) <= 0 ||
      EVP_PKEY_CTX_set_signature_md(ctx.get(), EVP_sha1()) <= 0) {
    return internalError(opensslError("RSA sign setup"));
  }
  if (token.size() != kAuthTokenSize)
    return invalidInput("AUTH token of " + std::to_string(token.size()) + " bytes (expected 20)");
  size_t length = 0;
  const auto* in = reinterpret_cast<const unsigned char*>(token.data());
  if (EVP_PKEY_sign(ctx.get(), nullptr, &length, in, token.size()) <= 0) return internalError(opensslError("RSA sign"));
  Bytes sig(length, '\0');
  if (EVP_PKEY_sign(ctx.get(), reinterpret_cast<unsigned char*>(sig.data()), &length, in, token.size()) <= 0) {
    return internalError(opensslError("RSA sign"));
  }
  sig.resize(length);
  return sig;
}

StatusOr<std::string> AdbPrivateKey::androidPublicKey() const {
  BIGNUM* nRaw = nullptr;
  BIGNUM* eRaw = nullptr;
  if (EVP_PKEY_get_bn_param(m_impl->key.get(), OSSL_PKEY_PARAM_RSA_N, &nRaw) != 1 ||
      EVP_PKEY_get_bn_param(m_impl->key.get(), OSSL_PKEY_PARAM_RSA_E, &eRaw) != 1) {
    BN_free(nRaw);
    return internalError(opensslError("reading the RSA public key"));
  }
  BnPtr n(nRaw), e(eRaw);
  std::unique_ptr<BN_CTX, BnCtxDeleter> ctx(BN_CTX_new());
  BnPtr r32(BN_new()), n0inv(BN_new()), rr(BN_new()), r(BN_new());
  // n0inv = -1 / n[0] mod 2^32 (Montgomery constant); rr = (2^2048)^2 mod n.
  BN_set_bit(r32.get(), 32);
  BN_mod(n0inv.get(), n.get(), r32.get(), ctx.get());
  BN_mod_inverse(n0inv.get(), n0inv.get(), r32.get(), ctx.get());
  BN_sub(n0inv.get(), r32.get(), n0inv.get());
  BN_set_bit(r.get(), static_cast<int>(kAndroidPubkeyModulusBytes * 8));
  BN_mod_sqr(rr.get(), r.get(), n.get(), ctx.get());

  std::string st;
  appendLe32(st, kAndroidPubkeyModulusBytes / 4);
  appendLe32(st, static_cast<uint32_t>(BN_get_word(n0inv.get())));
  st += bnToLe(n.get(), kAndroidPubkeyModulusBytes);
  st += bnToLe(rr.get(), kAndroidPubkeyModulusBytes);
  appendLe32(st, static_cast<uint32_t>(BN_get_word(e.get())));
  return base64Encode(st);
}

struct AdbPublicKey::Impl {
  PkeyPtr key;
};

AdbPublicKey::AdbPublicKey(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
AdbPublicKey::~AdbPublicKey() = default;
AdbPublicKey::AdbPublicKey(AdbPublicKey&&) noexcept = default;
AdbPublicKey& AdbPublicKey::operator=(AdbPublicKey&&) noexcept = default;

StatusOr<AdbPublicKey> AdbPublicKey::fromAndroidFormat(std::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == '\0')) line.remove_suffix(1);
  const size_t space = line.find(' ');
  const std::string_view b64 = line.substr(0, space);
  const std::string comment = space == std::string_view::npos ? std::string() : std::string(line.substr(space + 1));
  ASSIGN_OR_RETURN(const std::string st, base64Decode(b64));
  if (st.size() != kAndroidPubkeyStructSize) {
    return invalidInput("Android RSA public key of " + std::to_string(st.size()) + " bytes (expected 524)");
  }
  if (loadLe32(st.data()) != kAndroidPubkeyModulusBytes / 4) {
    return invalidInput(
        "Android RSA public key: modulus size " + std::to_string(loadLe32(st.data())) + " words (expected 64)", 0);
  }
  auto le = [&](size_t offset) {
    return BnPtr(BN_lebin2bn(reinterpret_cast<const unsigned char*>(st.data() + offset),
                             static_cast<int>(kAndroidPubkeyModulusBytes), nullptr));
  };
  BnPtr n = le(8);
  BnPtr e(BN_new());
  BN_set_word(e.get(), loadLe32(st.data() + 520));
  // Consistency checks: n0inv and rr must match the modulus, as adbd would compute them.
  {
    std::unique_ptr<BN_CTX, BnCtxDeleter> ctx(BN_CTX_new());
    BnPtr r32(BN_new()), n0inv(BN_new()), rr(BN_new()), r(BN_new());
    BN_set_bit(r32.get(), 32);
    BN_mod(n0inv.get(), n.get(), r32.get(), ctx.get());
    if (BN_mod_inverse(n0inv.get(), n0inv.get(), r32.get(), ctx.get()) == nullptr) {
      return invalidInput("Android RSA public key: even modulus", 8);
    }
    BN_sub(n0inv.get(), r32.get(), n0inv.get());
    if (BN_get_word(n0inv.get()) != loadLe32(st.data() + 4))
      return invalidInput("Android RSA public key: n0inv does not match the modulus", 4);
    BN_set_bit(r.get(), static_cast<int>(kAndroidPubkeyModulusBytes * 8));
    BN_mod_sqr(rr.get(), r.get(), n.get(), ctx.get());
    if (bnToLe(rr.get(), kAndroidPubkeyModulusBytes) != st.substr(264, kAndroidPubkeyModulusBytes)) {
      return invalidInput("Android RSA public key: rr does not match the modulus", 264);
    }
  }
  std::unique_ptr<OSSL_PARAM_BLD, decltype(&OSSL_PARAM_BLD_free)> bld(OSSL_PARAM_BLD_new(), &OSSL_PARAM_BLD_free);
  OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_N, n.get());
  OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_E, e.get());
  std::unique_ptr<OSSL_PARAM, decltype(&OSSL_PARAM_free)> params(OSSL_PARAM_BLD_to_param(bld.get()), &OSSL_PARAM_free);
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(nullptr, "RSA", nullptr));
  EVP_PKEY* raw = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &raw, EVP_PKEY_PUBLIC_KEY, params.get()) <= 0) {
    return invalidInput(opensslError("Android RSA public key"));
  }
  auto impl = std::make_unique<Impl>();
  impl->key.reset(raw);
  AdbPublicKey key(std::move(impl));
  key.m_comment = comment;
  key.m_base64 = std::string(b64);
  return key;
}

bool AdbPublicKey::verifyTokenSignature(std::string_view token, std::string_view signature) const {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new(m_impl->key.get(), nullptr));
  if (!ctx || EVP_PKEY_verify_init(ctx.get()) <= 0 || EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_PADDING) <= 0 ||
      EVP_PKEY_CTX_set_signature_md(ctx.get(), EVP_sha1()) <= 0) {
    return false;
  }
  const int r = EVP_PKEY_verify(ctx.get(), reinterpret_cast<const unsigned char*>(signature.data()), signature.size(),
                                reinterpret_cast<const unsigned char*>(token.data()), token.size());
  ERR_clear_error();
  return r == 1;
}

}  // namespace mxi::core::adb
