// The `mxi` executable as scripts use it: exit codes, error messages, the JSON contract.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/support/archive_writer.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

// Every check here reads stdout and stderr together, as a user sees them.
test::ProgramRun mxi(std::vector<std::string> args) {
  return test::runMxi(std::move(args), test::RunOptions().mergingStderr());
}

TEST(CliTest, HelpOnEveryCommand) {
  for (const std::vector<std::string>& cmd : std::vector<std::vector<std::string>>{{"--help"},
                                                                                   {"info", "--help"},
                                                                                   {"histogram", "--help"},
                                                                                   {"leaks", "--help"},
                                                                                   {"dominators", "--help"},
                                                                                   {"diff", "--help"},
                                                                                   {"bitmaps", "--help"},
                                                                                   {"strings", "--help"},
                                                                                   {"shrink", "--help"}}) {
    const test::ProgramRun r = mxi(cmd);
    EXPECT_EQ(r.exitCode, 0) << testing::PrintToString(cmd);
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
  }
  EXPECT_EQ(mxi({"no-such-command"}).exitCode, 2);
}

TEST(CliTest, InfoJsonOnAnAndroidDump) {
  const auto dir = test::scratchDir("cli-info");
  ASSERT_TRUE(test::writeFile((dir / "a.hprof").string(), test::buildArtSample().bytes));
  const test::ProgramRun r = mxi({"info", "-q", "--format", "json", (dir / "a.hprof").string()});
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
  // Only heaps that hold objects: the roots-only `default` heap is left out.
  ASSERT_EQ(j["heaps"].size(), 3u);
  EXPECT_EQ(j["heaps"][0]["name"], "image");
  EXPECT_EQ(j["heaps"][1]["name"], "zygote");
  EXPECT_EQ(j["heaps"][2]["name"], "app");
  EXPECT_EQ(j["heaps"][2]["objects"], 15);
  EXPECT_TRUE(j["timingsMs"].contains("total"));
}

TEST(CliTest, HistogramJsonWithHeapFilterAndTop) {
  const auto dir = test::scratchDir("cli-histogram");
  const auto file = (dir / "a.hprof").string();
  ASSERT_TRUE(test::writeFile(file, test::buildArtSample().bytes));
  const test::ProgramRun r = mxi({"histogram", "-q", "--format", "json", "--heap", "app", "--top", "3", file});
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

  const test::ProgramRun bad = mxi({"histogram", "-q", "--heap", "nowhere", file});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.out.find("no heap named 'nowhere'"), std::string::npos) << bad.out;
}

TEST(CliTest, BadInputExitsTwoNamingFileAndOffset) {
  const auto dir = test::scratchDir("cli-bad");
  auto bytes = test::buildArtSample().bytes;
  bytes.resize(bytes.size() - 7);
  const auto file = (dir / "cut.hprof").string();
  ASSERT_TRUE(test::writeFile(file, bytes));
  const test::ProgramRun r = mxi({"info", "-q", file});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.out.find(file), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("at byte offset"), std::string::npos) << r.out;
  EXPECT_EQ(mxi({"info", "-q", (dir / "missing.hprof").string()}).exitCode, 2);
}

