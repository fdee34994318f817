#include "core/sqlitelint/lint_issue.h"

#include <openssl/evp.h>

namespace mxi::core::sqlitelint {

std::string md5Hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(text.data(), text.size(), digest, &length, EVP_md5(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xf];
  }
  return out;
}

std::string issueId(const std::string& dbPath, const std::string& checker, const std::string& identity) {
  const size_t slash = dbPath.find_last_of('/');
  const std::string fileName = slash == std::string::npos ? dbPath : dbPath.substr(slash + 1);
  return md5Hex(fileName + "_" + checker + "_" + identity);
}

}  // namespace mxi::core::sqlitelint
