// `mxi triage --mappings` on a real release build: the shop program minified twice by ProGuard
// (tests/fixtures/minified, builds 1.2 and 1.3 named differently), dumped by the JVM. One leak
// must be one signature whatever each build called it, a capture triaged before its mapping was
// known must be re-keyed, and every capture left without a mapping is named.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/core/session/session_test_util.h"
#include "tests/support/archive_writer.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {
namespace fs = std::filesystem;

nlohmann::json jsonOf(const test::ProgramRun& run) {
  auto j = nlohmann::json::parse(run.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << run.out << run.err;
  return j;
}

bool haveFixture() { return fs::exists(test::minifiedFile("1.2", ".hprof")); }

// The two builds' dumps, copied where the test lays them out.
void copyBuilds(const fs::path& to) {
  fs::create_directories(to);
  for (const char* build : {"1.2", "1.3"}) {
    fs::copy_file(test::minifiedFile(build, ".hprof"), to / (std::string("shop-") + build + ".hprof"),
                  fs::copy_options::overwrite_existing);
  }
}

// A mappings folder with the builds given: <dir>/com.example.shop/<code>/mapping.txt.
fs::path mappingsDir(const fs::path& dir, const std::map<std::string, std::string>& codeToBuild) {
  for (const auto& [code, build] : codeToBuild) {
    fs::create_directories(dir / "com.example.shop" / code);
    fs::copy_file(test::minifiedFile(build, ".mapping.txt"), dir / "com.example.shop" / code / "mapping.txt",
                  fs::copy_options::overwrite_existing);
  }
  return dir;
}

// signature → (kind, className, captures)
struct Row {
  std::string kind, className;
  int captures = 0;
  bool operator==(const Row&) const = default;
};
std::map<std::string, Row> rowsOf(const nlohmann::json& j) {
  std::map<std::string, Row> out;
  for (const auto& s : j["signatures"]) {
    out[s["signature"]] = Row{s["kind"], s.value("className", ""), s["captures"]};
  }
  return out;
}
// The leaks' classes, each as many times as it has signatures.
std::multiset<std::string> leakClasses(const nlohmann::json& j) {
  std::multiset<std::string> out;
  for (const auto& s : j["signatures"]) {
    if (s["kind"] == "leak") out.insert(s["className"].get<std::string>());
  }
  return out;
}
std::vector<std::string> withoutMapping(const nlohmann::json& j) {
  std::vector<std::string> out;
  for (const auto& p : j["withoutMapping"]) out.push_back(fs::path(p.get<std::string>()).filename().string());
  return out;
}
const nlohmann::json* captureNamed(const nlohmann::json& j, const std::string& name) {
  for (const auto& c : j["captures"]) {
    if (fs::path(c["path"].get<std::string>()).filename() == name) return &c;
  }
  return nullptr;
}

const std::multiset<std::string> kOneRowPerLeak = {"com.example.shop.CheckoutActivity",
                                                   "com.example.shop.ProductActivity"};

TEST(TriageMappingCliTest, TwoMinifiedBuildsTriageIntoOneSignaturePerLeak) {
  if (!haveFixture()) GTEST_SKIP() << "no minified fixture at " << test::minifiedDumpDir();
  const auto dir = test::scratchDir("triage-mapping-one");
  copyBuilds(dir / "run");
  const auto mappings = mappingsDir(dir / "mappings", {{"12", "1.2"}, {"13", "1.3"}});
  const std::string db = (dir / "store.sqlite").string();
  const auto run = test::runMxi(
      {"triage", "-q", "--db", db, "--format", "json", "--mappings", mappings.string(), (dir / "run").string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto j = jsonOf(run);
  EXPECT_EQ(j["analysed"], 2);
  EXPECT_EQ(j["rekeyed"], 0);
  EXPECT_EQ(leakClasses(j), kOneRowPerLeak);
  for (const auto& [signature, row] : rowsOf(j)) EXPECT_EQ(row.captures, 2) << signature << " " << row.className;
  EXPECT_TRUE(withoutMapping(j).empty());
  for (const auto& [file, code] : {std::pair{"shop-1.2.hprof", "12"}, std::pair{"shop-1.3.hprof", "13"}}) {
    const auto* c = captureNamed(j, file);
    ASSERT_TRUE(c) << file;
    EXPECT_EQ((*c)["mappingFile"], (mappings / "com.example.shop" / code / "mapping.txt").string());
    EXPECT_EQ((*c)["mapping"].get<std::string>().size(), 16u);
  }
  EXPECT_NE((*captureNamed(j, "shop-1.2.hprof"))["mapping"], (*captureNamed(j, "shop-1.3.hprof"))["mapping"]);

  // The signatures are `mxi leaks`' on each dump read with its own mapping.
  for (const char* build : {"1.2", "1.3"}) {
    const auto leaks = test::runMxi({"leaks", "-q", "--format", "json", "--mapping",
                                     test::minifiedFile(build, ".mapping.txt"), test::minifiedFile(build, ".hprof")});
    if (leaks.exitCode != 0) GTEST_SKIP() << "mxi leaks --mapping: " << leaks.err;  // h-heapmap's side
    std::set<std::string> expected, got;
    for (const auto& l : jsonOf(leaks)["leaks"]) expected.insert(l["signature"].get<std::string>());
    for (const auto& [signature, row] : rowsOf(j)) {
      if (row.kind == "leak") got.insert(signature);
    }
    EXPECT_EQ(got, expected) << build;
  }
}

TEST(TriageMappingCliTest, WithoutMappingsTheBuildsSplitAndALaterRunReKeysThem) {
  if (!haveFixture()) GTEST_SKIP() << "no minified fixture at " << test::minifiedDumpDir();
  const auto dir = test::scratchDir("triage-mapping-rekey");
  copyBuilds(dir / "run");
  const std::string db = (dir / "store.sqlite").string();

  // 1. No mappings: each build's names make their own signatures, two per leak.
  const auto plain = test::runMxi({"triage", "-q", "--db", db, "--format", "json", (dir / "run").string()});
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  const auto p = jsonOf(plain);
  EXPECT_EQ(p["analysed"], 2);
  const auto minified = rowsOf(p);
  EXPECT_EQ(leakClasses(p).size(), 4u);
  for (const auto& [signature, row] : minified) EXPECT_EQ(row.captures, 1) << signature << " " << row.className;
  EXPECT_EQ(withoutMapping(p), (std::vector<std::string>{"shop-1.2.hprof", "shop-1.3.hprof"}));

  // 2. Only 1.2's mapping is known: 1.2 is re-keyed, 1.3 is named as the one without.
  const auto partial = mappingsDir(dir / "mappings", {{"12", "1.2"}});
  const auto half = test::runMxi(
      {"triage", "-q", "--db", db, "--format", "json", "--mappings", partial.string(), (dir / "run").string()});
  ASSERT_EQ(half.exitCode, 0) << half.err;
  const auto h = jsonOf(half);
  EXPECT_EQ(h["analysed"], 1);
  EXPECT_EQ(h["skipped"], 1);
  EXPECT_EQ(h["rekeyed"], 1);
  EXPECT_EQ(withoutMapping(h), std::vector<std::string>{"shop-1.3.hprof"});
  EXPECT_EQ((*captureNamed(h, "shop-1.3.hprof"))["noMapping"],
            "no " + (partial / "com.example.shop" / "13" / "mapping.txt").string());
  EXPECT_TRUE((*captureNamed(h, "shop-1.2.hprof"))["rekeyed"].get<bool>());
  EXPECT_EQ(leakClasses(h).size(), 4u);  // 1.2's original names, 1.3's minified ones
  // The text report names it too.
  const auto text = test::runMxi({"triage", "-q", "--db", db, "--mappings", partial.string(), (dir / "run").string()});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("1 capture(s) without a mapping (their names stay minified):\n  no mapping: " +
                          (dir / "run" / "shop-1.3.hprof").string() + ": no " +
                          (partial / "com.example.shop" / "13" / "mapping.txt").string() + "\n"),
            std::string::npos)
      << text.out;

  // 3. Both mappings: 1.3 re-keyed as well, one row per leak with both captures, and the
  // minified signatures left without occurrences are gone from the store.
  mappingsDir(dir / "mappings", {{"13", "1.3"}});
  const auto html = dir / "triage.html";
  const auto full = test::runMxi({"triage", "-q", "--db", db, "--format", "json", "--mappings", partial.string(),
                                  "--html", html.string(), (dir / "run").string()});
  ASSERT_EQ(full.exitCode, 0) << full.err;
  const auto f = jsonOf(full);
  EXPECT_EQ(f["analysed"], 1);
  EXPECT_EQ(f["rekeyed"], 1);
  EXPECT_TRUE(withoutMapping(f).empty());
  EXPECT_EQ(leakClasses(f), kOneRowPerLeak);
  for (const auto& [signature, row] : rowsOf(f)) {
    EXPECT_EQ(row.captures, 2) << signature << " " << row.className;
    EXPECT_FALSE(minified.contains(signature) && row.kind == "leak") << signature;
  }
  EXPECT_EQ(test::readFile(html).find("Captures analysed without a mapping"), std::string::npos);

  // 4. Again: nothing to do.
  const auto again = test::runMxi(
      {"triage", "-q", "--db", db, "--format", "json", "--mappings", partial.string(), (dir / "run").string()});
  const auto a = jsonOf(again);
  EXPECT_EQ(a["analysed"], 0);
  EXPECT_EQ(a["skipped"], 2);
  EXPECT_EQ(a["rekeyed"], 0);
  EXPECT_EQ(rowsOf(a), rowsOf(f));
}

// A sidecar names one capture's mapping and comes before the folder: here the folder's 13 holds
// 1.2's mapping, which would read 1.3 wrong.
TEST(TriageMappingCliTest, ASidecarComesBeforeTheFolder) {
  if (!haveFixture()) GTEST_SKIP() << "no minified fixture at " << test::minifiedDumpDir();
  const auto dir = test::scratchDir("triage-mapping-sidecar");
  copyBuilds(dir / "run");
  fs::copy_file(test::minifiedFile("1.3", ".mapping.txt"), dir / "run" / "shop-1.3.hprof.mapping.txt");
  const auto mappings = mappingsDir(dir / "mappings", {{"12", "1.2"}, {"13", "1.2"}});
  const auto run = test::runMxi({"triage", "-q", "--db", (dir / "store.sqlite").string(), "--format", "json",
                                 "--mappings", mappings.string(), (dir / "run").string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto j = jsonOf(run);
  EXPECT_EQ(j["analysed"], 2);  // the sidecar is not a capture
  EXPECT_EQ((*captureNamed(j, "shop-1.3.hprof"))["mappingFile"], (dir / "run" / "shop-1.3.hprof.mapping.txt").string());
  EXPECT_EQ(leakClasses(j), kOneRowPerLeak);
  for (const auto& [signature, row] : rowsOf(j)) EXPECT_EQ(row.captures, 2) << signature << " " << row.className;

  // Sidecars alone, without --mappings, are found too.
  const auto dir2 = test::scratchDir("triage-mapping-sidecars-only");
  copyBuilds(dir2);
  for (const char* build : {"1.2", "1.3"}) {
    fs::copy_file(test::minifiedFile(build, ".mapping.txt"),
                  dir2 / (std::string("shop-") + build + ".hprof.mapping.txt"));
  }
  const auto alone =
      test::runMxi({"triage", "-q", "--db", (dir2 / "store.sqlite").string(), "--format", "json", dir2.string()});
  ASSERT_EQ(alone.exitCode, 0) << alone.err;
  EXPECT_EQ(leakClasses(jsonOf(alone)), kOneRowPerLeak);
}

// A Matrix upload zip whose dump does not say its app: result.info's packageName and
// versionCode pick the mapping.
TEST(TriageMappingCliTest, AMatrixZipsResultInfoPicksTheMapping) {
  const fs::path plain = fs::path(test::fixtureDumpDir()) / "leaks_base.hprof";
  if (!haveFixture() || !fs::exists(plain)) GTEST_SKIP() << "no JVM fixture dumps";
  const auto dir = test::scratchDir("triage-mapping-matrix-zip");
  const std::string dump = test::readFile(plain);
  const std::string info =
      "sdkVersion=30\nmanufacturer=Google\nhprofEntry=dump.hprof\npackageName=com.example.leaks\n"
      "versionName=7.0\nversionCode=70\n";
  fs::create_directories(dir / "run");
  ASSERT_TRUE(test::writeZip((dir / "run" / "upload.zip").string(),
                             {{"result.info", std::vector<uint8_t>(info.begin(), info.end())},
                              {"dump.hprof", std::vector<uint8_t>(dump.begin(), dump.end())}}));
  fs::create_directories(dir / "mappings" / "com.example.leaks" / "70");
  fs::copy_file(test::minifiedFile("1.2", ".mapping.txt"),
                dir / "mappings" / "com.example.leaks" / "70" / "mapping.txt");
  const auto run = test::runMxi({"triage", "-q", "--db", (dir / "store.sqlite").string(), "--format", "json",
                                 "--mappings", (dir / "mappings").string(), (dir / "run").string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto j = jsonOf(run);
  ASSERT_EQ(j["captures"].size(), 1u);
  EXPECT_EQ(j["captures"][0]["status"], "analysed");
  EXPECT_EQ(j["captures"][0]["mappingFile"], (dir / "mappings" / "com.example.leaks" / "70" / "mapping.txt").string());
}

// Sessions: StrictMode keys hold a frame. The same violation in builds 1.2 and 1.3 (the frames as
// each minified build printed them) is one signature once each session's mapping is known.
TEST(TriageMappingCliTest, SessionFramesAreRetracedBeforeTheyAreSigned) {
  if (!haveFixture()) GTEST_SKIP() << "no minified fixture at " << test::minifiedDumpDir();
  const auto dir = test::scratchDir("triage-mapping-sessions");
  fs::create_directories(dir / "run");
  for (const auto& [build, code] : {std::pair{"1.2", "12"}, std::pair{"1.3", "13"}}) {
    // The real stack trace's frames, under a StrictMode network violation's header.
    const std::string trace = test::readFile(test::minifiedFile(build, ".stacktrace.txt"));
    std::string log =
        "01-01 00:00:00.000  4242  4242 D StrictMode: StrictMode policy violation; ~duration=20 ms: "
        "android.os.strictmode.NetworkViolation\n"
        "01-01 00:00:00.000  4242  4242 D StrictMode: \tat "
        "android.os.StrictMode$AndroidBlockGuardPolicy.onNetwork(StrictMode.java:1565)\n";
    size_t start = trace.find('\n') + 1;  // after the exception's own line
    while (start < trace.size()) {
      const size_t end = trace.find('\n', start);
      log += "01-01 00:00:00.000  4242  4242 D StrictMode: " + trace.substr(start, end - start) + "\n";
      start = end == std::string::npos ? trace.size() : end + 1;
    }
    test::writeBytes(dir / (std::string("strictmode-") + build + ".txt"), log);
    const auto imported =
        test::runMxi({"session", "import", "--app", "com.example.shop", "--version-code", code, "--app-version", build,
                      "--issues", (dir / (std::string("strictmode-") + build + ".txt")).string(), "-o",
                      (dir / "run" / (std::string("shop-") + build + ".mxs")).string()});
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
  }
  const std::string db = (dir / "store.sqlite").string();
  auto strictModeRows = [](const nlohmann::json& j) {
    std::vector<Row> out;
    for (const auto& [signature, row] : rowsOf(j)) {
      if (row.kind == "strictMode") out.push_back(row);
    }
    return out;
  };
  const auto plain = test::runMxi({"triage", "-q", "--db", db, "--format", "json", (dir / "run").string()});
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_EQ(strictModeRows(jsonOf(plain)).size(), 2u);  // a.b.c and o.x.q: two problems

  const auto mappings = mappingsDir(dir / "mappings", {{"12", "1.2"}, {"13", "1.3"}});
  const auto mapped = test::runMxi(
      {"triage", "-q", "--db", db, "--format", "json", "--mappings", mappings.string(), (dir / "run").string()});
  ASSERT_EQ(mapped.exitCode, 0) << mapped.err;
  const auto j = jsonOf(mapped);
  EXPECT_EQ(j["rekeyed"], 2);
  const auto rows = strictModeRows(j);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].captures, 2);
  EXPECT_NE(rows[0].className.find("com.example.shop.CartItem"), std::string::npos) << rows[0].className;
}

TEST(TriageMappingCliTest, BadMappingOptionsFailWithWhere) {
  const auto dir = test::scratchDir("triage-mapping-bad");
  const auto missing = test::runMxi(
      {"triage", "--db", (dir / "s.sqlite").string(), "--mappings", (dir / "nowhere").string(), dir.string()});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("nowhere"), std::string::npos) << missing.err;
  test::writeBytes(dir / "broken.txt", "com.example.A -> a:\n    this is not a member line\n");
  const auto broken = test::runMxi(
      {"triage", "--db", (dir / "s.sqlite").string(), "--mapping", (dir / "broken.txt").string(), dir.string()});
  EXPECT_EQ(broken.exitCode, 2) << broken.err;
  EXPECT_NE(broken.err.find((dir / "broken.txt").string() + ": "), std::string::npos) << broken.err;
  EXPECT_NE(broken.err.find("line 2"), std::string::npos) << broken.err;
}

}  // namespace
}  // namespace mxi
