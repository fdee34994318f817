// Issue 44 from the phone: `mxi apk pull --package P` through the real adb server from
// mxi-device-sim, whose `pm path` lists an app's base APK and splits (tests/device-sim/tools/
// sim_apks.h). The demo phone's app has its generated APK (tools/demo_apk.h); MXI_SIM_APKS
// installs the shared reference APKs as an app with a split.
#include <gtest/gtest.h>
#include <zip.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "tests/agent/e2e_support.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDemoApp = "com.example.mxi.demo";
// Where Android keeps an app: /data/app/~~RANDOM==/PACKAGE-RANDOM==/, 22 URL-safe base64 characters each.
const std::string kInstallDir = "/data/app/~~[A-Za-z0-9_-]{22}==/";

// The simulator's setting `key` as its sandbox's etc/mxi-sim.env has it.
std::string simSetting(const fs::path& root, const std::string& key) {
  std::ifstream in(root / "etc" / "mxi-sim.env");
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with(key + "=")) return line.substr(key.size() + 1);
  }
  return {};
}

// "NAME stored|deflated" for each entry of a zip, in its central directory's order.
std::vector<std::string> zipEntries(const fs::path& path) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY, &err);
  if (zip == nullptr) return {"cannot open: libzip error " + std::to_string(err)};
  std::vector<std::string> out;
  for (zip_int64_t i = 0; i < zip_get_num_entries(zip, 0); ++i) {
    zip_stat_t st;
    zip_stat_index(zip, static_cast<zip_uint64_t>(i), 0, &st);
    out.push_back(std::string(st.name) + (st.comp_method == ZIP_CM_STORE ? " stored" : " deflated"));
  }
  zip_close(zip);
  return out;
}

// One entry's bytes ("" when absent).
std::string zipEntry(const fs::path& path, const std::string& name) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY, &err);
  if (zip == nullptr) return {};
  std::string out;
  zip_stat_t st;
  if (zip_stat(zip, name.c_str(), 0, &st) == 0) {
    if (zip_file_t* f = zip_fopen(zip, name.c_str(), 0)) {
      out.resize(st.size);
      out.resize(static_cast<size_t>(std::max<zip_int64_t>(0, zip_fread(f, out.data(), st.size))));
      zip_fclose(f);
    }
  }
  zip_close(zip);
  return out;
}

class ApkPullTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(adbAvailable()) << "Debian's adb is needed";
    ASSERT_TRUE(m_adb.started());
  }
  // A phone with `extra` simulator arguments, connected to the private adb server.
  std::unique_ptr<SimProcess> phone(const std::string& name, std::vector<std::string> extra) {
    extra.insert(extra.end(), {"--android-tool", build::androidTool()});
    auto sim = std::make_unique<SimProcess>(extra, scratchDir("apk_pull_" + name) / "root");
    EXPECT_TRUE(sim->started() && m_adb.connect(*sim)) << sim->log();
    return sim;
  }
  ProgramRun mxi(const SimProcess& sim, std::vector<std::string> args) {
    return runMxi(std::move(args), RunOptions().withEnv(mxiEnvironment(m_adb.environment(), sim.hostPort(), "")));
  }
  PrivateAdbServer m_adb;
};

