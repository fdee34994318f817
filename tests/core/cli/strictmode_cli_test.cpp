// `mxi parse strictmode` (text and the JSON contract) on the real reports read in place and the
// DropBox fixture, and `mxi parse issues` showing a logcat's StrictMode violations beside
// Matrix's own issues.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "tests/support/reference_fixtures.h"
#include "tests/support/run_mxi.h"
#include "tests/support/test_paths.h"

namespace mxi {
namespace {

std::string dropBox() { return test::sourceDir() + "/tests/fixtures/strictmode/dropbox_strictmode.txt"; }

TEST(StrictModeCliTest, HelpNamesTheCommand) {
  const auto parse = test::runMxi({"parse", "--help"});
  EXPECT_NE(parse.out.find("strictmode"), std::string::npos) << parse.out;
  const auto help = test::runMxi({"parse", "strictmode", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("--io-once-ms"), std::string::npos) << help.out;
}

TEST(StrictModeCliTest, JsonContractOnARealThreadtimeLeak) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_defold-extension-push-35_leakedclosable_threadtime.txt");
  const auto r = test::runMxi({"parse", "strictmode", path.string(), "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u);
  ASSERT_EQ(j["violations"].size(), 1u);
  const auto& v = j["violations"][0];
  EXPECT_EQ(v["type"], "LeakedClosableViolation");
  EXPECT_EQ(v["policy"], "vm");
  EXPECT_EQ(v["kind"], "closeableLeak");
  EXPECT_EQ(v["durationMs"], nullptr);
  EXPECT_EQ(v["pid"], 14825);
  EXPECT_EQ(v["tid"], 14840);
  EXPECT_EQ(v["mainThread"], false);
  EXPECT_EQ(v["resource"], "java.io.FileOutputStream");
  ASSERT_EQ(v["stack"].size(), 7u);
  EXPECT_EQ(v["stack"][0], "android.os.StrictMode$AndroidCloseGuardReporter.report(StrictMode.java:1877)");
  EXPECT_EQ(v["acquiredAt"], nlohmann::json::array({"dalvik.system.CloseGuard.open(CloseGuard.java:237)",
                                                    "java.io.FileOutputStream.<init>(FileOutputStream.java:252)"}));
  EXPECT_EQ(v["truncated"], true);
}

TEST(StrictModeCliTest, TextOnTheDropBoxFixture) {
  const auto r = test::runMxi({"parse", "strictmode", dropBox()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("#1 DiskReadViolation  mainThreadIo  thread policy  187 ms  pid 8123  main thread  "
                       "com.example.mxi.demo  (DropBox, line 8)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  leaked android.os.ParcelFileDescriptor\n  acquired at:\n"
                       "    at dalvik.system.CloseGuard.open(CloseGuard.java:180)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("4 violation(s), 0 problem(s), 126 line(s) read\n"), std::string::npos) << r.out;
}

TEST(StrictModeCliTest, IssuesViewAndThreshold) {
  const auto r = test::runMxi({"parse", "strictmode", dropBox(), "--issues", "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["issues"].size(), 4u);
  EXPECT_EQ(j["issues"][0]["tag"], "io");
  EXPECT_EQ(j["issues"][0]["io"]["issueType"], "mainThreadIo");
  EXPECT_EQ(j["issues"][0]["io"]["costMs"], 187);
  EXPECT_EQ(j["issues"][1]["io"]["issueType"], "closeableLeak");
  // The 32 ms read of Android 6 is under a 50 ms threshold: three issues remain.
  const auto strict = test::runMxi({"parse", "strictmode", dropBox(), "--issues", "--io-once-ms", "50"});
  ASSERT_EQ(strict.exitCode, 0) << strict.err;
  EXPECT_NE(strict.out.find("3 issue(s) from 4 violation(s)\n"), std::string::npos) << strict.out;
}

TEST(StrictModeCliTest, ParseIssuesShowsStrictModeBesideMatrix) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/thalitester_nexus6_android5.1_maps_diskread.txt");
  const auto r = test::runMxi({"parse", "issues", path.string(), "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["issues"].size(), 1u);
  EXPECT_EQ(j["issues"][0]["tag"], "io");
  EXPECT_EQ(j["issues"][0]["io"]["issueType"], "mainThreadIo");
  EXPECT_EQ(j["issues"][0]["io"]["costMs"], 229);
  EXPECT_EQ(j["issues"][0]["io"]["caller"], "android.app.ContextImpl.createFilesDirLocked(ContextImpl.java:995)");
}

TEST(StrictModeCliTest, NothingFoundIsBadInput) {
  const auto dir = test::scratchDir("strictmode_cli");
  const auto file = dir / "plain.txt";
  std::ofstream(file) << "just a line\n";
  test::RunOptions options;
  options.stdinFile = file;
  const auto r = test::runMxi({"parse", "strictmode", "-"}, options);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("mxi: parse strictmode: -: no StrictMode violation found"), std::string::npos) << r.err;
}

// Two captured logcats of two runs (other pids, other times) that leak the same stream at the same
// place and read on the main thread: triage counts each signature in both.
TEST(StrictModeCliTest, TriageCountsEachSignatureInEveryCapturedLogcat) {
  const auto dir = test::scratchDir("strictmode_triage");
  auto logcat = [](int pid, const std::string& time) {
    const std::string p = "11-26 " + time + "  " + std::to_string(pid) + "  ";
    const std::string fin = p + std::to_string(pid + 9) + " D StrictMode: ";
    const std::string main = p + std::to_string(pid) + " D StrictMode: ";
    return main + "StrictMode policy violation; ~duration=140 ms: android.os.strictmode.DiskReadViolation\n" + main +
           "\tat android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1596)\n" + main +
           "\tat java.io.File.exists(File.java:815)\n" + main + "\tat com.example.app.Prefs.load(Prefs.java:12)\n" +
           main + "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)\n" + fin +
           "StrictMode policy violation: android.os.strictmode.LeakedClosableViolation: A resource was acquired at "
           "attached stack trace but never released. See java.io.Closeable for information on avoiding resource "
           "leaks.\n" +
           fin + "\tat android.os.StrictMode$AndroidCloseGuardReporter.report(StrictMode.java:1924)\n" + fin +
           "\tat dalvik.system.CloseGuard.warnIfOpen(CloseGuard.java:303)\n" + fin +
           "\tat java.io.FileInputStream.finalize(FileInputStream.java:527)\n" + fin +
           "\tat java.lang.Thread.run(Thread.java:923)\n" + fin +
           "Caused by: java.lang.Throwable: Explicit termination method 'close' not called\n" + fin +
           "\tat dalvik.system.CloseGuard.open(CloseGuard.java:230)\n" + fin +
           "\tat java.io.FileInputStream.<init>(FileInputStream.java:176)\n" + fin +
           "\tat com.example.app.Cache.peek(Cache.java:58)\n" + fin +
           "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)\n";
  };
  std::ofstream(dir / "run1-logcat.txt") << logcat(4100, "10:00:00.000");
  std::ofstream(dir / "run2-logcat.txt") << logcat(5200, "11:30:00.000");
  const std::string db = (dir / "store.sqlite").string();
  const auto run = test::runMxi({"triage", "-q", "--db", db, "--format", "json", dir.string()});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["analysed"], 2);
  std::map<std::string, int> captures;
  for (const auto& sig : j["signatures"]) {
    if (sig["kind"] == "strictMode") captures[sig["className"]] = sig["captures"];
  }
  EXPECT_EQ(captures, (std::map<std::string, int>{{"com.example.app.Prefs.load(Prefs.java:12)", 2},
                                                  {"java.io.FileInputStream", 2}}));
}

}  // namespace
}  // namespace mxi
