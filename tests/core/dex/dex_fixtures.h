// The fixture APKs' dex files (../shared/reference/fixtures/apk, read in place) for the dex tests.
#pragma once

#include <string>

#include "tests/core/dex/fixture_entry.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::test {

inline constexpr const char* kJamendoApk = "apk/androguard_com.teleca.jamendo_35.apk";
inline constexpr const char* kMultidexApk = "apk/androguard_app-prod-debug_multidex.apk";
inline constexpr const char* kMonochromeApk = "apk/monochrome-player_app-debug.apk";
inline constexpr const char* kAndResGuardApk = "apk/apktool_issue1170_andresguard.apk";

}  // namespace mxi::test

// Binds `var` to the bytes of `entry` in fixture APK `apk`; skips the test without the fixtures.
#define MXI_REQUIRE_DEX(var, apk, entry)                               \
  MXI_REQUIRE_FIXTURE(var##_apk, apk);                                 \
  const std::string var = ::mxi::test::readZipEntry(var##_apk, entry); \
  ASSERT_FALSE(var.empty())
