// Writes gzip and zip files for container tests, with the real zlib and libzip.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mxi::test {

bool writeFile(const std::string& path, const std::vector<uint8_t>& bytes);
// gzip of `bytes` (as `gzip` would write it).
std::vector<uint8_t> gzipBytes(const std::vector<uint8_t>& bytes);
// A zip archive with the given entries, deflated.
bool writeZip(const std::string& path, const std::vector<std::pair<std::string, std::vector<uint8_t>>>& entries);

}  // namespace mxi::test
