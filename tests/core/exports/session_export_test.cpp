// Sessions imported from real captures, and their exports: JSON of everything, the HTML report
// rendered by headless Chromium, and Chrome trace-event JSON checked against the format.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "core/exports/chrome_trace.h"
#include "core/exports/html_report.h"
#include "core/exports/session_json.h"
#include "core/exports/svg_chart.h"
#include "core/sessionimport/session_import.h"
#include "tests/core/session/session_test_util.h"
#include "tests/support/programs.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::exports {
namespace {

std::shared_ptr<const session::SessionData> importFixtures(const std::filesystem::path& out) {
  sessionimport::ImportInputs in;
  in.framestatsTexts.push_back(test::readText(test::fixturePath("gfxinfo/topicon-t865_all-processes_framestats.txt")));
  in.issueTexts.push_back(
      test::readText(test::fixturePath("matrix-issues/logcat-tostring/io_com.rzm.matrix_testing.txt")));
  in.issueTexts.push_back(
      test::readText(test::fixturePath("matrix-issues/logcat-tostring/evilmethod_cn.wps.moffice_eng.txt")));
  in.anrTexts.push_back(test::readText(test::fixturePath("anr/cwimage_android7-emulator-x86_traces.txt")));
  session::SessionHeader h;
  h.device = "Topicon T865";
  auto report = sessionimport::importCaptures(in, out.string(), h);
  EXPECT_TRUE(report.ok()) << report.status().toString();
  if (!report.ok()) return nullptr;
  EXPECT_EQ(report->windows, 11u);   // 13 PROFILEDATA blocks, 2 empty
  EXPECT_EQ(report->frames, 1080u);  // 1091 rows, 11 with garbage FrameCompleted
  EXPECT_EQ(report->issues, 4u);
  EXPECT_EQ(report->anrs, 1u);
  EXPECT_EQ(report->warnings.size(), 11u);
  auto reader = session::SessionReader::open(out.string());
  EXPECT_TRUE(reader.ok());
  NullProgress progress;
  CancelToken cancel;
  auto data = session::loadSession(**reader, progress, cancel);
  EXPECT_TRUE(data.ok());
  return data.ok() ? *data : nullptr;
}

TEST(SessionImportTest, RealCapturesBecomeASession) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  const auto dir = test::scratchDir("session-import");
  const auto data = importFixtures(dir / "s.mxs");
  ASSERT_TRUE(data);
  EXPECT_EQ(data->header.device, "Topicon T865");
  EXPECT_EQ(data->header.app, "com.rzm.matrix_testing");  // the first issue's process
  EXPECT_EQ(data->scenes.size(), 12u);                    // (no scene) + 11 windows
  EXPECT_EQ(data->frames.size(), 1080u);
  EXPECT_EQ(data->issues.size(), 4u);
  ASSERT_EQ(data->anrs.size(), 1u);
  ASSERT_TRUE(data->anrs[0].report);
  EXPECT_EQ(data->anrs[0].report->processes.size(), 3u);
  // The evil method kept its stack through storage: its call tree is rebuilt on load.
  const auto& evil = data->issues[3].issue;
  EXPECT_EQ(evil.tag, "Trace_EvilMethod");
  ASSERT_TRUE(evil.callTree);
  EXPECT_EQ(evil.callTree->costMs, 3784);
  // Summaries from block headers agree with the loaded frames.
  auto reader = session::SessionReader::open((dir / "s.mxs").string());
  ASSERT_TRUE(reader.ok());
  const session::SessionSummary s = (*reader)->summarize();
  EXPECT_EQ(s.frames + s.flaggedFrames, 1080u);
  EXPECT_EQ(s.frames, 757u);  // 1080 minus 323 flagged (awk over the fixture)
  EXPECT_EQ(s.issues, 4u);
  EXPECT_EQ(s.anrs, 1u);
  EXPECT_EQ(s.scenes.size(), 11u);
  EXPECT_EQ(s.scenes[4].scene, "Taskbar");
  EXPECT_EQ(s.scenes[4].frames, 34u);
  EXPECT_NEAR(s.scenes[4].fps(), 60.0, 1e-4);  // no dropped frame at 16666667 ns
}

