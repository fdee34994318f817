// `mxi parse meminfo` as scripts and people use it: the JSON contract (absent values omitted, never
// 0), the text view, several processes, stdin, problems on stderr and the exit codes.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

using nlohmann::json;

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
    out.push_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  if (from < text.size()) out.push_back(text.substr(from));
  return out;
}

TEST(MeminfoCliTest, ListedInParseHelp) {
  const test::ProgramRun help = test::runMxi({"parse", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("meminfo"), std::string::npos) << help.out;
  const test::ProgramRun own = test::runMxi({"parse", "meminfo", "--help"});
  EXPECT_EQ(own.exitCode, 0);
  EXPECT_NE(own.out.find("--format"), std::string::npos) << own.out;
}

// Android 6.0: App Summary and Objects, every value; no Rss anywhere, so no totalRssKb; no WebViews line.
TEST(MeminfoCliTest, JsonOfAndroid60) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android6.0.txt");
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const json j = json::parse(r.out);
  ASSERT_EQ(j["processes"].size(), 1u);
  const json& p = j["processes"][0];
  EXPECT_EQ(p["pid"], 22861);
  EXPECT_EQ(p["package"], "com.sample.package");
  EXPECT_EQ(p["summary"], json::parse(R"({"javaHeapKb":17976,"nativeHeapKb":24240,"codeKb":33748,"stackKb":1316,
      "graphicsKb":40829,"privateOtherKb":17932,"systemKb":9950,"totalPssKb":145991,"totalSwapKb":22236})"));
  EXPECT_EQ(p["objects"], json::parse(R"({"views":553,"viewRootImpl":1,"appContexts":2,"activities":1,"assets":5,
      "assetManagers":2,"localBinders":37,"proxyBinders":29,"parcelMemoryKb":11,"parcelCount":46,"deathRecipients":2,
      "openSslSockets":10})"));
  ASSERT_EQ(p["rows"].size(), 17u);
  EXPECT_EQ(p["rows"][0], json::parse(R"({"name":"Native Heap","Pss Total":24501,"Private Dirty":24240,
      "Private Clean":0,"Swapped Dirty":13968,"Heap Size":60416,"Heap Alloc":56957,"Heap Free":3458})"));
  EXPECT_EQ(p["rows"][2], json::parse(R"({"name":"Dalvik Other","Pss Total":14130,"Private Dirty":14108,
      "Private Clean":0,"Swapped Dirty":5072})"));  // blank heap cells: no keys
  EXPECT_EQ(p["rows"][16]["name"], "TOTAL");
  EXPECT_EQ(p["rows"][16]["Pss Total"], 145991);
  EXPECT_EQ(j["problems"], json::array());
}

// Android 4.3: no App Summary: only the total PSS (from the TOTAL row) is in the summary.
TEST(MeminfoCliTest, JsonOfAndroid43OmitsWhatTheLayoutLacks) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android4.3.txt");
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const json p = json::parse(r.out)["processes"][0];
  EXPECT_EQ(p["summary"], json::parse(R"({"totalPssKb":28929})"));
  EXPECT_EQ(p["objects"], json::parse(R"({"views":115,"viewRootImpl":1,"appContexts":6,"activities":1,"assets":6,
      "assetManagers":6,"localBinders":15,"proxyBinders":23,"deathRecipients":0,"openSslSockets":3})"));
  EXPECT_EQ(p["rows"][2], json::parse(R"({"name":"Cursor","Pss":0,"Shared Dirty":0,"Private Dirty":0})"));
  EXPECT_EQ(p["rows"][12], json::parse(R"({"name":"TOTAL","Pss":28929,"Shared Dirty":7308,"Private Dirty":25960,
      "Heap Size":24684,"Heap Alloc":15381,"Heap Free":6342})"));
}

// Two captures in one file (read from stdin): two processes, in order.
TEST(MeminfoCliTest, TwoProcessesFromStdin) {
  MXI_REQUIRE_FIXTURE(a, "meminfo/notes_demo_android9or10.txt");
  MXI_REQUIRE_FIXTURE(b, "meminfo/itkxl_settings_rssformat.txt");
  const auto both = test::scratchDir("meminfo-cli-stdin") / "both.txt";
  std::ofstream(both) << test::readText(a) << test::readText(b);
  test::RunOptions options;
  options.stdinFile = both;
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", "--format", "json", "-"}, options);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["processes"].size(), 2u);
  EXPECT_EQ(j["processes"][0]["pid"], 21024);
  EXPECT_EQ(j["processes"][0]["summary"]["totalSwapKb"], 44);
  EXPECT_EQ(j["processes"][1]["pid"], 5865);
  EXPECT_EQ(j["processes"][1]["summary"], json::parse(R"({"javaHeapKb":592,"nativeHeapKb":696,"codeKb":15688,
      "stackKb":372,"graphicsKb":0,"privateOtherKb":856,"systemKb":78150,"totalPssKb":96354,"totalRssKb":181492,
      "totalSwapKb":68605})"));
  EXPECT_EQ(j["processes"][1]["objects"]["activities"], 8);
  EXPECT_EQ(j["processes"][1]["objects"]["webViews"], 0);
  EXPECT_FALSE(j["processes"][1]["objects"].contains("openSslSockets"));
}

