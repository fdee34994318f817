// ResourceTable on the fixture APKs' resources.arsc (facts from PROVENANCE.md and `aapt dump
// --values resources`, run by hand), on hand-made tables for the shapes the fixtures lack (sparse
// and 16-bit offsets, compact entries, reference chains), and on hostile bytes.
#include "core/androidres/resource_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/androidres/binary_xml.h"
#include "core/androidres/res_config.h"
#include "tests/core/androidres/chunk_builder.h"
#include "tests/support/apk_entry.h"
#include "tests/support/reference_fixtures.h"

using namespace mxi::core;
using namespace mxi::core::androidres;
using mxi::test::Bytes;
using mxi::test::compactEntry;
using mxi::test::config;
using mxi::test::denseOffsets;
using mxi::test::joined;
using mxi::test::simpleEntry;
using mxi::test::table;
using mxi::test::typeChunk;

namespace {

std::string arscOf(const std::filesystem::path& apk) {
  const auto bytes = mxi::test::readApkEntry(apk, "resources.arsc");
  EXPECT_TRUE(bytes.has_value()) << apk;
  return bytes.value_or("");
}

ResourceTable tableOf(const std::filesystem::path& apk) {
  auto parsed = ResourceTable::parse(arscOf(apk));
  EXPECT_TRUE(parsed.ok()) << parsed.status().toString();
  return parsed.ok() ? std::move(parsed).value() : ResourceTable{};
}

// type → (entries, values) as `aapt dump resources` counts them.
std::map<std::string, std::pair<int, int>> countsPerType(const ResourceTable& table) {
  std::map<std::string, std::pair<int, int>> counts;
  for (const auto& entry : table.entries()) {
    counts[entry.type].first += 1;
    counts[entry.type].second += static_cast<int>(entry.values.size());
  }
  return counts;
}

ResourceTable parseOk(const std::string& bytes) {
  auto parsed = ResourceTable::parse(bytes);
  EXPECT_TRUE(parsed.ok()) << parsed.status().toString();
  return parsed.ok() ? std::move(parsed).value() : ResourceTable{};
}

}  // namespace

TEST(ResourceTableTest, FdroidVersionNameResolvesThroughTheTable) {
  MXI_REQUIRE_FIXTURE(apk, "apk/fdroidserver_org.dyndns.fules.ck_20.apk");
  const ResourceTable table = tableOf(apk);
  ASSERT_EQ(table.packages().size(), 1u);
  EXPECT_EQ(table.packages()[0].id, 0x7fu);
  EXPECT_EQ(table.packages()[0].name, "org.dyndns.fules.ck");
  const auto manifest = parseBinaryXml(mxi::test::readApkEntry(apk, "AndroidManifest.xml").value_or(""));
  ASSERT_TRUE(manifest.ok());
  const uint32_t versionName = manifest->attribute("versionName")->value.data;
  EXPECT_EQ(table.name(versionName), "string/version_summary");
  const auto resolved = table.resolve(versionName);
  ASSERT_TRUE(resolved.has_value());
  EXPECT_EQ(resolved->type, ResValue::kString);
  EXPECT_EQ(resolved->toString(), "v1.6pre2");
  EXPECT_EQ(countsPerType(table), (std::map<std::string, std::pair<int, int>>{{"array", {6, 6}},
                                                                              {"attr", {8, 8}},
                                                                              {"drawable", {7, 21}},
                                                                              {"id", {1, 1}},
                                                                              {"layout", {1, 1}},
                                                                              {"string", {43, 43}},
                                                                              {"xml", {5, 5}}}));
}

