#include "tests/core/androidres/fixture_entry.h"

#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <iterator>

namespace mxi::test {

namespace {
uint32_t le(const std::string& s, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<uint8_t>(s[at + static_cast<size_t>(i)]);
  return v;
}

std::optional<std::string> inflateRaw(const std::string& in, size_t outSize) {
  std::string out(outSize, '\0');
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return std::nullopt;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  inflateEnd(&z);
  if (rc != Z_STREAM_END || z.total_out != outSize) return std::nullopt;
  return out;
}
}  // namespace

// Fixtures are small, trusted, single-disk zips without zip64: this reader checks only enough not
// to read out of bounds.
std::optional<std::string> readZipEntry(const std::filesystem::path& zip, const std::string& name) {
  std::ifstream file(zip, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (bytes.size() < 22) return std::nullopt;
  size_t eocd = bytes.size() - 22;
  while (le(bytes, eocd, 4) != 0x06054b50) {
    if (eocd == 0) return std::nullopt;
    --eocd;
  }
  const uint32_t count = le(bytes, eocd + 10, 2);
  size_t at = le(bytes, eocd + 16, 4);
  for (uint32_t i = 0; i < count && at + 46 <= bytes.size(); ++i) {
    const uint32_t nameLength = le(bytes, at + 28, 2);
    const size_t next = at + 46 + nameLength + le(bytes, at + 30, 2) + le(bytes, at + 32, 2);
    if (next > bytes.size()) return std::nullopt;
    if (bytes.compare(at + 46, nameLength, name) == 0 && nameLength == name.size()) {
      const uint32_t method = le(bytes, at + 10, 2);
      const uint32_t compressed = le(bytes, at + 20, 4);
      const uint32_t size = le(bytes, at + 24, 4);
      const size_t local = le(bytes, at + 42, 4);
      if (local + 30 > bytes.size()) return std::nullopt;
      const size_t data = local + 30 + le(bytes, local + 26, 2) + le(bytes, local + 28, 2);
      if (data + compressed > bytes.size()) return std::nullopt;
      const std::string stored = bytes.substr(data, compressed);
      if (method == 0) return stored;
      if (method == 8) return inflateRaw(stored, size);
      return std::nullopt;
    }
    at = next;
  }
  return std::nullopt;
}

}  // namespace mxi::test
