// `mxi session info|summary|export|compare` on sessions with memory samples, as scripts read
// them: the exact text lines and JSON values the memory timeline adds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/base/mann_whitney.h"
#include "core/session/session_writer.h"
#include "tests/core/session/session_test_util.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

using core::meminfo::MemorySample;

constexpr int64_t kS = 1'000'000'000;

// 11 samples 6 s apart (one minute): Java grows 100 kB a sample (1000 kB/min), the other
// categories are flat, TOTAL SWAP is never given; sample 5 forced a GC. A heap dump at 40 s and
// a leak issue at 45 s. `javaBase` shifts the Java heap (and so the totals).
std::filesystem::path writeMemorySession(const std::filesystem::path& path, int64_t javaBase) {
  core::session::SessionHeader h;
  h.device = "test-device";
  h.app = "com.example.app";
  h.startMonotonicNs = 10 * kS;
  auto w = core::session::SessionWriter::create(path.string(), h);
  EXPECT_TRUE(w.ok()) << w.status().toString();
  for (int64_t i = 0; i <= 10; ++i) {
    MemorySample m;
    m.timeNs = 10 * kS + i * 6 * kS;
    m.pid = 4321;
    m.javaHeapKb = javaBase + 100 * i;
    m.nativeHeapKb = 20'000;
    m.codeKb = 5'000;
    m.stackKb = 100;
    m.graphicsKb = 2'000;
    m.privateOtherKb = 500;
    m.systemKb = 3'000;
    m.totalPssKb = javaBase + 30'600 + 100 * i;
    m.totalRssKb = javaBase + 50'000 + 100 * i;
    m.marks = i == 5 ? uint32_t{core::meminfo::kMemoryMarkGcForced} : 0u;
    EXPECT_TRUE((*w)->appendMemory(m).ok());
    if (i == 5) {
      EXPECT_TRUE((*w)->appendHeapDump(m.timeNs + 10 * kS, "/tmp/leak.hprof", "leak watch").ok());
      EXPECT_TRUE(
          (*w)->appendIssue(m.timeNs + 15 * kS,
                            R"({"tag":"memory","activity":"com.example.LeakyActivity","process":"com.example.app"})")
              .ok());
    }
  }
  EXPECT_TRUE((*w)->close().ok());
  return path;
}

std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const size_t a = text.find(from);
  if (a == std::string::npos) return "(missing: " + from + ")\n" + text;
  const size_t b = text.find(to, a);
  return text.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