TEST(SessionExportTest, JsonHasEverything) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  const auto dir = test::scratchDir("session-export-json");
  const auto data = importFixtures(dir / "s.mxs");
  ASSERT_TRUE(data);
  const auto j = sessionToJson(*data);
  EXPECT_EQ(j["frames"].size(), 1080u);
  EXPECT_EQ(j["issues"].size(), 4u);
  EXPECT_EQ(j["anrs"].size(), 1u);
  EXPECT_EQ(j["scenes"].size(), 11u);
  EXPECT_EQ(j["scenes"][4]["name"], "Taskbar");
  EXPECT_EQ(j["scenes"][4]["frames"], 34);
  // Per-second slices partition the scene's frames (counted and flagged).
  uint64_t sliced = 0;
  for (const auto& slice : j["scenes"][4]["slices"]) {
    sliced += slice["frames"].get<uint64_t>() + slice["flaggedFrames"].get<uint64_t>();
  }
  EXPECT_EQ(sliced, 34u + 86u);  // Taskbar: 34 counted, 86 flagged
  EXPECT_EQ(j["scenes"][4]["sliceMs"], 1000.0);
  EXPECT_EQ(j["issues"][0]["io"]["path"], "/sdcard/a.txt");
  EXPECT_EQ(j["issues"][3]["callTree"]["costMs"], 3784);
  EXPECT_EQ(j["header"]["device"], "Topicon T865");
  EXPECT_TRUE(j["recovery"]["cleanClose"].get<bool>());
}

// Checks the trace-event format (the Trace Event Format document): every event has name, ph,
// pid, tid and ts; "X" events have a non-negative dur; instant events have scope g/p/t;
// metadata events name a process or thread; complete events on one track do not overlap.
void validateTraceEvents(const nlohmann::json& trace, size_t& frames, size_t& instants) {
  ASSERT_TRUE(trace.is_object());
  ASSERT_TRUE(trace.contains("traceEvents"));
  ASSERT_TRUE(trace["traceEvents"].is_array());
  EXPECT_TRUE(trace["displayTimeUnit"] == "ms" || trace["displayTimeUnit"] == "ns");
  std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> slices;
  frames = instants = 0;
  for (const auto& e : trace["traceEvents"]) {
    ASSERT_TRUE(e.contains("name") && e["name"].is_string()) << e.dump();
    ASSERT_TRUE(e.contains("ph") && e["ph"].is_string()) << e.dump();
    ASSERT_TRUE(e.contains("pid") && e["pid"].is_number_integer()) << e.dump();
    ASSERT_TRUE(e.contains("tid") && e["tid"].is_number_integer()) << e.dump();
    ASSERT_TRUE(e.contains("ts") && e["ts"].is_number()) << e.dump();
    const std::string ph = e["ph"];
    if (ph == "X") {
      ASSERT_TRUE(e.contains("dur") && e["dur"].is_number()) << e.dump();
      ASSERT_GE(e["dur"].get<double>(), 0) << e.dump();
      ASSERT_GE(e["ts"].get<double>(), 0) << e.dump();
      slices[{e["pid"], e["tid"]}].emplace_back(e["ts"].get<double>(), e["dur"].get<double>());
      if (e["cat"] == "frame") ++frames;
    } else if (ph == "i" || ph == "I") {
      ASSERT_TRUE(e.contains("s")) << e.dump();
      const std::string s = e["s"];
      ASSERT_TRUE(s == "g" || s == "p" || s == "t") << e.dump();
      ++instants;
    } else if (ph == "M") {
      const std::string name = e["name"];
      ASSERT_TRUE(name == "process_name" || name == "thread_name" || name == "thread_sort_index" ||
                  name == "process_sort_index")
          << name;
      ASSERT_TRUE(e.contains("args") && e["args"].is_object()) << e.dump();
    } else {
      FAIL() << "unexpected phase " << ph;
    }
    if (e.contains("args")) {
      ASSERT_TRUE(e["args"].is_object());
    }
  }
  for (auto& [track, list] : slices) {
    std::sort(list.begin(), list.end());
    for (size_t i = 1; i < list.size(); ++i) {
      ASSERT_LE(list[i - 1].first + list[i - 1].second, list[i].first + 1e-3)
          << "overlapping slices on tid " << track.second;
    }
  }
}

TEST(SessionExportTest, ChromeTraceIsValidTraceEventJson) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  const auto dir = test::scratchDir("session-export-trace");
  const auto data = importFixtures(dir / "s.mxs");
  ASSERT_TRUE(data);
  // Round trip through text, as a viewer reads it.
  const auto trace = nlohmann::json::parse(sessionToChromeTrace(*data).dump());
  size_t frames = 0, instants = 0;
  validateTraceEvents(trace, frames, instants);
  EXPECT_EQ(frames, 1080u);
  EXPECT_EQ(instants, 5u);  // 4 issues + 1 ANR
}