TEST(CliTest, RealJvmDumpCountsMatchTheFixtureTruth) {
  const std::string dumps = test::fixtureDumpDir();
  std::ifstream truthFile(dumps + "/android_heap.json");
  ASSERT_TRUE(truthFile) << "the jvm_fixture_dumps test makes " << dumps;
  const auto truth = nlohmann::json::parse(truthFile);
  const test::ProgramRun r = mxi({"histogram", "-q", "--format", "json", dumps + "/android_heap.hprof"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, uint64_t> counts;
  for (const auto& row : j["rows"]) counts[row["className"]] = row["count"];
  for (const auto& [name, count] : truth["counts"].items()) EXPECT_EQ(counts[name], count.get<uint64_t>()) << name;
}

TEST(CliTest, LeaksJsonContract) {
  const std::string dump = test::fixtureDumpDir() + "/leaks_base.hprof";
  const test::ProgramRun r = mxi({"leaks", "-q", "--format", "json", dump});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["leaks"].size(), 7u);
  ASSERT_EQ(j["libraryLeaks"].size(), 1u);
  for (const auto& leak : j["leaks"]) {
    for (const char* key :
         {"signature", "className", "finder", "key", "leakingObjectIds", "count", "retainedBytes", "chain"}) {
      EXPECT_TRUE(leak.contains(key)) << key;
    }
    for (const auto& node : leak["chain"]) {
      for (const char* key : {"className", "objectId", "referenceType", "referenceName", "leakingStatus", "reason"}) {
        EXPECT_TRUE(node.contains(key)) << key;
      }
    }
    EXPECT_EQ(leak["chain"].back()["leakingStatus"], "YES");
  }
  EXPECT_EQ(j["libraryLeaks"][0]["pattern"]["fieldName"], "mServedView");
  // The biggest leak first: the activity holding a 100,000-byte payload, found by Matrix.
  EXPECT_EQ(j["leaks"][0]["finder"], "matrix");
  EXPECT_GT(j["leaks"][0]["retainedBytes"].get<uint64_t>(), 100000u);

  // Text: LeakCanary-style tree with the suspect reference underlined.
  const test::ProgramRun text = mxi({"leaks", "-q", "--finder", "matrix", dump});
  ASSERT_EQ(text.exitCode, 0) << text.out;
  EXPECT_NE(text.out.find("├─ com.example.leaks.LeakHeap class\n│    Leaking: NO (a class is never leaking)\n"
                          "│    ↓ static LeakHeap.sLeakedActivity\n│                      ~~~~~~~~~~~~~~~\n"
                          "╰→ com.example.leaks.LeakActivity instance\n"),
            std::string::npos)
      << text.out;

  // An explicit object: the first leak's object, named by id.
  const std::string id = j["leaks"][0]["leakingObjectIds"][0];
  const test::ProgramRun named = mxi({"leaks", "-q", "--format", "json", "--finder", "none", "--object", id, dump});
  ASSERT_EQ(named.exitCode, 0) << named.out;
  EXPECT_EQ(nlohmann::json::parse(named.out)["leaks"][0]["finder"], "explicit");

  EXPECT_EQ(mxi({"leaks", "-q", "--object", "nonsense", dump}).exitCode, 2);
  EXPECT_EQ(mxi({"leaks", "-q", "--exclude-heap", "nope", dump}).exitCode, 2);
}

TEST(CliTest, LeaksDeduplicatedAndKnownReferenceFiles) {
  const std::string views = test::fixtureDumpDir() + "/view_leaks.hprof";
  const test::ProgramRun text = mxi({"leaks", "-q", views});
  ASSERT_EQ(text.exitCode, 0) << text.out;
  for (const char* activity : {"DetailActivity", "SettingsActivity", "LoginActivity"}) {
    EXPECT_NE(text.out.find(std::string("1 × com.example.app.") + activity), std::string::npos) << text.out;
  }
  EXPECT_NE(text.out.find("3 application leak(s), 0 library leak(s); 6 candidate(s), 0 not strongly reachable, "
                          "3 held through another leak\n"),
            std::string::npos)
      << text.out;
  const test::ProgramRun json = mxi({"leaks", "-q", "--format", "json", views});
  EXPECT_EQ(nlohmann::json::parse(json.out)["heldThroughOtherLeaks"], 3);

  // An added file: LeakHeap's static field becomes a known reference, the rest stays built in.
  const auto dir = test::scratchDir("cli-known-references");
  const std::string added = (dir / "added.json").string(), bad = (dir / "bad.json").string();
  std::ofstream(added) << R"([{"kind": "staticField", "className": "com.example.leaks.LeakHeap",
                              "fieldName": "sLeakedActivity", "description": "test"}])";
  std::ofstream(bad) << R"([{"kind": "javaLocal"}])";
  const std::string dump = test::fixtureDumpDir() + "/leaks_base.hprof";
  const auto both =
      nlohmann::json::parse(mxi({"leaks", "-q", "--format", "json", "--add-known-references", added, dump}).out);
  ASSERT_EQ(both["libraryLeaks"].size(), 2u);  // InputMethodManager.mServedView (built in) and the added one
  std::set<std::string> fields;
  for (const auto& leak : both["libraryLeaks"]) fields.insert(leak["pattern"]["fieldName"].get<std::string>());
  EXPECT_EQ(fields, (std::set<std::string>{"mServedView", "sLeakedActivity"}));
  const auto replaced =
      nlohmann::json::parse(mxi({"leaks", "-q", "--format", "json", "--known-references", added, dump}).out);
  ASSERT_EQ(replaced["libraryLeaks"].size(), 1u);
  EXPECT_EQ(replaced["libraryLeaks"][0]["pattern"]["kind"], "staticField");
  const test::ProgramRun broken = mxi({"leaks", "-q", "--add-known-references", bad, dump});
  EXPECT_EQ(broken.exitCode, 2);
  EXPECT_NE(broken.out.find(bad + ": known references: entry 0: javaLocal needs threadName"), std::string::npos)
      << broken.out;
}

