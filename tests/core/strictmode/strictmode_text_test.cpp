// core/strictmode/strictmode_text: every layout of the real reports in ../shared/reference (read in
// place), the DropBox entries written from AOSP's writer (tests/fixtures/strictmode), cut reports,
// chunked input and bad input.
#include "core/strictmode/strictmode_text.h"

#include <gtest/gtest.h>

#include "tests/support/reference_fixtures.h"
#include "tests/support/test_paths.h"

namespace mxi::core::strictmode {
namespace {

StrictModeParseResult parseFixture(const std::filesystem::path& path) {
  return parseStrictModeText(test::readText(path));
}

std::filesystem::path projectFixture(const std::string& name) {
  return std::filesystem::path(test::sourceDir()) / "tests/fixtures/strictmode" / name;
}

TEST(StrictModeTest, ThreadtimeAndroid7OldClassNameCompleteStack) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/battery-historian_maps_diskread_android7.txt");
  const auto r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskReadViolation");
  EXPECT_EQ(v.className, "android.os.StrictMode$StrictModeDiskReadViolation");
  EXPECT_EQ(v.message, "policy=65567 violation=2");
  EXPECT_EQ(v.policy, StrictModePolicy::kThread);
  EXPECT_EQ(v.durationMs, 489);
  EXPECT_EQ(v.pid, 18263);
  EXPECT_EQ(v.tid, 18263);
  EXPECT_EQ(v.mainThread, true);
  EXPECT_EQ(strictModeKind(v), StrictModeKind::kMainThreadIo);
  ASSERT_EQ(v.stack.size(), 28u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1293)");
  EXPECT_EQ(v.stack[8], "com.google.android.apps.gmm.shared.settings.GmmSettings.newInstance(GmmSettings.java:11418)");
  // A frame the original terminal had already cut stays as it was printed.
  EXPECT_EQ(
      v.stack[13],
      "com.google.android.apps.gmm.map.impl.MapEnvironmentImplModule_GetPaintfeClientPropertiesProviderFactory.get("
      "MapEnvironmentImplModule_GetPaintfeClientProp$");
  EXPECT_EQ(v.stack.back(), "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:776)");
  EXPECT_TRUE(v.acquiredAt.empty());
  EXPECT_FALSE(v.truncated);
  EXPECT_EQ(v.line, 1u);
  EXPECT_EQ(v.offset, 0u);
  EXPECT_EQ(r.linesRead, 29u);
}

TEST(StrictModeTest, BriefAndroid51CompleteStackWithoutTid) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/thalitester_nexus6_android5.1_maps_diskread.txt");
  const auto r = parseFixture(path);
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskReadViolation");
  EXPECT_EQ(v.message, "policy=31 violation=2");
  EXPECT_EQ(v.durationMs, 229);
  EXPECT_EQ(v.pid, 3362);
  EXPECT_EQ(v.tid, std::nullopt);
  EXPECT_EQ(v.mainThread, true);  // ActivityThread.main is on its stack
  ASSERT_EQ(v.stack.size(), 22u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1137)");
  EXPECT_EQ(v.stack[7], "com.google.android.libraries.stitch.incompat.missinglibs.a.a(PG:31)");
  EXPECT_EQ(v.stack.back(), "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:698)");
  EXPECT_FALSE(v.truncated);
}

TEST(StrictModeTest, BriefCutOnAPartialPrefix) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_sms-backup-plus-557_diskwrite_old.txt");
  const auto r = parseFixture(path);
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskWriteViolation");
  EXPECT_EQ(v.className, "android.os.StrictMode$StrictModeDiskWriteViolation");
  EXPECT_EQ(v.message, "policy=2069 violation=1");
  EXPECT_EQ(v.durationMs, 60);
  EXPECT_EQ(v.pid, 2875);
  EXPECT_EQ(v.mainThread, std::nullopt);  // cut before its thread's root, no tid
  EXPECT_EQ(strictModeKind(v), StrictModeKind::kMainThreadIo);
  ASSERT_EQ(v.stack.size(), 10u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onWriteToDisk(StrictMode.java:1111)");
  EXPECT_EQ(v.stack.back(), "com.zegoggles.smssync.preferences.Preferences.setReferenceUid(Preferences.java:122)");
  EXPECT_TRUE(v.truncated);
}