TEST(ResourceTableTest, JamendoLabelHasTwoConfigs) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  const ResourceTable table = tableOf(apk);
  const ResourceEntry* label = table.find(0x7f090002);
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(table.name(0x7f090002), "string/app_name");
  ASSERT_EQ(label->values.size(), 2u);
  EXPECT_EQ(label->values[0].config, "mdpi-v4");
  EXPECT_EQ(label->values[1].config, "fi");
  // No default value: resolve takes the first.
  EXPECT_EQ(table.resolve(0x7f090002)->toString(), "Jamendo");
  EXPECT_EQ(table.find(0x7f09ffff), nullptr);
  EXPECT_EQ(table.name(0x7f09ffff), std::nullopt);
  EXPECT_EQ(table.resolve(0x7f09ffff), std::nullopt);
  // Per type, as `aapt dump resources` lists them: (entries, values over all configs).
  EXPECT_EQ(countsPerType(table), (std::map<std::string, std::pair<int, int>>{{"anim", {2, 2}},
                                                                              {"array", {9, 25}},
                                                                              {"dimen", {3, 6}},
                                                                              {"drawable", {72, 105}},
                                                                              {"id", {117, 117}},
                                                                              {"layout", {26, 30}},
                                                                              {"menu", {4, 4}},
                                                                              {"raw", {1, 1}},
                                                                              {"string", {141, 679}},
                                                                              {"xml", {1, 1}}}));
  // Sorted by id.
  for (size_t i = 1; i < table.entries().size(); ++i) EXPECT_LT(table.entries()[i - 1].id, table.entries()[i].id);
  // dimen/tab_size: 32px in mdpi, 48px in hdpi.
  const ResourceEntry* tabSize = table.find(0x7f080000);
  ASSERT_NE(tabSize, nullptr);
  ASSERT_EQ(tabSize->values.size(), 2u);
  EXPECT_EQ(tabSize->values[0].config + "=" + tabSize->values[0].value.toString(), "mdpi-v4=32.0px");
  EXPECT_EQ(tabSize->values[1].config + "=" + tabSize->values[1].value.toString(), "hdpi-v4=48.0px");
  // An array is a bag of strings.
  const ResourceEntry* codecs = table.find(0x7f070003);
  ASSERT_NE(codecs, nullptr);
  EXPECT_EQ(codecs->name, "stream_codecs");
  ASSERT_EQ(codecs->values.size(), 2u);
  EXPECT_EQ(codecs->values[0].config, "mdpi-v4");
  EXPECT_EQ(codecs->values[1].config, "fi");
  EXPECT_TRUE(codecs->values[0].isBag);
  ASSERT_EQ(codecs->values[0].bag.size(), 2u);
  EXPECT_EQ(codecs->values[0].bag[0].first, 0x02000000u);
  EXPECT_EQ(codecs->values[0].bag[0].second.toString(), "MP3");
  EXPECT_EQ(codecs->values[0].bag[1].second.toString(), "OGG");
  EXPECT_EQ(table.resolve(0x7f070003), std::nullopt);  // a bag is no single value
}

TEST(ResourceTableTest, AndResGuardPathsMapToMipmapConfigs) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  const ResourceTable table = tableOf(apk);
  EXPECT_EQ(table.filePaths(),
            (std::vector<std::string>{"r/a/a.png", "r/b/a.png", "r/c/a.png", "r/d/a.png", "r/e/a.png"}));
  ASSERT_EQ(table.entries().size(), 2u);
  const ResourceEntry& icon = table.entries()[0];
  EXPECT_EQ(icon.id, 0x7f020000u);
  EXPECT_EQ(table.name(icon.id), "mipmap/a");
  std::vector<std::string> configToPath;
  for (const auto& v : icon.values) configToPath.push_back(v.config + " " + v.value.toString());
  EXPECT_EQ(configToPath, (std::vector<std::string>{"mdpi-v4 r/c/a.png", "hdpi-v4 r/d/a.png", "xhdpi-v4 r/b/a.png",
                                                    "xxhdpi-v4 r/a/a.png", "xxxhdpi-v4 r/e/a.png"}));
  EXPECT_EQ(table.resolve(0x7f030000)->toString(), "Issue1170");
}

