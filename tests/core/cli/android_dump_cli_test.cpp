// `mxi` on the real Android-written dump in ../shared/reference/hprof (Dalvik, Android 4.4.2;
// PROVENANCE.md there): what `info`, `histogram` and `strings` print, exactly. Skipped without
// the reference folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

std::string dialerDump() {
  const std::string ref = test::referenceDir();
  return ref.empty() ? std::string() : ref + "/hprof/perflib_dialer.hprof";
}

#define MXI_REQUIRE_DIALER_DUMP(var)                \
  const std::string var = dialerDump();             \
  if (var.empty() || !std::filesystem::exists(var)) \
  GTEST_SKIP() << "../shared/reference/hprof/perflib_dialer.hprof is absent"

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from = nl + 1)) {
    out.push_back(text.substr(from, nl - from));
  }
  return out;
}

// Only heaps that hold objects (the dump's `default` heap is empty), and the references broken
// down with ahat's and Perfetto's counts (docs/HPROF.md).
TEST(AndroidDumpCliTest, InfoText) {
  MXI_REQUIRE_DIALER_DUMP(dump);
  const test::ProgramRun r = test::runMxi({"info", "-q", dump});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> lines = linesOf(r.out);
  ASSERT_EQ(lines.size(), 22u) << r.out;
  EXPECT_TRUE(lines[20].starts_with("Index       ")) << lines[20];
  EXPECT_TRUE(lines[21].starts_with("Timings     open ")) << lines[21];
  lines.erase(lines.begin() + 20, lines.end());
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "File        " + dump,
                       "Format      JAVA PROFILE 1.0.3, 4-byte ids, 3.5 MiB, dumped 2014-07-10 21:36:22 UTC",
                       "Objects     43687: 24612 instances, 1919 object arrays, 13585 primitive arrays, 3571 classes",
                       "References  59901: 33084 instance fields, 17537 array elements, 5703 statics, 3561 "
                       "superclasses, 16 class loaders",
                       "  as ahat     56324 (no superclass or class-loader edges)",
                       "  as Perfetto 56324 (ahat's, plus instance fields naming objects not in the dump)",
                       "GC roots    11193",
                       "  JNI global           244",
                       "  JNI local            8",
                       "  Java frame           68",
                       "  debugger             3",
                       "  finalizing           1",
                       "  interned string      7286",
                       "  native stack         1",
                       "  sticky class         3571",
                       "  thread object        11",
                       "Heaps",
                       "  zygote               42243 objects, 1.8 MiB",
                       "  app                  1444 objects, 70.6 KiB",
                       "Threads     11",
                   }));
}

TEST(AndroidDumpCliTest, InfoJson) {
  MXI_REQUIRE_DIALER_DUMP(dump);
  const test::ProgramRun r = test::runMxi({"info", "-q", "--format", "json", dump});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["heaps"], nlohmann::json::parse(R"([
    {"name": "zygote", "id": 90, "objects": 42243, "shallowBytes": 1920732},
    {"name": "app", "id": 65, "objects": 1444, "shallowBytes": 72251}])"));
  EXPECT_EQ(j["references"], 59901);
  EXPECT_EQ(j["danglingReferences"], 0);
  EXPECT_EQ(j["referenceCounts"], nlohmann::json::parse(R"({
    "instanceFields": 33084, "arrayElements": 17537, "staticFields": 5703, "superclasses": 3561,
    "classLoaders": 16, "danglingInstanceFields": 0, "danglingOther": 0, "ahat": 56324, "perfetto": 56324})"));
}

// The empty heap is accepted where a heap is named (one command line for every dump); an
// unknown one is an error naming the heaps that hold objects.
TEST(AndroidDumpCliTest, HeapNames) {
  MXI_REQUIRE_DIALER_DUMP(dump);
  const test::ProgramRun unknown = test::runMxi({"histogram", "-q", "--heap", "nowhere", dump});
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_EQ(unknown.err, "mxi: histogram: " + dump + ": no heap named 'nowhere' (this dump has: zygote, app)\n");
  const test::ProgramRun empty = test::runMxi({"histogram", "-q", "--heap", "default", dump});
  EXPECT_EQ(empty.exitCode, 0) << empty.err;
  EXPECT_EQ(linesOf(empty.out), (std::vector<std::string>{"       count    shallow bytes  class",
                                                          "           0                0  total (0 classes)"}));
  const test::ProgramRun app = test::runMxi({"histogram", "-q", "--heap", "app", "--top", "1", dump});
  EXPECT_EQ(linesOf(app.out),
            (std::vector<std::string>{"       count    shallow bytes  class", "          37            22161  byte[]",
                                      "        1444            72251  total (201 classes, 1 shown)"}));
}

// Dalvik's strings are windows of shared char[]s: duplicates compare the window's characters,
// and a window frees only its String object, not the shared array.
TEST(AndroidDumpCliTest, StringsText) {
  MXI_REQUIRE_DIALER_DUMP(dump);
  const test::ProgramRun r = test::runMxi({"strings", "-q", "--top", "3", "--min-array-bytes", "100000", dump});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(linesOf(r.out), (std::vector<std::string>{
                                "Duplicate strings: 904 values wasting 75.3 KiB (of 11556 strings)",
                                "  copies       wasted  value",
                                "      24      1.3 KiB  \"com.android.dialer\"",
                                "      50      1.1 KiB  \"Cipher\"",
                                "       7        696 B  \"Explicit termination method 'close' not called\"",
                                "",
                                "Duplicate primitive arrays of at least 100000 bytes: 0 wasting 0 B (of 0 arrays)",
                                "  copies       wasted  array",
                            }));
}

}  // namespace
}  // namespace mxi