TEST(StrictModeTest, BareNewClassNameCutMidStack) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_chucker-1129_diskwrite_newclass.txt");
  const auto r = parseFixture(path);
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskWriteViolation");
  EXPECT_EQ(v.className, "android.os.strictmode.DiskWriteViolation");
  EXPECT_EQ(v.message, "");
  EXPECT_EQ(v.durationMs, 839);
  EXPECT_EQ(v.pid, std::nullopt);
  EXPECT_EQ(v.tid, std::nullopt);
  EXPECT_EQ(v.mainThread, std::nullopt);
  ASSERT_EQ(v.stack.size(), 11u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onWriteToDisk(StrictMode.java:1629)");
  EXPECT_EQ(v.stack[6],
            "com.chuckerteam.chucker.internal.data.room.ChuckerDatabase$Companion.create(ChuckerDatabase.kt:22)");
  EXPECT_EQ(v.stack.back(), "com.chuckerteam.chucker.api.ChuckerInterceptor$Builder.build(ChuckerInterceptor.kt:366)");
  EXPECT_TRUE(v.truncated);
}

TEST(StrictModeTest, ThreadtimeSkipsAnOrphanFrameAndEndsAtACutPrefix) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_braze-flutter-sdk-66_diskread_threadtime.txt");
  const auto r = parseFixture(path);
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskReadViolation");
  EXPECT_EQ(v.className, "android.os.strictmode.DiskReadViolation");
  EXPECT_EQ(v.durationMs, 1098);
  EXPECT_EQ(v.pid, 30136);
  EXPECT_EQ(v.tid, 30136);
  EXPECT_EQ(v.mainThread, true);
  ASSERT_EQ(v.stack.size(), 8u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1504)");
  EXPECT_EQ(v.stack.back(), "android.app.ContextImpl.getSharedPreferences(ContextImpl.java:437)");
  EXPECT_TRUE(v.truncated);
  EXPECT_EQ(v.line, 2u);
}

TEST(StrictModeTest, AndroidStudioLayoutKeepsAFrameCutMidName) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_fenix-10839_diskread_android8x.txt");
  const auto r = parseFixture(path);
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskReadViolation");
  EXPECT_EQ(v.message, "policy=65599 violation=2");
  EXPECT_EQ(v.durationMs, 242);
  EXPECT_EQ(v.pid, 27737);
  EXPECT_EQ(v.tid, 27737);
  EXPECT_EQ(v.process, "org.mozilla.fenix.debug");
  EXPECT_EQ(v.mainThread, true);
  ASSERT_EQ(v.stack.size(), 11u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1438)");
  EXPECT_EQ(v.stack.back(), "org.mozilla.fenix.onboarding.FenixOnboarding.<init>(FenixOnbo");
  EXPECT_TRUE(v.truncated);
}

TEST(StrictModeTest, LeakCutAtCausedByHasItsResourceButNoAcquisition) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_chucker-421_leakedclosable_android10.txt");
  const auto r = parseFixture(path);
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "LeakedClosableViolation");
  EXPECT_EQ(v.policy, StrictModePolicy::kVm);
  EXPECT_EQ(strictModeKind(v), StrictModeKind::kCloseableLeak);
  EXPECT_EQ(v.message,
            "A resource was acquired at attached stack trace but never released. See java.io.Closeable for information "
            "on avoiding resource leaks.");
  EXPECT_EQ(v.durationMs, std::nullopt);
  EXPECT_EQ(v.resource, "java.io.FileInputStream");
  ASSERT_EQ(v.stack.size(), 7u);
  EXPECT_EQ(v.stack.front(), "android.os.StrictMode$AndroidCloseGuardReporter.report(StrictMode.java:1877)");
  EXPECT_EQ(v.stack[2], "java.io.FileInputStream.finalize(FileInputStream.java:493)");
  EXPECT_EQ(v.stack.back(), "java.lang.Thread.run(Thread.java:919)");
  EXPECT_TRUE(v.acquiredAt.empty());
  EXPECT_EQ(v.mainThread, false);
  EXPECT_TRUE(v.truncated);  // "Caused by: java.lang.T" and nothing after
}

TEST(StrictModeTest, LeakWithBarePastedHeaderTakesPidAndTidFromItsLines) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_defold-extension-push-35_leakedclosable_threadtime.txt");
  const auto r = parseFixture(path);
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "LeakedClosableViolation");
  EXPECT_EQ(v.pid, 14825);
  EXPECT_EQ(v.tid, 14840);
  EXPECT_EQ(v.mainThread, false);
  EXPECT_EQ(v.resource, "java.io.FileOutputStream");
  ASSERT_EQ(v.stack.size(), 7u);
  EXPECT_EQ(v.stack.back(), "java.lang.Thread.run(Thread.java:929)");
  ASSERT_EQ(v.acquiredAt.size(), 2u);
  EXPECT_EQ(v.acquiredAt.front(), "dalvik.system.CloseGuard.open(CloseGuard.java:237)");
  EXPECT_EQ(v.acquiredAt.back(), "java.io.FileOutputStream.<init>(FileOutputStream.java:252)");
  EXPECT_TRUE(v.truncated);
}

