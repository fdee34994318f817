// The top-level record layout of an HPROF file, read independently of the engine, so tests can
// cut a dump at the record boundaries (and inside the records) that the file itself has, whatever
// the JVM that wrote it put where.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace mxi::test {

struct HprofRecordSpan {
  uint64_t offset = 0;  // of the record's 9-byte header (tag, time, length)
  uint8_t tag = 0;
  uint64_t length = 0;  // of the body
  uint64_t end() const { return offset + 9 + length; }
};

// Every whole top-level record after the header; stops at the first one that does not fit.
inline std::vector<HprofRecordSpan> hprofRecords(std::string_view bytes) {
  std::vector<HprofRecordSpan> out;
  const void* nul = std::memchr(bytes.data(), 0, std::min<size_t>(bytes.size(), 64));
  if (!nul) return out;
  uint64_t pos = static_cast<uint64_t>(static_cast<const char*>(nul) - bytes.data()) + 1 + 4 + 8;
  const auto u8 = [&](uint64_t at) { return static_cast<uint8_t>(bytes[at]); };
  while (pos + 9 <= bytes.size()) {
    HprofRecordSpan r{pos, u8(pos), 0};
    for (int i = 0; i < 4; ++i) r.length = (r.length << 8) | u8(pos + 5 + static_cast<uint64_t>(i));
    if (r.end() > bytes.size()) break;
    out.push_back(r);
    pos = r.end();
  }
  return out;
}

inline bool isHeapRecordTag(uint8_t tag) { return tag == 0x0C || tag == 0x1C; }

// The offset of the first HEAP_DUMP or HEAP_DUMP_SEGMENT record; 0 when there is none.
inline uint64_t firstHeapRecordOffset(std::string_view bytes) {
  for (const auto& r : hprofRecords(bytes)) {
    if (isHeapRecordTag(r.tag)) return r.offset;
  }
  return 0;
}

}  // namespace mxi::test
