// Test-only: one entry of a fixture APK (classes.dex), read with zlib. A stand-in until core/zip
// lands: it trusts the central directory it finds and reads nothing else of the zip format.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace mxi::test {

// The bytes of `entry` (stored or deflated) in the zip at `zip`; "" with a test failure when the
// file, the entry or its data cannot be read.
std::string readZipEntry(const std::filesystem::path& zip, std::string_view entry);

}  // namespace mxi::test
