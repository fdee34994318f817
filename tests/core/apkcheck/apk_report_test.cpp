// ApkChecker's config file, the HTML report's escaping, and damaged packages: each task
// reports its own error and the others still run.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/apk_checker_config.h"
#include "core/apkcheck/report_html.h"
#include "core/apkcheck/report_json.h"
#include "core/apkcheck/report_text.h"
#include "tests/support/archive_writer.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::apkcheck {
namespace {

std::vector<uint8_t> bytesOf(std::string_view s) { return {s.begin(), s.end()}; }

StatusOr<CheckReport> checkFiles(const std::vector<std::string>& paths, const CheckOptions& options = {}) {
  ASSIGN_OR_RETURN(const ApkPackage package, ApkPackage::open(paths));
  NullProgress progress;
  CancelToken cancel;
  return runApkCheck(package, options, progress, cancel);
}

const TaskResult* task(const CheckReport& report, const std::string& option) {
  for (const TaskResult& t : report.tasks) {
    if (t.option == option) return &t;
  }
  return nullptr;
}

// Matrix's own sample config (matrix-apk-canary/src/apk-checker-config.json), its paths shortened.
constexpr const char* kMatrixSampleConfig = R"({
  "--apk":"app.apk",
  "--mappingTxt":"mapping.txt",
  "--output":"out/apk-checker-result",
  "--format":"mm.html,mm.json",
  "--formatConfig": [{"name":"-countMethod","group":[{"name":"Android System","package":"android"}]}],
  "options": [
    {"name":"-manifest"},
    {"name":"-fileSize","--min":"10","--order":"desc","--suffix":"png, jpg, jpeg, gif, arsc"},
    {"name":"-countMethod","--group":"package"},
    {"name":"-checkResProguard"},
    {"name":"-findNonAlphaPng","--min":"10"},
    {"name":"-checkMultiLibrary"},
    {"name":"-uncompressedFile","--suffix":"png, jpg, jpeg, gif, arsc"},
    {"name":"-countR"},
    {"name":"-duplicatedFile"},
    {"name":"-checkMultiSTL","--toolnm":"/ndk/arm-linux-androideabi-nm"},
    {"name":"-unusedResources","--rTxt":"R.txt","--ignoreResources":["R.raw.*","R.style.*","R.string.ignore_*"]},
    {"name":"-unusedAssets","--ignoreAssets":["*.so"]},
    {"name":"-unstrippedSo","--toolnm":"/ndk/arm-linux-androideabi-nm"}
  ]
})";

TEST(ApkCheckerConfigTest, ReadsMatrixsSampleConfigUnchanged) {
  auto config = parseApkCheckerConfig(kMatrixSampleConfig);
  ASSERT_TRUE(config.ok()) << config.status().toString();
  EXPECT_EQ(config->apk, "app.apk");
  EXPECT_EQ(config->mappingTxt, "mapping.txt");
  EXPECT_EQ(config->rTxt, "R.txt");
  ASSERT_EQ(config->tasks.size(), 13u);
  EXPECT_EQ(config->tasks[1].option, "-fileSize");
  EXPECT_EQ(config->tasks[1].params,
            (TaskParams{{"--min", "10"}, {"--order", "desc"}, {"--suffix", "png, jpg, jpeg, gif, arsc"}}));
  EXPECT_EQ(config->tasks[10].params.at("--ignoreResources"), "R.raw.*,R.style.*,R.string.ignore_*");
}

TEST(ApkCheckerConfigTest, UnknownTaskNamesAreNamed) {
  auto config = parseApkCheckerConfig(R"({"options":[{"name":"-manifest"},{"name":"-countMethods"},{"name":"-x"}]})");
  ASSERT_FALSE(config.ok());
  EXPECT_EQ(config.status().message(), "unknown ApkChecker task name in \"options\": \"-countMethods\", \"-x\"");
}

TEST(ApkCheckerConfigTest, BadJsonNamesTheOffset) {
  auto config = parseApkCheckerConfig(R"({"options": [}")");
  ASSERT_FALSE(config.ok());
  EXPECT_TRUE(config.status().hasOffset());
}

