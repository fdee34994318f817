#include "tests/support/archive_writer.h"

#include <zip.h>
#include <zlib.h>

#include <cstring>
#include <fstream>

namespace mxi::test {

bool writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

std::vector<uint8_t> gzipBytes(const std::vector<uint8_t>& bytes) {
  z_stream zs{};
  deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::vector<uint8_t> out(deflateBound(&zs, static_cast<uLong>(bytes.size())) + 64);
  zs.next_in = const_cast<Bytef*>(bytes.data());
  zs.avail_in = static_cast<uInt>(bytes.size());
  zs.next_out = out.data();
  zs.avail_out = static_cast<uInt>(out.size());
  deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

bool writeZip(const std::string& path, const std::vector<std::pair<std::string, std::vector<uint8_t>>>& entries) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (!zip) return false;
  for (const auto& [name, data] : entries) {
    // libzip reads the buffer at close time; keep a copy alive until then.
    void* copy = std::malloc(data.size() ? data.size() : 1);
    if (!data.empty()) std::memcpy(copy, data.data(), data.size());
    zip_source_t* src = zip_source_buffer(zip, copy, data.size(), 1);
    if (!src || zip_file_add(zip, name.c_str(), src, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8) < 0) {
      zip_discard(zip);
      return false;
    }
  }
  return zip_close(zip) == 0;
}

}  // namespace mxi::test
