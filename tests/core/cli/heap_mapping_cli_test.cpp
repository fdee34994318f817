// `--mapping` on the heap commands, on a real ProGuard-minified program's dumps
// (tests/fixtures/minified): source class and field names only, in text and JSON, and two
// differently minified builds diffed without class churn when each has its own mapping.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

test::ProgramRun mxi(std::vector<std::string> args) { return test::runMxi(std::move(args)); }

std::string dump(const std::string& build) { return test::minifiedFile(build, ".hprof"); }
std::string mappingFile(const std::string& build) { return test::minifiedFile(build, ".mapping.txt"); }

// The minified names of the classes a mapping renames ("com.example.shop.a", "o.q").
std::set<std::string> minifiedClasses(const std::string& build) {
  std::ifstream in(mappingFile(build));
  std::set<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == ' ' || line[0] == '#') continue;
    const size_t arrow = line.find(" -> ");
    const std::string original = line.substr(0, arrow);
    const std::string minified = line.substr(arrow + 4, line.size() - arrow - 5);
    if (minified != original) out.insert(minified);
  }
  return out;
}

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.'; }

// `name` in `text` as a whole name (not inside a longer one).
bool mentions(const std::string& text, const std::string& name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool before = at > 0 && isNameChar(text[at - 1]);
    const size_t end = at + name.size();
    const bool after = end < text.size() && isNameChar(text[end]) && !(text[end] == '[');
    if (!before && !after) return true;
  }
  return false;
}

// Every case reads the minified fixture, which only a machine with ProGuard makes.
class MappingCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveMinifiedFixture()) GTEST_SKIP() << test::kNoMinifiedFixture;
  }
};

void expectNoMinifiedClass(const std::string& build, const std::string& output) {
  const auto names = minifiedClasses(build);
  ASSERT_EQ(names.size(), 9u);
  for (const std::string& name : names) EXPECT_FALSE(mentions(output, name)) << name << " in:\n" << output;
}

TEST_F(MappingCliTest, TheFixtureIsMinified) {
  EXPECT_EQ(minifiedClasses("1.2"),
            (std::set<std::string>{"com.example.shop.a", "com.example.shop.b", "com.example.shop.c",
                                   "com.example.shop.CheckoutActivity$a", "com.example.shop.d", "com.example.shop.e",
                                   "com.example.shop.f", "com.example.shop.g", "com.example.shop.h"}));
  const test::ProgramRun plain = mxi({"histogram", "-q", dump("1.2")});
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_TRUE(mentions(plain.out, "com.example.shop.e")) << plain.out;
  EXPECT_TRUE(mentions(plain.out, "com.example.shop.f[]")) << plain.out;
}

TEST_F(MappingCliTest, HistogramShowsSourceNames) {
  for (const std::string build : {"1.2", "1.3"}) {
    const test::ProgramRun text = mxi({"histogram", "-q", "--mapping", mappingFile(build), dump(build)});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    expectNoMinifiedClass(build, text.out);
    EXPECT_NE(text.out.find("           1               12  com.example.shop.ListenerRegistry\n"), std::string::npos)
        << text.out;
    const test::ProgramRun json =
        mxi({"histogram", "-q", "--format", "json", "--mapping", mappingFile(build), dump(build)});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    expectNoMinifiedClass(build, json.out);
    std::map<std::string, uint64_t> counts;
    const auto histogram = nlohmann::json::parse(json.out);
    for (const auto& row : histogram["rows"]) {
      const std::string name = row["className"];
      if (name.starts_with("com.example.shop.")) counts[name] = row["count"];
    }
    EXPECT_EQ(counts, (std::map<std::string, uint64_t>{{"com.example.shop.Cart", 3},
                                                       {"com.example.shop.CartItem", 3},
                                                       {"com.example.shop.CartItem[]", 3},
                                                       {"com.example.shop.CheckoutActivity", 2},
                                                       {"com.example.shop.CheckoutActivity$PriceWatcher", 1},
                                                       {"com.example.shop.ImageCache", 1},
                                                       {"com.example.shop.ListenerRegistry", 1},
                                                       {"com.example.shop.PriceListener[]", 1},
                                                       {"com.example.shop.ProductActivity", 1},
                                                       {"com.example.shop.SyncWorker", 1}}))
        << build;
  }
}

// (class, reference leaving it) along a leak's chain from the registry's class on.
std::vector<std::pair<std::string, std::string>> chainFrom(const nlohmann::json& leak, const std::string& first) {
  std::vector<std::pair<std::string, std::string>> out;
  bool on = false;
  for (const auto& node : leak["chain"]) {
    on = on || node["className"] == first;
    if (on) out.emplace_back(node["className"], node.value("referenceName", ""));
  }
  return out;
}

