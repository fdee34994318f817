// Matrix ApkChecker's tasks on the shared fixture APKs (../shared/reference/fixtures/apk,
// PROVENANCE.md), with expected values measured by hand (Python zipfile + hashlib, aapt).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/report_json.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::apkcheck {
namespace {

using nlohmann::ordered_json;

CheckReport check(const std::filesystem::path& apk, CheckOptions options = {}) {
  auto package = ApkPackage::open({apk.string()});
  EXPECT_TRUE(package.ok()) << package.status().toString();
  NullProgress progress;
  CancelToken cancel;
  auto report = runApkCheck(*package, options, progress, cancel);
  EXPECT_TRUE(report.ok()) << report.status().toString();
  return std::move(report).value();
}

const TaskResult& task(const CheckReport& report, const std::string& option) {
  const auto it =
      std::find_if(report.tasks.begin(), report.tasks.end(), [&](const TaskResult& t) { return t.option == option; });
  EXPECT_NE(it, report.tasks.end()) << option;
  return *it;
}

TEST(ApkCheckTest, FdroidApkWithSevenAbis) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const CheckReport report = check(apk);
  ASSERT_EQ(report.tasks.size(), 15u);
  for (const TaskResult& t : report.tasks) {
    // unusedAssets has no asset to look for; nothing here is unreadable.
    EXPECT_EQ(t.error, "") << t.option;
  }
  ASSERT_TRUE(report.manifest);
  EXPECT_EQ(report.manifest->package, "org.dyndns.fules.ck");
  EXPECT_EQ(report.manifest->versionCode, 20);
  EXPECT_EQ(report.manifest->versionName, "v1.6pre2");  // @0x7f050026 through resources.arsc
  EXPECT_EQ(report.manifest->minSdk, "7");
  EXPECT_EQ(report.manifest->targetSdk, "8");

  const TaskResult& libs = task(report, "-checkMultiLibrary");
  EXPECT_EQ(libs.fields["multi-lib"], true);
  EXPECT_EQ(libs.fields["lib-dirs"],
            ordered_json({"arm64-v8a", "armeabi", "armeabi-v7a", "mips", "mips64", "x86", "x86_64"}));

  const TaskResult& dups = task(report, "-duplicatedFile");
  EXPECT_EQ(dups.fields["files"], ordered_json::parse(R"([
    {"md5":"3d528c82691c014432e8c68475722596","size":1167,
     "files":["res/drawable-mdpi-v4/icon_list_active_file.png","res/drawable-mdpi-v4/icon_list_passive_file.png"]},
    {"md5":"b69b4ebadb78dd840db2912fa0fd6885","size":41,"files":["META-INF/buildserverid","META-INF/fdroidserverid"]}])"));
  EXPECT_EQ(dups.savableBytes, 1167u + 41u);

  const TaskResult& strip = task(report, "-unstrippedSo");
  EXPECT_EQ(strip.fields["unstripped-lib"], ordered_json::array());
  EXPECT_EQ(strip.verdict, "all 7 libraries are stripped");
  EXPECT_EQ(task(report, "-checkMultiSTL").fields["multi-stl"], false);

  const TaskResult& stored = task(report, "-uncompressedFile");
  EXPECT_EQ(stored.fields["files"], ordered_json::parse(R"([{"suffix":"arsc","total-size":11088},
                                                            {"suffix":"png","total-size":30445}])"));
  ASSERT_EQ(stored.findings.size(), 2u);
  EXPECT_EQ(stored.findings[0].subject, ".png");
  EXPECT_EQ(stored.findings[0].detail, "21 stored entries");

  EXPECT_EQ(task(report, "-findNonAlphaPng").fields["files"], ordered_json::array());
  EXPECT_EQ(task(report, "-checkResProguard").fields["hasResProguard"], false);
  const TaskResult& unzip = task(report, "-unzip");
  EXPECT_EQ(unzip.fields["total-size"], 132453);
  EXPECT_EQ(unzip.fields["entries"].size(), 42u);
}

