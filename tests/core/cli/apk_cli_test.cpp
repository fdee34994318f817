// `mxi apk check` and `mxi apk diff` on the shared fixture APKs: ApkChecker's JSON, its config
// file, the HTML file, the size gate's exit codes, and the messages for bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/archive_writer.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

namespace fs = std::filesystem;

constexpr int kBadInputExit = 2;
constexpr int kGrewTooMuchExit = 1;

void writeText(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(ApkCliTest, HelpListsApk) {
  const auto run = test::runMxi({"--help"});
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_NE(run.out.find("apk"), std::string::npos) << run.out;
}

TEST(ApkCliTest, CheckWritesApkCheckersTaskArray) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const auto run = test::runMxi({"apk", "check", apk.string(), "--format", "json"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  ASSERT_EQ(json.size(), 15u);
  EXPECT_EQ(json[6]["taskType"], 7);
  EXPECT_EQ(json[6]["multi-lib"], true);
  EXPECT_EQ(json[1]["manifest"]["package"], "org.dyndns.fules.ck");
  EXPECT_EQ(json[1]["manifest"]["android:versionName"], "v1.6pre2");
  for (const auto& t : json) {
    for (const char* key : {"taskType", "taskDescription", "start-time", "end-time"})
      EXPECT_TRUE(t.contains(key)) << key;
  }
}

TEST(ApkCliTest, TextNamesEachTasksVerdict) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  const auto run = test::runMxi({"apk", "check", apk.string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("-duplicatedFile (task 10): 3 groups of identical files, 12.3 KiB in the extra copies"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("763 B  res/drawable-land-mdpi/tray_line_normal.png"), std::string::npos) << run.out;
}

TEST(ApkCliTest, ConfigFileRunsOnlyItsTasks) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const fs::path dir = test::scratchDir("config");
  writeText(dir / "config.json", R"({"--apk":")" + apk.string() +
                                     R"(","options":[{"name":"-checkMultiLibrary"},{"name":"-duplicatedFile"}]})");
  const auto run = test::runMxi({"apk", "check", "--config", (dir / "config.json").string(), "--format", "json"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  ASSERT_EQ(json.size(), 2u);
  EXPECT_EQ(json[0]["taskType"], 7);
  EXPECT_EQ(json[1]["taskType"], 10);

  writeText(dir / "bad.json", R"({"options":[{"name":"-countMethods"}]})");
  const auto bad = test::runMxi({"apk", "check", apk.string(), "--config", (dir / "bad.json").string()});
  EXPECT_EQ(bad.exitCode, kBadInputExit);
  EXPECT_NE(bad.err.find("unknown ApkChecker task name in \"options\": \"-countMethods\""), std::string::npos)
      << bad.err;
}

TEST(ApkCliTest, HtmlToAFile) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  const fs::path out = test::scratchDir("html") / "report.html";
  const auto run = test::runMxi({"apk", "check", apk.string(), "--format", "html", "-o", out.string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out, "");
  const std::string html = test::readFile(out);
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_NE(html.find("resources obfuscated: an r/ folder (AndResGuard)"), std::string::npos);
}

TEST(ApkCliTest, NotAnApkIsBadInput) {
  const fs::path file = test::scratchDir("bad") / "not.apk";
  writeText(file, "this is not a zip archive");
  const auto run = test::runMxi({"apk", "check", file.string()});
  EXPECT_EQ(run.exitCode, kBadInputExit);
  EXPECT_NE(run.err.find("mxi: apk check: " + file.string()), std::string::npos) << run.err;
}

TEST(ApkCliTest, AnUnreadablePartIsNamedAndTheReportStillWritten) {
  const fs::path apk = test::scratchDir("baddex") / "bad.apk";
  std::string dex = "dex\n035";
  dex.push_back('\0');
  dex += std::string(0x70 - dex.size(), '\xff');
  ASSERT_TRUE(test::writeZip(apk.string(), {{"classes.dex", std::vector<uint8_t>(dex.begin(), dex.end())}}));
  const auto run = test::runMxi({"apk", "check", apk.string(), "--format", "json"});
  EXPECT_EQ(run.exitCode, kBadInputExit);
  EXPECT_EQ(nlohmann::json::parse(run.out).size(), 15u);
  EXPECT_NE(run.err.find("mxi: apk check: -countMethod: classes.dex: "), std::string::npos) << run.err;
}

TEST(ApkCliTest, DiffAndItsSizeGate) {
  MXI_REQUIRE_FIXTURE(small, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  MXI_REQUIRE_FIXTURE(large, "apk/androguard_com.teleca.jamendo_35.apk");
  const auto json = test::runMxi({"apk", "diff", small.string(), large.string(), "--format", "json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto diff = nlohmann::json::parse(json.out);
  EXPECT_EQ(diff["totals"]["downloadGrowth"], 426386 - 132453);
  EXPECT_EQ(diff["files"].size(), 145u + 38u + 4u);

  // 293933 bytes more to download: over a 1000-byte budget, within a 300000-byte one.
  const auto over = test::runMxi({"apk", "diff", small.string(), large.string(), "--fail-on-growth", "1000"});
  EXPECT_EQ(over.exitCode, kGrewTooMuchExit);
  EXPECT_NE(over.err.find("mxi: apk diff: the download size grew by 293933 bytes, more than --fail-on-growth 1000"),
            std::string::npos)
      << over.err;
  EXPECT_EQ(test::runMxi({"apk", "diff", small.string(), large.string(), "--fail-on-growth", "300000"}).exitCode, 0);
  // Shrinking never fails the gate.
  EXPECT_EQ(test::runMxi({"apk", "diff", large.string(), small.string(), "--fail-on-growth", "0"}).exitCode, 0);
}

}  // namespace
}  // namespace mxi