TEST(ApkCheckerConfigTest, OnlyTheListedTasksRunWithTheirParameters) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  auto config = parseApkCheckerConfig(R"({"options":[
      {"name":"-findNonAlphaPng","--min":"0"},
      {"name":"-fileSize","--min":"20","--suffix":"arsc, dex","--order":"asc"}]})");
  ASSERT_TRUE(config.ok());
  CheckOptions options;
  options.tasks = config->tasks;
  auto report = checkFiles({apk.string()}, options);
  ASSERT_TRUE(report.ok()) << report.status().toString();
  ASSERT_EQ(report->tasks.size(), 2u);
  EXPECT_EQ(report->tasks[0].taskType, 6);
  EXPECT_EQ(report->tasks[0].findings.size(), 3u);
  EXPECT_EQ(report->tasks[1].taskType, 3);
  // resources.arsc (87272 B) and classes.dex, at least 20 KB, smallest first.
  ASSERT_EQ(report->tasks[1].fields["files"].size(), 2u);
  EXPECT_EQ(report->tasks[1].fields["files"][0]["entry-name"], "resources.arsc");
  EXPECT_EQ(report->tasks[1].fields["files"][0]["entry-size"], 87272);
  EXPECT_EQ(report->tasks[1].fields["files"][1]["entry-name"], "classes.dex");

  // With --min 1 (KB) no PNG without alpha is large enough: the largest has 763 bytes.
  options.tasks = {{"-findNonAlphaPng", {{"--min", "1"}}}};
  auto small = checkFiles({apk.string()}, options);
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(small->tasks[0].fields["files"], nlohmann::ordered_json::array());
}

TEST(ApkReportHtmlTest, NamesFromTheApkAreShownAsText) {
  const auto dir = test::scratchDir("html");
  const std::string apk = (dir / "evil.apk").string();
  ASSERT_TRUE(test::writeZip(
      apk, {{"assets/<script>alert(1)</script>.txt", bytesOf("x")}, {"assets/a&b\".txt", bytesOf("y")}}));
  auto report = checkFiles({apk});
  ASSERT_TRUE(report.ok()) << report.status().toString();
  // No code is not bad input (nothing to count, assets not judged), nor is no resources.arsc
  // (nothing declared, nothing unused); no manifest is, for the task that reads it.
  std::vector<std::string> failed;
  for (const TaskResult& t : report->tasks) {
    if (!t.error.empty()) failed.push_back(t.option);
  }
  EXPECT_EQ(failed, (std::vector<std::string>{"-manifest"}));
  EXPECT_EQ(task(*report, "-unusedResources")->fields["declared-from"], "none");
  EXPECT_EQ(task(*report, "-unusedResources")->fields["unused-resources"], nlohmann::ordered_json::array());
  EXPECT_EQ(task(*report, "-unusedAssets")->verdict, "no dex file: assets not checked");
  EXPECT_EQ(task(*report, "-countMethod")->fields["dex-files"], nlohmann::ordered_json::array());
  const std::string html = checkReportHtml(*report);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_NE(html.find("assets/&lt;script&gt;alert(1)&lt;/script&gt;.txt"), std::string::npos);
  EXPECT_NE(html.find("assets/a&amp;b&quot;.txt"), std::string::npos);
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(html.find("http"), std::string::npos);  // nothing fetched: no link, no font, no script
}

TEST(ApkBadInputTest, AnUnreadableDexIsThatTasksErrorAndTheRestRuns) {
  const auto dir = test::scratchDir("baddex");
  const std::string apk = (dir / "bad.apk").string();
  std::string dex = "dex\n035";
  dex.push_back('\0');
  dex += std::string(0x70 - dex.size(), '\xff');  // a header whose every offset and size is out of the file
  ASSERT_TRUE(
      test::writeZip(apk, {{"classes.dex", bytesOf(dex)}, {"a.txt", bytesOf("same")}, {"b.txt", bytesOf("same")}}));
  auto report = checkFiles({apk});
  ASSERT_TRUE(report.ok()) << report.status().toString();
  EXPECT_TRUE(report->partial());
  const TaskResult* methods = task(*report, "-countMethod");
  ASSERT_NE(methods, nullptr);
  EXPECT_TRUE(methods->error.starts_with("classes.dex: ")) << methods->error;
  EXPECT_NE(methods->error.find("byte offset"), std::string::npos) << methods->error;
  EXPECT_EQ(task(*report, "-manifest")->error, "the base APK has no AndroidManifest.xml");
  const TaskResult* dups = task(*report, "-duplicatedFile");
  EXPECT_EQ(dups->error, "");
  ASSERT_EQ(dups->fields["files"].size(), 1u);
  EXPECT_EQ(dups->fields["files"][0]["files"], nlohmann::ordered_json({"a.txt", "b.txt"}));
  // Every task still has its place in ApkChecker's array, the failed ones with "error".
  EXPECT_EQ(checkReportJson(*report).size(), 15u);
}

