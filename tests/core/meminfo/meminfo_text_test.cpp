// core/meminfo/meminfo_text: every layout of `dumpsys meminfo` in the reference captures (Android 4.3
// to about 14), value by value; several processes in one output; `--local`; and broken input.
#include <gtest/gtest.h>

#include <string>

#include "core/meminfo/meminfo_text.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::meminfo {
namespace {

// Every summary field, absent ones included (a field a layout lacks is absent, never 0).
void expectSummary(const MeminfoSummary& got, const MeminfoSummary& want) {
  EXPECT_EQ(got.javaHeapKb, want.javaHeapKb);
  EXPECT_EQ(got.nativeHeapKb, want.nativeHeapKb);
  EXPECT_EQ(got.codeKb, want.codeKb);
  EXPECT_EQ(got.stackKb, want.stackKb);
  EXPECT_EQ(got.graphicsKb, want.graphicsKb);
  EXPECT_EQ(got.privateOtherKb, want.privateOtherKb);
  EXPECT_EQ(got.systemKb, want.systemKb);
  EXPECT_EQ(got.totalPssKb, want.totalPssKb);
  EXPECT_EQ(got.totalRssKb, want.totalRssKb);
  EXPECT_EQ(got.totalSwapKb, want.totalSwapKb);
}

void expectObjects(const MeminfoObjects& got, const MeminfoObjects& want) {
  EXPECT_EQ(got.views, want.views);
  EXPECT_EQ(got.viewRootImpl, want.viewRootImpl);
  EXPECT_EQ(got.appContexts, want.appContexts);
  EXPECT_EQ(got.activities, want.activities);
  EXPECT_EQ(got.assets, want.assets);
  EXPECT_EQ(got.assetManagers, want.assetManagers);
  EXPECT_EQ(got.localBinders, want.localBinders);
  EXPECT_EQ(got.proxyBinders, want.proxyBinders);
  EXPECT_EQ(got.parcelMemoryKb, want.parcelMemoryKb);
  EXPECT_EQ(got.parcelCount, want.parcelCount);
  EXPECT_EQ(got.deathRecipients, want.deathRecipients);
  EXPECT_EQ(got.openSslSockets, want.openSslSockets);
  EXPECT_EQ(got.webViews, want.webViews);
}

std::vector<std::string> rowNames(const MeminfoProcess& p) {
  std::vector<std::string> names;
  for (const MeminfoRow& r : p.rows) names.push_back(r.name);
  return names;
}

std::optional<int64_t> cell(const MeminfoProcess& p, std::string_view row, std::string_view column) {
  const MeminfoRow* r = p.row(row);
  return r ? r->value(column) : std::nullopt;
}

MeminfoReport parseFixture(const std::filesystem::path& path) { return parseMeminfo(test::readText(path)); }

// Android 4.3: "Pss / Shared Dirty / Private Dirty / Heap Size|Alloc|Free", 4.3's row names
// ("Native", "Dalvik"), no App Summary: the total PSS comes from the TOTAL row.
TEST(MeminfoTest, Android43TableWithoutAppSummary) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android4.3.txt");
  const MeminfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  const MeminfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 29607);
  EXPECT_EQ(p.package, "com.sample.package");
  EXPECT_EQ(p.columns,
            (std::vector<std::string>{"Pss", "Shared Dirty", "Private Dirty", "Heap Size", "Heap Alloc", "Heap Free"}));
  EXPECT_EQ(rowNames(p),
            (std::vector<std::string>{"Native", "Dalvik", "Cursor", "Ashmem", "Other dev", ".so mmap", ".jar mmap",
                                      ".apk mmap", ".ttf mmap", ".dex mmap", "Other mmap", "Unknown", "TOTAL"}));
  EXPECT_EQ(cell(p, "Native", "Heap Size"), 11296);
  EXPECT_EQ(cell(p, "Dalvik", "Heap Free"), 5934);
  EXPECT_EQ(cell(p, ".so mmap", "Shared Dirty"), 2028);
  EXPECT_EQ(cell(p, ".so mmap", "Private Dirty"), 620);
  EXPECT_EQ(cell(p, ".so mmap", "Heap Size"), std::nullopt);  // blank trailing cells
  EXPECT_EQ(p.row("Cursor")->values.size(), 3u);
  EXPECT_EQ(cell(p, "TOTAL", "Pss"), 28929);
  EXPECT_EQ(cell(p, "TOTAL", "Heap Alloc"), 15381);
  expectSummary(p.summary, {.totalPssKb = 28929});
  expectObjects(p.objects, {.views = 115,
                            .viewRootImpl = 1,
                            .appContexts = 6,
                            .activities = 1,
                            .assets = 6,
                            .assetManagers = 6,
                            .localBinders = 15,
                            .proxyBinders = 23,
                            .deathRecipients = 0,
                            .openSslSockets = 3});
}

