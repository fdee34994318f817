// `mxi parse issues|anr|trace|strictmode --mapping`: a minified app's Matrix issues, ANR dump,
// method trace and StrictMode report named back through its R8 mapping, in text and JSON, and the
// mapping files sniffed (methodMapping.txt vs mapping.txt) and their errors reported.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/support/method_trace_writer.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

constexpr const char* kMapping =
    "# compiler: R8\n"
    "# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}\n"
    "com.example.shop.CartActivity -> a.a:\n"
    "# {\"id\":\"sourceFile\",\"fileName\":\"CartActivity.kt\"}\n"
    "    1:3:void onCreate(android.os.Bundle):20:22 -> onCreate\n"
    "    4:4:long com.example.shop.Prices.total(java.util.List):57:57 -> onCreate\n"
    "    4:4:void onCreate(android.os.Bundle):23 -> onCreate\n"
    "com.example.Slow -> a.b:\n"
    "    void work() -> c\n"
    "com.example.shop.CartLock -> a.c:\n"
    "com.example.shop.CartStore -> a.d:\n"
    "    java.io.FileInputStream input -> a\n"
    "    1:2:void save():40:41 -> a\n";

std::string write(const std::filesystem::path& p, std::string_view text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

class MappingCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = test::scratchDir("cli-mapping");
    m_mapping = write(m_dir / "mapping.txt", kMapping);
  }
  std::filesystem::path m_dir;
  std::string m_mapping;
};

TEST_F(MappingCliTest, IssuesThreadStackAndSceneInTextAndJson) {
  const std::string issues = write(
      m_dir / "issues.jsonl",
      "{\"tag\":\"Trace_EvilMethod\",\"detail\":\"LAG\",\"cost\":3000,\"scene\":\"a.a\",\"process\":\"com.example."
      "shop\","
      "\"threadStack\":\"a.a.onCreate(SourceFile:4)\\nandroid.app.Activity.performCreate(Activity.java:8000)\\n\"}\n");
  const auto text = test::runMxi({"parse", "issues", "--mapping", m_mapping, issues});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("scene com.example.shop.CartActivity"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  com.example.shop.Prices.total(Prices.java:57)\n"
                          "  com.example.shop.CartActivity.onCreate(CartActivity.kt:23)\n"
                          "  android.app.Activity.performCreate(Activity.java:8000)\n"),
            std::string::npos)
      << text.out;
  const auto json = test::runMxi({"parse", "issues", "--format", "json", "--mapping", m_mapping, issues});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["issues"][0]["scene"], "com.example.shop.CartActivity");
  EXPECT_EQ(j["issues"][0]["threadStack"],
            "com.example.shop.Prices.total(Prices.java:57)\n"
            "com.example.shop.CartActivity.onCreate(CartActivity.kt:23)\n"
            "android.app.Activity.performCreate(Activity.java:8000)\n");
  EXPECT_EQ(j["mappings"]["r8"]["file"], m_mapping);
  EXPECT_EQ(j["mappings"]["r8"]["classes"], 4);
  EXPECT_EQ(j["mappings"]["r8"]["version"], "2.2");
  EXPECT_EQ(j["mappings"]["r8"]["fingerprint"].get<std::string>().size(), 16u);
  EXPECT_EQ(j["mappings"]["methodMapping"], nlohmann::json::array());
  // Without a mapping the JSON has no "mappings" key and the names stay minified.
  const auto plain = nlohmann::json::parse(test::runMxi({"parse", "issues", "--format", "json", issues}).out);
  EXPECT_FALSE(plain.contains("mappings"));
  EXPECT_EQ(plain["issues"][0]["scene"], "a.a");
}

// Both kinds at once, in either order: the methodMapping names the call tree's method ids, its
// minified names go through the R8 mapping; `--proguard` is the same option.
TEST_F(MappingCliTest, IssuesMethodMappingAndR8Together) {
  const std::string methods = write(m_dir / "methodMapping.txt", "96,1,a.d a ()V\n");
  const std::string issues = write(m_dir / "evil.jsonl",
                                   "{\"tag\":\"Trace_EvilMethod\",\"detail\":\"NORMAL\",\"cost\":800,\"scene\":\"a.a\","
                                   "\"stack\":\"0,1048574,1,800\\n1,96,1,700\\n\",\"stackKey\":\"96|\"}\n");
  for (const auto& args : {std::vector<std::string>{"--mapping", methods, "--mapping", m_mapping},
                           std::vector<std::string>{"--proguard", m_mapping, "--mapping", methods}}) {
    std::vector<std::string> cmd{"parse", "issues", "--format", "json"};
    cmd.insert(cmd.end(), args.begin(), args.end());
    cmd.push_back(issues);
    const auto r = test::runMxi(cmd);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["issues"][0]["callTree"]["children"][0]["name"], "com.example.shop.CartStore.save()V");
    EXPECT_EQ(j["mappings"]["methodMapping"], nlohmann::json::array({methods}));
  }
}

