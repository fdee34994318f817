#include "core/apkcheck/code_resource_refs.h"

namespace mxi::core::apkcheck {

namespace {

constexpr uint8_t kConst = 0x14;        // const vAA, #+BBBBBBBB (format 31i)
constexpr uint8_t kConstHigh16 = 0x15;  // const/high16 vAA, #+BBBB0000 (format 21h)

}  // namespace

std::unordered_set<uint32_t> codeResourceIds(const ApkInputs& in, const std::unordered_set<uint32_t>& known) {
  std::unordered_set<uint32_t> found;
  for (const DexEntry& d : in.dexFiles) {
    const auto* b = reinterpret_cast<const uint8_t*>(d.bytes.data());
    const size_t n = d.bytes.size();
    // Instructions are 16-bit units aligned to 2 bytes from the start of the file.
    for (size_t at = 0; at + 4 <= n; at += 2) {
      if (b[at] == kConst && at + 6 <= n) {
        const uint32_t v = uint32_t(b[at + 2]) | (uint32_t(b[at + 3]) << 8) | (uint32_t(b[at + 4]) << 16) |
                           (uint32_t(b[at + 5]) << 24);
        if (known.contains(v)) found.insert(v);
      } else if (b[at] == kConstHigh16) {
        const uint32_t v = (uint32_t(b[at + 2]) | (uint32_t(b[at + 3]) << 8)) << 16;
        if (v != 0 && known.contains(v)) found.insert(v);
      }
    }
  }
  return found;
}

}  // namespace mxi::core::apkcheck
