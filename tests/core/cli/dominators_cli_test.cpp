// `mxi dominators` as a user reads it (issue 27): on every JVM fixture dump, text and JSON list
// the same retainers, each with a class name and a path from a GC root; on a small heap whose
// biggest retainer only the main thread's locals hold, the exact text and the JSON note.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/support/archive_writer.h"
#include "tests/support/run_mxi.h"
#include "tests/support/small_android_heap.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

test::ProgramRun mxi(std::vector<std::string> args) {
  return test::runMxi(std::move(args), test::RunOptions().mergingStderr());
}

TEST(DominatorsCliTest, TextAndJsonAgreeOnEveryFixtureDump) {
  size_t dumps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::fixtureDumpDir())) {
    if (entry.path().extension() != ".hprof") continue;
    const std::string dump = entry.path().string();
    SCOPED_TRACE(dump);
    ++dumps;
    const test::ProgramRun json = mxi({"dominators", "-q", "--top", "50", "--format", "json", dump});
    ASSERT_EQ(json.exitCode, 0) << json.out;
    const auto j = nlohmann::json::parse(json.out);
    ASSERT_EQ(j["retainers"].size(), 50u);
    const test::ProgramRun text = mxi({"dominators", "-q", "--top", "50", dump});
    ASSERT_EQ(text.exitCode, 0) << text.out;
    EXPECT_EQ(text.out.rfind("50 top retainer(s) of ", 0), 0u) << text.out;
    size_t at = 0;
    for (size_t i = 0; i < 50; ++i) {
      const auto& row = j["retainers"][i];
      const std::string className = row["className"];
      EXPECT_FALSE(className.empty()) << row.dump();
      ASSERT_FALSE(row["path"].empty()) << row.dump();
      EXPECT_EQ(row["path"].front()["referenceType"], "root");
      EXPECT_EQ(row["path"].back()["objectId"], row["objectId"]);
      EXPECT_EQ(row["path"].back()["className"], className);
      // The text lists the same rows in the same order.
      const std::string heading =
          "\n" + std::to_string(i + 1) + ". " + className + " " + row["objectId"].get<std::string>() + ": retains ";
      const size_t found = text.out.find(heading, at);
      ASSERT_NE(found, std::string::npos) << heading << "\n" << text.out;
      at = found + heading.size();
    }
  }
  EXPECT_GE(dumps, 6u) << "the jvm_fixture_dumps test makes the dumps";
}

