#include "core/zip/signing_block.h"

#include <string>

#include "core/zip/little_endian.h"

namespace mxi::core::zip {

namespace {
constexpr std::string_view kMagic = "APK Sig Block 42";
constexpr uint64_t kFooterSize = 8 + 16;  // the size again, then the magic
}  // namespace

// Layout (source.android.com "APK Signature Scheme v2"): uint64 size (of what follows it), then
// pairs of uint64 length, uint32 id, value, then uint64 size again and the 16-byte magic.
std::optional<SigningBlock> findSigningBlock(std::string_view bytes, uint64_t centralDirectoryOffset,
                                             std::vector<ZipProblem>& problems) {
  if (centralDirectoryOffset > bytes.size() || centralDirectoryOffset < kFooterSize) return std::nullopt;
  const uint64_t footer = centralDirectoryOffset - kFooterSize;
  if (bytes.substr(footer + 8, kMagic.size()) != kMagic) return std::nullopt;
  const uint64_t sizeAfterFirst = le64(bytes, footer);
  // The first size field (8 bytes) precedes the `sizeAfterFirst` bytes that end at the directory.
  if (sizeAfterFirst < kFooterSize || sizeAfterFirst > centralDirectoryOffset - 8) {
    problems.push_back(
        {"", footer,
         "APK Signing Block size " + std::to_string(sizeAfterFirst) + " does not fit before the central directory"});
    return std::nullopt;
  }
  SigningBlock block;
  block.offset = centralDirectoryOffset - sizeAfterFirst - 8;
  block.size = sizeAfterFirst + 8;
  if (le64(bytes, block.offset) != sizeAfterFirst) {
    problems.push_back({"", block.offset, "APK Signing Block's two size fields differ"});
    return std::nullopt;
  }
  for (uint64_t at = block.offset + 8; at < footer;) {
    if (footer - at < 12) {
      problems.push_back({"", at, "APK Signing Block pair cut"});
      return std::nullopt;
    }
    const uint64_t length = le64(bytes, at);
    if (length < 4 || length > footer - at - 8) {
      problems.push_back(
          {"", at, "APK Signing Block pair length " + std::to_string(length) + " does not fit the block"});
      return std::nullopt;
    }
    block.ids.push_back(le32(bytes, at + 8));
    at += 8 + length;
  }
  return block;
}

}  // namespace mxi::core::zip
