// Test-only: the bytes of one entry of a fixture APK (classes.dex, AndroidManifest.xml,
// resources.arsc), read through core/zip, for the tests and seed writers of the readers.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace mxi::test {

// The inflated bytes of `name` in the zip at `apk`; nullopt when the file or the entry cannot be read.
std::optional<std::string> readApkEntry(const std::filesystem::path& apk, const std::string& name);

}  // namespace mxi::test
