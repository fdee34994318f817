// Hand-made ZIP archives for the reader's tests, written byte by byte so that each field can lie:
// a wrong CRC, a local header offset out of the file, a forged size, ZIP64 records, an APK
// Signing Block. Deflated data comes from the real zlib.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mxi::test {

struct BuildEntry {
  std::string name;
  std::string data = std::string();
  uint16_t method = 8;  // 0 stored, 8 deflated (anything else is written as stored bytes)
  uint16_t flags = 0;
  std::optional<uint32_t> crc = std::nullopt;           // default: the data's
  std::optional<uint64_t> declaredSize = std::nullopt;  // default: the data's size
  std::optional<uint64_t> localOffset = std::nullopt;   // default: where its local header is written
  bool zip64 = false;                                   // sizes and offset through the ZIP64 extra field
  std::optional<std::string> payload = std::nullopt;    // bytes written as the data instead of `data`'s
};

inline std::string rawDeflate(const std::string& data) {
  z_stream s{};
  deflateInit2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&s, data.size()), '\0');
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  s.avail_in = static_cast<uInt>(data.size());
  s.next_out = reinterpret_cast<Bytef*>(out.data());
  s.avail_out = static_cast<uInt>(out.size());
  deflate(&s, Z_FINISH);
  out.resize(s.total_out);
  deflateEnd(&s);
  return out;
}

class ZipBuilder {
 public:
  // Signing-block pairs to write before the central directory (id, value).
  std::vector<std::pair<uint32_t, std::string>> signingPairs;
  bool zip64End = false;  // a ZIP64 end record and locator, the classic fields all ones

  std::string build(const std::vector<BuildEntry>& entries) const {
    std::string out;
    std::vector<std::string> central;
    for (const BuildEntry& e : entries) {
      const uint64_t offset = out.size();
      const std::string payload = e.payload ? *e.payload : e.method == 8 ? rawDeflate(e.data) : e.data;
      const uint32_t crc = e.crc.value_or(static_cast<uint32_t>(
          crc32(0, reinterpret_cast<const Bytef*>(e.data.data()), static_cast<uInt>(e.data.size()))));
      const uint64_t size = e.declaredSize.value_or(e.data.size());
      const uint64_t localOffset = e.localOffset.value_or(offset);
      std::string localExtra;
      std::string centralExtra;
      if (e.zip64) {
        localExtra = u16(1) + u16(16) + u64(size) + u64(payload.size());
        centralExtra = u16(1) + u16(24) + u64(size) + u64(payload.size()) + u64(localOffset);
      }
      const uint32_t small32 = 0xffffffffu;
      out += u32(0x04034b50) + u16(e.zip64 ? 45 : 20) + u16(e.flags) + u16(e.method) + u16(0) + u16(0) + u32(crc) +
             u32(e.zip64 ? small32 : static_cast<uint32_t>(payload.size())) +
             u32(e.zip64 ? small32 : static_cast<uint32_t>(size)) + u16(static_cast<uint16_t>(e.name.size())) +
             u16(static_cast<uint16_t>(localExtra.size())) + e.name + localExtra + payload;
      central.push_back(u32(0x02014b50) + u16(20) + u16(e.zip64 ? 45 : 20) + u16(e.flags) + u16(e.method) + u16(0) +
                        u16(0) + u32(crc) + u32(e.zip64 ? small32 : static_cast<uint32_t>(payload.size())) +
                        u32(e.zip64 ? small32 : static_cast<uint32_t>(size)) +
                        u16(static_cast<uint16_t>(e.name.size())) + u16(static_cast<uint16_t>(centralExtra.size())) +
                        u16(0) + u16(0) + u16(0) + u32(0) +
                        u32(e.zip64 ? small32 : static_cast<uint32_t>(localOffset)) + e.name + centralExtra);
    }
    if (!signingPairs.empty()) {
      std::string pairs;
      for (const auto& [id, value] : signingPairs) pairs += u64(4 + value.size()) + u32(id) + value;
      const uint64_t size = pairs.size() + 24;
      out += u64(size) + pairs + u64(size) + "APK Sig Block 42";
    }
    const uint64_t directoryOffset = out.size();
    for (const std::string& c : central) out += c;
    const uint64_t directorySize = out.size() - directoryOffset;
    if (zip64End) {
      const uint64_t zip64EndOffset = out.size();
      out += u32(0x06064b50) + u64(44) + u16(45) + u16(45) + u32(0) + u32(0) + u64(entries.size()) +
             u64(entries.size()) + u64(directorySize) + u64(directoryOffset);
      out += u32(0x07064b50) + u32(0) + u64(zip64EndOffset) + u32(1);
      out +=
          u32(0x06054b50) + u16(0) + u16(0) + u16(0xffff) + u16(0xffff) + u32(0xffffffffu) + u32(0xffffffffu) + u16(0);
    } else {
      const auto count = static_cast<uint16_t>(entries.size());
      out += u32(0x06054b50) + u16(0) + u16(0) + u16(count) + u16(count) + u32(static_cast<uint32_t>(directorySize)) +
             u32(static_cast<uint32_t>(directoryOffset)) + u16(0);
    }
    return out;
  }

  static std::string u16(uint16_t v) { return le(v, 2); }
  static std::string u32(uint32_t v) { return le(v, 4); }
  static std::string u64(uint64_t v) { return le(v, 8); }

 private:
  static std::string le(uint64_t v, int width) {
    std::string s;
    for (int i = 0; i < width; ++i) s += static_cast<char>((v >> (8 * i)) & 0xff);
    return s;
  }
};

}  // namespace mxi::test