TEST(MemoryCliTest, SummaryTextAndJson) {
  const auto dir = test::scratchDir("memory-cli-summary");
  const auto file = writeMemorySession(dir / "a.mxs", 10'000).string();
  const test::ProgramRun text = test::runMxi({"session", "summary", file});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_EQ(between(text.out, "memory:", "marks:\n  at"),
            "memory: 11 samples over 60.0 s, peak PSS 41600 kB, TOTAL PSS growth +1000.0 kB/min\n"
            "  category         start kB    peak kB     end kB       kB/min\n"
            "  Java                10000      11000      11000      +1000.0\n"
            "  Native              20000      20000      20000         +0.0\n"
            "  Code                 5000       5000       5000         +0.0\n"
            "  Stack                 100        100        100         +0.0\n"
            "  Graphics             2000       2000       2000         +0.0\n"
            "  Private other         500        500        500         +0.0\n"
            "  System               3000       3000       3000         +0.0\n"
            "  Total PSS           40600      41600      41600      +1000.0\n"
            "  Total RSS           60000      61000      61000      +1000.0\n"
            "  marks: GC forced 1, dump taken 0, leak found 0\n");

  const test::ProgramRun json = test::runMxi({"session", "summary", "--format", "json", file});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["memorySamples"], 11);
  const auto& m = j["memory"];
  EXPECT_EQ(m["samples"], 11);
  EXPECT_EQ(m["peakPssKb"], 41'600);
  EXPECT_DOUBLE_EQ(m["growthKbPerMin"].get<double>(), 1000.0);
  EXPECT_DOUBLE_EQ(m["durationMs"].get<double>(), 60'000.0);
  EXPECT_EQ(m["gcForced"], 1);
  EXPECT_EQ(m["categories"].size(), 9u);  // totalSwap was never given: absent
  EXPECT_FALSE(m["categories"].contains("totalSwap"));
  EXPECT_EQ(
      m["categories"]["java"],
      nlohmann::json::parse(R"({"samples":11,"startKb":10000,"peakKb":11000,"endKb":11000,"growthKbPerMin":1000.0})"));
  EXPECT_EQ(m["categories"]["native"]["growthKbPerMin"], 0.0);
  EXPECT_EQ(m["categories"]["totalRss"]["endKb"], 61'000);

  const test::ProgramRun info = test::runMxi({"session", "info", file});
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_NE(info.out.find("\n11 memory sample(s)\n"), std::string::npos) << info.out;
  const auto infoJson = nlohmann::json::parse(test::runMxi({"session", "info", "--format", "json", file}).out);
  EXPECT_EQ(infoJson["memorySamples"], 11);
}

TEST(MemoryCliTest, SessionWithoutMemorySaysSoBriefly) {
  const auto dir = test::scratchDir("memory-cli-none");
  core::session::SessionHeader h;
  h.app = "com.example.app";
  auto w = core::session::SessionWriter::create((dir / "n.mxs").string(), h);
  ASSERT_TRUE(w.ok());
  ASSERT_TRUE((*w)->appendFrame(test::syntheticFrame(kS, 8'000'000)).ok());
  ASSERT_TRUE((*w)->close().ok());
  const test::ProgramRun text = test::runMxi({"session", "summary", (dir / "n.mxs").string()});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_EQ(text.out.find("memory"), std::string::npos) << text.out;
  const auto j =
      nlohmann::json::parse(test::runMxi({"session", "summary", "--format", "json", (dir / "n.mxs").string()}).out);
  EXPECT_EQ(j["memory"], nlohmann::json::parse(R"({"samples":0})"));
  const auto e =
      nlohmann::json::parse(test::runMxi({"session", "export", (dir / "n.mxs").string(), "--to", "json"}).out);
  EXPECT_EQ(e["memory"], nlohmann::json::array());
}

TEST(MemoryCliTest, ExportsCarryTheSamples) {
  const auto dir = test::scratchDir("memory-cli-export");
  const auto file = writeMemorySession(dir / "a.mxs", 10'000).string();
  const test::ProgramRun json = test::runMxi({"session", "export", file, "--to", "json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["memory"].size(), 11u);
  EXPECT_EQ(j["memory"][5], nlohmann::json::parse(R"({"timeNs":40000000000,"pid":4321,"javaHeapKb":10500,
      "nativeHeapKb":20000,"codeKb":5000,"stackKb":100,"graphicsKb":2000,"privateOtherKb":500,"systemKb":3000,
      "totalPssKb":41100,"totalRssKb":60500,"marks":["gcForced"]})"));
  EXPECT_FALSE(j["memory"][0].contains("marks"));

  const auto trace = nlohmann::json::parse(test::runMxi({"session", "export", file, "--to", "chrome-trace"}).out);
  std::vector<nlohmann::json> stacked, pss;
  for (const auto& e : trace["traceEvents"]) {
    if (e["ph"] != "C") continue;
    if (e["name"] == "Memory (kB)") stacked.push_back(e);
    if (e["name"] == "Total PSS (kB)") pss.push_back(e);
  }
  ASSERT_EQ(stacked.size(), 11u);
  ASSERT_EQ(pss.size(), 11u);
  EXPECT_EQ(stacked[10]["args"], nlohmann::json::parse(R"({"java":11000,"native":20000,"code":5000,"stack":100,
      "graphics":2000,"privateOther":500,"system":3000})"));
  EXPECT_DOUBLE_EQ(stacked[10]["ts"].get<double>(), 60'000'000.0);  // µs from the first record
  EXPECT_EQ(pss[10]["args"]["kB"], 41'600);
  EXPECT_EQ(pss[0]["cat"], "memory");

  const test::ProgramRun html = test::runMxi({"session", "export", file, "--to", "html"});
  ASSERT_EQ(html.exitCode, 0) << html.err;
  EXPECT_NE(html.out.find("<h2>Memory (11 samples)</h2>"), std::string::npos);
  EXPECT_NE(html.out.find("aria-label=\"Memory over the session by category\""), std::string::npos);
  EXPECT_NE(html.out.find("<title>Java</title>"), std::string::npos);
  EXPECT_NE(html.out.find("<title>leaked com.example.LeakyActivity</title>"), std::string::npos);
  EXPECT_NE(html.out.find("<title>Heap dump /tmp/leak.hprof</title>"), std::string::npos);
  EXPECT_NE(html.out.find("<title>GC forced</title>"), std::string::npos);
  EXPECT_NE(html.out.find("<tr><td>Java</td><td class=n>10000</td><td class=n>11000</td><td class=n>11000</td>"
                          "<td class=n>+1000.0</td></tr>"),
            std::string::npos);
}

TEST(MemoryCliTest, CompareJudgesEachCategory) {
  const auto dir = test::scratchDir("memory-cli-compare");
  const auto base = writeMemorySession(dir / "base.mxs", 10'000).string();
  const auto next = writeMemorySession(dir / "next.mxs", 14'000).string();
  // Java: medians 10500 -> 14500 (+38.1 %, +4000 kB), every new sample above every base one.
  std::vector<int64_t> bj, nj;
  for (int64_t i = 0; i <= 10; ++i) {
    bj.push_back(10'000 + 100 * i);
    nj.push_back(14'000 + 100 * i);
  }
  const double p = core::mannWhitney(bj, nj).pGreater;
  const test::ProgramRun text = test::runMxi({"session", "compare", base, next});
  EXPECT_EQ(text.exitCode, 3) << text.err;
  char javaLine[200];
  std::snprintf(javaLine, sizeof javaLine,
                "regression   memory java          median 10500 -> 14500 kB  +4000 kB (+38.1%%)  p=%.3g\n", p);
  EXPECT_NE(text.out.find(javaLine), std::string::npos) << text.out;
  // Flat categories: all ties, no evidence either way.
  EXPECT_NE(text.out.find("same         memory native        median 20000 -> 20000 kB  +0 kB (+0.0%)  p=1\n"),
            std::string::npos)
      << text.out;
  // TOTAL PSS grew 4000 kB but only 9.7 %: below --memory-growth-pct (10), so not a regression.
  EXPECT_NE(text.out.find("same         memory totalPss      median 41100 -> 45100 kB  +4000 kB (+9.7%)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("  memory java: median 10500 -> 14500 kB (+38.1%"), std::string::npos) << text.out;

  const auto j = nlohmann::json::parse(test::runMxi({"session", "compare", "--format", "json", base, next}).out);
  ASSERT_EQ(j["memory"].size(), 9u);
  const auto& java = j["memory"][0];
  EXPECT_EQ(java["category"], "java");
  EXPECT_EQ(java["verdict"], "regression");
  EXPECT_EQ(java["baseSamples"], 11);
  EXPECT_EQ(java["baseMedianKb"], 10'500);
  EXPECT_EQ(java["newMedianKb"], 14'500);
  EXPECT_EQ(java["deltaKb"], 4'000);
  EXPECT_DOUBLE_EQ(java["mannWhitney"]["pGreater"].get<double>(), p);
  EXPECT_DOUBLE_EQ(java["mannWhitney"]["u"].get<double>(), 121.0);
  EXPECT_EQ(j["memory"][7]["category"], "totalPss");
  EXPECT_EQ(j["memory"][7]["verdict"], "same");
  // A lower growth threshold makes the PSS growth a regression too.
  const auto lower = nlohmann::json::parse(
      test::runMxi({"session", "compare", "--format", "json", "--memory-growth-pct", "5", base, next}).out);
  EXPECT_EQ(lower["memory"][7]["verdict"], "regression");
  // The same session against itself: nothing.
  const test::ProgramRun same = test::runMxi({"session", "compare", base, base});
  EXPECT_EQ(same.exitCode, 0) << same.out;
}

}  // namespace
}  // namespace mxi