TEST(StrictModeTest, DropBoxEntriesOfAndroid11AndBatchedAndroid6) {
  const auto r = parseFixture(projectFixture("dropbox_strictmode.txt"));
  EXPECT_TRUE(r.problems.empty());
  ASSERT_EQ(r.violations.size(), 4u);
  const StrictModeViolation& read = r.violations[0];
  EXPECT_TRUE(read.fromDropBox);
  EXPECT_EQ(read.type, "DiskReadViolation");
  EXPECT_EQ(read.process, "com.example.mxi.demo");
  EXPECT_EQ(read.pid, 8123);
  EXPECT_EQ(read.tid, std::nullopt);
  EXPECT_EQ(read.durationMs, 187);
  EXPECT_EQ(read.mainThread, true);
  ASSERT_EQ(read.stack.size(), 19u);
  EXPECT_EQ(read.stack.front(), "android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1596)");
  EXPECT_EQ(read.stack.back(), "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)");
  EXPECT_FALSE(read.truncated);
  EXPECT_EQ(read.line, 8u);

  const StrictModeViolation& leak = r.violations[1];
  EXPECT_EQ(leak.type, "LeakedClosableViolation");
  EXPECT_EQ(leak.durationMs, std::nullopt);
  EXPECT_EQ(leak.resource, "java.io.FileInputStream");
  EXPECT_EQ(leak.stack.size(), 7u);
  ASSERT_EQ(leak.acquiredAt.size(), 15u);
  EXPECT_EQ(leak.acquiredAt.front(), "dalvik.system.CloseGuard.openWithCallSite(CloseGuard.java:259)");
  EXPECT_EQ(leak.acquiredAt[3], "com.example.mxi.demo.SettingsStore.peek(SettingsStore.java:58)");
  EXPECT_EQ(leak.acquiredAt.back(), "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)");
  EXPECT_FALSE(leak.truncated);

  const StrictModeViolation& oldRead = r.violations[2];  // two records of one system_app entry
  EXPECT_EQ(oldRead.type, "DiskReadViolation");
  EXPECT_EQ(oldRead.process, "com.android.systemui");
  EXPECT_EQ(oldRead.pid, std::nullopt);  // Android 6 wrote no PID header
  EXPECT_EQ(oldRead.durationMs, 32);
  EXPECT_EQ(oldRead.stack.size(), 15u);
  EXPECT_FALSE(oldRead.truncated);

  const StrictModeViolation& oldLeak = r.violations[3];
  EXPECT_EQ(oldLeak.type, "LeakedClosableViolation");
  EXPECT_EQ(oldLeak.className, "java.lang.Throwable");
  EXPECT_EQ(oldLeak.resource, "android.os.ParcelFileDescriptor");
  EXPECT_TRUE(oldLeak.stack.empty());
  ASSERT_EQ(oldLeak.acquiredAt.size(), 9u);
  EXPECT_EQ(oldLeak.acquiredAt.front(), "dalvik.system.CloseGuard.open(CloseGuard.java:180)");
  EXPECT_EQ(oldLeak.acquiredAt.back(), "java.lang.Thread.run(Thread.java:818)");
  EXPECT_FALSE(oldLeak.truncated);
}

TEST(StrictModeTest, DropBoxEntriesOfOtherTagsAreNotViolations) {
  const auto r = parseStrictModeText(
      "========================================\n"
      "2021-03-02 14:07:11 data_app_crash (text, 90 bytes)\n"
      "Process: com.example\nPID: 12\nFlags: 0x1\nBuild: x\n\n"
      "java.lang.RuntimeException: boom\n\tat com.example.A.b(A.java:1)\n");
  EXPECT_TRUE(r.violations.empty());
  EXPECT_TRUE(r.problems.empty());
}