TEST(ResourceTableTest, MultidexAppCountsAndFilePaths) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_app-prod-debug_multidex.apk");
  const ResourceTable table = tableOf(apk);
  EXPECT_EQ(countsPerType(table), (std::map<std::string, std::pair<int, int>>{{"anim", {16, 16}},
                                                                              {"animator", {1, 1}},
                                                                              {"array", {2, 2}},
                                                                              {"attr", {346, 346}},
                                                                              {"bool", {5, 6}},
                                                                              {"color", {98, 107}},
                                                                              {"dimen", {158, 191}},
                                                                              {"drawable", {113, 320}},
                                                                              {"id", {198, 198}},
                                                                              {"integer", {10, 11}},
                                                                              {"layout", {72, 75}},
                                                                              {"menu", {2, 2}},
                                                                              {"mipmap", {1, 5}},
                                                                              {"string", {58, 1686}},
                                                                              {"style", {387, 423}},
                                                                              {"xml", {5, 5}}}));
  // The distinct res/… strings `aapt dump --values resources` prints.
  const auto paths = table.filePaths();
  EXPECT_EQ(paths.size(), 455u);
  EXPECT_TRUE(std::is_sorted(paths.begin(), paths.end()));
  EXPECT_NE(std::find(paths.begin(), paths.end(), "res/mipmap-mdpi-v4/ic_launcher.png"), paths.end());
}

TEST(ResourceTableTest, MonochromeTypesConfigsAndAStyle) {
  MXI_REQUIRE_FIXTURE(apk, "apk/monochrome-player_app-debug.apk");
  const ResourceTable table = tableOf(apk);
  EXPECT_EQ(countsPerType(table), (std::map<std::string, std::pair<int, int>>{{"anim", {42, 47}},
                                                                              {"animator", {15, 17}},
                                                                              {"attr", {690, 690}},
                                                                              {"bool", {4, 5}},
                                                                              {"color", {194, 204}},
                                                                              {"dimen", {335, 434}},
                                                                              {"drawable", {154, 174}},
                                                                              {"id", {317, 317}},
                                                                              {"integer", {22, 25}},
                                                                              {"interpolator", {11, 14}},
                                                                              {"layout", {110, 126}},
                                                                              {"menu", {2, 2}},
                                                                              {"mipmap", {2, 12}},
                                                                              {"navigation", {1, 1}},
                                                                              {"plurals", {1, 1}},
                                                                              {"string", {93, 2724}},
                                                                              {"style", {679, 896}},
                                                                              {"xml", {4, 4}}}));
  // Every configuration the table uses, as `aapt dump resources` names them.
  std::set<std::string> configs;
  for (const auto& entry : table.entries()) {
    for (const auto& v : entry.values) configs.insert(v.config);
  }
  const std::set<std::string> expected = {
      "",          "af",          "am",          "anydpi-v21", "anydpi-v26", "ar",     "as",        "az",
      "b+sr+Latn", "be",          "bg",          "bn",         "bs",         "ca",     "cs",        "da",
      "de",        "el",          "en-rAU",      "en-rCA",     "en-rGB",     "en-rIN", "en-rXC",    "es-rUS",
      "es",        "et",          "eu",          "fa",         "fi",         "fr-rCA", "fr",        "gl",
      "gu",        "h360dp-land", "h480dp-land", "h720dp",     "hdpi",       "hi",     "hr",        "hu",
      "hy",        "in",          "is",          "it",         "iw",         "ja",     "ka",        "kk",
      "km",        "kn",          "ko",          "ky",         "land",       "large",  "ldltr-v21", "ldrtl-xxhdpi",
      "lo",        "lt",          "lv",          "mdpi",       "mk",         "ml",     "mn",        "mr",
      "ms",        "my",          "nb",          "ne",         "night",      "nl",     "or",        "pa",
      "pl",        "port",        "pt-rBR",      "pt-rPT",     "pt",         "ro",     "ru",        "si",
      "sk",        "sl",          "small",       "sq",         "sr",         "sv",     "sw600dp",   "sw",
      "ta",        "te",          "th",          "tl",         "tr",         "uk",     "ur",        "uz",
      "v19",       "v21",         "v22",         "v23",        "v24",        "v25",    "v26",       "v28",
      "vi",        "w360dp-port", "w480dp-port", "watch-v20",  "watch-v21",  "xhdpi",  "xlarge",    "xxhdpi",
      "xxxhdpi",   "zh-rCN",      "zh-rHK",      "zh-rTW",     "zu"};
  EXPECT_EQ(configs, expected);
  // style/Widget.MaterialComponents.Button.TextButton: a bag with a parent and 7 items.
  const ResourceEntry* style = table.find(0x7f110262);
  ASSERT_NE(style, nullptr);
  EXPECT_EQ(table.name(0x7f110262), "style/Widget.MaterialComponents.Button.TextButton");
  ASSERT_EQ(style->values.size(), 1u);
  const ResourceConfigValue& bag = style->values[0];
  EXPECT_TRUE(bag.isBag);
  EXPECT_EQ(bag.parent, 0x7f110268u);
  ASSERT_EQ(bag.bag.size(), 7u);
  EXPECT_EQ(bag.bag[0].first, 0x01010098u);
  EXPECT_EQ(bag.bag[0].second.toString(), "@0x7f0500a1");
  EXPECT_EQ(bag.bag[6].first, 0x7f03020bu);
  EXPECT_EQ(bag.bag[6].second.toString(), "@0x7f05007b");
  const ResourceEntry* dialog = table.find(0x7f110263);
  ASSERT_NE(dialog, nullptr);
  ASSERT_FALSE(dialog->values[0].bag.empty());
  // aapt 1 prints "(color) #00000003": its color test matches every integer type.
  EXPECT_EQ(dialog->values[0].bag[0].second.type, ResValue::kIntDec);
  EXPECT_EQ(dialog->values[0].bag[0].second.toString(), "3");
}