TEST_F(MappingCliTest, AnrFramesAndLocksInTextAndJson) {
  const std::string anr = write(m_dir / "traces.txt",
                                "----- pid 4321 at 2024-05-01 10:00:00 -----\n"
                                "Cmd line: com.example.shop\n"
                                "\n"
                                "\"main\" prio=5 tid=1 Blocked\n"
                                "  | group=\"main\" sCount=1 dsCount=0 flags=1 obj=0x72e3a5c8 self=0x7b1c214c00\n"
                                "  at a.d.a(SourceFile:2)\n"
                                "  - waiting to lock <0x0e4f1a2b> (a a.c) held by thread 12\n"
                                "  at a.a.onCreate(SourceFile:4)\n"
                                "\n"
                                "\"worker\" prio=5 tid=12 Sleeping\n"
                                "  at java.lang.Thread.sleep(Native method)\n"
                                "  - locked <0x0e4f1a2b> (a a.c)\n"
                                "  at a.d.a(SourceFile:1)\n"
                                "\n"
                                "----- end 4321 -----\n");
  const auto text = test::runMxi({"parse", "anr", "--mapping", m_mapping, anr});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("  at com.example.shop.CartStore.save(CartStore.java:41)\n"
                          "  at com.example.shop.Prices.total(Prices.java:57)\n"
                          "  at com.example.shop.CartActivity.onCreate(CartActivity.kt:23)\n"
                          "  waiting to lock <0x0e4f1a2b> (com.example.shop.CartLock) held by thread 12\n"),
            std::string::npos)
      << text.out;
  const auto json = test::runMxi({"parse", "anr", "--format", "json", "--mapping", m_mapping, anr});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  const auto& main = j["processes"][0]["threads"][0];
  EXPECT_EQ(main["frames"], nlohmann::json::array({"com.example.shop.CartStore.save(CartStore.java:41)",
                                                   "com.example.shop.Prices.total(Prices.java:57)",
                                                   "com.example.shop.CartActivity.onCreate(CartActivity.kt:23)"}));
  EXPECT_EQ(main["waitingToLock"]["lockClass"], "com.example.shop.CartLock");
  EXPECT_EQ(j["processes"][0]["threads"][1]["frames"][1], "com.example.shop.CartStore.save(CartStore.java:40)");
  EXPECT_EQ(j["mappings"]["r8"]["classes"], 4);
}

TEST_F(MappingCliTest, TraceMethodsInTextAndJsonWithProguardAlias) {
  const std::string trace = write(m_dir / "slow.trace", test::obfuscatedSlowDispatch().classic());
  for (const char* option : {"--mapping", "--proguard"}) {
    const auto text = test::runMxi({"parse", "trace", option, m_mapping, trace});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("com.example.Slow.work()V"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("a.b.c"), std::string::npos) << text.out;
    const auto json = test::runMxi({"parse", "trace", "--format", "json", option, m_mapping, trace});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out);
    EXPECT_EQ(j["issues"][0]["callTree"]["children"][0]["name"], "com.example.Slow.work()V");
    EXPECT_EQ(j["mappings"]["r8"]["file"], m_mapping);
  }
}

TEST_F(MappingCliTest, StrictModeStackAndResourceInTextAndJson) {
  const std::string report = write(
      m_dir / "strictmode.txt",
      "11-26 10:00:00.000  4321  4321 D StrictMode: StrictMode policy violation; ~duration=120 ms: "
      "android.os.strictmode.DiskReadViolation\n"
      "11-26 10:00:00.000  4321  4321 D StrictMode: \tat android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk"
      "(StrictMode.java:1596)\n"
      "11-26 10:00:00.000  4321  4321 D StrictMode: \tat a.d.a(SourceFile:2)\n"
      "11-26 10:00:00.000  4321  4321 D StrictMode: \tat a.a.onCreate(SourceFile:1)\n"
      "11-26 10:00:00.000  4321  4321 D StrictMode: \tat android.os.Looper.loop(Looper.java:223)\n");
  const auto text = test::runMxi({"parse", "strictmode", "--mapping", m_mapping, report});
  ASSERT_EQ(text.exitCode, 0) << text.err << text.out;
  EXPECT_NE(text.out.find("    at com.example.shop.CartStore.save(CartStore.java:41)\n"
                          "    at com.example.shop.CartActivity.onCreate(CartActivity.kt:20)\n"),
            std::string::npos)
      << text.out;
  const auto json = test::runMxi({"parse", "strictmode", "--format", "json", "--mapping", m_mapping, report});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["violations"][0]["stack"][1], "com.example.shop.CartStore.save(CartStore.java:41)");
  EXPECT_EQ(j["violations"][0]["stack"][2], "com.example.shop.CartActivity.onCreate(CartActivity.kt:20)");
  EXPECT_EQ(j["mappings"]["r8"]["version"], "2.2");
}

TEST_F(MappingCliTest, MappingErrorsAreBadInputNamingTheFile) {
  const std::string issues = write(m_dir / "one.jsonl", "{\"tag\":\"Trace_FPS\",\"scene\":\"a.a\",\"fps\":55.5}\n");
  const std::string bad = write(m_dir / "bad-mapping.txt", "com.example.A -> a:\n    int x\n");
  const auto r = test::runMxi({"parse", "issues", "--mapping", bad, issues}, test::RunOptions().mergingStderr());
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.out.find("bad-mapping.txt: mapping.txt line 2: expected `type name -> minified` (at byte offset 20)"),
            std::string::npos)
      << r.out;
  const auto two = test::runMxi({"parse", "anr", "--mapping", m_mapping, "--mapping", m_mapping, issues},
                                test::RunOptions().mergingStderr());
  EXPECT_EQ(two.exitCode, 2);
  EXPECT_NE(two.out.find("a second R8/ProGuard mapping"), std::string::npos) << two.out;
  const std::string methods = write(m_dir / "mm.txt", "1,1,a.B c ()V\n");
  const auto wrongKind =
      test::runMxi({"parse", "strictmode", "--mapping", methods, issues}, test::RunOptions().mergingStderr());
  EXPECT_EQ(wrongKind.exitCode, 2);
  EXPECT_NE(wrongKind.out.find("mm.txt: a methodMapping.txt names Matrix method ids"), std::string::npos)
      << wrongKind.out;
  const auto help = test::runMxi({"parse", "anr", "--help"});
  EXPECT_NE(help.out.find("--mapping"), std::string::npos) << help.out;
}

}  // namespace
}  // namespace mxi
