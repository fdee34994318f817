// What a ZipArchive (zip_archive.h) hands out: its entries, the problems it skipped, the APK
// Signing Block, and the limits a read is held to. Apart from the archive so that the readers
// of its parts (zip_directory.h, signing_block.h) need not include it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxi::core::zip {

struct ZipEntry {
  std::string name;             // as stored (UTF-8 or CP437, unchecked)
  uint16_t method = 0;          // 0 stored, 8 deflated; anything else cannot be read
  uint64_t compressedSize = 0;  // bytes in the archive (the download cost of the entry)
  uint64_t size = 0;            // bytes once inflated (the installed cost)
  uint32_t crc32 = 0;
  uint64_t localHeaderOffset = 0;
  bool encrypted = false;
  bool isDirectory() const { return !name.empty() && name.back() == '/'; }
  bool stored() const { return method == 0; }
};

// One thing that was wrong and skipped: which entry (empty: the archive itself), where, what.
struct ZipProblem {
  std::string entry;
  uint64_t offset = 0;
  std::string message;
};

// Bounds on inflation, so that a zip bomb costs at most this much memory and time.
struct InflateLimits {
  uint64_t maxBytes = 512ull << 20;  // an entry larger than this once inflated is refused
  uint64_t maxRatio = 2000;          // inflated / compressed; a larger ratio is refused as a bomb
};

// The APK Signing Block (between the entries and the central directory), when there is one.
struct SigningBlock {
  uint64_t offset = 0;
  uint64_t size = 0;
  std::vector<uint32_t> ids;  // 0x7109871a v2, 0xf05368c0 v3, 0x1b93ad61 v3.1, 0x42726577 verity padding…
};

}  // namespace mxi::core::zip
