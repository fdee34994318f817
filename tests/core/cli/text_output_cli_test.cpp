// What each file-reading `mxi` command prints as text, line by line, on real inputs: the bundled
// sample dump and the ART trace are real captures committed with the source (the same bytes on
// every machine, so their lines are golden); the framestats, ANR and Matrix captures are the real
// ones in ../shared/reference (skipped without). Only what truly varies (timings, a file's size
// under another zlib) is taken from the run itself.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/method_trace_fixtures.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"

namespace mxi {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from = nl + 1)) {
    out.push_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  if (from < text.size()) out.push_back(text.substr(from) + "<no newline at the end>");
  return out;
}

// Runs mxi; its stdout as lines (stderr must stay empty: -q silences progress).
std::vector<std::string> textOf(std::vector<std::string> args) {
  const test::ProgramRun r = test::runMxi(args);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  return linesOf(r.out);
}

std::string sampleDump() { return test::sourceDir() + "/resources/samples/sample-android-shaped.hprof.gz"; }

TEST(TextOutputCliTest, InfoOnTheBundledSample) {
  std::vector<std::string> lines = textOf({"info", "-q", sampleDump()});
  ASSERT_EQ(lines.size(), 16u);
  // The index's size and the timings depend on this machine; the rest is the dump's.
  EXPECT_TRUE(lines[14].starts_with("Index       ")) << lines[14];
  EXPECT_TRUE(lines[15].starts_with("Timings     open ")) << lines[15];
  lines.erase(lines.begin() + 14, lines.end());
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "File        " + sampleDump() + " (gzip)",
                       "Format      JAVA PROFILE 1.0.2, 8-byte ids, 3.3 MiB, dumped 2026-11-22 15:50:02 UTC",
                       "Objects     22538: 14303 instances, 1904 object arrays, 5344 primitive arrays, 987 classes",
                       "References  39133: 23396 instance fields, 13302 array elements, 1437 statics, 986 "
                       "superclasses, 12 class loaders",
                       "  as ahat     38135 (no superclass or class-loader edges)",
                       "  as Perfetto 38135 (ahat's, plus instance fields naming objects not in the dump)",
                       "GC roots    930",
                       "  JNI global           47",
                       "  Java frame           46",
                       "  sticky class         828",
                       "  thread object        9",
                       "Heaps",
                       "  default              22538 objects, 813.9 KiB",
                       "Threads     9",
                   }));
}

TEST(TextOutputCliTest, HistogramOnTheBundledSample) {
  EXPECT_EQ(textOf({"histogram", "-q", "--top", "3", sampleDump()}),
            (std::vector<std::string>{
                "       count    shallow bytes  class",
                "        4586           130874  byte[]",
                "         818           102416  java.lang.Object[]",
                "        2589            72492  java.util.HashMap$Node",
                "       22538           833414  total (402 classes, 3 shown)",
            }));
}

TEST(TextOutputCliTest, StringsOnTheBundledSample) {
  EXPECT_EQ(textOf({"strings", "-q", "--top", "3", sampleDump()}),
            (std::vector<std::string>{
                "Duplicate strings: 245 values wasting 5.7 KiB (of 4491 strings)",
                "  copies       wasted  value",
                "       3         82 B  \"com.example.app.AndroidHeap\"",
                "       2         78 B  \"com.tencent.matrix.resource.analyzer.model.DestroyedActivityInfo\"",
                "       5         76 B  \"argL0\"",
                "",
                "Duplicate primitive arrays of at least 1024 bytes: 2 wasting 32.0 KiB (of 13 arrays)",
                "  copies       wasted  array",
                "       2     16.0 KiB  char[8192] 0000000000000000000000000000000000000000000000000000000000000000…",
                "       3     16.0 KiB  byte[8192] 0000000000000000000000000000000000000000000000000000000000000000…",
            }));
}