// Android 4.4: "Pss Total / Private Dirty / Private Clean / Swapped Dirty / Heap …", no App Summary.
TEST(MeminfoTest, Android44TableWithoutAppSummary) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android4.4.txt");
  const MeminfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  const MeminfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 30125);
  EXPECT_EQ(p.package, "com.sample.package");
  EXPECT_EQ(p.columns, (std::vector<std::string>{"Pss Total", "Private Dirty", "Private Clean", "Swapped Dirty",
                                                 "Heap Size", "Heap Alloc", "Heap Free"}));
  EXPECT_EQ(p.rows.size(), 13u);
  EXPECT_EQ(cell(p, "Native Heap", "Pss Total"), 0);
  EXPECT_EQ(cell(p, "Native Heap", "Heap Alloc"), 8520);
  EXPECT_EQ(cell(p, "Dalvik Heap", "Private Dirty"), 22764);
  EXPECT_EQ(cell(p, ".dex mmap", "Private Clean"), 4648);
  EXPECT_EQ(cell(p, ".dex mmap", "Heap Free"), std::nullopt);
  EXPECT_EQ(cell(p, "TOTAL", "Swapped Dirty"), 0);
  EXPECT_EQ(cell(p, "TOTAL", "Heap Size"), 40720);
  expectSummary(p.summary, {.totalPssKb = 44563});
  expectObjects(p.objects, {.views = 690,
                            .viewRootImpl = 1,
                            .appContexts = 3,
                            .activities = 1,
                            .assets = 4,
                            .assetManagers = 4,
                            .localBinders = 15,
                            .proxyBinders = 23,
                            .deathRecipients = 1,
                            .openSslSockets = 7});
}

// Android 6.0: App Summary with "TOTAL:  N   TOTAL SWAP (KB): M"; Objects with Parcel memory.
TEST(MeminfoTest, Android60AppSummaryAndSwap) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/droid-monitor_android6.0.txt");
  const MeminfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  const MeminfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 22861);
  EXPECT_EQ(p.package, "com.sample.package");
  EXPECT_EQ(p.columns, (std::vector<std::string>{"Pss Total", "Private Dirty", "Private Clean", "Swapped Dirty",
                                                 "Heap Size", "Heap Alloc", "Heap Free"}));
  EXPECT_EQ(p.rows.size(), 17u);
  EXPECT_EQ(cell(p, "Native Heap", "Swapped Dirty"), 13968);
  EXPECT_EQ(cell(p, "GL mtrack", "Pss Total"), 32867);
  EXPECT_EQ(cell(p, "EGL mtrack", "Heap Size"), std::nullopt);
  EXPECT_EQ(cell(p, ".art mmap", "Swapped Dirty"), 92);
  EXPECT_EQ(cell(p, "TOTAL", "Heap Free"), 6652);
  expectSummary(p.summary, {.javaHeapKb = 17976,
                            .nativeHeapKb = 24240,
                            .codeKb = 33748,
                            .stackKb = 1316,
                            .graphicsKb = 40829,
                            .privateOtherKb = 17932,
                            .systemKb = 9950,
                            .totalPssKb = 145991,
                            .totalSwapKb = 22236});
  expectObjects(p.objects, {.views = 553,
                            .viewRootImpl = 1,
                            .appContexts = 2,
                            .activities = 1,
                            .assets = 5,
                            .assetManagers = 2,
                            .localBinders = 37,
                            .proxyBinders = 29,
                            .parcelMemoryKb = 11,
                            .parcelCount = 46,
                            .deathRecipients = 2,
                            .openSslSockets = 10});
}

