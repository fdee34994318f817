// Where tests find their inputs: JVM fixture dumps (made at test time by a CTest fixture), the
// shared reference material (read, never copied) and the built CLI. Paths are compiled in by
// tests/CMakeLists.txt (build_paths.h); environment variables of the same name override them.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "tests/support/build_paths.h"

namespace mxi::test {

namespace detail {
inline std::string pick(const char* env, const char* compiled) {
  if (const char* v = std::getenv(env)) return v;
  return compiled;
}
}  // namespace detail

inline std::string sourceDir() { return detail::pick("MXI_SOURCE_DIR", build::sourceDir()); }
inline std::string binaryDir() { return detail::pick("MXI_BINARY_DIR", build::binaryDir()); }
// Directory of the JVM fixture dumps (tests/fixtures/make_jvm_dumps.sh output).
inline std::string fixtureDumpDir() { return detail::pick("MXI_FIXTURE_DUMPS", build::fixtureDumps()); }
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
inline std::string cliPath() { return detail::pick("MXI_CLI", build::cli()); }

// ../shared/reference next to the source tree, or $MXI_REFERENCE_DIR; empty when absent.
inline std::string referenceDir() {
  if (const char* env = std::getenv("MXI_REFERENCE_DIR")) return env;
  const auto candidate = std::filesystem::path(sourceDir()).parent_path() / "shared" / "reference";
  return std::filesystem::is_directory(candidate) ? candidate.string() : std::string();
}

inline std::filesystem::path scratchRoot() { return std::filesystem::path(binaryDir()) / "test-scratch"; }
// The folder a test's scratch directories lie in: parameterized names (Engines/Suite.Test/postgres)
// lose their slashes.
inline std::string scratchOwner(const ::testing::TestInfo& test) {
  std::string owner = std::string(test.test_suite_name()) + "." + test.name();
  for (char& c : owner) c = c == '/' ? '-' : c;
  return owner;
}

namespace detail {
// Scratch directories made outside any test (a suite's shared simulator), removed when the whole
// program passed.
struct SuiteScratch {
  std::mutex mutex;
  std::vector<std::filesystem::path> dirs;
};
inline SuiteScratch& suiteScratch() {
  static SuiteScratch s;
  return s;
}

// A passing test's scratch is deleted when it ends (a failing one's is kept to be read): one suite
// run writes gigabytes (100 MB pushes, simulated phones' folders), more than a CI disk may have
// to spare across three builds. MXI_KEEP_SCRATCH=1 keeps everything.
class ScratchCleanup : public ::testing::EmptyTestEventListener {
  static bool keep() { return std::getenv("MXI_KEEP_SCRATCH") != nullptr; }
  void OnTestEnd(const ::testing::TestInfo& test) override {
    if (keep() || test.result()->Failed()) return;
    std::error_code ignored;  // a simulator still writing there may leave a file behind
    std::filesystem::remove_all(scratchRoot() / scratchOwner(test), ignored);
  }
  void OnTestProgramEnd(const ::testing::UnitTest& unit) override {
    if (keep() || !unit.Passed()) return;
    std::lock_guard lock(suiteScratch().mutex);
    for (const auto& dir : suiteScratch().dirs) {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  }
};
// Registered by the program's first scratchDir() call, so that programs which include this
// header without running tests (benchmarks) need no GoogleTest library.
inline void cleanScratchOfPassingTests() {
  static const bool registered = [] {
    ::testing::UnitTest::GetInstance()->listeners().Append(new ScratchCleanup);
    return true;
  }();
  (void)registered;
}

// root/Suite.Test/NAME inside a test, root/NAME outside one; made fresh and empty.
inline std::filesystem::path freshTestDir(const std::filesystem::path& root, const std::string& name) {
  auto dir = root;
  if (const auto* test = ::testing::UnitTest::GetInstance()->current_test_info()) dir /= scratchOwner(*test);
  dir /= name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}
}  // namespace detail

// A fresh, empty directory under the build tree. Inside a test it lies in that test's own folder
// (test-scratch/Suite.Test/NAME): ctest runs each test in its own process, two at once, so a
// fixture's fixed NAME shared by several tests would otherwise be wiped by one under the other.
// It is deleted when its test (or, outside a test, the whole program) passes.
inline std::filesystem::path scratchDir(const std::string& name) {
  detail::cleanScratchOfPassingTests();
  auto dir = detail::freshTestDir(scratchRoot(), name);
  if (!::testing::UnitTest::GetInstance()->current_test_info()) {
    std::lock_guard lock(detail::suiteScratch().mutex);
    detail::suiteScratch().dirs.push_back(dir);
  }
  return dir;
}

// A fresh, empty directory whose files outlive the test, for people to look at (screenshots):
// test-artifacts/Suite.Test/NAME under the build tree, emptied when made, never deleted.
inline std::filesystem::path artifactDir(const std::string& name) {
  return detail::freshTestDir(std::filesystem::path(binaryDir()) / "test-artifacts", name);
}

}  // namespace mxi::test