TEST(ApkCheckTest, JamendoDuplicatesAndPngsWithoutAlpha) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  const CheckReport report = check(apk);
  EXPECT_EQ(report.manifest->versionName, "1.0.4 [BETA]");
  EXPECT_EQ(task(report, "-duplicatedFile").fields["files"], ordered_json::parse(R"([
    {"md5":"74cc0d83539309a8201a5b2ab01a6560","size":9077,
     "files":["res/drawable-hdpi/logo.png","res/drawable-mdpi/splash_jamendo.png"]},
    {"md5":"1e556ae017e257981b473e0a247cd60c","size":1845,
     "files":["res/drawable-hdpi/cc_loading.png","res/drawable-mdpi/cc_loading.png"]},
    {"md5":"770bd465a874c6d143ae3bdb6194c5bd","size":1683,
     "files":["res/drawable-mdpi/ic_menu_review.png","res/drawable-mdpi/tab_review.png"]}])"));
  const TaskResult& png = task(report, "-findNonAlphaPng");
  ASSERT_EQ(png.findings.size(), 3u);
  EXPECT_EQ(png.findings[0].subject, "res/drawable-land-mdpi/tray_line_normal.png");
  EXPECT_EQ(png.findings[0].bytes, 763u);
  const std::set<std::string> small = {png.findings[1].subject, png.findings[2].subject};
  EXPECT_EQ(small, (std::set<std::string>{"res/drawable-land-mdpi/tray_line_pressed.png",
                                          "res/drawable-land-mdpi/tray_line_selected.png"}));
  EXPECT_EQ(png.findings[1].bytes, 147u);
  EXPECT_EQ(png.findings[2].bytes, 147u);
}

TEST(ApkCheckTest, AndResGuardLayoutIsResProguard) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  const CheckReport report = check(apk);
  const TaskResult& t = task(report, "-checkResProguard");
  EXPECT_EQ(t.fields["hasResProguard"], true);
  EXPECT_EQ(t.verdict, "resources obfuscated: an r/ folder (AndResGuard)");
  const TaskResult& r = task(report, "-countR");
  ASSERT_EQ(r.fields["R-count"], 1);
  EXPECT_EQ(r.fields["R-classes"][0]["name"], "com.ibotpeaches.issue1170.R");
}

TEST(ApkCheckTest, MultidexCountsPerDex) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_app-prod-debug_multidex.apk");
  const CheckReport report = check(apk);
  const TaskResult& classes = task(report, "-countClass");
  ASSERT_EQ(classes.findings.size(), 2u);
  EXPECT_EQ(classes.findings[0].subject, "classes.dex");
  EXPECT_EQ(classes.findings[0].bytes, 2243u);
  EXPECT_EQ(classes.findings[1].subject, "classes2.dex");
  EXPECT_EQ(classes.findings[1].bytes, 211u);
  EXPECT_EQ(classes.countUnit, "classes");
  const TaskResult& methods = task(report, "-countMethod");
  ASSERT_EQ(methods.fields["dex-files"].size(), 2u);
  EXPECT_EQ(methods.fields["dex-files"][0]["dex-file"], "classes.dex");
  EXPECT_TRUE(methods.findings[0].detail.starts_with("25066 method ids: ")) << methods.findings[0].detail;
  EXPECT_EQ(task(report, "-findNonAlphaPng").fields["files"], ordered_json::parse(R"([
    {"entry-name":"res/drawable-xhdpi-v4/notify_panel_notification_icon_bg.png","entry-size":138},
    {"entry-name":"res/drawable-hdpi-v4/notify_panel_notification_icon_bg.png","entry-size":107},
    {"entry-name":"res/drawable-mdpi-v4/notify_panel_notification_icon_bg.png","entry-size":98}])"));
  EXPECT_EQ(task(report, "-duplicatedFile").fields["files"].size(), 4u);
  EXPECT_EQ(task(report, "-duplicatedFile").savableBytes, 1667u);
}