// Android 13–14: a shell prompt before the output, an "Rss Total" column, rows padded with blanks
// where their heap cells are empty, an App Summary with Pss(KB) and Rss(KB) columns (Private Other
// and System print only Pss, Unknown only Rss), "TOTAL PSS: … TOTAL RSS: … TOTAL SWAP PSS: …".
TEST(MeminfoTest, Android13RssColumnsAndThreeTotals) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/itkxl_settings_rssformat.txt");
  const MeminfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  const MeminfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 5865);
  EXPECT_EQ(p.package, "com.android.settings");
  EXPECT_EQ(p.columns, (std::vector<std::string>{"Pss Total", "Private Dirty", "Private Clean", "SwapPss Dirty",
                                                 "Rss Total", "Heap Size", "Heap Alloc", "Heap Free"}));
  EXPECT_EQ(p.rows.size(), 16u);
  EXPECT_EQ(cell(p, "Native Heap", "SwapPss Dirty"), 37029);
  EXPECT_EQ(cell(p, "Native Heap", "Rss Total"), 3608);
  EXPECT_EQ(cell(p, ".so mmap", "Rss Total"), 59264);
  EXPECT_EQ(cell(p, ".so mmap", "Heap Size"), std::nullopt);
  EXPECT_EQ(cell(p, ".oat mmap", "Rss Total"), 13568);
  EXPECT_EQ(cell(p, ".oat mmap", "Heap Free"), std::nullopt);
  EXPECT_EQ(cell(p, "TOTAL", "Rss Total"), 181492);
  EXPECT_EQ(cell(p, "TOTAL", "Heap Free"), 55851);
  expectSummary(p.summary, {.javaHeapKb = 592,
                            .nativeHeapKb = 696,
                            .codeKb = 15688,
                            .stackKb = 372,
                            .graphicsKb = 0,
                            .privateOtherKb = 856,
                            .systemKb = 78150,
                            .totalPssKb = 96354,
                            .totalRssKb = 181492,
                            .totalSwapKb = 68605});
  expectObjects(p.objects, {.views = 819,
                            .viewRootImpl = 4,
                            .appContexts = 28,
                            .activities = 8,
                            .assets = 38,
                            .assetManagers = 0,
                            .localBinders = 68,
                            .proxyBinders = 117,
                            .parcelMemoryKb = 6196,
                            .parcelCount = 200,
                            .deathRecipients = 4,
                            .webViews = 0});
}

// Android 9–10: "(in Kilobytes)", SwapPss Dirty, "TOTAL:  N   TOTAL SWAP PSS: M", Objects with both
// OpenSSL Sockets and WebViews; a "# adb shell …" line before the output.
TEST(MeminfoTest, Android9AppSummaryAndSwapPss) {
  MXI_REQUIRE_FIXTURE(path, "meminfo/notes_demo_android9or10.txt");
  const MeminfoReport r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  const MeminfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 21024);
  EXPECT_EQ(p.package, "com.xxx.xxx.demo");
  EXPECT_EQ(p.columns, (std::vector<std::string>{"Pss Total", "Private Dirty", "Private Clean", "SwapPss Dirty",
                                                 "Heap Size", "Heap Alloc", "Heap Free"}));
  EXPECT_EQ(p.rows.size(), 17u);
  EXPECT_EQ(cell(p, "Native Heap", "Heap Size"), 90112);
  EXPECT_EQ(cell(p, ".so mmap", "SwapPss Dirty"), 23);
  EXPECT_EQ(cell(p, "GL mtrack", "Private Dirty"), 10360);
  EXPECT_EQ(cell(p, "GL mtrack", "Heap Alloc"), std::nullopt);
  EXPECT_EQ(cell(p, "TOTAL", "Pss Total"), 78808);
  expectSummary(p.summary, {.javaHeapKb = 7140,
                            .nativeHeapKb = 30984,
                            .codeKb = 21264,
                            .stackKb = 44,
                            .graphicsKb = 10360,
                            .privateOtherKb = 3936,
                            .systemKb = 5080,
                            .totalPssKb = 78808,
                            .totalSwapKb = 44});
  expectObjects(p.objects, {.views = 307,
                            .viewRootImpl = 1,
                            .appContexts = 10,
                            .activities = 2,
                            .assets = 5,
                            .assetManagers = 0,
                            .localBinders = 25,
                            .proxyBinders = 43,
                            .parcelMemoryKb = 19,
                            .parcelCount = 78,
                            .deathRecipients = 1,
                            .openSslSockets = 1,
                            .webViews = 0});
}