TEST(SessionExportTest, HtmlIsSelfContainedAndRendersInHeadlessChromium) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  const auto dir = test::scratchDir("session-export-html");
  const auto data = importFixtures(dir / "s.mxs");
  ASSERT_TRUE(data);
  const std::string html = sessionToHtml(*data);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find(" href="), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  test::writeBytes(dir / "report.html", html);
  const test::ProgramRun found = test::runProgram({"sh", "-c", "command -v chromium || command -v chromium-browser"});
  ASSERT_EQ(found.exitCode, 0) << "chromium is needed (scripts/setup.sh installs it)";
  const std::string binary = found.out.substr(0, found.out.find('\n'));
  const std::vector<std::string> headless = {
      "timeout", "120", binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"};
  auto browser = [&](std::vector<std::string> args) {
    args.insert(args.begin(), headless.begin(), headless.end());
    return test::runProgram(args);
  };
  const test::ProgramRun parsed = browser({"--dump-dom", "file://" + (dir / "report.html").string()});
  ASSERT_EQ(parsed.exitCode, 0) << parsed.err;
  const std::string& dom = parsed.out;
  // The browser parsed the document: its DOM has the charts and the tables.
  EXPECT_NE(dom.find("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"220\""), std::string::npos);
  EXPECT_NE(dom.find("Matrix issues (4)"), std::string::npos);
  EXPECT_NE(dom.find("ANRs (1)"), std::string::npos);
  EXPECT_NE(dom.find("<td>Taskbar</td>"), std::string::npos);
  EXPECT_NE(dom.find("/sdcard/a_long.txt"), std::string::npos);
  auto count = [](const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_GT(count(html, "<rect"), 20u);
  EXPECT_EQ(count(dom, "<rect"), count(html, "<rect"));  // every chart element survived parsing
  EXPECT_EQ(count(dom, "<tr>"), count(html, "<tr>"));
  // And it paints.
  const test::ProgramRun painted = browser({"--window-size=1100,1400", "--screenshot=" + (dir / "report.png").string(),
                                            "file://" + (dir / "report.html").string()});
  ASSERT_EQ(painted.exitCode, 0) << painted.err;
  EXPECT_GT(std::filesystem::file_size(dir / "report.png"), 10000u);
}

TEST(SvgChartTest, ScaleAndColumns) {
  const LinearScale x{0, 100, 10, 210};
  EXPECT_DOUBLE_EQ(x(50), 110);
  EXPECT_DOUBLE_EQ(x(-5), 10);  // clamped
  EXPECT_DOUBLE_EQ(x(500), 210);
  const LinearScale flipped{0, 10, 100, 0};  // y grows downwards in SVG
  EXPECT_DOUBLE_EQ(flipped(2.5), 75);
  const std::vector<TimedValue> series = {{0, 1}, {1, 9}, {2, 3}, {5, 4}, {9, 2}, {10, 7}};
  const auto cols = maxPerColumn(series, 0, 10, 2);  // [0,5) and [5,10]
  ASSERT_EQ(cols.size(), 2u);
  EXPECT_EQ(cols[0].timeNs, 1);
  EXPECT_EQ(cols[1].timeNs, 10);
  EXPECT_EQ(htmlEscape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

// The memory chart's math: one point per time column (the last of each), stacked tops.
TEST(SvgChartTest, ThinningAndStacking) {
  const std::vector<int64_t> times = {0, 1, 2, 5, 9, 10};
  EXPECT_EQ(lastPerColumn(times, 0, 10, 2), (std::vector<size_t>{2, 5}));  // [0,5): 2; [5,10]: 10
  EXPECT_EQ(lastPerColumn(times, 0, 10, 100), (std::vector<size_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(lastPerColumn(times, 5, 5, 10), (std::vector<size_t>{5}));  // no span: the newest
  EXPECT_EQ(lastPerColumn({}, 0, 10, 10), (std::vector<size_t>{}));
  const auto tops = stackLayers({{1, 2}, {10, 20}, {100, 200}});
  EXPECT_EQ(tops, (std::vector<std::vector<double>>{{1, 2}, {11, 22}, {111, 222}}));
}

}  // namespace
}  // namespace mxi::core::exports
