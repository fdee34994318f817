// Test-only: one entry of a fixture APK, read with zlib (central directory, then the entry's
// local header and data), so that the androidres tests need no zip library. To be replaced by
// core/zip's ZipArchive once it lands.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace mxi::test {

// The uncompressed bytes of `name` in the zip at `zip`, nullopt when it or the entry cannot be read.
std::optional<std::string> readZipEntry(const std::filesystem::path& zip, const std::string& name);

}  // namespace mxi::test
