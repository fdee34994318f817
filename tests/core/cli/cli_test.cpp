// The `mxi` executable as scripts use it: exit codes, error messages, the JSON contract.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "tests/support/archive_writer.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

struct CliRun {
  int exitCode;
  std::string out;
};

CliRun mxi(const std::string& args) {
  const std::string cmd = test::cliPath() + " " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  CliRun r{-1, ""};
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

TEST(CliTest, HelpOnEveryCommand) {
  for (const char* cmd : {"--help", "info --help", "histogram --help"}) {
    const CliRun r = mxi(cmd);
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
  }
  EXPECT_EQ(mxi("no-such-command").exitCode, 2);
}

TEST(CliTest, InfoJsonOnAnAndroidDump) {
  const auto dir = test::scratchDir("cli-info");
  ASSERT_TRUE(test::writeFile((dir / "a.hprof").string(), test::buildArtSample().bytes));
  const CliRun r = mxi("info -q --format json " + (dir / "a.hprof").string());
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "JAVA PROFILE 1.0.3");
  EXPECT_EQ(j["idSize"], 4);
  EXPECT_EQ(j["instances"], 8);
  EXPECT_EQ(j["objectArrays"], 1);
  EXPECT_EQ(j["primitiveArrays"], 7);
  EXPECT_EQ(j["classes"], 10);
  EXPECT_EQ(j["gcRoots"]["vm_internal"], 1);
  EXPECT_EQ(j["gcRoots"]["java_frame"], 1);
  EXPECT_EQ(j["gcRoots"].size(), 16u);
  EXPECT_EQ(j["heaps"].size(), 4u);
  EXPECT_EQ(j["heaps"][3]["name"], "app");
  EXPECT_EQ(j["heaps"][3]["objects"], 15);
  EXPECT_TRUE(j["timingsMs"].contains("total"));
}

TEST(CliTest, HistogramJsonWithHeapFilterAndTop) {
  const auto dir = test::scratchDir("cli-histogram");
  const auto file = (dir / "a.hprof").string();
  ASSERT_TRUE(test::writeFile(file, test::buildArtSample().bytes));
  const CliRun r = mxi("histogram -q --format json --heap app --top 3 " + file);
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["heap"], "app");
  EXPECT_EQ(j["totalCount"], 15);
  ASSERT_EQ(j["rows"].size(), 3u);
  // App heap: 3 Strings × 20 bytes, 4 byte[] of 12+6+16+4 bytes, 2 MainActivity × 18 bytes.
  const nlohmann::json expected = nlohmann::json::parse(R"([
      {"className": "java.lang.String", "count": 3, "shallowBytes": 60},
      {"className": "byte[]", "count": 4, "shallowBytes": 38},
      {"className": "com.example.MainActivity", "count": 2, "shallowBytes": 36}])");
  EXPECT_EQ(j["rows"], expected);

  const CliRun bad = mxi("histogram -q --heap nowhere " + file);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.out.find("no heap named 'nowhere'"), std::string::npos) << bad.out;
}

TEST(CliTest, BadInputExitsTwoNamingFileAndOffset) {
  const auto dir = test::scratchDir("cli-bad");
  auto bytes = test::buildArtSample().bytes;
  bytes.resize(bytes.size() - 7);
  const auto file = (dir / "cut.hprof").string();
  ASSERT_TRUE(test::writeFile(file, bytes));
  const CliRun r = mxi("info -q " + file);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.out.find(file), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("at byte offset"), std::string::npos) << r.out;
  EXPECT_EQ(mxi("info -q " + (dir / "missing.hprof").string()).exitCode, 2);
}

TEST(CliTest, RealJvmDumpCountsMatchTheFixtureTruth) {
  const std::string dumps = test::fixtureDumpDir();
  std::ifstream truthFile(dumps + "/android_heap.json");
  ASSERT_TRUE(truthFile) << "the jvm_fixture_dumps test makes " << dumps;
  const auto truth = nlohmann::json::parse(truthFile);
  const CliRun r = mxi("histogram -q --format json " + dumps + "/android_heap.hprof");
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, uint64_t> counts;
  for (const auto& row : j["rows"]) counts[row["className"]] = row["count"];
  for (const auto& [name, count] : truth["counts"].items()) EXPECT_EQ(counts[name], count.get<uint64_t>()) << name;
}

}  // namespace
}  // namespace mxi