TEST(StrictModeTest, OldCloseGuardFormInLogcat) {
  const auto r = parseStrictModeText(
      "05-10 10:00:00.100  4321  4330 E StrictMode: A resource was acquired at attached stack trace but never "
      "released. See java.io.Closeable for information on avoiding resource leaks.\n"
      "05-10 10:00:00.100  4321  4330 E StrictMode: java.lang.Throwable: Explicit termination method 'close' not "
      "called\n"
      "05-10 10:00:00.100  4321  4330 E StrictMode: \tat dalvik.system.CloseGuard.open(CloseGuard.java:184)\n"
      "05-10 10:00:00.100  4321  4330 E StrictMode: \tat java.io.RandomAccessFile.<init>(RandomAccessFile.java:128)\n"
      "05-10 10:00:00.100  4321  4330 E StrictMode: \tat com.example.Db.open(Db.java:9)\n"
      "05-10 10:00:00.100  4321  4330 E StrictMode: \tat java.lang.Thread.run(Thread.java:761)\n"
      "05-10 10:00:00.200  4321  4321 I ActivityManager: something else\n");
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "LeakedClosableViolation");
  EXPECT_EQ(v.className, "java.lang.Throwable");
  EXPECT_EQ(v.resource, "java.io.RandomAccessFile");
  EXPECT_TRUE(v.stack.empty());
  ASSERT_EQ(v.acquiredAt.size(), 4u);
  EXPECT_EQ(v.acquiredAt[2], "com.example.Db.open(Db.java:9)");
  EXPECT_FALSE(v.truncated);
  EXPECT_EQ(v.pid, 4321);
  EXPECT_EQ(v.tid, 4330);
}

TEST(StrictModeTest, NewStudioLayoutOtherViolationsAndInterleavedProcesses) {
  const auto r = parseStrictModeText(
      "2024-01-02 10:00:00.000  5000-5000  StrictMode              com.example.app                      D  StrictMode "
      "policy violation: android.os.strictmode.UntaggedSocketViolation: Untagged socket detected; use "
      "TrafficStats.setTrafficStatsTag() to track all network usage\n"
      "2024-01-02 10:00:00.000  5000-5000  StrictMode              com.example.app                      D  \tat "
      "android.os.StrictMode$AndroidBlockGuardPolicy.onUntaggedSocket(StrictMode.java:2010)\n"
      "2024-01-02 10:00:00.000  5000-5000  StrictMode              com.example.app                      D  \tat "
      "com.example.app.Net.connect(Net.kt:3)\n"
      "2024-01-02 10:00:00.001  6000-6000  StrictMode              com.other                            D  \tat "
      "com.other.X.y(X.kt:1)\n");
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "UntaggedSocketViolation");
  EXPECT_EQ(v.policy, StrictModePolicy::kVm);
  EXPECT_EQ(strictModeKind(v), StrictModeKind::kOther);
  EXPECT_EQ(v.process, "com.example.app");
  ASSERT_EQ(v.stack.size(), 2u);  // the other process's line is not part of it
  EXPECT_EQ(v.stack.back(), "com.example.app.Net.connect(Net.kt:3)");
  EXPECT_TRUE(v.truncated);
}

TEST(StrictModeTest, DiskReadOffTheMainThreadIsNotMainThreadIo) {
  const auto r = parseStrictModeText(
      "01-01 00:00:00.000   100   120 D StrictMode: StrictMode policy violation; ~duration=-1 ms: "
      "android.os.StrictMode$StrictModeDiskReadViolation: policy=31 violation=2\n"
      "01-01 00:00:00.000   100   120 D StrictMode: \tat com.example.Worker.read(Worker.java:5)\n"
      "01-01 00:00:00.000   100   120 D StrictMode: \tat java.lang.Thread.run(Thread.java:761)\n");
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].durationMs, std::nullopt);  // -1: not timed
  EXPECT_EQ(r.violations[0].mainThread, false);
  EXPECT_EQ(strictModeKind(r.violations[0]), StrictModeKind::kOther);
  EXPECT_FALSE(r.violations[0].truncated);
}

TEST(StrictModeTest, ChunkedFeedGivesTheSameReportsAndTakeHandsThemOver) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/battery-historian_maps_diskread_android7.txt");
  const std::string text = test::readText(path) + test::readText(projectFixture("dropbox_strictmode.txt"));
  const auto whole = parseStrictModeText(text);
  ASSERT_EQ(whole.violations.size(), 5u);
  StrictModeStreamParser stream;
  std::vector<StrictModeViolation> taken;
  for (size_t i = 0; i < text.size(); i += 5) {
    stream.feed(std::string_view(text).substr(i, 5));
    for (auto& v : stream.take()) taken.push_back(std::move(v));
  }
  const auto rest = stream.finish();
  for (const auto& v : rest.violations) taken.push_back(v);
  ASSERT_EQ(taken.size(), whole.violations.size());
  for (size_t k = 0; k < taken.size(); ++k) {
    EXPECT_EQ(taken[k].type, whole.violations[k].type);
    EXPECT_EQ(taken[k].stack, whole.violations[k].stack);
    EXPECT_EQ(taken[k].acquiredAt, whole.violations[k].acquiredAt);
    EXPECT_EQ(taken[k].offset, whole.violations[k].offset);
  }
}