TEST(TextOutputCliTest, BitmapsOnTheBundledSample) {
  EXPECT_EQ(textOf({"bitmaps", "-q", sampleDump()}),
            (std::vector<std::string>{
                "5 bitmap(s), 5 reachable, 5 with pixels; 0 duplicate group(s) of at least 5000 bytes wasting 0 B"}));
}

// Duplicates in a JVM dump: groups, counts and hashes are the fixture program's; object ids are
// where this JVM put the objects, so the copy lines take theirs from the JSON of the same dump.
TEST(TextOutputCliTest, BitmapsOnTheJvmBitmapsFixture) {
  const std::string dump = test::fixtureDumpDir() + "/bitmaps.hprof";
  const auto json = nlohmann::json::parse(test::runMxi({"bitmaps", "-q", "--format", "json", dump}).out);
  ASSERT_EQ(json["groups"].size(), 2u);
  auto copyLines = [&](size_t group) {
    std::vector<std::string> out;
    for (const auto& copy : json["groups"][group]["instances"]) {
      out.push_back("   copy " + std::to_string(out.size() + 1) + " " + copy["objectId"].get<std::string>() +
                    " held by " + copy["holder"]["className"].get<std::string>() + " " +
                    copy["holder"]["objectId"].get<std::string>());
    }
    return out;
  };
  std::vector<std::string> expected{
      "8 bitmap(s), 8 reachable, 8 with pixels; 2 duplicate group(s) of at least 5000 bytes wasting 47.1 KiB", "",
      "1. 100×50 ARGB_8888 (raw), 3 copies × 19.5 KiB, wasting 39.1 KiB, hash 71896d514667d151656f2208c29c2505"};
  for (const std::string& l : copyLines(0)) expected.push_back(l);
  expected.insert(
      expected.end(),
      {"", "2. 64×64 RGB_565 (raw), 2 copies × 8.0 KiB, wasting 8.0 KiB, hash 8b2bec978181fcba2c535dbc304220f5"});
  for (const std::string& l : copyLines(1)) expected.push_back(l);
  // Each copy line is followed by its path from a GC root (through the JDK's own classes, which
  // vary with the JDK): those lines are left out here.
  std::vector<std::string> shown;
  for (const std::string& l : textOf({"bitmaps", "-q", dump})) {
    if (l.empty() || std::isdigit(static_cast<unsigned char>(l[0])) || l.starts_with("   copy ")) shown.push_back(l);
  }
  EXPECT_EQ(shown, expected);
}

// Shrinking the sample, then what changed between it and its shrunk copy: the emptied arrays.
TEST(TextOutputCliTest, ShrinkAndDiffOnTheBundledSample) {
  const fs::path dir = test::scratchDir("cli-text-shrink");
  const std::string shrunk = (dir / "shrunk.hprof").string();
  const std::vector<std::string> shrink = textOf({"shrink", "-q", sampleDump(), shrunk});
  ASSERT_EQ(shrink.size(), 2u);
  const std::string summary = sampleDump() + " → " + shrunk + ": 3.3 MiB → 3.2 MiB (96.7%) in ";
  EXPECT_TRUE(shrink[0].starts_with(summary) && shrink[0].ends_with(" MB/s)")) << shrink[0];  // then its speed
  EXPECT_EQ(shrink[1],
            "  698 arrays emptied (110.1 KiB), 4491 string arrays kept, 4 bitmap buffers kept, 1 duplicate buffers "
            "merged");

  EXPECT_EQ(textOf({"diff", "-q", "--top", "3", sampleDump(), shrunk}),
            (std::vector<std::string>{
                "     Δ count  Δ shallow bytes Δ retained bytes  class",
                "          +0               +0           -80811  java.lang.Class",
                "          +0           -51516           -51516  char[]",
                "          +0               +0           -49410  java.io.PrintStream",
                "50 class(es) changed, 3 shown",
                "",
                "STILL PRESENT  190ced8173e11e304e7e0aa8918f7c15  1 × com.example.app.MainActivity, retaining 71 B",
                "STILL PRESENT  54fe55e283971f9e9815fff2cf573d93  4 × com.example.app.MainActivity, retaining 284 B",
                "STILL PRESENT  9396e39a202f2feece9398a9ba267589  2 × android.view.View, retaining 32 B",
                "leaks: 0 new, 0 fixed, 3 still present",
            }));
}

