// `mxi apk diff`'s comparison: two different fixture APKs, and an APK against a copy of itself
// with one entry changed (both written here with zlib, so every size is known).
#include <gtest/gtest.h>

#include "core/apkcheck/apk_diff.h"
#include "core/zip/zip_archive.h"
#include "tests/support/archive_writer.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::apkcheck {
namespace {

using Entries = std::vector<std::pair<std::string, std::vector<uint8_t>>>;

Entries entriesOf(const std::filesystem::path& apk) {
  auto archive = zip::ZipArchive::open(apk.string());
  EXPECT_TRUE(archive.ok());
  Entries out;
  for (const zip::ZipEntry& e : archive->entries()) {
    auto bytes = archive->read(e);
    EXPECT_TRUE(bytes.ok()) << e.name;
    out.push_back({e.name, std::vector<uint8_t>(bytes->begin(), bytes->end())});
  }
  return out;
}

ApkPackage openApk(const std::string& path) {
  auto p = ApkPackage::open({path});
  EXPECT_TRUE(p.ok()) << p.status().toString();
  return std::move(p).value();
}

const zip::ZipEntry& entry(const ApkPackage& p, const std::string& name) { return *p.find(name)->entry; }

TEST(ApkDiffTest, OneEntryChanged) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  Entries entries = entriesOf(apk);
  const auto dir = test::scratchDir("diff");
  const std::string oldPath = (dir / "old.apk").string(), newPath = (dir / "new.apk").string();
  ASSERT_TRUE(test::writeZip(oldPath, entries));
  auto logo =
      std::find_if(entries.begin(), entries.end(), [](auto& e) { return e.first == "res/drawable-hdpi/logo.png"; });
  ASSERT_NE(logo, entries.end());
  ASSERT_EQ(logo->second.size(), 9077u);
  logo->second.insert(logo->second.end(), 1000, 0x55);  // 1000 bytes more
  ASSERT_TRUE(test::writeZip(newPath, entries));

  const ApkPackage before = openApk(oldPath), after = openApk(newPath);
  const ApkDiff diff = diffApks(before, after);
  ASSERT_EQ(diff.files.size(), 1u);
  const FileChange& f = diff.files[0];
  EXPECT_EQ(f.path, "res/drawable-hdpi/logo.png");
  EXPECT_EQ(f.change, "changed");
  EXPECT_EQ(f.oldBytes, 9077u);
  EXPECT_EQ(f.newBytes, 10077u);
  EXPECT_EQ(f.oldCompressed, entry(before, "res/drawable-hdpi/logo.png").compressedSize);
  EXPECT_EQ(f.newCompressed, entry(after, "res/drawable-hdpi/logo.png").compressedSize);
  EXPECT_GT(f.newCompressed, f.oldCompressed);
  EXPECT_EQ(diff.newInstalled - diff.oldInstalled, 1000u);
  EXPECT_EQ(diff.downloadGrowth(),
            int64_t(std::filesystem::file_size(newPath)) - int64_t(std::filesystem::file_size(oldPath)));
  ASSERT_EQ(diff.folders.size(), 1u);
  EXPECT_EQ(diff.folders[0].name, "res/drawable-hdpi");
  EXPECT_EQ(diff.folders[0].newBytes - diff.folders[0].oldBytes, 1000u);
  ASSERT_EQ(diff.resourceTypes.size(), 1u);
  EXPECT_EQ(diff.resourceTypes[0].name, "drawable");
  EXPECT_TRUE(diff.dexPackages.empty());
  EXPECT_TRUE(diff.nativeLibraries.empty());

  const auto json = apkDiffJson(diff);
  EXPECT_EQ(
      json["files"],
      nlohmann::ordered_json::parse(
          R"([{"path":"res/drawable-hdpi/logo.png","change":"changed","oldBytes":9077,"newBytes":10077,"oldCompressed":)" +
          std::to_string(f.oldCompressed) + R"(,"newCompressed":)" + std::to_string(f.newCompressed) + "}]"));
  EXPECT_EQ(json["totals"]["installedGrowth"], 1000);
}

TEST(ApkDiffTest, TwoDifferentApps) {
  MXI_REQUIRE_FIXTURE(jamendo, "apk/androguard_com.teleca.jamendo_35.apk");
  MXI_REQUIRE_FIXTURE(fdroid, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const ApkPackage before = openApk(jamendo.string()), after = openApk(fdroid.string());
  const ApkDiff diff = diffApks(before, after);
  EXPECT_EQ(diff.oldDownload, 426386u);
  EXPECT_EQ(diff.newDownload, 132453u);
  EXPECT_EQ(diff.downloadGrowth(), 132453 - 426386);
  EXPECT_EQ(diff.oldInstalled, 637535u);
  EXPECT_EQ(diff.newInstalled, 418067u);
  size_t added = 0, removed = 0, changed = 0;
  for (const FileChange& f : diff.files) (f.change == "added" ? added : f.change == "removed" ? removed : changed)++;
  EXPECT_EQ(added, 38u);
  EXPECT_EQ(removed, 145u);
  EXPECT_EQ(changed, 4u);  // META-INF/MANIFEST.MF, AndroidManifest.xml, resources.arsc, classes.dex
  ASSERT_EQ(diff.nativeLibraries.size(), 1u);
  EXPECT_EQ(diff.nativeLibraries[0].name, "libsymlink.so");
  EXPECT_EQ(diff.nativeLibraries[0].oldBytes, 0u);
  EXPECT_FALSE(diff.dexPackages.empty());
  EXPECT_TRUE(diff.problems.empty());
}

}  // namespace
}  // namespace mxi::core::apkcheck