TEST(StrictModeTest, FlushClosesTheOpenReport) {
  StrictModeStreamParser stream;
  stream.feed(
      "D/StrictMode( 7): StrictMode policy violation; ~duration=20 ms: android.os.strictmode.NetworkViolation\n");
  stream.feed("D/StrictMode( 7): \tat com.example.A.b(A.java:1)\n");
  EXPECT_TRUE(stream.take().empty());  // the next line could still continue it
  stream.flush();
  const auto v = stream.take();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].type, "NetworkViolation");
  EXPECT_EQ(v[0].policy, StrictModePolicy::kThread);
  EXPECT_EQ(v[0].stack.size(), 1u);
  EXPECT_TRUE(v[0].truncated);
}

TEST(StrictModeTest, BadInputIsReportedWithItsLine) {
  const auto r = parseStrictModeText(
      "some other line\n"
      "D/StrictMode( 7): StrictMode policy violation; ~duration=abc ms: android.os.strictmode.DiskReadViolation\n"
      "D/StrictMode( 7): StrictMode policy violation: not a class name\n"
      "D/StrictMode( 7): StrictMode policy violation\n"
      "Process: com.example\nSystem-App: false\nDuration-Millis: soon\n");
  EXPECT_TRUE(r.violations.empty());
  ASSERT_EQ(r.problems.size(), 5u);
  EXPECT_EQ(r.problems[0].line, 2u);
  EXPECT_EQ(r.problems[0].offset, 16u);
  EXPECT_EQ(r.problems[0].message, "StrictMode report: \"~duration=\" is not followed by a number of ms");
  EXPECT_EQ(r.problems[1].line, 3u);
  EXPECT_EQ(r.problems[1].message, "StrictMode report without a violation class after \"StrictMode policy violation\"");
  EXPECT_EQ(r.problems[2].line, 4u);
  EXPECT_EQ(r.problems[3].line, 7u);
  EXPECT_EQ(r.problems[3].message, "DropBox \"Duration-Millis\" is not a number");
  EXPECT_EQ(r.problems[4].line, 5u);
  EXPECT_EQ(r.problems[4].message, "DropBox StrictMode entry of com.example has no stack trace");
}

TEST(StrictModeTest, EmptyBinaryAndHugeNumbersDoNotCrash) {
  EXPECT_TRUE(parseStrictModeText("").violations.empty());
  EXPECT_TRUE(parseStrictModeText(std::string("\0\xff\n\n\r\n", 6)).violations.empty());
  const auto r = parseStrictModeText(
      "01-01 00:00:00.000 99999999999999999999 1 D StrictMode: StrictMode policy violation; "
      "~duration=99999999999999999999 ms: android.os.strictmode.DiskReadViolation\n");
  EXPECT_TRUE(r.violations.empty());
  EXPECT_EQ(r.problems.size(), 0u);  // the prefix does not parse: the line is not a StrictMode line
}

// `logcat -v threadtime -v epoch`, what the agent follows: seconds.millis instead of the date.
TEST(StrictModeTest, EpochPrefixedThreadtimeIsRead) {
  const StrictModeParseResult r = parseStrictModeText(
      "1764150000.123  4242  4256 D StrictMode: StrictMode policy violation; ~duration=12 ms: "
      "android.os.strictmode.DiskWriteViolation\n"
      "1764150000.123  4242  4256 D StrictMode: \tat android.os.StrictMode$AndroidBlockGuardPolicy.onWriteToDisk("
      "StrictMode.java:1568)\n"
      "1764150000.123  4242  4256 D StrictMode: \tat a.b.C.save(C.java:7)\n"
      "1764150000.124  4242  4242 I ActivityManager: next\n"
      "1764150000.1");
  ASSERT_EQ(r.violations.size(), 1u);
  const StrictModeViolation& v = r.violations[0];
  EXPECT_EQ(v.type, "DiskWriteViolation");
  EXPECT_EQ(v.durationMs, 12);
  EXPECT_EQ(v.pid, 4242);
  EXPECT_EQ(v.tid, 4256);
  EXPECT_EQ(v.mainThread, false);
  EXPECT_EQ(v.stack, (std::vector<std::string>{
                         "android.os.StrictMode$AndroidBlockGuardPolicy.onWriteToDisk(StrictMode.java:1568)",
                         "a.b.C.save(C.java:7)"}));
  EXPECT_TRUE(v.truncated);  // it ends before a thread's root
  EXPECT_EQ(r.problems.size(), 0u);
}

}  // namespace
}  // namespace mxi::core::strictmode
