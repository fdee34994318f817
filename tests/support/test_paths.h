// Where tests find their inputs: JVM fixture dumps (made at test time by a CTest fixture), the
// shared reference material (read, never copied) and the built CLI. Paths are compiled in by
// tests/core/CMakeLists.txt; environment variables of the same name override them.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace mxi::test {

namespace detail {
inline std::string pick(const char* env, const char* compiled) {
  if (const char* v = std::getenv(env)) return v;
  return compiled;
}
}  // namespace detail

#ifndef MXI_TEST_SOURCE_DIR
#define MXI_TEST_SOURCE_DIR ""
#endif
#ifndef MXI_TEST_BINARY_DIR
#define MXI_TEST_BINARY_DIR "/tmp"
#endif
#ifndef MXI_TEST_FIXTURE_DUMPS
#define MXI_TEST_FIXTURE_DUMPS ""
#endif
#ifndef MXI_TEST_CLI
#define MXI_TEST_CLI ""
#endif

inline std::string sourceDir() { return detail::pick("MXI_SOURCE_DIR", MXI_TEST_SOURCE_DIR); }
inline std::string binaryDir() { return detail::pick("MXI_BINARY_DIR", MXI_TEST_BINARY_DIR); }
// Directory of the JVM fixture dumps (tests/fixtures/make_jvm_dumps.sh output).
inline std::string fixtureDumpDir() { return detail::pick("MXI_FIXTURE_DUMPS", MXI_TEST_FIXTURE_DUMPS); }
// The release-build fixture (tests/fixtures/minified/make_minified_dumps.sh output): for BUILD
// "1.2" and "1.3", shop-BUILD.hprof, shop-BUILD.mapping.txt, shop-BUILD.stacktrace.txt,
// shop-BUILD.json, and mappings/com.example.shop/{12,13}/mapping.txt.
inline std::string minifiedDumpDir() { return fixtureDumpDir() + "/minified"; }
inline std::string minifiedFile(const std::string& build, const std::string& suffix) {
  return minifiedDumpDir() + "/shop-" + build + suffix;
}
// False where Debian's proguard-cli is not installed (scripts/setup.sh installs it): the fixture
// script then makes nothing, and the release-build tests skip with this message.
inline bool haveMinifiedFixture() {
  for (const char* build : {"1.2", "1.3"}) {
    std::FILE* f = std::fopen(minifiedFile(build, ".hprof").c_str(), "rb");
    if (!f) return false;
    std::fclose(f);
  }
  return true;
}
inline constexpr const char* kNoMinifiedFixture =
    "no release-build fixture (tests/fixtures/minified needs Debian's proguard-cli: scripts/setup.sh)";
// The built `mxi` executable.
inline std::string cliPath() { return detail::pick("MXI_CLI", MXI_TEST_CLI); }

// ../shared/reference next to the source tree, or $MXI_REFERENCE_DIR; empty when absent.
inline std::string referenceDir() {
  if (const char* env = std::getenv("MXI_REFERENCE_DIR")) return env;
  const auto candidate = std::filesystem::path(sourceDir()).parent_path() / "shared" / "reference";
  return std::filesystem::is_directory(candidate) ? candidate.string() : std::string();
}

// A fresh, empty directory under the build tree. Inside a test it lies in that test's own folder
// (test-scratch/Suite.Test/NAME): ctest runs each test in its own process, two at once, so a
// fixture's fixed NAME shared by several tests would otherwise be wiped by one under the other.
inline std::filesystem::path scratchDir(const std::string& name) {
  auto dir = std::filesystem::path(binaryDir()) / "test-scratch";
  if (const auto* test = ::testing::UnitTest::GetInstance()->current_test_info()) {
    std::string owner = std::string(test->test_suite_name()) + "." + test->name();
    for (char& c : owner) c = c == '/' ? '-' : c;  // parameterized names: Engines/Suite.Test/postgres
    dir /= owner;
  }
  dir /= name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace mxi::test