TEST(ResourceTableTest, DenseEntriesAndAReferenceChain) {
  // a = "x"; b → a; c → b.
  const std::vector<std::string> entries = {simpleEntry(0, ResValue::kString, 0),
                                            simpleEntry(1, ResValue::kReference, 0x7f010000),
                                            simpleEntry(2, ResValue::kReference, 0x7f010001)};
  const ResourceTable t = parseOk(table({"x"}, {typeChunk(0, 3, denseOffsets(entries), joined(entries))}));
  ASSERT_EQ(t.entries().size(), 3u);
  EXPECT_EQ(t.packages()[0].name, "p");
  EXPECT_EQ(t.name(0x7f010002), "string/c");
  EXPECT_EQ(t.resolve(0x7f010002)->toString(), "x");
  EXPECT_EQ(t.find(0x7f010001)->values[0].value.toString(), "@0x7f010000");
  EXPECT_EQ(t.find(0x7f010001)->values[0].config, "");
}

TEST(ResourceTableTest, ReferenceCycleResolvesToNothing) {
  // a → b → a; c → the framework's 0x01040000, which the table lacks.
  const std::vector<std::string> entries = {simpleEntry(0, ResValue::kReference, 0x7f010001),
                                            simpleEntry(1, ResValue::kReference, 0x7f010000),
                                            simpleEntry(2, ResValue::kReference, 0x01040000)};
  const ResourceTable t = parseOk(table({"x"}, {typeChunk(0, 3, denseOffsets(entries), joined(entries))}));
  EXPECT_EQ(t.resolve(0x7f010000), std::nullopt);
  const auto outside = t.resolve(0x7f010002);
  ASSERT_TRUE(outside.has_value());
  EXPECT_EQ(outside->toString(), "@0x01040000");
}

TEST(ResourceTableTest, SparseEntries) {
  // FLAG_SPARSE: (entry index, offset / 4) pairs; entries 2 and 7 only.
  const std::string entries = simpleEntry(0, ResValue::kIntDec, 5) + simpleEntry(1, ResValue::kString, 0);
  Bytes offsets;
  offsets.u16(2).u16(0).u16(7).u16(4);
  const ResourceTable t = parseOk(table({"r/a.png"}, {typeChunk(0x01, 2, offsets.data, entries, config(240, 4))}));
  ASSERT_EQ(t.entries().size(), 2u);
  EXPECT_EQ(t.entries()[0].id, 0x7f010002u);
  EXPECT_EQ(t.entries()[0].name, "a");
  EXPECT_EQ(t.entries()[0].values[0].value.toString(), "5");
  EXPECT_EQ(t.entries()[0].values[0].config, "hdpi-v4");
  EXPECT_EQ(t.entries()[1].id, 0x7f010007u);
  EXPECT_EQ(t.filePaths(), std::vector<std::string>{"r/a.png"});
}

