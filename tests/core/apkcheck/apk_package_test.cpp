// An app given as several APKs (a base and a split) or as a folder of them, checked as one app;
// and the PNG chunk reader behind -findNonAlphaPng on made-up and cut bytes.
#include <gtest/gtest.h>

#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/png_alpha.h"
#include "tests/support/archive_writer.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::apkcheck {
namespace {

std::string be32(uint32_t v) { return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)}; }

// A PNG's signature, IHDR (colour type `colour`) and the chunks given, CRCs left zero (not checked).
std::string png(uint8_t colour, const std::vector<std::string>& chunks = {}) {
  std::string b("\x89PNG\r\n\x1a\n", 8);
  b += be32(13) + "IHDR" + be32(16) + be32(9) + std::string(1, 8) + std::string(1, char(colour)) +
       std::string(3, '\0') + be32(0);
  for (const std::string& type : chunks) b += be32(0) + type + be32(0);
  return b;
}

TEST(PngAlphaTest, ColourTypeAndTrns) {
  EXPECT_FALSE(readPngInfo(png(2, {"IDAT", "IEND"}))->hasAlpha());
  EXPECT_TRUE(readPngInfo(png(6, {"IDAT"}))->hasAlpha());
  EXPECT_TRUE(readPngInfo(png(4))->hasAlpha());
  EXPECT_TRUE(readPngInfo(png(3, {"PLTE", "tRNS", "IDAT"}))->hasAlpha());
  EXPECT_FALSE(readPngInfo(png(3, {"PLTE", "IDAT", "tRNS"}))->hasAlpha());  // tRNS after the data is not read
  const auto info = readPngInfo(png(2));
  EXPECT_EQ(info->width, 16u);
  EXPECT_EQ(info->height, 9u);
}

TEST(PngAlphaTest, BadBytesNameTheOffset) {
  EXPECT_EQ(readPngInfo("GIF89a").status().toString(), "not a PNG: bad signature (at byte offset 0)");
  std::string cut = png(2);
  cut[11] = char(200);  // IHDR claims 200 bytes
  EXPECT_EQ(readPngInfo(cut).status().toString(), "PNG chunk IHDR runs past the end (at byte offset 8)");
  EXPECT_EQ(readPngInfo(png(2).substr(0, 8)).status().toString(), "PNG cut before IHDR (at byte offset 8)");
}

TEST(ApkPackageTest, ABaseAndASplitInAFolderAreOneApp) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  const auto dir = test::scratchDir("splits");
  std::filesystem::copy_file(apk, dir / "base.apk");
  ASSERT_TRUE(
      test::writeZip((dir / "split_config.x86.apk").string(), {{"lib/x86/libfoo.so", std::vector<uint8_t>(100, 0)}}));
  auto package = ApkPackage::open({dir.string()});
  ASSERT_TRUE(package.ok()) << package.status().toString();
  ASSERT_EQ(package->splits().size(), 2u);
  EXPECT_EQ(package->baseSplit(), 0u);
  EXPECT_EQ(package->label(), "base.apk + 1 split");
  EXPECT_EQ(package->entries().size(), 11u + 1u);
  const ApkEntry& last = package->entries().back();
  EXPECT_EQ(last.split, 1u);
  EXPECT_EQ(package->displayName(last), "split_config.x86.apk:lib/x86/libfoo.so");

  NullProgress progress;
  CancelToken cancel;
  CheckOptions options;
  options.tasks = {{"-checkMultiLibrary", {}}, {"-unstrippedSo", {}}, {"-manifest", {}}};
  auto report = runApkCheck(*package, options, progress, cancel);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->tasks[0].fields["lib-dirs"], nlohmann::ordered_json({"x86"}));
  // The split's library is 100 zero bytes: its error names the split and the entry.
  EXPECT_TRUE(report->tasks[1].error.starts_with("split_config.x86.apk:lib/x86/libfoo.so: ")) << report->tasks[1].error;
  EXPECT_EQ(report->manifest->package, "com.ibotpeaches.issue1170");

  // The same two files given one by one, the split first: the base is still the one with the manifest.
  auto given = ApkPackage::open({(dir / "split_config.x86.apk").string(), (dir / "base.apk").string()});
  ASSERT_TRUE(given.ok());
  EXPECT_EQ(given->label(), "base.apk + 1 split");
}

TEST(ApkPackageTest, AFolderWithoutApksIsAnError) {
  const auto dir = test::scratchDir("empty");
  auto package = ApkPackage::open({dir.string()});
  ASSERT_FALSE(package.ok());
  EXPECT_EQ(package.status().message(), dir.string() + ": no .apk file in this folder");
}

}  // namespace
}  // namespace mxi::core::apkcheck