TEST(ApkBadInputTest, ACorruptManifestIsTheManifestTasksError) {
  const auto dir = test::scratchDir("badmanifest");
  const std::string apk = (dir / "bad.apk").string();
  // An XML chunk header claiming more bytes than the entry has.
  const std::string manifest("\x03\x00\x08\x00\x00\x10\x00\x00", 8);
  ASSERT_TRUE(test::writeZip(apk, {{"AndroidManifest.xml", bytesOf(manifest)}, {"lib/x86/a.so", bytesOf("x")}}));
  auto report = checkFiles({apk});
  ASSERT_TRUE(report.ok()) << report.status().toString();
  const std::string& error = task(*report, "-manifest")->error;
  EXPECT_TRUE(error.starts_with("AndroidManifest.xml: ")) << error;
  EXPECT_NE(error.find("(at byte offset "), std::string::npos) << error;
  EXPECT_FALSE(report->manifest);
  EXPECT_EQ(task(*report, "-checkMultiLibrary")->fields["lib-dirs"], nlohmann::ordered_json({"x86"}));
}

TEST(ApkBadInputTest, ACutApkStillListsWhatItHolds) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  const std::string bytes = test::readFile(apk);
  const auto dir = test::scratchDir("cut");
  const std::string cut = (dir / "cut.apk").string();
  ASSERT_TRUE(test::writeFile(cut, std::vector<uint8_t>(bytes.begin(), bytes.begin() + bytes.size() / 2)));
  auto report = checkFiles({cut});
  ASSERT_TRUE(report.ok()) << report.status().toString();
  const TaskResult* unzip = task(*report, "-unzip");
  EXPECT_GT(unzip->fields["entries"].size(), 10u);
  EXPECT_LT(unzip->fields["entries"].size(), 149u);
  EXPECT_NE(unzip->error, "");  // the zip reader's problems: no central directory
  EXPECT_NE(checkReportText(*report).find("error: "), std::string::npos);
}

TEST(ApkUnusedResourcesTest, MonochromeWithItsRTxt) {
  MXI_REQUIRE_FIXTURE(apk, "apk/monochrome-player_app-debug.apk");
  MXI_REQUIRE_FIXTURE(rTxt, "apk/monochrome-player_app-debug.R.txt");
  CheckOptions options;
  options.tasks = {{"-unusedResources", {}}};
  options.rTxtPath = rTxt.string();
  auto report = checkFiles({apk.string()}, options);
  ASSERT_TRUE(report.ok());
  const TaskResult& t = report->tasks[0];
  EXPECT_EQ(t.error, "");
  EXPECT_EQ(t.fields["declared-from"], "R.txt");
  const auto& unused = t.fields["unused-resources"];
  auto has = [&](const std::string& name) { return std::find(unused.begin(), unused.end(), name) != unused.end(); };
  // Exactly these ic_menu_* are unused (checked with aapt dump xmltree/resources and dexdump -d):
  // the template's values/drawables.xml aliases, and material's arrow-up icon, which only R
  // classes define and no code or XML refers to.
  std::set<std::string> menuIcons;
  for (const auto& name : unused) {
    if (name.get<std::string>().starts_with("R.drawable.ic_menu_")) menuIcons.insert(name);
  }
  EXPECT_EQ(menuIcons, (std::set<std::string>{"R.drawable.ic_menu_arrow_up_black_24dp", "R.drawable.ic_menu_manage",
                                              "R.drawable.ic_menu_send", "R.drawable.ic_menu_share"}));
  // Reached: the code's setContentView(activity_main) → its NavigationView's app:menu → each item's icon.
  for (const char* name : {"R.layout.activity_main", "R.menu.activity_main_drawer", "R.drawable.ic_menu_camera",
                           "R.drawable.ic_menu_gallery", "R.drawable.ic_menu_slideshow", "R.mipmap.ic_launcher"}) {
    EXPECT_FALSE(has(name)) << name;
  }

  options.rTxtPath.clear();
  auto fromTable = checkFiles({apk.string()}, options);
  ASSERT_TRUE(fromTable.ok());
  EXPECT_EQ(fromTable->tasks[0].fields["declared-from"], "resources.arsc");
}

}  // namespace
}  // namespace mxi::core::apkcheck
