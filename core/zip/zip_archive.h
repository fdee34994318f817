// A ZIP archive (an APK, an AAB split, a Matrix upload zip) read without extracting anything:
// the central directory's entries with their sizes, and an entry's bytes inflated in memory
// within limits. Names are kept as stored and never used as paths ("../x" is only a name).
// A cut or damaged archive still lists what can be read: the central directory when the end
// record is found, else the local headers walked from the start; each problem names the entry
// and the byte offset.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

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

class ZipArchive {
 public:
  // Reads `path` (mapped, not copied). An unreadable file or one with no entry at all is an error;
  // anything else opens, with problems().
  static StatusOr<ZipArchive> open(const std::string& path);
  // The same over bytes already in memory (tests, fuzzing, an APK inside an APK).
  static StatusOr<ZipArchive> fromBytes(std::string bytes, std::string label);

  ZipArchive(ZipArchive&&) noexcept;
  ZipArchive& operator=(ZipArchive&&) noexcept;
  ~ZipArchive();

  const std::string& label() const;  // the path, or the label given
  uint64_t fileSize() const;
  const std::vector<ZipEntry>& entries() const;  // in central-directory order
  const ZipEntry* find(std::string_view name) const;
  const std::vector<ZipProblem>& problems() const;
  // Whether the central directory was read (false: entries come from walking local headers).
  bool hasCentralDirectory() const;
  std::optional<SigningBlock> signingBlock() const;

  // The entry's bytes inflated, CRC-checked. Errors name the entry and the offset of its data.
  StatusOr<std::string> read(const ZipEntry& entry, const InflateLimits& limits = {}) const;
  // The entry's bytes as stored (compressed when deflated); empty view when out of the file.
  std::string_view rawData(const ZipEntry& entry) const;

 private:
  struct Impl;
  explicit ZipArchive(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mxi::core::zip
