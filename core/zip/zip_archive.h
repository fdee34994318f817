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
#include "core/zip/entry_bytes.h"
#include "core/zip/zip_entry.h"

namespace mxi::core::zip {

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
  // The same bytes, CRC-checked, for one reading without a copy when the entry is stored (a view
  // into the mapping whose pages are dropped when it goes); a deflated entry's are inflated as read().
  StatusOr<EntryBytes> view(const ZipEntry& entry, const InflateLimits& limits = {}) const;
  // The entry's bytes as stored (compressed when deflated); empty view when out of the file.
  std::string_view rawData(const ZipEntry& entry) const;

 private:
  struct Impl;
  explicit ZipArchive(std::unique_ptr<Impl> impl);
  StatusOr<std::string_view> dataOf(const ZipEntry& entry, const InflateLimits& limits) const;
  Status checkCrc(const ZipEntry& entry, uint32_t crc, std::string_view data) const;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mxi::core::zip