// Two real outputs back to back read as two processes, each exactly as it reads alone.
TEST(MeminfoTest, TwoCapturesConcatenatedGiveTwoProcesses) {
  MXI_REQUIRE_FIXTURE(a, "meminfo/droid-monitor_android6.0.txt");
  MXI_REQUIRE_FIXTURE(b, "meminfo/itkxl_settings_rssformat.txt");
  const std::string ta = test::readText(a), tb = test::readText(b);
  const MeminfoReport both = parseMeminfo(ta + tb);
  EXPECT_TRUE(both.problems.empty());
  ASSERT_EQ(both.processes.size(), 2u);
  EXPECT_EQ(both.processes[0], parseMeminfo(ta).processes.at(0));
  EXPECT_EQ(both.processes[1], parseMeminfo(tb).processes.at(0));
}

// `dumpsys meminfo <package>` for a package with two processes: one block per process.
constexpr std::string_view kTwoProcesses = R"(Applications Memory Usage (in Kilobytes):
Uptime: 812345 Realtime: 812345

** MEMINFO in pid 3001 [com.example.app] **
                   Pss  Private  Private  SwapPss     Heap     Heap     Heap
                 Total    Dirty    Clean    Dirty     Size    Alloc     Free
                ------   ------   ------   ------   ------   ------   ------
  Native Heap    20480    20400        0        0    40960    18000    22960
  Dalvik Heap     9120     9000        0        0    24576     8800    15776
 Dalvik Other     1200     1150        0        0
        Stack      320      320        0        0
        TOTAL    31120    30870        0        0    65536    26800    38736

 App Summary
                       Pss(KB)
                        ------
           Java Heap:     9000
         Native Heap:    20400
                Code:        0
               Stack:      320
            Graphics:        0
       Private Other:     1150
              System:      250

               TOTAL:    31120       TOTAL SWAP PSS:        0

 Objects
               Views:      412         ViewRootImpl:        2
         AppContexts:        5           Activities:        3
              Assets:        7        AssetManagers:        0
       Local Binders:       12        Proxy Binders:       30
       Parcel memory:        4         Parcel count:       16
    Death Recipients:        0      OpenSSL Sockets:        0
            WebViews:        0

** MEMINFO in pid 3057 [com.example.app:push] **
                   Pss  Private  Private  SwapPss     Heap     Heap     Heap
                 Total    Dirty    Clean    Dirty     Size    Alloc     Free
                ------   ------   ------   ------   ------   ------   ------
  Native Heap     3100     3060        0        0     8192     2900     5292
  Dalvik Heap     1400     1380        0        0     6144     1200     4944
 Dalvik Other      300      290        0        0
        Stack       96       96        0        0
        TOTAL     4896     4826        0        0    14336     4100    10236

 App Summary
                       Pss(KB)
                        ------
           Java Heap:     1380
         Native Heap:     3060
                Code:        0
               Stack:       96
            Graphics:        0
       Private Other:      290
              System:       70

               TOTAL:     4896       TOTAL SWAP PSS:        0

 Objects
               Views:        0         ViewRootImpl:        0
         AppContexts:        2           Activities:        0
              Assets:        7        AssetManagers:        0
       Local Binders:       12        Proxy Binders:       30
       Parcel memory:        4         Parcel count:       16
    Death Recipients:        0      OpenSSL Sockets:        0
            WebViews:        0
)";

