#include "core/elf/arm_attributes.h"

#include <cstdint>

namespace mxi::core::elf {

namespace {
constexpr unsigned kTagFile = 1;
constexpr unsigned kTagCpuRawName = 4;
constexpr unsigned kTagCpuName = 5;
constexpr unsigned kTagCpuArch = 6;
constexpr unsigned kTagCompatibility = 32;

// A ULEB128 at `at`, advancing it; nullopt when it runs past `end` or overflows.
std::optional<uint64_t> uleb(std::string_view bytes, uint64_t& at, uint64_t end) {
  uint64_t value = 0;
  for (int shift = 0; at < end && shift < 64; shift += 7) {
    const auto byte = static_cast<unsigned char>(bytes[at++]);
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  return std::nullopt;
}

// Skips a NUL-terminated string; false when it has no NUL before `end`.
bool skipString(std::string_view bytes, uint64_t& at, uint64_t end) {
  while (at < end && bytes[at] != '\0') ++at;
  if (at >= end) return false;
  ++at;
  return true;
}

uint32_t le32(std::string_view bytes, uint64_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + at);
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) | (static_cast<uint32_t>(p[2]) << 16) |
         (static_cast<uint32_t>(p[3]) << 24);
}

// The attributes of one file-scope sub-subsection in [at, end).
std::optional<unsigned> cpuArchIn(std::string_view bytes, uint64_t at, uint64_t end) {
  while (at < end) {
    const auto tag = uleb(bytes, at, end);
    if (!tag) return std::nullopt;
    if (*tag == kTagCpuArch) {
      const auto value = uleb(bytes, at, end);
      if (!value) return std::nullopt;
      return static_cast<unsigned>(*value);
    }
    // Tags 4, 5 and odd tags above 32 hold strings; 32 a number and a string; the rest numbers.
    if (*tag == kTagCompatibility) {
      if (!uleb(bytes, at, end) || !skipString(bytes, at, end)) return std::nullopt;
    } else if (*tag == kTagCpuRawName || *tag == kTagCpuName || (*tag > kTagCompatibility && (*tag % 2) == 1)) {
      if (!skipString(bytes, at, end)) return std::nullopt;
    } else if (!uleb(bytes, at, end)) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}
}  // namespace

// Layout: 'A', then subsections (uint32 length, vendor name, then sub-subsections of a tag,
// a uint32 length and attributes). The section is in the file's byte order; Android's is little.
std::optional<unsigned> armCpuArch(std::string_view section) {
  if (section.empty() || section[0] != 'A') return std::nullopt;
  for (uint64_t at = 1; at + 4 <= section.size();) {
    const uint64_t length = le32(section, at);
    if (length < 4 || length > section.size() - at) return std::nullopt;
    const uint64_t end = at + length;
    uint64_t p = at + 4;
    const uint64_t vendor = p;
    if (!skipString(section, p, end)) return std::nullopt;
    if (section.substr(vendor, p - vendor - 1) == "aeabi") {
      while (p + 5 <= end) {
        const auto tag = static_cast<unsigned char>(section[p]);
        const uint64_t size = le32(section, p + 1);
        if (size < 5 || size > end - p) return std::nullopt;
        if (tag == kTagFile) return cpuArchIn(section, p + 5, p + size);
        p += size;
      }
    }
    at = end;
  }
  return std::nullopt;
}

}  // namespace mxi::core::elf