TEST(CliTest, DominatorsJsonContract) {
  const test::ProgramRun r =
      mxi({"dominators", "-q", "--top", "3", "--format", "json", test::fixtureDumpDir() + "/leaks_base.hprof"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["retainers"].size(), 3u);
  uint64_t previous = UINT64_MAX;
  for (const auto& row : j["retainers"]) {
    const auto retained = row["retainedBytes"].get<uint64_t>();
    EXPECT_LE(retained, previous);
    EXPECT_GE(retained, row["shallowBytes"].get<uint64_t>());
    previous = retained;
    EXPECT_EQ(row["path"].back()["objectId"], row["objectId"]);
  }
  const test::ProgramRun info = mxi({"info", "-q", "--format", "json", test::fixtureDumpDir() + "/leaks_base.hprof"});
  ASSERT_EQ(info.exitCode, 0);
  EXPECT_EQ(j["reachableObjects"].get<uint64_t>() + j["unreachableObjects"].get<uint64_t>(),
            nlohmann::json::parse(info.out)["objects"].get<uint64_t>());
  EXPECT_GT(j["unreachableObjects"].get<uint64_t>(), 0u);
}

TEST(CliTest, DiffJsonContract) {
  const std::string dir = test::fixtureDumpDir();
  const test::ProgramRun r =
      mxi({"diff", "-q", "--format", "json", "--top", "0", dir + "/leaks_base.hprof", dir + "/leaks_regressed.hprof"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  bool sawCached = false;
  for (const auto& c : j["classes"]) {
    if (c["className"] == "com.example.leaks.Cached") {
      sawCached = true;
      EXPECT_EQ(c["countDelta"], 1000);
      EXPECT_EQ(c["countBase"], 10);
    }
  }
  EXPECT_TRUE(sawCached);
  EXPECT_EQ(j["leaks"]["new"].size(), 2u);
  EXPECT_EQ(j["leaks"]["fixed"].size(), 1u);
  EXPECT_EQ(j["leaks"]["stillPresent"].size(), 7u);
}

TEST(CliTest, LeaksInAMatrixUploadZipUseItsLeakedActivityKey) {
  std::ifstream in(test::fixtureDumpDir() + "/leaks_base.hprof", std::ios::binary);
  const std::vector<uint8_t> dump((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(dump.empty());
  const auto dir = test::scratchDir("cli-matrix-leaks");
  auto info = [](const std::string& key) {
    const std::string text =
        "sdkVersion=30\nmanufacturer=Google\nhprofEntry=dump.hprof\nleakedActivityKey=" + key + "\n";
    return std::vector<uint8_t>(text.begin(), text.end());
  };
  ASSERT_TRUE(test::writeZip((dir / "hit.zip").string(), {{"result.info", info("leak-key-1")}, {"dump.hprof", dump}}));
  ASSERT_TRUE(test::writeZip((dir / "miss.zip").string(), {{"result.info", info("other")}, {"dump.hprof", dump}}));
  const test::ProgramRun hit =
      mxi({"leaks", "-q", "--no-retained", "--finder", "matrix", "--format", "json", (dir / "hit.zip").string()});
  ASSERT_EQ(hit.exitCode, 0) << hit.out;
  const auto j = nlohmann::json::parse(hit.out);
  ASSERT_EQ(j["leaks"].size(), 1u);
  EXPECT_EQ(j["leaks"][0]["key"], "leak-key-1");
  const test::ProgramRun miss =
      mxi({"leaks", "-q", "--no-retained", "--finder", "matrix", "--format", "json", (dir / "miss.zip").string()});
  ASSERT_EQ(miss.exitCode, 0) << miss.out;
  EXPECT_TRUE(nlohmann::json::parse(miss.out)["leaks"].empty());
  // --key overrides result.info.
  const test::ProgramRun overridden = mxi({"leaks", "-q", "--no-retained", "--finder", "matrix", "--key", "leak-key-1",
                                           "--format", "json", (dir / "miss.zip").string()});
  EXPECT_EQ(nlohmann::json::parse(overridden.out)["leaks"].size(), 1u);
}

TEST(CliTest, BitmapsJsonAndExport) {
  const auto dir = test::scratchDir("cli-bitmaps");
  const test::ProgramRun r = mxi({"bitmaps", "-q", "--format", "json", "--export", (dir / "pictures").string(),
                                  test::fixtureDumpDir() + "/bitmaps.hprof"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["groups"].size(), 2u);
  const auto& g = j["groups"][0];
  for (const char* key : {"width", "height", "config", "bytesPerCopy", "copies", "wastedBytes", "hash", "instances"}) {
    EXPECT_TRUE(g.contains(key)) << key;
  }
  EXPECT_EQ(g["copies"], 3);
  EXPECT_EQ(g["wastedBytes"], 40000);
  EXPECT_EQ(g["instances"].size(), 3u);
  EXPECT_TRUE(g["instances"][0].contains("chain"));
  const std::string picture = g["picture"];
  EXPECT_EQ(picture, (dir / "pictures" / (g["hash"].get<std::string>() + ".png")).string());
  std::ifstream png(picture, std::ios::binary);
  char magic[8] = {};
  png.read(magic, 8);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
}

TEST(CliTest, StringsJson) {
  const test::ProgramRun r =
      mxi({"strings", "-q", "--format", "json", "--top", "1", test::fixtureDumpDir() + "/bitmaps.hprof"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["strings"].size(), 1u);
  EXPECT_EQ(j["strings"][0]["value"], "duplicated-string-value");
  EXPECT_EQ(j["strings"][0]["copies"], 41);
  EXPECT_EQ(j["arrays"].size(), 1u);
}

TEST(CliTest, ShrinkToAMatrixZipAndBack) {
  const auto dir = test::scratchDir("cli-shrink");
  const std::string zip = (dir / "upload.zip").string();
  const test::ProgramRun r = mxi({"shrink", "-q", "--format", "json", "--zip", "--key", "leak-key-1", "--sdk-version",
                                  "25", "--manufacturer", "Acme", test::fixtureDumpDir() + "/leaks_base.hprof", zip});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_LT(j["outputBytes"].get<uint64_t>(), j["inputBytes"].get<uint64_t>());
  // The zip opens directly, and its result.info key drives the Matrix finder.
  const test::ProgramRun leaks = mxi({"leaks", "-q", "--no-retained", "--finder", "matrix", "--format", "json", zip});
  ASSERT_EQ(leaks.exitCode, 0) << leaks.out;
  const auto lj = nlohmann::json::parse(leaks.out);
  ASSERT_EQ(lj["leaks"].size(), 1u);
  EXPECT_EQ(lj["leaks"][0]["key"], "leak-key-1");
  const test::ProgramRun info = mxi({"info", "-q", "--format", "json", zip});
  ASSERT_EQ(info.exitCode, 0) << info.out;
  EXPECT_NE(info.out.find("leaks_base_shrink.hprof"), std::string::npos) << info.out;

  // A truncated input: exit 2 naming the offset, and no output left behind.
  std::ifstream in(test::fixtureDumpDir() + "/leaks_base.hprof", std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bytes.resize(bytes.size() / 2);
  ASSERT_TRUE(test::writeFile((dir / "cut.hprof").string(), bytes));
  const test::ProgramRun bad = mxi({"shrink", "-q", (dir / "cut.hprof").string(), (dir / "out.hprof").string()});
  EXPECT_EQ(bad.exitCode, 2) << bad.out;
  EXPECT_NE(bad.out.find("offset"), std::string::npos) << bad.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.hprof"));
}

}  // namespace
}  // namespace mxi