TEST_F(ApkPullTest, TheDemoAppsApkComesWholeWithItsPlantedEntries) {
  const auto sim = phone("demo", {"--demo"});
  const fs::path generated = simSetting(sim->root(), "MXI_SIM_DEMO_APK");
  ASSERT_TRUE(fs::is_regular_file(generated)) << "MXI_SIM_DEMO_APK=" << generated;
  const fs::path out = scratchDir("apk_pull_out_demo") / "pulled";
  const ProgramRun r = mxi(*sim, {"apk", "pull", "--package", kDemoApp, "-o", out.string(), "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["package"], kDemoApp);
  ASSERT_EQ(j["files"].size(), 1u) << j.dump(1);
  EXPECT_EQ(j["files"][0]["path"], (out / "base.apk").string());
  EXPECT_TRUE(std::regex_match(j["files"][0]["devicePath"].get<std::string>(),
                               std::regex(kInstallDir + "com\\.example\\.mxi\\.demo-[A-Za-z0-9_-]{22}==/base\\.apk")))
      << j.dump(1);
  EXPECT_EQ(j["files"][0]["bytes"], fs::file_size(generated));
  EXPECT_EQ(readFile(out / "base.apk"), readFile(generated));
  EXPECT_EQ(zipEntries(out / "base.apk"), (std::vector<std::string>{
                                              "AndroidManifest.xml deflated",
                                              "classes.dex deflated",
                                              "res/mipmap-xxhdpi-v4/ic_launcher.png deflated",
                                              "res/drawable-xhdpi-v4/ic_banner.png deflated",
                                              "res/drawable-xxhdpi-v4/ic_banner.png deflated",
                                              "res/drawable-xxhdpi-v4/photo_header.png deflated",
                                              "res/drawable-xhdpi-v4/bg_gradient.png deflated",
                                              "assets/catalog.json deflated",
                                              "assets/licenses/unused_notice.txt deflated",
                                              "assets/dict/words.dict stored",
                                              "lib/arm64-v8a/libmxidemo.so deflated",
                                              "lib/armeabi-v7a/libmxidemo.so deflated",
                                              "META-INF/MANIFEST.MF deflated",
                                          }));
  // The planted problems (tests/device-sim/README.md): PNG colour types (IHDR's byte 25: 2 RGB,
  // 6 RGBA), the duplicate pair, one library with a symbol table and its stripped copy.
  const fs::path apk = out / "base.apk";
  auto colourType = [&](const std::string& name) {
    const std::string png = zipEntry(apk, name);
    return png.size() > 25 && png.starts_with("\x89PNG") ? static_cast<int>(png[25]) : -1;
  };
  EXPECT_EQ(colourType("res/drawable-xxhdpi-v4/photo_header.png"), 2);
  EXPECT_EQ(colourType("res/drawable-xhdpi-v4/bg_gradient.png"), 2);
  EXPECT_EQ(colourType("res/drawable-xhdpi-v4/ic_banner.png"), 6);
  EXPECT_EQ(colourType("res/mipmap-xxhdpi-v4/ic_launcher.png"), 6);
  EXPECT_EQ(zipEntry(apk, "res/drawable-xhdpi-v4/ic_banner.png"),
            zipEntry(apk, "res/drawable-xxhdpi-v4/ic_banner.png"));
  const std::string unstripped = zipEntry(apk, "lib/arm64-v8a/libmxidemo.so");
  const std::string stripped = zipEntry(apk, "lib/armeabi-v7a/libmxidemo.so");
  EXPECT_TRUE(unstripped.starts_with("\x7f"
                                     "ELF") &&
              stripped.starts_with("\x7f"
                                   "ELF"));
  EXPECT_NE(unstripped.find(std::string(".symtab\0", 8)), std::string::npos);
  EXPECT_EQ(stripped.find(std::string(".symtab\0", 8)), std::string::npos);
  EXPECT_EQ(zipEntry(apk, "assets/dict/words.dict").size(), 256u * 1024);
  // The dex's header: magic, and its file size (little-endian at 32) as the entry's.
  const std::string dex = zipEntry(apk, "classes.dex");
  ASSERT_GE(dex.size(), 0x70u);
  EXPECT_EQ(dex.substr(0, 8), std::string("dex\n035\0", 8));
  EXPECT_EQ(static_cast<size_t>(static_cast<uint8_t>(dex[32]) | static_cast<uint8_t>(dex[33]) << 8), dex.size());
}

// `mxi apk check --package`: the app's APKs pulled into a scratch folder and checked there; the
// demo app's planted problems each found by its ApkChecker task, and the scratch folder gone.
TEST_F(ApkPullTest, CheckingTheDemoAppOnThePhoneFindsEachPlantedProblem) {
  const auto sim = phone("check", {"--demo"});
  const ProgramRun r = mxi(*sim, {"apk", "check", "--package", kDemoApp, "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  const auto tasks = nlohmann::json::parse(r.out);
  ASSERT_EQ(tasks.size(), 15u);
  auto task = [&](int type) { return tasks[static_cast<size_t>(type - 1)]; };
  for (int type = 1; type <= 15; ++type) EXPECT_EQ(task(type)["taskType"], type);
  EXPECT_EQ(task(2)["manifest"]["package"], kDemoApp) << task(2).dump(1);
  EXPECT_EQ(task(6)["files"], nlohmann::json::parse(R"([{"entry-name":"res/drawable-xxhdpi-v4/photo_header.png",)"
                                                    R"("entry-size":6935},{"entry-name":)"
                                                    R"("res/drawable-xhdpi-v4/bg_gradient.png","entry-size":4237}])"));
  EXPECT_EQ(task(7)["lib-dirs"], nlohmann::json::parse(R"(["arm64-v8a","armeabi-v7a"])"));
  EXPECT_EQ(task(8)["files"], nlohmann::json::parse(R"([{"suffix":"dict","total-size":262144}])"));
  ASSERT_EQ(task(10)["files"].size(), 1u);
  EXPECT_EQ(task(10)["files"][0]["files"],
            nlohmann::json::parse(R"(["res/drawable-xhdpi-v4/ic_banner.png","res/drawable-xxhdpi-v4/ic_banner.png"])"));
  EXPECT_EQ(task(13)["unused-assets"],
            nlohmann::json::parse(R"(["assets/licenses/unused_notice.txt","assets/dict/words.dict"])"));
  EXPECT_EQ(task(14)["unstripped-lib"], nlohmann::json::parse(R"(["lib/arm64-v8a/libmxidemo.so"])"));
  // Nothing of the pull is left behind.
  for (const auto& e : fs::directory_iterator(fs::temp_directory_path())) {
    EXPECT_FALSE(e.path().filename().string().starts_with("mxi-apk-") && fs::exists(e.path() / "base.apk") &&
                 fs::file_size(e.path() / "base.apk") == 293389u)
        << e.path();
  }
}

TEST_F(ApkPullTest, AnAppWithASplitComesAsBaseAndSplitWithTheirBytes) {
  MXI_REQUIRE_FIXTURE(base, "apk/monochrome-player_app-debug.apk");
  MXI_REQUIRE_FIXTURE(split, "apk/apktool_issue1170_andresguard.apk");
  const std::string package = "io.github.mxi.splitapp";
  const auto sim =
      phone("split", {"--tools", "--env", "MXI_SIM_APKS=" + package + "=" + base.string() + ":" + split.string()});
  // The real adb reads the same listing and files.
  const ProgramRun listed = m_adb.adb({"-s", sim->hostPort(), "shell", "pm", "path", "--user", "0", package});
  ASSERT_EQ(listed.exitCode, 0) << listed.err;
  EXPECT_TRUE(std::regex_match(listed.out, std::regex("package:(" + kInstallDir +
                                                      "io\\.github\\.mxi\\.splitapp-[A-Za-z0-9_-]{22}==/)base\\.apk\n"
                                                      "package:\\1split_apktool_issue1170_andresguard\\.apk\n")))
      << listed.out;

  const fs::path out = scratchDir("apk_pull_out_split") / "app";
  const ProgramRun r = mxi(*sim, {"apk", "pull", "--package", package, "-o", out.string()});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(r.out, package + ": 2 APK files pulled into " + out.string() + "\n  " + (out / "base.apk").string() +
                       "  2699789 bytes\n  " + (out / "split_apktool_issue1170_andresguard.apk").string() +
                       "  31019 bytes\n");
  // PROVENANCE.md's sha256 of each.
  EXPECT_EQ(sha256File(out / "base.apk"), "2ec93b6b4ab10dcc01e57113fb46764f5997405f87e77f5dbd133034b1c89dc6");
  EXPECT_EQ(sha256File(out / "split_apktool_issue1170_andresguard.apk"),
            "551d80f4ce27a3dd0ea0807742d0351ebcd27a16c9b92784e098ec11179487f7");
  EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator()), 2);
}

TEST_F(ApkPullTest, AnUnknownPackageIsNamedWithTheClosestInstalledOnes) {
  const auto sim = phone("unknown", {"--demo"});
  // What a phone's pm says: nothing, exit 1.
  const ProgramRun pm = m_adb.adb({"-s", sim->hostPort(), "shell", "pm", "path", "com.example.mxi.dem"});
  EXPECT_EQ(pm.exitCode, 1);
  EXPECT_EQ(pm.out, "");
  const fs::path out = scratchDir("apk_pull_out_unknown") / "app";
  const ProgramRun r = mxi(*sim, {"apk", "pull", "--package", "com.example.mxi.dem", "-o", out.string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.out + r.err,
            "mxi: apk pull: com.example.mxi.dem is not installed on the device (installed packages with similar "
            "names: com.example.mxi.demo)\n");
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ApkPullTest, ACutPullLeavesNoPartialFileAndSaysHowFarItCame) {
  const auto sim = phone("cut", {"--demo", "--drop-after-pull-bytes", "100000"});
  const fs::path generated = simSetting(sim->root(), "MXI_SIM_DEMO_APK");
  const fs::path out = scratchDir("apk_pull_out_cut") / "app";
  const ProgramRun r = mxi(*sim, {"apk", "pull", "--package", kDemoApp, "-o", out.string()});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  std::smatch m;
  const std::string said = r.out + r.err;
  ASSERT_TRUE(
      std::regex_search(said, m,
                        std::regex("^mxi: apk pull: base\\.apk: pull cut after ([0-9]+) of " +
                                   std::to_string(fs::file_size(generated)) + " bytes, nothing of it kept \\(")))
      << said;
  EXPECT_LT(std::stoull(m[1]), fs::file_size(generated));
  EXPECT_TRUE(fs::is_directory(out));
  EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator()), 0);
}

}  // namespace
}  // namespace mxi::test