TEST(MeminfoCliTest, TextOfAndroid13) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/itkxl_settings_rssformat.txt");
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::vector<std::string> lines = linesOf(r.out);
  ASSERT_EQ(lines.size(), 27u) << r.out;
  EXPECT_EQ(
      std::vector<std::string>(lines.begin(), lines.begin() + 11),
      (std::vector<std::string>{
          "pid 5865  com.android.settings",
          "  summary (kB)  Java Heap 592  Native Heap 696  Code 15688  Stack 372",
          "                Graphics 0  Private Other 856  System 78150",
          "  totals (kB)   PSS 96354  RSS 181492  swap 68605",
          "  objects       Views 819  ViewRootImpl 4  AppContexts 28  Activities 8",
          "                Assets 38  AssetManagers 0  Local Binders 68  Proxy Binders 117",
          "                Parcel memory (kB) 6196  Parcel count 200  Death Recipients 4  WebViews 0",
          "  table (kB)",
          "                Pss Total  Private Dirty  Private Clean  SwapPss Dirty  Rss Total  Heap Size  Heap Alloc  "
          "Heap Free",
          "   Native Heap        737            696              0          37029       3608      56748       "
          "34496      17629",
          "   Dalvik Heap        509            376              0          25311       7424      50963       "
          "12741      38222",
      }));
  EXPECT_EQ(lines[11], "  Dalvik Other       1350            144              0           3268       3084");
  EXPECT_EQ(lines[24],
            "         TOTAL      96354           2016          16188          68605     181492     107711      "
            " 47237      55851");
  EXPECT_EQ(lines[25], "");
  EXPECT_EQ(lines[26], "1 process(es), 0 problem(s)");
}

// Android 4.4 as text: no summary line (no App Summary), the total PSS from the table.
TEST(MeminfoCliTest, TextOfAndroid44) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android4.4.txt");
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::vector<std::string> lines = linesOf(r.out);
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(std::vector<std::string>(lines.begin(), lines.begin() + 5),
            (std::vector<std::string>{
                "pid 30125  com.sample.package",
                "  totals (kB)   PSS 44563",
                "  objects       Views 690  ViewRootImpl 1  AppContexts 3  Activities 1",
                "                Assets 4  AssetManagers 4  Local Binders 15  Proxy Binders 23",
                "                Death Recipients 1  OpenSSL Sockets 7",
            }));
}

// A damaged capture: the problems go to stderr with file, line and offset; what was read is printed.
TEST(MeminfoCliTest, ProblemsOnStderr) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android6.0.txt");
  std::string text = test::readText(path);
  text.replace(text.find("Views:      553"), 15, "Views:      5x3");
  const auto damaged = test::scratchDir("meminfo-cli-damaged") / "damaged.txt";
  std::ofstream(damaged) << text;
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", "--format", "json", damaged.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const size_t offset = text.find("               Views:");
  EXPECT_EQ(r.err, "mxi: " + damaged.string() + " line 40 (at byte offset " + std::to_string(offset) +
                       "): Objects \"Views\": \"5x3\" is not a number\n");
  const json j = json::parse(r.out);
  EXPECT_EQ(j["problems"], json::parse(R"([{"line":40,"offset":)" + std::to_string(offset) +
                                       R"(,"message":"Objects \"Views\": \"5x3\" is not a number"}])"));
  EXPECT_FALSE(j["processes"][0]["objects"].contains("views"));
  EXPECT_EQ(j["processes"][0]["objects"]["viewRootImpl"], 1);
}

// Not meminfo output, or no file: exit code 2 with the reason.
TEST(MeminfoCliTest, NothingParsedOrNoFileExitsTwo) {
  const auto junk = test::scratchDir("meminfo-cli-junk") / "junk.txt";
  std::ofstream(junk) << "Total PSS by process:\n    120,334K: system (pid 812)\n";
  const test::ProgramRun r = test::runMxi({"parse", "meminfo", junk.string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.out, "0 process(es), 1 problem(s)\n");
  EXPECT_EQ(r.err, "mxi: " + junk.string() +
                       " line 1 (at byte offset 0): no \"** MEMINFO in pid N [name] **\" block: not dumpsys meminfo "
                       "output\nmxi: parse meminfo: " +
                       junk.string() + ": no \"** MEMINFO in pid N [name] **\" block found\n");
  const test::ProgramRun missing = test::runMxi({"parse", "meminfo", "/nonexistent/meminfo.txt"});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_EQ(missing.err, "mxi: parse meminfo: no such file: /nonexistent/meminfo.txt\n");
}

}  // namespace
}  // namespace mxi