// The demo phone's app heap (what its `am dumpheap` returns, tests/device-sim/tools/sim_memory.h):
// the leak finder reports its leaked LeakyActivity instances through the registry that holds them.
TEST(TextOutputCliTest, LeaksOnTheDemoPhonesAppHeap) {
  const std::string dump = test::sourceDir() + "/resources/samples/demo-app-leak.hprof.gz";
  EXPECT_EQ(textOf({"leaks", "-q", dump}),
            (std::vector<std::string>{"Leak 1 of 1: 3 × com.example.mxi.demo.LeakyActivity, retaining 1.5 MiB",
                                      "  found by android: Activity",
                                      "  signature 814c366f6f1edc92848c5f319788f881",
                                      "┬───",
                                      "│ GC Root: JNI global",
                                      "│",
                                      "├─ jdk.internal.loader.ClassLoaders$AppClassLoader instance",
                                      "│    Leaking: NO (ArrayList↓ is not leaking)",
                                      "│    ↓ ClassLoader.classes",
                                      "├─ java.util.ArrayList instance",
                                      "│    Leaking: NO (Object[]↓ is not leaking)",
                                      "│    ↓ ArrayList.elementData",
                                      "├─ java.lang.Object[] array",
                                      "│    Leaking: NO (CatalogRegistry↓ is not leaking)",
                                      "│    ↓ Object[][6]",
                                      "├─ com.example.mxi.demo.CatalogRegistry class",
                                      "│    Leaking: NO (a class is never leaking)",
                                      "│    ↓ static CatalogRegistry.sListeners",
                                      "│                             ~~~~~~~~~~",
                                      "├─ java.util.ArrayList instance",
                                      "│    Leaking: UNKNOWN",
                                      "│    ↓ ArrayList.elementData",
                                      "│                ~~~~~~~~~~~",
                                      "├─ java.lang.Object[] array",
                                      "│    Leaking: UNKNOWN",
                                      "│    ↓ Object[][0]",
                                      "│              ~~~",
                                      "├─ com.example.mxi.demo.LeakyActivity$1 instance",
                                      "│    Leaking: UNKNOWN",
                                      "│    ↓ LeakyActivity$1.this$0",
                                      "│                      ~~~~~~",
                                      "╰→ com.example.mxi.demo.LeakyActivity instance",
                                      "     Leaking: YES (Activity#mDestroyed is true)",
                                      "",
                                      "1 application leak(s), 0 library leak(s); 3 candidate(s), 0 not strongly "
                                      "reachable, 0 held through another leak"}));
}

// A triage of the sample: its leaks as signatures, seen when the dump was taken (its own UTC
// timestamp, so no time zone shows); NEW only on the run that first stored them.
TEST(TextOutputCliTest, TriageOnTheBundledSample) {
  const fs::path dir = test::scratchDir("cli-text-triage");
  fs::create_directories(dir / "run");
  fs::copy_file(sampleDump(), dir / "run" / "sample.hprof.gz");
  const std::string db = (dir / "store.sqlite").string();
  const std::string header =
      "  #  kind        what                                         captures max retained  status     first seen"
      "        last seen         signature";
  auto row = [](const char* rank, const char* what, const char* retained, const char* signature, bool isNew) {
    return std::string("  ") + rank + "  leak        " + what + retained + "  new        2026-11-22 15:50  " +
           "2026-11-22 15:50  " + signature + (isNew ? "  NEW" : "");
  };
  for (const bool first : {true, false}) {
    std::vector<std::string> lines = textOf({"triage", "-q", "--db", db, (dir / "run").string()});
    ASSERT_EQ(lines.size(), 6u);
    const std::string counts = first ? "1 analysed, 0 skipped" : "0 analysed, 1 skipped";
    EXPECT_TRUE(lines[0].starts_with(counts + " (already in the store), 0 failed in ") && lines[0].ends_with(" s"))
        << lines[0];  // then how long it took
    lines.erase(lines.begin());
    EXPECT_EQ(
        lines,
        (std::vector<std::string>{
            "3 signature(s) in 1 capture(s), store " + db,
            header,
            row("1", "com.example.app.MainActivity                        1", "        284 B", "54fe55e28397", first),
            row("2", "com.example.app.MainActivity                        1", "         71 B", "190ced8173e1", first),
            row("3", "android.view.View                                   1", "         32 B", "9396e39a202f", first),
        }));
  }
}

