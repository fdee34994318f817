// The list of a ZIP archive's entries: the central directory (ZIP64 included) when its end record
// is found and it reads whole, else the local file headers walked from the start of the file.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/zip/zip_entry.h"

namespace mxi::core::zip {

struct ZipDirectory {
  std::vector<ZipEntry> entries;
  std::vector<ZipProblem> problems;
  bool fromCentralDirectory = false;
  uint64_t centralDirectoryOffset = 0;  // where the APK Signing Block ends, when read from it
};

// An error only when no entry at all can be found.
StatusOr<ZipDirectory> readZipDirectory(std::string_view bytes);

// Where an entry's data starts (after its local header), or an error naming the entry.
StatusOr<uint64_t> entryDataOffset(std::string_view bytes, const ZipEntry& entry);

}  // namespace mxi::core::zip
