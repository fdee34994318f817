// The real method traces in tests/fixtures/method-traces (see PROVENANCE.md there), inflated
// when they are stored gzip-compressed. Tests that use it link ZLIB::ZLIB.
#pragma once

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {

inline std::filesystem::path methodTraceFixture(const std::string& name) {
  return std::filesystem::path(sourceDir()) / "tests" / "fixtures" / "method-traces" / name;
}

// The trace's bytes; "" when the file is missing or its gzip stream is damaged.
inline std::string methodTraceBytes(const std::string& name) {
  const std::string packed = readFile(methodTraceFixture(name));
  if (!name.ends_with(".gz")) return packed;
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return {};
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  std::string out;
  char buf[1 << 16];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
  }
  inflateEnd(&z);
  return rc == Z_STREAM_END ? out : std::string();
}

// Writes the (inflated) trace to `dir` and returns its path, for programs that read files.
inline std::filesystem::path methodTraceFile(const std::string& name, const std::filesystem::path& dir) {
  std::string plain = name.ends_with(".gz") ? name.substr(0, name.size() - 3) : name;
  const auto path = dir / plain;
  const std::string bytes = methodTraceBytes(name);
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return path;
}

}  // namespace mxi::test
