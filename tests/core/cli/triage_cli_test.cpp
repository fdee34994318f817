// `mxi triage` as QA and CI use it, on real JVM-written dumps (the jvm_dumps fixture) and
// written sessions: what is analysed, skipped and failed, the signatures against `mxi leaks`
// and `mxi bitmaps` on the same dumps, exit code 3 for new problems, two runs at once.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "core/session/session_writer.h"
#include "tests/core/session/session_test_util.h"
#include "tests/support/hprof_records.h"
#include "tests/support/run_mxi.h"
#include "tests/support/start_gate.h"

namespace mxi {
namespace {
namespace fs = std::filesystem;

fs::path dump(const std::string& name) { return fs::path(test::fixtureDumpDir()) / (name + ".hprof"); }

nlohmann::json jsonOf(const test::ProgramRun& run) {
  auto j = nlohmann::json::parse(run.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << run.out << run.err;
  return j;
}

// The signatures `mxi leaks` and `mxi bitmaps` report for one dump, as triage kinds.
std::set<std::pair<std::string, std::string>> expectedSignatures(const fs::path& file) {
  std::set<std::pair<std::string, std::string>> out;
  const auto leaks = jsonOf(test::runMxi({"leaks", "-q", "--format", "json", file.string()}));
  for (const auto& l : leaks["leaks"]) out.emplace(l["signature"].get<std::string>(), "leak");
  for (const auto& l : leaks["libraryLeaks"]) out.emplace(l["signature"].get<std::string>(), "libraryLeak");
  const auto bitmaps = jsonOf(test::runMxi({"bitmaps", "-q", "--format", "json", file.string()}));
  for (const auto& g : bitmaps["groups"]) out.emplace(g["hash"].get<std::string>(), "bitmap");
  return out;
}

std::set<std::pair<std::string, std::string>> signaturesIn(const nlohmann::json& triage) {
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& s : triage["signatures"])
    out.emplace(s["signature"].get<std::string>(), s["kind"].get<std::string>());
  return out;
}

TEST(TriageCliTest, AnalysesEveryCaptureOnceAndKeepsGoingPastADamagedOne) {
  const auto dir = test::scratchDir("triage-cli-first");
  fs::create_directories(dir / "run" / "nested");
  fs::copy_file(dump("leaks_base"), dir / "run" / "leaks_base.hprof");
  fs::copy_file(dump("bitmaps"), dir / "run" / "nested" / "bitmaps.hprof");
  fs::copy_file(dump("leaks_base"), dir / "run" / "nested" / "same-bytes.hprof");  // one capture, two names
  // Cut where a copy stopped before the heap records, found from the file's own layout: where
  // they start depends on the JDK that wrote it.
  const std::string whole = test::readFile(dump("leaks_base"));
  const uint64_t cut = test::firstHeapRecordOffset(whole);
  ASSERT_GT(cut, 0u);
  test::writeBytes(dir / "run" / "damaged.hprof", std::string_view(whole).substr(0, cut));
  test::writeBytes(dir / "run" / "notes.txt", "not a capture");
  const std::string db = (dir / "store.sqlite").string();

  const auto first = test::runMxi({"triage", "-q", "--db", db, "--format", "json", (dir / "run").string()});
  ASSERT_EQ(first.exitCode, 0) << first.err;
  const auto j = jsonOf(first);
  EXPECT_EQ(j["analysed"], 2);
  EXPECT_EQ(j["skipped"], 1);  // the second name of the same bytes
  EXPECT_EQ(j["failed"], 1);
  ASSERT_EQ(j["captures"].size(), 4u);  // notes.txt is not a capture
  for (const auto& c : j["captures"]) {
    const std::string path = c["path"];
    if (path.ends_with("damaged.hprof")) {
      EXPECT_EQ(c["status"], "failed");
      const std::string error = c["error"];
      EXPECT_NE(error.find("truncated at byte " + std::to_string(cut) + ": the file ends before any heap dump record"),
                std::string::npos)
          << error;
      EXPECT_NE(error.find("read: strings and classes only, no heap records ("), std::string::npos) << error;
      EXPECT_NE(error.find("(at byte offset " + std::to_string(cut) + ")"), std::string::npos) << error;
    }
  }
  // Exactly what `mxi leaks` and `mxi bitmaps` find in the two distinct dumps.
  auto expected = expectedSignatures(dump("leaks_base"));
  expected.merge(expectedSignatures(dump("bitmaps")));
  EXPECT_EQ(signaturesIn(j), expected);
  for (const auto& s : j["signatures"]) {
    EXPECT_EQ(s["captures"], 1) << s["signature"];
    EXPECT_EQ(s["status"], "new");
    EXPECT_TRUE(s["new"].get<bool>());
  }

  // A re-run over the same folder does no heap work: all skipped, the damaged one reported again.
  const auto again = test::runMxi({"triage", "-q", "--db", db, "--format", "json", (dir / "run").string()});
  ASSERT_EQ(again.exitCode, 0) << again.err;
  const auto k = jsonOf(again);
  EXPECT_EQ(k["analysed"], 0);
  EXPECT_EQ(k["skipped"], 3);
  EXPECT_EQ(k["failed"], 1);
  EXPECT_EQ(signaturesIn(k), expected);
}

TEST(TriageCliTest, FailOnNewExitsThreeOnlyForProblemsNotSeenBefore) {
  const auto dir = test::scratchDir("triage-cli-new");
  const std::string db = (dir / "store.sqlite").string();
  auto triage = [&](const fs::path& file) {
    return test::runMxi({"triage", "-q", "--db", db, "--fail-on", "new", "--format", "json", file.string()});
  };
  EXPECT_EQ(triage(dump("leaks_base")).exitCode, 3);
  EXPECT_EQ(triage(dump("leaks_base")).exitCode, 0);
  const auto regressed = triage(dump("leaks_regressed"));
  EXPECT_EQ(regressed.exitCode, 3);
  // New: exactly what the regressed dump has that the base does not.
  const auto base = expectedSignatures(dump("leaks_base"));
  std::set<std::string> expectedNew;
  for (const auto& s : expectedSignatures(dump("leaks_regressed"))) {
    if (!base.contains(s)) expectedNew.insert(s.first);
  }
  ASSERT_FALSE(expectedNew.empty());
  std::set<std::string> reportedNew;
  const auto regressedJson = jsonOf(regressed);
  for (const auto& s : regressedJson["signatures"]) {
    if (s["new"].get<bool>()) reportedNew.insert(s["signature"].get<std::string>());
  }
  EXPECT_EQ(reportedNew, expectedNew);

  // Ignored, a new signature does not fail the build; its status and note stick.
  const std::string someNew = *expectedNew.begin();
  const auto set =
      test::runMxi({"triage", "status", someNew.substr(0, 10), "ignored", "--note", "known: vendor SDK", "--db", db});
  ASSERT_EQ(set.exitCode, 0) << set.err;
  const auto shown = jsonOf(test::runMxi({"triage", "--db", db, "--format", "json"}));
  bool found = false;
  for (const auto& s : shown["signatures"]) {
    if (s["signature"] != someNew) continue;
    found = true;
    EXPECT_EQ(s["status"], "ignored");
    EXPECT_EQ(s["note"], "known: vendor SDK");
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(test::runMxi({"triage", "status", "ffffffffffff", "fixed", "--db", db}).exitCode, 2);
}

TEST(TriageCliTest, HtmlPageShowsChainsThumbnailsAndTrends) {
  const auto dir = test::scratchDir("triage-cli-html");
  const std::string db = (dir / "store.sqlite").string();
  const fs::path page = dir / "triage.html";
  const auto run = test::runMxi(
      {"triage", "-q", "--db", db, "--html", page.string(), dump("leaks_base").string(), dump("bitmaps").string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const std::string html = test::readFile(page);
  EXPECT_NE(html.find("<!DOCTYPE html>"), std::string::npos);
  EXPECT_NE(html.find("com.example.leaks.LeakActivity"), std::string::npos);
  EXPECT_NE(html.find("┬"), std::string::npos);  // a leak trace
  EXPECT_NE(html.find("<img class=\"thumb\""), std::string::npos);
  EXPECT_NE(html.find("data:image/png;base64,iVBORw0KGgo"), std::string::npos);  // a PNG
  EXPECT_NE(html.find("<svg class=\"trend\""), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);  // self-contained, nothing to run
}

// Two runs over one folder into one store at the same time: each capture is stored once, and
// between them every capture was analysed by exactly one.
TEST(TriageCliTest, TwoRunsAtOnceLoseNothing) {
  const auto dir = test::scratchDir("triage-cli-race");
  fs::create_directories(dir / "run");
  for (const char* name : {"leaks_base", "leaks_regressed", "bitmaps", "android_heap", "view_leaks"}) {
    fs::copy_file(dump(name), dir / "run" / (std::string(name) + ".hprof"));
  }
  const std::string db = (dir / "store.sqlite").string();
  const std::vector<std::string> argv = {test::cliPath(),       "triage", "-q", "--db", db, "--format", "json",
                                         (dir / "run").string()};
  test::StartGate gate(dir / "start.lock");  // released together, they create the store together
  ASSERT_TRUE(gate.locked());
  test::RunningProgram a(gate.gated(argv)), b(gate.gated(argv));
  gate.open();
  ASSERT_EQ(a.wait(std::chrono::minutes(3)), 0) << a.errorOutput();
  ASSERT_EQ(b.wait(std::chrono::minutes(3)), 0) << b.errorOutput();
  const auto ja = nlohmann::json::parse(a.output()), jb = nlohmann::json::parse(b.output());
  EXPECT_EQ(ja["analysed"].get<int>() + jb["analysed"].get<int>(), 5);
  EXPECT_EQ(ja["failed"].get<int>() + jb["failed"].get<int>(), 0);
  const auto store = jsonOf(test::runMxi({"triage", "--db", db, "--format", "json", "-q", (dir / "run").string()}));
  EXPECT_EQ(store["skipped"], 5);
  std::set<std::pair<std::string, std::string>> expected;
  for (const char* name : {"leaks_base", "leaks_regressed", "bitmaps", "android_heap", "view_leaks"}) {
    expected.merge(expectedSignatures(dump(name)));
  }
  EXPECT_EQ(signaturesIn(store), expected);
}

// Sessions: each is judged against the previous session of the same app, as `mxi session
// compare` judges two; a slower scene is a regression signature.
TEST(TriageCliTest, ASlowerSessionIsARegression) {
  const auto dir = test::scratchDir("triage-cli-sessions");
  auto write = [&](const std::string& name, int64_t startMs, int64_t frameMs) {
    core::session::SessionHeader header;
    header.app = "com.example.app";
    header.device = "Pixel 7";
    header.startTimeUnixMs = startMs;
    header.extras = {{"appVersion", startMs < 2000 ? "1.0" : "1.1"}};
    auto writer = core::session::SessionWriter::create((dir / name).string(), header);
    ASSERT_TRUE(writer.ok());
    core::session::SessionRecord scene;
    scene.type = core::session::RecordType::kScene;
    scene.text = "com.example.app.FeedActivity";
    ASSERT_TRUE((*writer)->append(scene).ok());
    for (int i = 0; i < 120; ++i) {
      core::session::SessionRecord frame;
      frame.type = core::session::RecordType::kFrame;
      frame.frame = test::syntheticFrame(int64_t{i} * 40'000'000, (frameMs + i % 3) * 1'000'000);
      frame.timeNs = frame.frame.startNs;
      ASSERT_TRUE((*writer)->append(frame).ok());
    }
    if (frameMs > 20) {  // the slow one also hangs: an ANR with the main thread's stack
      core::session::SessionRecord anr;
      anr.type = core::session::RecordType::kAnr;
      anr.timeNs = 120 * 40'000'000LL;
      anr.text =
          "----- pid 4242 at 2026-11-25 10:00:00 -----\nCmd line: com.example.app\n\n"
          "\"main\" prio=5 tid=1 Blocked\n  | group=\"main\" sCount=1 dsCount=0 flags=1 obj=0x72a3f9d8 self=0xb400\n"
          "  at com.example.app.FeedRepository.load(FeedRepository.java:42)\n"
          "  - waiting to lock <0x0a1b2c3d> (a java.lang.Object) held by thread 12\n"
          "  at com.example.app.FeedActivity.onResume(FeedActivity.java:30)\n\n----- end 4242 -----\n";
      ASSERT_TRUE((*writer)->append(anr).ok());
    }
    ASSERT_TRUE((*writer)->close().ok());
  };
  write("a-base.mxs", 1000, 8);
  write("b-next.mxs", 3000, 30);
  const std::string db = (dir / "store.sqlite").string();
  const auto run = test::runMxi({"triage", "-q", "--db", db, "--format", "json", dir.string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto j = jsonOf(run);
  EXPECT_EQ(j["analysed"], 2);
  // The slower scene, and the ANR by where the main thread was stuck.
  std::set<std::string> what;
  for (const auto& s : j["signatures"]) {
    EXPECT_EQ(s["kind"], "regression");
    EXPECT_EQ(s["captures"], 1);
    EXPECT_EQ(s["firstSeen"], 3000);
    ASSERT_EQ(s["byAppVersion"].size(), 2u);
    EXPECT_EQ(s["byAppVersion"][1]["appVersion"], "1.1");
    EXPECT_EQ(s["byAppVersion"][1]["affected"], 1);
    EXPECT_EQ(s["byAppVersion"][0]["affected"], 0);
    what.insert(s["className"].get<std::string>());
  }
  EXPECT_EQ(what, (std::set<std::string>{"com.example.app.FeedActivity",
                                         "com.example.app.FeedRepository.load(FeedRepository.java:42)"}));
}

}  // namespace
}  // namespace mxi
