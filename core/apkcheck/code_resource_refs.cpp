#include "core/apkcheck/code_resource_refs.h"

namespace mxi::core::apkcheck {

namespace {

constexpr uint8_t kConst = 0x14;               // const vAA, #+BBBBBBBB (format 31i)
constexpr uint8_t kConstHigh16 = 0x15;         // const/high16 vAA, #+BBBB0000 (format 21h)
constexpr uint8_t kFillArrayDataIdent = 0x03;  // fill-array-data-payload: ident 0x0300, then width and size

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
      } else if (b[at] == 0x00 && b[at + 1] == kFillArrayDataIdent && at + 8 <= n && b[at + 2] == 4 && b[at + 3] == 0) {
        // fill-array-data-payload of 4-byte elements: R.styleable arrays of attribute ids.
        const uint32_t count = uint32_t(b[at + 4]) | (uint32_t(b[at + 5]) << 8) | (uint32_t(b[at + 6]) << 16) |
                               (uint32_t(b[at + 7]) << 24);
        if (count > (n - at - 8) / 4) continue;
        for (uint32_t i = 0; i < count; ++i) {
          const size_t p = at + 8 + size_t(i) * 4;
          const uint32_t v =
              uint32_t(b[p]) | (uint32_t(b[p + 1]) << 8) | (uint32_t(b[p + 2]) << 16) | (uint32_t(b[p + 3]) << 24);
          if (known.contains(v)) found.insert(v);
        }
      } else if (b[at] == kConstHigh16) {
        const uint32_t v = (uint32_t(b[at + 2]) | (uint32_t(b[at + 3]) << 8)) << 16;
        if (v != 0 && known.contains(v)) found.insert(v);
      }
    }
  }
  return found;
}

}  // namespace mxi::core::apkcheck
