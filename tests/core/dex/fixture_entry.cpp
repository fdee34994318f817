#include "tests/core/dex/fixture_entry.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <iterator>

namespace mxi::test {

namespace {

uint32_t le(std::string_view bytes, size_t at, int width) {
  uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) value = (value << 8) | static_cast<uint8_t>(bytes[at + static_cast<size_t>(i)]);
  return value;
}

std::string inflateRaw(std::string_view data, size_t size) {
  std::string out(size, '\0');
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return {};
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  inflateEnd(&z);
  return rc == Z_STREAM_END && z.total_out == size ? out : std::string();
}

}  // namespace

std::string readZipEntry(const std::filesystem::path& zip, std::string_view entry) {
  std::ifstream in(zip, std::ios::binary);
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string_view bytes = file;
  // The end-of-central-directory record: its signature, searched back from the end.
  const size_t eocd = bytes.rfind(std::string_view("PK\x05\x06", 4));
  if (eocd == std::string_view::npos || eocd + 22 > bytes.size()) {
    ADD_FAILURE() << zip << ": no zip end record";
    return {};
  }
  const uint32_t count = le(bytes, eocd + 10, 2);
  size_t at = le(bytes, eocd + 16, 4);
  for (uint32_t i = 0; i < count && at + 46 <= bytes.size(); ++i) {
    const uint32_t nameLength = le(bytes, at + 28, 2);
    const std::string_view name = bytes.substr(at + 46, nameLength);
    if (name == entry) {
      const uint32_t method = le(bytes, at + 10, 2);
      const uint32_t packed = le(bytes, at + 20, 4);
      const uint32_t size = le(bytes, at + 24, 4);
      const size_t local = le(bytes, at + 42, 4);
      if (local + 30 > bytes.size()) break;
      const size_t data = local + 30 + le(bytes, local + 26, 2) + le(bytes, local + 28, 2);
      if (data + packed > bytes.size()) break;
      std::string out =
          method == 0 ? std::string(bytes.substr(data, packed)) : inflateRaw(bytes.substr(data, packed), size);
      if (out.size() != size) break;
      return out;
    }
    at += 46 + nameLength + le(bytes, at + 30, 2) + le(bytes, at + 32, 2);
  }
  ADD_FAILURE() << zip << ": cannot read entry " << entry;
  return {};
}

}  // namespace mxi::test