TEST(TextOutputCliTest, ParseTraceOnARealArtTrace) {
  const std::vector<std::string> lines =
      textOf({"parse", "trace", test::methodTraceFixture("art-sampled-launcher.trace.gz").string()});
  ASSERT_GE(lines.size(), 18u);
  EXPECT_EQ(std::vector<std::string>(lines.begin(), lines.begin() + 5),
            (std::vector<std::string>{
                "art trace, version 3, dual clock, pid 3001, 22622.4 ms, 186850 events, 3688 methods, 111 threads",
                "",
                "threads by events:",
                "    3001  LauncherApplication-framethread               93049 events",
                "    3473  pool-6-thread-1                               11194 events",
            }));
  EXPECT_EQ(lines[13], "  … 101 more");
  EXPECT_EQ(lines[15], "main thread 3001 \"LauncherApplication-framethread\": 384 Looper dispatches; the slowest:");
  EXPECT_EQ(
      lines[16],
      "  at 20328.3 ms    849.0 ms wall    188.7 ms cpu  android.view.Choreographer$FrameDisplayEventReceiver.run");
  EXPECT_EQ(lines.back(), "3 issue(s)");
}

TEST(TextOutputCliTest, ParseFramestatsOnARealCapture) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  EXPECT_EQ(textOf({"parse", "framestats", framestats.string()}),
            (std::vector<std::string>{
                "com.soundvisualization.accessibility/com.soundvisualization.accessibility.MainActivity  in "
                "com.soundvisualization.accessibility",
                "  120 frames (+0 flagged), 120.3 Hz (from the data)",
                "  FPS 48.3  jank 99.2%  p50 10.65  p90 13.26  p95 54.33  p99 76.68  max 77.22 ms",
                "  levels best 110  normal 8  middle 2  high 0  frozen 0",
                "  slow frames (119) dominated by: delay 5 animation 18 gpuSwap 96",
                "",
            }));
}

TEST(TextOutputCliTest, ParseAnrOnARealJavaDump) {
  MXI_REQUIRE_FIXTURE(traces, "anr/wanandroid_arm64-device_traces.txt");
  const std::vector<std::string> lines = textOf({"parse", "anr", traces.string()});
  ASSERT_EQ(lines.size(), 31u);  // 14 processes, the main thread's 13 frames, no deadlock
  EXPECT_EQ(lines[0], "pid 18672  com.example.shinelon.wanandroid  33 thread(s)");
  EXPECT_EQ(lines[13], "pid 335  /system/bin/mediaserver  0 thread(s)");
  EXPECT_EQ(std::vector<std::string>(lines.begin() + 14, lines.begin() + 17),
            (std::vector<std::string>{"", "main thread: Suspended (tid 1, prio 5)",
                                      "  at android.support.v4.view.ViewPager.populate(ViewPager.java:1199)"}));
  EXPECT_EQ(std::vector<std::string>(lines.end() - 3, lines.end()),
            (std::vector<std::string>{"  at com.android.internal.os.ZygoteInit.main(ZygoteInit.java:814)", "",
                                      "0 deadlock(s)"}));
}