TEST(MeminfoTest, OnePackageWithTwoProcesses) {
  const MeminfoReport r = parseMeminfo(kTwoProcesses);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 2u);
  const MeminfoProcess& app = r.processes[0];
  const MeminfoProcess& push = r.processes[1];
  EXPECT_EQ(app.pid, 3001);
  EXPECT_EQ(app.package, "com.example.app");
  EXPECT_EQ(push.pid, 3057);
  EXPECT_EQ(push.package, "com.example.app:push");
  EXPECT_EQ(rowNames(push), (std::vector<std::string>{"Native Heap", "Dalvik Heap", "Dalvik Other", "Stack", "TOTAL"}));
  EXPECT_EQ(cell(app, "Dalvik Heap", "Heap Alloc"), 8800);
  EXPECT_EQ(cell(push, "Stack", "Heap Size"), std::nullopt);
  expectSummary(app.summary, {.javaHeapKb = 9000,
                              .nativeHeapKb = 20400,
                              .codeKb = 0,
                              .stackKb = 320,
                              .graphicsKb = 0,
                              .privateOtherKb = 1150,
                              .systemKb = 250,
                              .totalPssKb = 31120,
                              .totalSwapKb = 0});
  expectSummary(push.summary, {.javaHeapKb = 1380,
                               .nativeHeapKb = 3060,
                               .codeKb = 0,
                               .stackKb = 96,
                               .graphicsKb = 0,
                               .privateOtherKb = 290,
                               .systemKb = 70,
                               .totalPssKb = 4896,
                               .totalSwapKb = 0});
  EXPECT_EQ(app.objects.activities, 3);
  EXPECT_EQ(app.objects.views, 412);
  EXPECT_EQ(push.objects.activities, 0);
  EXPECT_EQ(push.objects.appContexts, 2);
  EXPECT_EQ(push.objects.webViews, 0);
}

// `dumpsys meminfo --local <pid>` (Android 13–14). Hand-made after AOSP: ActivityManagerService's
// dumpApplicationMemoryUsage prints "** MEMINFO in pid N [name] **" and, with --local, calls
// ActivityThread.dumpMemInfoTable itself with the numbers of Debug.getMemoryInfo(pid) and 0 for the
// heap size/alloc/free it cannot know without asking the app; the table is followed by the App
// Summary (printed by dumpMemInfoTable) and no Objects (printed by the app's own dumpMemInfo).
constexpr std::string_view kLocal = R"(Applications Memory Usage (in Kilobytes):
Uptime: 5120334 Realtime: 5120334

** MEMINFO in pid 4242 [com.example.leaky] **
                   Pss  Private  Private  SwapPss      Rss     Heap     Heap     Heap
                 Total    Dirty    Clean    Dirty    Total     Size    Alloc     Free
                ------   ------   ------   ------   ------   ------   ------   ------
  Native Heap    10412    10360        0      812    12020        0        0        0
  Dalvik Heap     6150     6020        0      204     9876        0        0        0
 Dalvik Other     1811     1704        0       12     2680
        Stack      640      640        0        0      648
     .so mmap     3120      220       64       40    41210
    .art mmap     2204     1990        0      120    14002
    GL mtrack     4096     4096        0        0     4096
      Unknown      402      398        0       16      880
        TOTAL    28835    25428       64     1204    85412        0        0        0

 App Summary
                       Pss(KB)                        Rss(KB)
                        ------                         ------
           Java Heap:     8010                          23878
         Native Heap:    10360                          12020
                Code:      284                          41210
               Stack:      640                            648
            Graphics:     4096                           4096
       Private Other:     2102
              System:     3343
             Unknown:                                    3560

           TOTAL PSS:    28835            TOTAL RSS:    85412       TOTAL SWAP PSS:     1204
)";