TEST(ResourceTableTest, Offset16AndCompactEntries) {
  // FLAG_OFFSET16: 16-bit offset / 4, 0xffff none; the entries are compact (8 bytes, inline data).
  const std::string entries = compactEntry(2, ResValue::kIntBoolean, 1) + compactEntry(0, ResValue::kString, 0);
  Bytes offsets;
  offsets.u16(0xffff).u16(0).u16(2).u16(0);  // the fourth slot keeps the table 4-byte aligned
  const ResourceTable t = parseOk(table({"res/x.xml"}, {typeChunk(0x02, 4, offsets.data, entries)}));
  ASSERT_EQ(t.entries().size(), 3u);
  EXPECT_EQ(t.name(0x7f010001), "string/c");
  EXPECT_EQ(t.name(0x7f010003), "string/c");  // entry 3 shares entry 1's bytes (offset 0)
  EXPECT_EQ(t.resolve(0x7f010001)->toString(), "true");
  EXPECT_EQ(t.name(0x7f010002), "string/a");
  EXPECT_EQ(t.resolve(0x7f010002)->toString(), "res/x.xml");
  EXPECT_EQ(t.find(0x7f010000), nullptr);
}

TEST(ResourceTableTest, AnotherPackagesNamesCarryItsName) {
  const std::string entry = simpleEntry(1, ResValue::kReference, 0x01010000);
  const std::string framework = simpleEntry(0, ResValue::kString, 0);
  const ResourceTable t = parseOk(mxi::test::tableOfPackages(
      {"ok"}, {mxi::test::packageChunk(0x7f, "app", {typeChunk(0, 1, denseOffsets({entry}), entry)}),
               mxi::test::packageChunk(0x01, "android", {typeChunk(0, 1, denseOffsets({framework}), framework)})}));
  ASSERT_EQ(t.packages().size(), 2u);
  EXPECT_EQ(t.packages()[1].id, 0x01u);
  EXPECT_EQ(t.packages()[1].name, "android");
  EXPECT_EQ(t.name(0x7f010000), "string/b");
  EXPECT_EQ(t.name(0x01010000), "android:string/a");
  EXPECT_EQ(t.entries()[0].id, 0x01010000u);  // sorted by id, not by package order
  EXPECT_EQ(t.resolve(0x7f010000)->toString(), "ok");
}

TEST(ResourceTableTest, HandMadeBag) {
  const std::vector<std::string> entries = {simpleEntry(0, ResValue::kString, 0),
                                            mxi::test::bagEntry(1, 0x7f010000,
                                                                {{0x01010098, 0, ResValue::kIntColorRgb8, 0xff112233},
                                                                 {0x0101009a, 0, ResValue::kString, 0}})};
  const ResourceTable t = parseOk(table({"x"}, {typeChunk(0, 2, denseOffsets(entries), joined(entries))}));
  const ResourceEntry* bag = t.find(0x7f010001);
  ASSERT_NE(bag, nullptr);
  ASSERT_EQ(bag->values.size(), 1u);
  EXPECT_TRUE(bag->values[0].isBag);
  EXPECT_EQ(bag->values[0].parent, 0x7f010000u);
  ASSERT_EQ(bag->values[0].bag.size(), 2u);
  EXPECT_EQ(bag->values[0].bag[0].first, 0x01010098u);
  EXPECT_EQ(bag->values[0].bag[0].second.toString(), "#112233");
  EXPECT_EQ(bag->values[0].bag[1].second.toString(), "x");
  EXPECT_EQ(t.resolve(0x7f010001), std::nullopt);
  EXPECT_TRUE(t.filePaths().empty());
}

TEST(ResourceTableTest, ValueStringOutOfThePool) {
  const std::string entry = simpleEntry(0, ResValue::kString, 99);
  const std::string bytes = table({"x"}, {typeChunk(0, 1, denseOffsets({entry}), entry)});
  const auto parsed = ResourceTable::parse(bytes);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "string index 99 is out of the pool's 1 strings");
  EXPECT_EQ(parsed.status().offset(), bytes.size() - 4);  // the value's data, the file's last word
}

