// Reading the shared reference fixtures (never copied into the project).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {

inline std::string readText(const std::filesystem::path& path) { return readFile(path); }

// <reference>/fixtures/<relative>, or "" when the reference folder is absent.
inline std::filesystem::path fixturePath(const std::string& relative) {
  const std::string ref = referenceDir();
  if (ref.empty()) return {};
  return std::filesystem::path(ref) / "fixtures" / relative;
}

}  // namespace mxi::test

#define MXI_REQUIRE_FIXTURE(var, relative)             \
  const auto var = ::mxi::test::fixturePath(relative); \
  if (var.empty() || !std::filesystem::exists(var))    \
  GTEST_SKIP() << "reference fixture " << (relative) << " is absent (../shared/reference)"