TEST(MeminfoTest, LocalOutputHasTheTableAndSummaryButNoObjects) {
  const MeminfoReport r = parseMeminfo(kLocal);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  const MeminfoProcess& p = r.processes[0];
  EXPECT_EQ(p.pid, 4242);
  EXPECT_EQ(p.package, "com.example.leaky");
  EXPECT_EQ(p.rows.size(), 9u);
  EXPECT_EQ(cell(p, "Native Heap", "Heap Size"), 0);
  EXPECT_EQ(cell(p, "Dalvik Heap", "Rss Total"), 9876);
  EXPECT_EQ(cell(p, "GL mtrack", "Heap Size"), std::nullopt);
  expectSummary(p.summary, {.javaHeapKb = 8010,
                            .nativeHeapKb = 10360,
                            .codeKb = 284,
                            .stackKb = 640,
                            .graphicsKb = 4096,
                            .privateOtherKb = 2102,
                            .systemKb = 3343,
                            .totalPssKb = 28835,
                            .totalRssKb = 85412,
                            .totalSwapKb = 1204});
  expectObjects(p.objects, {});
}

// The Objects section a --local sample lacks, and older releases' summary-less tables, must not
// invent zeros: the TOTAL row supplies totalPssKb and "Rss Total" supplies totalRssKb.
TEST(MeminfoTest, TotalsFromTheTableWhenTheSummaryIsMissing) {
  std::string text(kLocal);
  text.resize(text.find(" App Summary"));
  const MeminfoReport r = parseMeminfo(text);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.processes.size(), 1u);
  expectSummary(r.processes[0].summary, {.totalPssKb = 28835, .totalRssKb = 85412});
}

// A block cut inside its table: the rows read so far are kept, the missing TOTAL is a problem
// naming the block's header line, and no total is made up.
TEST(MeminfoTest, TruncatedTableIsAProblem) {
  std::string text(kLocal);
  text.resize(text.find("     .so mmap"));
  const MeminfoReport r = parseMeminfo(text);
  ASSERT_EQ(r.processes.size(), 1u);
  EXPECT_EQ(rowNames(r.processes[0]),
            (std::vector<std::string>{"Native Heap", "Dalvik Heap", "Dalvik Other", "Stack"}));
  expectSummary(r.processes[0].summary, {});
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 4u);
  EXPECT_EQ(r.problems[0].offset, text.find("** MEMINFO"));
  EXPECT_EQ(r.problems[0].message, "pid 4242 [com.example.leaky]: the table has no TOTAL row (truncated output?)");
}

TEST(MeminfoTest, BlockCutAfterItsHeaderIsAProblem) {
  const MeminfoReport r = parseMeminfo("Applications Memory Usage (kB):\n\n** MEMINFO in pid 77 [a.b] **\n");
  ASSERT_EQ(r.processes.size(), 1u);
  EXPECT_EQ(r.processes[0].pid, 77);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 3u);
  EXPECT_EQ(r.problems[0].message, "pid 77 [a.b]: the block has no table, App Summary or Objects (truncated output?)");
}