TEST(ResourceTableTest, EntryOffsetPastTheChunk) {
  const std::string entry = simpleEntry(0, ResValue::kIntDec, 1);
  Bytes offsets;
  offsets.u32(4096);
  const std::string bytes = table({"x"}, {typeChunk(0, 1, offsets.data, entry)});
  const auto parsed = ResourceTable::parse(bytes);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "type string's entry 0 lies past its chunk");
  EXPECT_EQ(parsed.status().offset(), bytes.size() - 16 - 4);
}

TEST(ResourceTableTest, ChunkSizeZero) {
  MXI_REQUIRE_FIXTURE(apk, "apk/apktool_issue1170_andresguard.apk");
  Bytes patched{arscOf(apk)};
  ASSERT_GT(patched.data.size(), 20u);
  patched.setU32(12 + 4, 0);  // the global string pool, after the 12-byte table header
  const auto parsed = ResourceTable::parse(patched.data);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "resource table part chunk size 0 is smaller than its header (28)");
  EXPECT_EQ(parsed.status().offset(), 12u);
}

TEST(ResourceTableTest, TruncatedTable) {
  MXI_REQUIRE_FIXTURE(apk, "apk/androguard_com.teleca.jamendo_35.apk");
  const std::string bytes = arscOf(apk);
  const auto parsed = ResourceTable::parse(bytes.substr(0, 1000));
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(),
            "resource table chunk size " + std::to_string(bytes.size()) + " runs past the end (1000 bytes left)");
  EXPECT_EQ(parsed.status().offset(), 0u);
  EXPECT_FALSE(ResourceTable::parse("").ok());
}

TEST(ResConfigTest, QualifiersInAaptsOrder) {
  auto qualifiers = [](std::vector<std::pair<size_t, uint8_t>> bytes, size_t size = 64) {
    // The bytes after a short config belong to whatever follows it: set, but never read.
    std::string raw(64, '\0');
    raw[0] = static_cast<char>(size);
    for (const auto& [at, v] : bytes) raw.at(at) = static_cast<char>(v);
    return configQualifiers(std::string_view(raw).substr(0, size));
  };
  EXPECT_EQ(qualifiers({}), "");
  EXPECT_EQ(qualifiers({{14, 240}, {24, 4}}), "hdpi-v4");
  EXPECT_EQ(qualifiers({{12, 2}, {14, 160}}), "land-mdpi");
  EXPECT_EQ(qualifiers({{8, 'e'}, {9, 'n'}, {10, 'U'}, {11, 'S'}}), "en-rUS");
  EXPECT_EQ(qualifiers({{29, 0x20}, {24, 8}}), "night-v8");
  EXPECT_EQ(qualifiers({{30, 0x58}, {31, 0x02}, {24, 13}}), "sw600dp-v13");
  EXPECT_EQ(qualifiers({{4, 0x36}, {5, 0x01}, {6, 0x04}, {7, 0x01}}), "mcc310-mnc260");
  EXPECT_EQ(qualifiers({{14, 0xfe}, {15, 0xff}, {24, 21}}), "anydpi-v21");
  EXPECT_EQ(qualifiers({{28, 0x80}, {14, 0xe0}, {15, 0x01}}), "ldrtl-xxhdpi");
  EXPECT_EQ(qualifiers({{13, 3}, {16, 2}, {18, 0x09}, {17, 2}}), "finger-keysexposed-qwerty-navhidden-dpad");
  EXPECT_EQ(qualifiers({{20, 0x20}, {21, 0x03}, {22, 0xe0}, {23, 0x01}}), "800x480");
  // A 28-byte config (no screenLayout and beyond) reads the fields it has, not the night bit after it.
  EXPECT_EQ(qualifiers({{24, 3}, {29, 0x20}}, 28), "v3");
  // Three-letter languages are packed: "fil" (Filipino).
  EXPECT_EQ(qualifiers({{8, 0xad}, {9, 0x05}}), "fil");
  // Bits no reader knows are left out, never a failure.
  EXPECT_EQ(qualifiers({{12, 9}, {13, 9}, {16, 9}, {17, 9}, {29, 0x0f}}), "");
}