// A native-only dump has no ART tid or priority for its main thread: the line says its Linux tid.
TEST(TextOutputCliTest, ParseAnrOnARealNativeOnlyDump) {
  MXI_REQUIRE_FIXTURE(traces, "anr/sentry_thread_dump_bad_data.txt");
  EXPECT_EQ(textOf({"parse", "anr", traces.string()}),
            (std::vector<std::string>{
                "Subject: Input dispatching timed out (7985007 com.example.app/com.example.app.ui.MainActivity "
                "(server) is not responding. Waited 5000ms for FocusEvent(hasFocus=false))",
                "pid 12233  com.example.app:mainProcess  498 thread(s)  (native only: kernel wait channels)",
                "pid 12233  com.example.app:gameProcess  498 thread(s)  (native only: kernel wait channels)",
                "",
                "main thread: R (sysTid 12233)",
                "",
                "0 deadlock(s)",
            }));
}

// A session imported from real captures: info, summary, and a comparison with itself.
TEST(TextOutputCliTest, SessionInfoSummaryAndCompareOnImportedCaptures) {
  MXI_REQUIRE_FIXTURE(framestats, "gfxinfo/choi890_soundvis_120hz_framestats.txt");
  const fs::path dir = test::scratchDir("cli-text-session");
  const std::string mxs = (dir / "s.mxs").string();
  ASSERT_EQ(
      textOf({"session", "import", "--framestats", framestats.string(), "--issues",
              test::fixturePath("matrix-issues/wiki-data-format-examples.jsonl").string(), "--anr",
              test::fixturePath("anr/wanandroid_arm64-device_traces.txt").string(), "--device", "Pixel", "-o", mxs}),
      (std::vector<std::string>{mxs + ": 1 window(s), 120 frame(s), 6 issue(s), 1 ANR(s)"}));

  EXPECT_EQ(textOf({"session", "info", mxs}),
            (std::vector<std::string>{
                "session format 2", "app: com.tencent.mm", "device: Pixel", "agent: mxi 0.1.0 (import)",
                "started: 1528278018147 (unix ms)", "refresh: 60.00 Hz",
                // The file's size is zlib's output, which may differ with another zlib.
                std::to_string(fs::file_size(mxs)) + " bytes, 1 block(s), 128 record(s)", "closed cleanly: yes"}));

  const std::string scene = "com.soundvisualization.accessibility/com.soundvisualization.accessibility.MainActivity";
  EXPECT_EQ(
      textOf({"session", "summary", mxs}),
      (std::vector<std::string>{
          "com.tencent.mm on Pixel: 2.6 s, 120 frames (+0 flagged), 6 issues, 1 ANRs, 0 marks, 0 heap dumps",
          "  " + scene + "      120  FPS  48.3  jank  99.2%  p50   11.0  p90   13.5  p99   77.0 ms  levels 110/8/2/0/0",
          "  all scenes                                                        120  FPS  48.3  jank  99.2%  p50  "
          " 11.0  p90   13.5  p99   77.0 ms  levels 110/8/2/0/0",
          "(levels: best/normal/middle/high/frozen; percentiles at 0.5 ms resolution)",
      }));

  // The wiki's old EvilMethod has the stackKey "0,30,1,56\n": its verdict stays on one line.
  EXPECT_EQ(textOf({"session", "compare", mxs, mxs}),
            (std::vector<std::string>{
                "same         FPS  48.3 ->  48.3  p50  10.65 ->  10.65 ms  median   +0.0%  p=0.5  " + scene,
                "same         evil method 0,30,1,56 method#30 (ENTER): 1 -> 1 issues, median 3205 -> 3205 ms",
                "same         io repeatRead /data/user/0/com.tencent.mm/MicroMsg/MM_stepcounter.cfg: 1 -> 1",
                "same         startup applicationCreateMs: 415 -> 415 ms",
                "same         startup firstActivityCreateMs: 240 -> 240 ms",
                "ANRs: 1 -> 1",
                "no regression beyond the thresholds",
            }));
}

}  // namespace
}  // namespace mxi