// Only the main thread's locals hold one cache (an ignored known reference on Android): that
// path, with the note; a class's static field holds the other, an ordinary path.
TEST(DominatorsCliTest, HeldOnlyByMainThreadLocalsSaysSo) {
  test::SmallAndroidHeap heap;
  heap.declareClass("com.example.Cache", "", {{"mEntry", test::kObj}});
  heap.declareClass("com.example.Holder", "", {}, {"sCache"});
  const uint64_t entry = heap.newString("a cached entry");
  heap.thread("main", {heap.newInstance("com.example.Cache", {{"mEntry", entry}})});
  heap.setStatic("com.example.Holder", "sCache", heap.newInstance("com.example.Cache"));
  const auto dir = test::scratchDir("dominators-cli-main-local");
  const std::string dump = (dir / "main-local.hprof").string();
  ASSERT_TRUE(test::writeFile(dump, heap.bytes()));

  const test::ProgramRun text = mxi({"dominators", "-q", dump});
  ASSERT_EQ(text.exitCode, 0) << text.out;
  EXPECT_EQ(text.out,
            "3 top retainer(s) of 58 B reachable in 13 objects (0 unreachable objects)\n"
            "\n"
            "1. com.example.Cache 0x12c00300: retains 30 B (51.7%), shallow 4 B\n"
            "┬───\n"
            "│ GC Root: Java frame (thread main)\n"
            "│\n"
            "╰→ com.example.Cache instance\n"
            "     Leaking: UNKNOWN\n"
            "(held only through an ignored known reference, a local variable of thread main: What the main thread "
            "holds in a local variable is gone once it returns.)\n"
            "\n"
            "2. java.lang.Thread 0x12c00600: retains 20 B (34.5%), shallow 4 B\n"
            "┬───\n"
            "│ GC Root: thread object (thread main)\n"
            "│\n"
            "╰→ java.lang.Thread instance\n"
            "     Leaking: NO (the main thread is never leaking)\n"
            "\n"
            "3. com.example.Holder 0x70000600: retains 8 B (13.8%), shallow 4 B\n"
            "┬───\n"
            "│ GC Root: sticky class\n"
            "│\n"
            "╰→ com.example.Holder class\n"
            "     Leaking: NO (a class is never leaking)\n"
            "\n");

  const test::ProgramRun json = mxi({"dominators", "-q", "--format", "json", dump});
  ASSERT_EQ(json.exitCode, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["retainers"].size(), 3u);
  EXPECT_EQ(j["retainers"][0]["className"], "com.example.Cache");
  EXPECT_EQ(j["retainers"][0]["path"].size(), 1u);
  EXPECT_EQ(j["retainers"][0]["path"][0]["referenceName"], "Java frame");
  EXPECT_EQ(j["retainers"][0]["path"][0]["thread"], "main");
  EXPECT_EQ(j["retainers"][0]["pathNote"],
            "held only through an ignored known reference, a local variable of thread main: What the main thread "
            "holds in a local variable is gone once it returns.");
  EXPECT_FALSE(j["retainers"][1].contains("pathNote"));
  EXPECT_EQ(j["retainers"][2]["className"], "com.example.Holder");
  EXPECT_EQ(j["retainers"][2]["path"][0]["referenceName"], "sticky class");
  EXPECT_FALSE(j["retainers"][2].contains("pathNote"));
}

// `--timings` (the growth benchmark's source, docs/PERFORMANCE.md): one stderr line per phase,
// in order, with wall and CPU milliseconds and the phase's peak RSS; the index's own steps wall
// only; stdout's JSON unchanged.
TEST(DominatorsCliTest, TimingsListEveryPhaseOnStderr) {
  const std::string dump = test::fixtureDumpDir() + "/leaks_base.hprof";
  const test::ProgramRun plain = test::runMxi({"dominators", "-q", "--format", "json", dump});
  const test::ProgramRun timed = test::runMxi({"dominators", "-q", "--timings", "--format", "json", dump});
  ASSERT_EQ(timed.exitCode, 0) << timed.err;
  auto withoutTimings = [](const std::string& json) {
    nlohmann::json j = nlohmann::json::parse(json);
    j.erase("timingsMs");  // measured figures differ run to run
    j.erase("phases");
    return j;
  };
  EXPECT_EQ(withoutTimings(timed.out), withoutTimings(plain.out));
  EXPECT_EQ(plain.err, "");
  const std::regex phase(R"(mxi timing: (\w+) wall \d+\.\d ms, cpu \d+\.\d ms, peak RSS [1-9]\d* KiB)");
  const std::regex step(R"(mxi timing: index: (\w+) wall \d+\.\d ms)");
  std::vector<std::string> phases, steps;
  std::istringstream lines(timed.err);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, phase)) {
      phases.push_back(m[1]);
    } else if (std::regex_match(line, m, step)) {
      steps.push_back(m[1]);
    } else {
      ADD_FAILURE() << "unexpected stderr line: " << line;
    }
  }
  EXPECT_EQ(phases, (std::vector<std::string>{"open", "index", "dominators", "paths"}));
  EXPECT_FALSE(steps.empty());  // the index's own steps (IndexStats::timingsMs), whatever they are
  const test::ProgramRun info = test::runMxi({"info", "-q", "--timings", dump});
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_EQ(info.err.find("mxi timing: open wall "), 0u) << info.err;
  EXPECT_NE(info.err.find("\nmxi timing: index wall "), std::string::npos) << info.err;
  EXPECT_EQ(info.err.find("dominators"), std::string::npos) << info.err;
}

}  // namespace
}  // namespace mxi