// Garbage numbers: the row, summary line or Objects pair is skipped with its line; the rest reads.
TEST(MeminfoTest, GarbageNumbersAreProblemsWithLines) {
  std::string text(kTwoProcesses);
  auto replace = [&](std::string_view from, std::string_view to) {
    const size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  replace("  Dalvik Heap     9120", "  Dalvik Heap     91x0");
  replace("Views:      412", "Views:      4l2");
  replace("Code:        0", "Code:       0K");
  const MeminfoReport r = parseMeminfo(text);
  ASSERT_EQ(r.problems.size(), 3u);
  EXPECT_EQ(r.problems[0].line, 9u);
  EXPECT_EQ(r.problems[0].message, "meminfo table row \"Dalvik Heap\": \"91x0\" is not a number");
  EXPECT_EQ(r.problems[1].line, 19u);
  EXPECT_EQ(r.problems[1].message, "App Summary \"Code\": \"0K\" is not a number");
  EXPECT_EQ(r.problems[2].line, 28u);
  EXPECT_EQ(r.problems[2].message, "Objects \"Views\": \"4l2\" is not a number");
  ASSERT_EQ(r.processes.size(), 2u);
  EXPECT_EQ(r.processes[0].row("Dalvik Heap"), nullptr);
  EXPECT_EQ(r.processes[0].rows.size(), 4u);
  EXPECT_EQ(r.processes[0].summary.codeKb, std::nullopt);
  EXPECT_EQ(r.processes[0].summary.stackKb, 320);
  EXPECT_EQ(r.processes[0].objects.views, std::nullopt);
  EXPECT_EQ(r.processes[0].objects.viewRootImpl, 2);
  EXPECT_EQ(r.processes[1].summary.totalPssKb, 4896);
}

TEST(MeminfoTest, EmptyInputHasNothingAndNoProblem) {
  const MeminfoReport r = parseMeminfo("");
  EXPECT_TRUE(r.processes.empty());
  EXPECT_TRUE(r.problems.empty());
}

TEST(MeminfoTest, OtherTextIsNotMeminfo) {
  const MeminfoReport r = parseMeminfo("Total PSS by process:\n    120,334K: system (pid 812)\n");
  EXPECT_TRUE(r.processes.empty());
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 1u);
  EXPECT_EQ(r.problems[0].message, "no \"** MEMINFO in pid N [name] **\" block: not dumpsys meminfo output");
}

// dumpsys answers this way when the pid or package is gone (the app died while watched).
TEST(MeminfoTest, NoProcessFoundIsAProblem) {
  const MeminfoReport r = parseMeminfo(
      "Applications Memory Usage (in Kilobytes):\nUptime: 1 Realtime: 1\n"
      "No process found for: com.example.gone\n");
  EXPECT_TRUE(r.processes.empty());
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 3u);
  EXPECT_EQ(r.problems[0].message, "No process found for: com.example.gone");
}

// Binary junk, alone and inside a block: problems, no crash, and the good rows still read.
TEST(MeminfoTest, BinaryJunkDoesNotCrash) {
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>((i * 131 + 7) % 256));
  const MeminfoReport alone = parseMeminfo(junk);
  EXPECT_TRUE(alone.processes.empty());
  EXPECT_FALSE(alone.problems.empty());

  std::string text(kLocal);
  text.insert(text.find("        Stack"), std::string("\x01\xff\x00 9 junk\n", 11));
  const MeminfoReport inside = parseMeminfo(text);
  ASSERT_EQ(inside.processes.size(), 1u);
  EXPECT_EQ(inside.processes[0].rows.size(), 9u);
  EXPECT_EQ(inside.processes[0].summary.totalPssKb, 28835);
  ASSERT_EQ(inside.problems.size(), 1u);
  EXPECT_EQ(inside.problems[0].line, 11u);
  EXPECT_TRUE(inside.problems[0].message.ends_with(": \"junk\" is not a number")) << inside.problems[0].message;
}

// A pid that is not a number is a problem; the block still reads (with pid 0).
TEST(MeminfoTest, BadPidIsAProblem) {
  std::string text(kLocal);
  text.replace(text.find("4242"), 4, "42x2");
  const MeminfoReport r = parseMeminfo(text);
  ASSERT_EQ(r.processes.size(), 1u);
  EXPECT_EQ(r.processes[0].pid, 0);
  EXPECT_EQ(r.processes[0].summary.totalPssKb, 28835);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 4u);
}

// CRLF line ends (a capture saved on Windows) read the same.
TEST(MeminfoTest, CrlfReadsTheSame) {
  std::string crlf;
  for (char c : kTwoProcesses) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const MeminfoReport a = parseMeminfo(kTwoProcesses), b = parseMeminfo(crlf);
  EXPECT_TRUE(b.problems.empty());
  EXPECT_EQ(a.processes, b.processes);
}

}  // namespace
}  // namespace mxi::core::meminfo
