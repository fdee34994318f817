// `mxi parse …` and `mxi session …` as scripts use them: JSON keys, exit codes, messages.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include <nlohmann/json.hpp>

#include "core/session/session_writer.h"
#include "tests/core/session/session_test_util.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

std::string fixture(const std::string& relative) { return test::fixturePath(relative).string(); }

TEST(TraceCliTest, HelpOnEveryCommand) {
  for (const std::vector<std::string>& cmd : std::vector<std::vector<std::string>>{{"parse", "--help"},
                                                                                   {"parse", "issues", "--help"},
                                                                                   {"parse", "anr", "--help"},
                                                                                   {"parse", "framestats", "--help"},
                                                                                   {"parse", "trace", "--help"},
                                                                                   {"session", "--help"},
                                                                                   {"session", "info", "--help"},
                                                                                   {"session", "summary", "--help"},
                                                                                   {"session", "compare", "--help"},
                                                                                   {"session", "export", "--help"},
                                                                                   {"session", "import", "--help"}}) {
    const test::ProgramRun r = test::runMxi(cmd);
    EXPECT_EQ(r.exitCode, 0) << testing::PrintToString(cmd);
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
  }
  EXPECT_EQ(test::runMxi({"parse"}).exitCode, 2);
}

// The JSON contract of `mxi parse trace` on a real ART trace (a TV launcher, 22.6 s, sampled).
TEST(TraceCliTest, MethodTraceJsonContract) {
  const auto dir = test::scratchDir("parse-trace");
  const auto path = test::methodTraceFile("art-sampled-launcher.trace.gz", dir);
  const test::ProgramRun r = test::runMxi({"parse", "trace", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["version"], 3);
  EXPECT_EQ(j["clock"], "dual");
  EXPECT_EQ(j["vm"], "art");
  EXPECT_EQ(j["pid"], 3001);
  EXPECT_EQ(j["elapsedTimeUs"], 22622445);
  EXPECT_EQ(j["records"], 186850);
  EXPECT_EQ(j["methods"], 3688);
  EXPECT_EQ(j["threads"].size(), 111u);
  EXPECT_EQ(j["threads"][4], nlohmann::json({{"id", 3001},
                                             {"name", "LauncherApplication-framethread"},
                                             {"records", 93049},
                                             {"calls", 46561}}));  // dmtracedump: 46,561 "ent"
  EXPECT_EQ(j["mainThread"]["id"], 3001);
  EXPECT_EQ(j["dispatchCount"], 384);
  ASSERT_EQ(j["dispatches"].size(), 10u);
  EXPECT_EQ(j["error"], nullptr);
  std::vector<std::pair<std::string, int>> issues;
  for (const auto& i : j["issues"]) issues.push_back({i["tag"], i["cost"]});
  EXPECT_EQ(issues, (std::vector<std::pair<std::string, int>>{
                        {"io", 46}, {"Trace_EvilMethod", 727}, {"Trace_EvilMethod", 848}}));
  EXPECT_EQ(j["issues"][1]["callTree"]["name"], "android.os.Handler.dispatchMessage(Landroid/os/Message;)V");

  const auto lower = nlohmann::json::parse(
      test::runMxi({"parse", "trace", "--format", "json", "--threshold", "400", path.string()}).out);
  EXPECT_EQ(lower["issues"].size(), 3u + 4u);

  // Cut inside a record: what was read is printed, the error names the offset, the exit code is 2.
  const std::string bytes = test::readFile(path);
  const auto cut = dir / "cut.trace";
  std::ofstream(cut, std::ios::binary).write(bytes.data(), 500'000);
  const test::ProgramRun damaged = test::runMxi({"parse", "trace", "--format", "json", cut.string()});
  EXPECT_EQ(damaged.exitCode, 2);
  const auto d = nlohmann::json::parse(damaged.out);
  const int64_t data = static_cast<int64_t>(bytes.find("\n*end\n") + 6 + 32);
  EXPECT_EQ(d["records"], (500'000 - data) / 14);
  EXPECT_EQ(d["error"]["offset"], data + (500'000 - data) / 14 * 14);
  EXPECT_NE(damaged.err.find("the trace ends inside a record (13 of 14 bytes) (at byte offset 499987)"),
            std::string::npos)
      << damaged.err;
  EXPECT_EQ(test::runMxi({"parse", "trace", test::methodTraceFixture("PROVENANCE.md").string()}).exitCode, 2);
}

TEST(TraceCliTest, FramestatsJsonContract) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  const test::ProgramRun r = test::runMxi({"parse", "framestats", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["windows"].size(), 1u);
  const auto& w = j["windows"][0];
  EXPECT_EQ(w["name"], "com.soundvisualization.accessibility/com.soundvisualization.accessibility.MainActivity");
  EXPECT_EQ(w["frames"], 120);
  EXPECT_EQ(w["levels"], nlohmann::json({{"best", 110}, {"normal", 8}, {"middle", 2}, {"high", 0}, {"frozen", 0}}));
  EXPECT_NEAR(w["fps"].get<double>(), 48.2821, 1e-4);
  EXPECT_DOUBLE_EQ(w["p50Ms"].get<double>(), 10.645467);
  EXPECT_DOUBLE_EQ(w["p90Ms"].get<double>(), 13.263954);
  EXPECT_DOUBLE_EQ(w["p95Ms"].get<double>(), 54.326070);
  EXPECT_DOUBLE_EQ(w["p99Ms"].get<double>(), 76.683483);
  EXPECT_EQ(w["slowFrameStages"]["gpuSwap"], 96);
  EXPECT_EQ(w["refreshSource"], "data");
  // Thresholds are configurable.
  const auto strict = nlohmann::json::parse(
      test::runMxi({"parse", "framestats", "--format", "json", "--drop-levels", "1,2,3,4", path.string()}).out);
  EXPECT_EQ(strict["windows"][0]["levels"]["best"], 1);
  EXPECT_EQ(test::runMxi({"parse", "framestats", "--drop-levels", "9,3,24,42", path.string()}).exitCode, 2);
}

TEST(TraceCliTest, IssuesJsonContractWithMapping) {
  MXI_REQUIRE_FIXTURE(mapping, "matrix-issues/matrix-sample/methodMapping.txt");
  const auto dir = test::scratchDir("cli-issues");
  // A logcat dump: an unrelated line, then an Issue.toString() line logged by TestPluginListener.
  test::writeBytes(
      dir / "logcat.txt",
      "11-23 10:00:00.000  100  100 I ActivityManager: Start proc\n"
      "11-23 10:00:01.000  100  100 E Matrix.TestPluginListener: tag[Trace_EvilMethod]type[0];key[null];"
      "content[{\"detail\":\"NORMAL\",\"cost\":800,\"scene\":\"sample.tencent.matrix.trace.TestTraceMainActivity\","
      "\"stack\":\"0,1048574,1,800\\n1,96,1,700\\n\",\"stackKey\":\"96|\",\"tag\":\"Trace_EvilMethod\","
      "\"process\":\"sample.tencent.matrix\",\"time\":1700000000000}]\n");
  const test::ProgramRun r = test::runMxi(
      {"parse", "issues", "--format", "json", "--mapping", mapping.string(), (dir / "logcat.txt").string()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["issues"].size(), 1u);
  const auto& i = j["issues"][0];
  for (const char* key : {"tag", "detail", "cost", "scene", "process", "time", "stackKey", "callTree"}) {
    EXPECT_TRUE(i.contains(key)) << key;
  }
  EXPECT_EQ(i["tag"], "Trace_EvilMethod");
  EXPECT_EQ(i["cost"], 800);
  EXPECT_EQ(i["time"], 1700000000000);
  const auto& root = i["callTree"];
  EXPECT_EQ(root["methodId"], 1048574);
  EXPECT_EQ(root["name"], "android.os.Handler.dispatchMessage(Landroid.os.Message;)V");
  EXPECT_EQ(root["count"], 1);
  EXPECT_EQ(root["costMs"], 800);
  EXPECT_EQ(root["selfMs"], 100);
  ASSERT_EQ(root["children"].size(), 1u);
  EXPECT_EQ(root["children"][0]["name"], "sample.tencent.matrix.trace.TestTraceMainActivity.testInnerSleep()V");
  EXPECT_EQ(root["children"][0]["stackKey"], true);
  // Text form marks the stackKey method; stdin works too.
  const test::ProgramRun text = test::runMxi({"parse", "issues", "--mapping", mapping.string(), "-"},
                                             test::RunOptions().readingStdin((dir / "logcat.txt").string()));
  ASSERT_EQ(text.exitCode, 0);
  EXPECT_NE(text.out.find("*    700 ms (self 700)  x1  "
                          "sample.tencent.matrix.trace.TestTraceMainActivity.testInnerSleep()V   <- stackKey"),
            std::string::npos)
      << text.out;
}

TEST(TraceCliTest, IssuesErrorsAreBadInput) {
  const auto dir = test::scratchDir("cli-issues-bad");
  test::writeBytes(dir / "none.txt", "just logcat\nnothing here\n");
  const test::ProgramRun none =
      test::runMxi({"parse", "issues", (dir / "none.txt").string()}, test::RunOptions().mergingStderr());
  EXPECT_EQ(none.exitCode, 2);
  EXPECT_NE(none.out.find("no Matrix issue found"), std::string::npos);
  test::writeBytes(dir / "bad.jsonl", "{\"tag\":\"io\",\"content\":{\"path\":\"/a\"}}\n{\"tag\": oops}\n");
  const test::ProgramRun bad =
      test::runMxi({"parse", "issues", (dir / "bad.jsonl").string()}, test::RunOptions().mergingStderr());
  EXPECT_EQ(bad.exitCode, 0);  // one good issue; the bad line is reported at its first bad byte (the o)
  EXPECT_NE(bad.out.find("bad.jsonl line 2 (at byte offset 45)"), std::string::npos) << bad.out;
  EXPECT_EQ(test::runMxi({"parse", "issues", "/no/such/file"}).exitCode, 2);
  test::writeBytes(dir / "map.txt", "1,1,a.B c ()V\nnot a mapping line\n");
  const test::ProgramRun badMap =
      test::runMxi({"parse", "issues", "--mapping", (dir / "map.txt").string(), (dir / "bad.jsonl").string()},
                   test::RunOptions().mergingStderr());
  EXPECT_EQ(badMap.exitCode, 2);
  EXPECT_NE(badMap.out.find("methodMapping line 2"), std::string::npos) << badMap.out;
}

TEST(TraceCliTest, AnrJsonContract) {
  MXI_REQUIRE_FIXTURE(path, "anr/cwimage_android7-emulator-x86_traces.txt");
  const test::ProgramRun r = test::runMxi({"parse", "anr", "--format", "json", path.string()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["processes"].size(), 3u);
  const auto& p = j["processes"][0];
  EXPECT_EQ(p["pid"], 1556);
  EXPECT_EQ(p["cmdline"], "system_server");
  const auto& t = p["threads"][0];
  for (const char* key : {"name", "tid", "state", "frames", "waitingToLock", "locked"})
    EXPECT_TRUE(t.contains(key)) << key;
  EXPECT_EQ(t["name"], "main");
  EXPECT_TRUE(t["waitingToLock"].is_null());
  EXPECT_EQ(j["mainThread"]["name"], "main");
  EXPECT_TRUE(j["deadlocks"].is_array());
  bool sawHolder = false;
  for (const auto& th : p["threads"]) {
    if (!th["waitingToLock"].is_null() && th["waitingToLock"]["heldByTid"] == 12) {
      EXPECT_EQ(th["waitingToLock"]["lock"], "0x00f7fc8a");
      sawHolder = true;
    }
  }
  EXPECT_TRUE(sawHolder);
  const auto dir = test::scratchDir("cli-anr");
  test::writeBytes(dir / "x.txt", "Subject: Input dispatching timed out\n");
  const test::ProgramRun bad =
      test::runMxi({"parse", "anr", (dir / "x.txt").string()}, test::RunOptions().mergingStderr());
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.out.find("no thread dump found"), std::string::npos);
}

void writeSyntheticSession(const std::filesystem::path& path, uint64_t seed, double slowdown) {
  core::session::SessionHeader h;
  h.app = "com.example";
  auto w = core::session::SessionWriter::create(path.string(), h);
  ASSERT_TRUE(w.ok());
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> frameMs(std::log(12.0), 0.35);
  int64_t t = 1'000'000'000;
  ASSERT_TRUE((*w)->appendSceneChange(t, "Feed").ok());
  for (int i = 0; i < 800; ++i) {
    ASSERT_TRUE((*w)->appendFrame(test::syntheticFrame(t, static_cast<int64_t>(frameMs(rng) * slowdown * 1e6))).ok());
    t += 16'666'667;
  }
  ASSERT_TRUE((*w)->close().ok());
}

TEST(TraceCliTest, CompareExitCodeThreeOnRegression) {
  const auto dir = test::scratchDir("cli-compare");
  writeSyntheticSession(dir / "base.mxs", 1, 1.0);
  writeSyntheticSession(dir / "same.mxs", 2, 1.0);
  writeSyntheticSession(dir / "slow.mxs", 3, 1.2);
  const std::string base = (dir / "base.mxs").string();
  EXPECT_EQ(test::runMxi({"session", "compare", "-q", base, (dir / "same.mxs").string()}).exitCode, 0);
  const test::ProgramRun slow =
      test::runMxi({"session", "compare", "-q", "--format", "json", base, (dir / "slow.mxs").string()});
  EXPECT_EQ(slow.exitCode, 3);
  const auto j = nlohmann::json::parse(slow.out);
  EXPECT_TRUE(j["regression"].get<bool>());
  EXPECT_EQ(j["scenes"][0]["name"], "Feed");
  EXPECT_EQ(j["scenes"][0]["verdict"], "regression");
  const test::ProgramRun html = test::runMxi({"session", "compare", "-q", "--format", "html", "-o",
                                              (dir / "c.html").string(), base, (dir / "slow.mxs").string()});
  EXPECT_EQ(html.exitCode, 3);
  EXPECT_NE(test::readText(dir / "c.html").find("<h1>Session comparison</h1>"), std::string::npos);
  // A stricter threshold turns the verdict off.
  EXPECT_EQ(test::runMxi({"session", "compare", "-q", "--min-increase-pct", "50", base, (dir / "slow.mxs").string()})
                .exitCode,
            0);
}

TEST(TraceCliTest, ImportSummaryInfoExport) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  const auto dir = test::scratchDir("cli-session");
  const std::string mxs = (dir / "s.mxs").string();
  const test::ProgramRun imported =
      test::runMxi({"session", "import", "--framestats", framestats.string(), "--issues",
                    fixture("matrix-issues/wiki-data-format-examples.jsonl"), "--anr",
                    fixture("anr/wanandroid_arm64-device_traces.txt"), "--device", "Pixel", "-o", mxs});
  ASSERT_EQ(imported.exitCode, 0) << imported.out;
  EXPECT_EQ(imported.out, mxs + ": 1 window(s), 120 frame(s), 6 issue(s), 1 ANR(s)\n");
  const auto summary = nlohmann::json::parse(test::runMxi({"session", "summary", "--format", "json", mxs}).out);
  for (const char* key : {"durationMs", "frames", "issues", "scenes"}) EXPECT_TRUE(summary.contains(key)) << key;
  EXPECT_EQ(summary["frames"], 120);
  EXPECT_EQ(summary["issues"], 6);
  EXPECT_EQ(summary["anrs"], 1);
  ASSERT_EQ(summary["scenes"].size(), 1u);
  const auto& scene = summary["scenes"][0];
  EXPECT_EQ(scene["frames"], 120);
  EXPECT_EQ(scene["levels"], nlohmann::json({{"best", 110}, {"normal", 8}, {"middle", 2}, {"high", 0}, {"frozen", 0}}));
  EXPECT_NEAR(scene["fps"].get<double>(), 48.2821, 1e-4);
  const auto info = nlohmann::json::parse(test::runMxi({"session", "info", "--format", "json", mxs}).out);
  EXPECT_EQ(info["header"]["device"], "Pixel");
  EXPECT_EQ(info["records"], 128);  // 1 scene + 120 frames + 6 issues + 1 ANR
  EXPECT_TRUE(info["recovery"]["cleanClose"].get<bool>());
  const test::ProgramRun trace = test::runMxi({"session", "export", "-q", "--to", "chrome-trace", mxs});
  ASSERT_EQ(trace.exitCode, 0);
  EXPECT_EQ(nlohmann::json::parse(trace.out)["traceEvents"].size() > 120u, true);
  ASSERT_EQ(test::runMxi({"session", "export", "-q", "--to", "html", "-o", (dir / "r.html").string(), mxs}).exitCode,
            0);
  EXPECT_EQ(test::readText(dir / "r.html").rfind("<!DOCTYPE html>", 0), 0u);
  const auto all = nlohmann::json::parse(test::runMxi({"session", "export", "-q", "--to", "json", mxs}).out);
  EXPECT_EQ(all["frames"].size(), 120u);
  const auto sliced =
      nlohmann::json::parse(test::runMxi({"session", "export", "-q", "--to", "json", "--slice-ms", "500", mxs}).out);
  EXPECT_EQ(sliced["scenes"][0]["sliceMs"], 500.0);
  EXPECT_EQ(sliced["scenes"][0]["slices"].size(), 6u);  // as `mxi parse framestats --slice-ms 500` shows
  EXPECT_EQ(sliced["scenes"][0]["slices"][1]["frames"], 6);
  // A torn copy (the data block cut short, index and footer gone): info says what was lost.
  std::string bytes = test::fileBytes(dir / "s.mxs");
  bytes.resize(bytes.size() - 400);
  test::writeBytes(dir / "torn.mxs", bytes);
  const test::ProgramRun torn = test::runMxi({"session", "info", (dir / "torn.mxs").string()});
  EXPECT_EQ(torn.exitCode, 0);
  EXPECT_NE(torn.out.find("closed cleanly: no"), std::string::npos) << torn.out;
  EXPECT_NE(torn.out.find("128 record(s) lost"), std::string::npos) << torn.out;
  EXPECT_EQ(test::runMxi({"session", "summary", (dir / "none.mxs").string()}).exitCode, 2);
}

}  // namespace
}  // namespace mxi