TEST_F(MappingCliTest, LeakChainsReadSourceClassesAndFields) {
  for (const std::string build : {"1.2", "1.3"}) {
    const test::ProgramRun text = mxi({"leaks", "-q", "--mapping", mappingFile(build), dump(build)});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    expectNoMinifiedClass(build, text.out);
    EXPECT_NE(text.out.find("├─ com.example.shop.ListenerRegistry class\n"
                            "│    Leaking: NO (a class is never leaking)\n"
                            "│    ↓ static ListenerRegistry.sInstance\n"
                            "├─ com.example.shop.ListenerRegistry instance\n"
                            "│    Leaking: NO (a singleton (held by its class's static field sInstance))\n"
                            "│    ↓ ListenerRegistry.mListeners\n"
                            "│                       ~~~~~~~~~~\n"
                            "├─ com.example.shop.PriceListener[] array\n"
                            "│    Leaking: UNKNOWN\n"
                            "│    ↓ PriceListener[][0]\n"
                            "│                     ~~~\n"
                            "├─ com.example.shop.CheckoutActivity$PriceWatcher instance\n"
                            "│    Leaking: UNKNOWN\n"
                            "│    ↓ CheckoutActivity$PriceWatcher.this$0\n"
                            "│                                    ~~~~~~\n"
                            "╰→ com.example.shop.CheckoutActivity instance\n"
                            "     Leaking: YES (Activity#mDestroyed is true)\n"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("│    ↓ static ImageCache.sInstance\n"
                            "├─ com.example.shop.ImageCache instance\n"
                            "│    Leaking: NO (a singleton (held by its class's static field sInstance))\n"
                            "│    ↓ ImageCache.mOwner\n"),
              std::string::npos)
        << text.out;

    const test::ProgramRun json =
        mxi({"leaks", "-q", "--format", "json", "--mapping", mappingFile(build), dump(build)});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    expectNoMinifiedClass(build, json.out);
    const auto leaks = nlohmann::json::parse(json.out)["leaks"];
    ASSERT_EQ(leaks.size(), 2u);
    EXPECT_EQ(leaks[0]["className"], "com.example.shop.CheckoutActivity");
    EXPECT_EQ(leaks[0]["signature"], "80f7f37b5c6c4e3a4acfedb0698c2f09");  // the same in both builds
    // Each node names the reference that reached it.
    EXPECT_EQ(chainFrom(leaks[0], "com.example.shop.ListenerRegistry"),
              (std::vector<std::pair<std::string, std::string>>{
                  {"com.example.shop.ListenerRegistry", leaks[0]["chain"][3]["referenceName"]},
                  {"com.example.shop.ListenerRegistry", "sInstance"},
                  {"com.example.shop.PriceListener[]", "mListeners"},
                  {"com.example.shop.CheckoutActivity$PriceWatcher", "[0]"},
                  {"com.example.shop.CheckoutActivity", "this$0"}}));
    EXPECT_EQ(leaks[1]["className"], "com.example.shop.ProductActivity");
    EXPECT_EQ(leaks[1]["signature"], "053b72ac9ee41085a10c298fcc73edc0");
    EXPECT_EQ(chainFrom(leaks[1], "com.example.shop.ImageCache"),
              (std::vector<std::pair<std::string, std::string>>{
                  {"com.example.shop.ImageCache", leaks[1]["chain"][3]["referenceName"]},
                  {"com.example.shop.ImageCache", "sInstance"},
                  {"com.example.shop.ProductActivity", "mOwner"}}));
  }
}

TEST_F(MappingCliTest, DominatorsAndBitmapsShowNoMinifiedName) {
  for (const std::vector<std::string>& command :
       std::vector<std::vector<std::string>>{{"dominators", "--top", "0"}, {"bitmaps"}}) {
    for (const std::string format : {"text", "json"}) {
      std::vector<std::string> args = command;
      for (const std::string& a : {std::string("-q"), std::string("--format"), format, std::string("--mapping"),
                                   mappingFile("1.2"), dump("1.2")}) {
        args.push_back(a);
      }
      const test::ProgramRun r = mxi(args);
      ASSERT_EQ(r.exitCode, 0) << r.err;
      expectNoMinifiedClass("1.2", r.out);
    }
  }
}

// Strings print values, which are the program's data: a class name the JVM cached as a String
// stays as it was in the heap. The option is accepted and the duplicates are the same.
TEST_F(MappingCliTest, StringsAcceptAMapping) {
  const test::ProgramRun mapped =
      mxi({"strings", "-q", "--top", "0", "--format", "json", "--mapping", mappingFile("1.2"), dump("1.2")});
  const test::ProgramRun plain = mxi({"strings", "-q", "--top", "0", "--format", "json", dump("1.2")});
  ASSERT_EQ(mapped.exitCode, 0) << mapped.err;
  EXPECT_EQ(mapped.out, plain.out);
  std::map<std::string, uint64_t> copies;
  const auto report = nlohmann::json::parse(mapped.out);
  for (const auto& s : report["strings"]) copies[s["value"]] = s["copies"];
  EXPECT_EQ(copies["Espresso"], 3u);   // the literal and two new String copies
  EXPECT_EQ(copies["Croissant"], 2u);  // the literal and one copy
  EXPECT_EQ(copies["sku-1234"], 2u);
}

TEST_F(MappingCliTest, InfoSaysWhatTheMappingRenamed) {
  const test::ProgramRun text = mxi({"info", "-q", "--mapping", mappingFile("1.2"), dump("1.2")});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("Mapping     " + mappingFile("1.2") + ": 11 classes, 23 fields, 3 frames renamed\n"),
            std::string::npos)
      << text.out;
  EXPECT_EQ(text.err, "");
  const test::ProgramRun json = mxi({"info", "-q", "--format", "json", "--mapping", mappingFile("1.2"), dump("1.2")});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["mapping"],
            (nlohmann::json{
                {"file", mappingFile("1.2")}, {"classesRenamed", 11}, {"fieldsRenamed", 23}, {"framesRenamed", 3}}));
  // Another build's mapping renames none of this dump's classes: said on stderr.
  const test::ProgramRun wrong = mxi({"info", "-q", "--mapping", mappingFile("1.3"), dump("1.2")});
  ASSERT_EQ(wrong.exitCode, 0) << wrong.err;
  EXPECT_EQ(wrong.err, "mxi: warning: " + mappingFile("1.3") + " renames no class of " + dump("1.2") +
                           ": is it the mapping of this build?\n");
}