TEST(ApkCheckTest, ClassNamesGoThroughTheMapping) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  // As if R8 had renamed com.example.Config to the app's BuildConfig: the counts name the original.
  auto mapping = mapping::R8Mapping::parse("com.example.Config -> com.ibotpeaches.issue1170.BuildConfig:\n");
  ASSERT_TRUE(mapping.ok()) << mapping.status().toString();
  CheckOptions options;
  options.mapping = std::make_shared<const mapping::R8Mapping>(std::move(mapping).value());
  options.tasks = {{"-countClass", {}}, {"-countMethod", {{"--group", "class"}}}};
  const CheckReport report = check(apk, options);
  const ordered_json& packages = report.tasks[0].fields["dex-files"][0]["packages"];
  EXPECT_EQ(packages[0]["package"], "com.example");
  EXPECT_EQ(packages[0]["classes"], ordered_json({"com.example.Config"}));
  bool named = false;
  for (const auto& c : report.tasks[1].fields["dex-files"][0]["internal-classes"])
    named |= c["name"] == "com.example.Config";
  EXPECT_TRUE(named);
}

// Every fixture's manifest as `aapt dump badging` prints it (versions, SDKs from PROVENANCE.md).
struct ManifestCase {
  const char* file;
  const char* package;
  int64_t versionCode;
  const char* versionName;
  const char* minSdk;
  const char* targetSdk;
};

class ApkManifestTest : public ::testing::TestWithParam<ManifestCase> {};

TEST_P(ApkManifestTest, EqualsAapts) {
  const ManifestCase& c = GetParam();
  MXI_REQUIRE_FIXTURE(apk, std::string("apk/") + c.file);
  CheckOptions options;
  options.tasks = {{"-manifest", {}}};
  const CheckReport report = check(apk, options);
  ASSERT_TRUE(report.manifest);
  EXPECT_EQ(report.manifest->package, c.package);
  EXPECT_EQ(report.manifest->versionCode, c.versionCode);
  EXPECT_EQ(report.manifest->versionName, c.versionName);
  EXPECT_EQ(report.manifest->minSdk, c.minSdk);
  EXPECT_EQ(report.manifest->targetSdk, c.targetSdk);
  EXPECT_EQ(report.tasks[0].fields["manifest"]["package"], c.package);
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, ApkManifestTest,
    ::testing::Values(
        ManifestCase{"androguard_app-prod-debug_multidex.apk", "com.greenaddress.abcore", 2162, "0.62", "21", "27"},
        ManifestCase{"androguard_com.teleca.jamendo_35.apk", "com.teleca.jamendo", 35, "1.0.4 [BETA]", "4", "8"},
        ManifestCase{"apktool_issue1170_andresguard.apk", "com.ibotpeaches.issue1170", 1, "1.0", "22", "23"},
        ManifestCase{"fdroidserver_org.dyndns.fules.ck_20.apk", "org.dyndns.fules.ck", 20, "v1.6pre2", "7", "8"},
        ManifestCase{"monochrome-player_app-debug.apk", "com.monochrome.monochrome_player", 1, "1.0", "18", "29"}));

TEST(ApkCheckTest, JsonIsApkCheckersTaskArray) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  const ordered_json json = checkReportJson(check(apk));
  ASSERT_TRUE(json.is_array());
  ASSERT_EQ(json.size(), 15u);
  for (size_t i = 0; i < json.size(); ++i) {
    const ordered_json& t = json[i];
    EXPECT_EQ(t["taskType"], int(i + 1));
    auto key = t.begin();
    EXPECT_EQ(key.key(), "taskType");
    EXPECT_EQ((++key).key(), "taskDescription");
    EXPECT_EQ((++key).key(), "start-time");
    EXPECT_EQ((++key).key(), "end-time");
    EXPECT_LE(t["start-time"].get<int64_t>(), t["end-time"].get<int64_t>());
  }
  EXPECT_EQ(json[5]["taskDescription"],
            "Find out the non-alpha png-format files whose size exceed limit size in desc order.");
}

}  // namespace
}  // namespace mxi::core::apkcheck