TEST_F(MappingCliTest, ABadMappingFileNamesItsLineAndByte) {
  const auto dir = test::scratchDir("mapping-cli-bad");
  const std::string bad = (dir / "mapping.txt").string();
  std::ofstream(bad) << "com.example.A -> a:\n    int x -> y\nthis is not a mapping line\n";
  const test::ProgramRun r = mxi({"histogram", "-q", "--mapping", bad, dump("1.2")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.err,
            "mxi: histogram: " + bad + ": line 3: expected `original.Class -> minified.Class:` (at byte offset 35)\n");
  const test::ProgramRun missing = mxi({"leaks", "-q", "--mapping", (dir / "none.txt").string(), dump("1.2")});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_EQ(missing.err, "mxi: leaks: " + (dir / "none.txt").string() + ": cannot read\n");
}

// The app's own classes (source names) among a diff's rows.
std::vector<std::string> appRows(const nlohmann::json& diff) {
  std::vector<std::string> out;
  for (const auto& row : diff["classes"]) {
    const std::string name = row["className"];
    if (name.starts_with("com.example.shop.") || name.starts_with("o.")) out.push_back(name);
  }
  return out;
}

TEST_F(MappingCliTest, TwoBuildsDiffWithoutChurnWhenEachHasItsMapping) {
  const test::ProgramRun mapped = mxi({"diff", "-q", "--top", "0", "--format", "json", "--mapping", mappingFile("1.2"),
                                       "--mapping-b", mappingFile("1.3"), dump("1.2"), dump("1.3")});
  ASSERT_EQ(mapped.exitCode, 0) << mapped.err;
  expectNoMinifiedClass("1.2", mapped.out);
  expectNoMinifiedClass("1.3", mapped.out);
  const auto j = nlohmann::json::parse(mapped.out);
  EXPECT_EQ(appRows(j), std::vector<std::string>{});
  EXPECT_EQ(j["leaks"]["new"].size(), 0u);
  EXPECT_EQ(j["leaks"]["fixed"].size(), 0u);
  EXPECT_EQ(j["leaks"]["stillPresent"].size(), 2u);

  const test::ProgramRun text = mxi({"diff", "-q", "--top", "0", "--mapping", mappingFile("1.2"), "--mapping-b",
                                     mappingFile("1.3"), dump("1.2"), dump("1.3")});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  expectNoMinifiedClass("1.3", text.out);
  EXPECT_NE(text.out.find("STILL PRESENT  80f7f37b5c6c4e3a4acfedb0698c2f09  1 × com.example.shop.CheckoutActivity"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("leaks: 0 new, 0 fixed, 2 still present\n"), std::string::npos) << text.out;

  // Without mappings every renamed class is one removed and one added, and the leaks look new.
  const test::ProgramRun plain = mxi({"diff", "-q", "--top", "0", "--format", "json", dump("1.2"), dump("1.3")});
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  const auto p = nlohmann::json::parse(plain.out);
  auto rows = appRows(p);
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "com.example.shop.CheckoutActivity$a", "com.example.shop.CheckoutActivity$q",
                      "com.example.shop.b", "com.example.shop.c", "com.example.shop.c[]", "com.example.shop.d",
                      "com.example.shop.e", "com.example.shop.f[]", "com.example.shop.g", "com.example.shop.h", "o.s",
                      "o.t", "o.u[]", "o.v", "o.w", "o.x", "o.x[]", "o.z"}));
  EXPECT_EQ(p["leaks"]["new"].size(), 2u);
  EXPECT_EQ(p["leaks"]["fixed"].size(), 2u);
  EXPECT_EQ(p["leaks"]["stillPresent"].size(), 0u);
}

}  // namespace
}  // namespace mxi
