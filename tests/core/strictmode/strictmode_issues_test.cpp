// core/strictmode: StrictMode violations become the issues IOCanary reports (exact content fields,
// trimmed stacks, IOCanary's main-thread rule), parseable by core/matrix, one key per problem so
// repeats collapse in session comparison and triage; a whole logcat read for both kinds.
#include "core/strictmode/strictmode_issues.h"

#include <gtest/gtest.h>

#include "core/json/json_reader.h"
#include "core/strictmode/strictmode_json.h"
#include "tests/support/reference_fixtures.h"
#include "tests/support/test_paths.h"

namespace mxi::core::strictmode {
namespace {

std::vector<StrictModeViolation> parse(const std::filesystem::path& path) {
  return parseStrictModeText(test::readText(path)).violations;
}

std::filesystem::path dropBoxFixture() {
  return std::filesystem::path(test::sourceDir()) / "tests/fixtures/strictmode/dropbox_strictmode.txt";
}

nlohmann::json contentOf(const matrix::MatrixIssue& issue) {
  auto j = json::parseJson(issue.contentJson);
  EXPECT_TRUE(j.ok());
  return j.ok() ? *j : nlohmann::json();
}

TEST(StrictModeIssuesTest, MainThreadReadBecomesAMatrixIoIssueWithATrimmedStack) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/battery-historian_maps_diskread_android7.txt");
  const auto v = parse(path);
  ASSERT_EQ(v.size(), 1u);
  const auto issue = violationToIssue(v[0]);
  ASSERT_TRUE(issue);
  EXPECT_EQ(issue->tag, "io");
  EXPECT_EQ(issue->type, 1);
  EXPECT_EQ(issue->kind, matrix::IssueKind::kIo);
  EXPECT_EQ(issue->process, "");  // threadtime names no process
  EXPECT_EQ(issue->source, "strictMode");
  EXPECT_EQ(issue->costMs, 489);
  ASSERT_TRUE(issue->io);
  EXPECT_EQ(issue->io->costMs, 489);
  EXPECT_EQ(issue->io->opType, "read");
  EXPECT_EQ(issue->io->thread, "main");
  EXPECT_EQ(issue->io->repeat, 1);  // over 13 ms, not over 500 ms
  EXPECT_EQ(issue->io->method, "java.io.File.exists(File.java:780)");
  EXPECT_EQ(issue->io->caller, "android.app.ContextImpl.getDataDir(ContextImpl.java:1938)");
  EXPECT_EQ(issue->key, "mainThreadIo|DiskReadViolation|android.app.ContextImpl.getDataDir(ContextImpl.java:1938)");
  EXPECT_EQ(issue->line, 1u);
  const auto c = contentOf(*issue);
  EXPECT_EQ(c["strictModeType"], "DiskReadViolation");
  EXPECT_EQ(c["policy"], "thread");
  EXPECT_EQ(c["path"], "");
  EXPECT_EQ(c["opType"], 1);
  EXPECT_EQ(c["stackTruncated"], false);
  const std::string stack = c["stack"];
  EXPECT_TRUE(stack.starts_with("android.app.ContextImpl.getDataDir(ContextImpl.java:1938)\n")) << stack;
  EXPECT_TRUE(stack.ends_with("com.android.internal.os.ZygoteInit.main(ZygoteInit.java:776)\n"));
  EXPECT_EQ(issue->threadStack, stack);
}

TEST(StrictModeIssuesTest, WriteTrimsBlockGuardLibcoreAndAndroidOs) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_chucker-1129_diskwrite_newclass.txt");
  const auto v = parse(path);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(ioFramesToTrim(v[0].stack), 6u);
  const auto issue = violationToIssue(v[0]);
  ASSERT_TRUE(issue && issue->io);
  EXPECT_EQ(issue->io->opType, "write");
  EXPECT_EQ(issue->io->costMs, 839);
  EXPECT_EQ(issue->io->repeat, 3);   // over 13 ms and over 500 ms
  EXPECT_EQ(issue->io->thread, "");  // unknown: no tid, stack cut
  EXPECT_EQ(issue->io->caller,
            "com.chuckerteam.chucker.internal.data.room.ChuckerDatabase$Companion.create(ChuckerDatabase.kt:22)");
  EXPECT_EQ(contentOf(*issue)["stackTruncated"], true);
}

TEST(StrictModeIssuesTest, IOCanaryRuleAndItsThresholds) {
  StrictModeViolation v;
  v.type = "DiskReadViolation";
  v.mainThread = true;
  v.stack = {"android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk(StrictMode.java:1)", "com.a.B.c(B.java:2)",
             "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:3)"};
  v.durationMs = 13;  // not over 13 ms: IOCanary would not report it
  EXPECT_FALSE(violationToIssue(v));
  v.durationMs = 14;
  EXPECT_TRUE(violationToIssue(v));
  EXPECT_FALSE(violationToIssue(v, {{20, 500}, {}}));  // the threshold is configurable
  v.durationMs.reset();                                // StrictMode did not time it: reported, cost unknown
  const auto untimed = violationToIssue(v);
  ASSERT_TRUE(untimed && untimed->io);
  EXPECT_EQ(untimed->io->costMs, 0);
  EXPECT_EQ(untimed->io->repeat, 0);
}

TEST(StrictModeIssuesTest, LeakBecomesACloseableLeakNamingResourceAndAcquisition) {
  const auto v = parse(dropBoxFixture());
  ASSERT_EQ(v.size(), 4u);
  const auto issue = violationToIssue(v[1]);
  ASSERT_TRUE(issue && issue->io);
  EXPECT_EQ(issue->tag, "io");
  EXPECT_EQ(issue->type, 4);
  EXPECT_EQ(matrix::ioIssueTypeName(issue->type), "closeableLeak");
  EXPECT_EQ(issue->process, "com.example.mxi.demo");
  EXPECT_EQ(issue->io->method, "java.io.FileInputStream.<init>(FileInputStream.java:176)");
  EXPECT_EQ(issue->io->caller, "com.example.mxi.demo.SettingsStore.peek(SettingsStore.java:58)");
  EXPECT_EQ(issue->key,
            "closeableLeak|java.io.FileInputStream|com.example.mxi.demo.SettingsStore.peek(SettingsStore.java:58)");
  const auto c = contentOf(*issue);
  EXPECT_EQ(c["resource"], "java.io.FileInputStream");
  const std::string stack = c["stack"];
  EXPECT_TRUE(stack.starts_with("com.example.mxi.demo.SettingsStore.peek(SettingsStore.java:58)\n")) << stack;

  const auto old = violationToIssue(v[3]);  // Android 6: the ParcelFileDescriptor's own frames trimmed too
  ASSERT_TRUE(old && old->io);
  EXPECT_EQ(old->io->method, "android.os.ParcelFileDescriptor.open(ParcelFileDescriptor.java:210)");
  EXPECT_EQ(old->io->caller,
            "com.android.systemui.screenshot.SaveImageInBackgroundTask.doInBackground(GlobalScreenshot.java:254)");
}

TEST(StrictModeIssuesTest, LeakCutBeforeItsAcquisitionIsKnownByItsResource) {
  MXI_REQUIRE_FIXTURE(path, "strictmode/issue_chucker-421_leakedclosable_android10.txt");
  const auto v = parse(path);
  ASSERT_EQ(v.size(), 1u);
  const auto issue = violationToIssue(v[0]);
  ASSERT_TRUE(issue);
  EXPECT_EQ(issue->key, "closeableLeak|java.io.FileInputStream|");
  EXPECT_TRUE(issue->threadStack.starts_with("android.os.StrictMode$AndroidCloseGuardReporter.report("));
}

TEST(StrictModeIssuesTest, RepeatsShareOneSignatureAndOtherProblemsDoNot) {
  const auto v = parse(dropBoxFixture());
  StrictModeViolation again = v[1];
  again.pid = 9999;  // another run of the app
  again.stack[6] = "java.lang.Thread.run(Thread.java:1)";
  again.acquiredAt.back() = "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1)";
  EXPECT_EQ(violationSignature(again), violationSignature(v[1]));
  StrictModeViolation elsewhere = v[1];
  elsewhere.acquiredAt[3] = "com.example.mxi.demo.SettingsStore.load(SettingsStore.java:41)";
  EXPECT_NE(violationSignature(elsewhere), violationSignature(v[1]));
  EXPECT_NE(violationSignature(v[0]), violationSignature(v[1]));
}

TEST(StrictModeIssuesTest, OtherViolationsAreStrictModeIssues) {
  StrictModeViolation v;
  v.type = "NetworkViolation";
  v.durationMs = 40;
  v.message = "";
  v.stack = {"android.os.StrictMode$AndroidBlockGuardPolicy.onNetwork(StrictMode.java:1)",
             "java.net.Inet6AddressImpl.lookupHostByName(Inet6AddressImpl.java:2)", "com.a.Api.get(Api.kt:3)"};
  v.truncated = true;
  const auto issue = violationToIssue(v, {{}, "com.a"});
  ASSERT_TRUE(issue);
  EXPECT_EQ(issue->tag, "StrictMode");
  EXPECT_EQ(issue->type, 0);
  EXPECT_EQ(issue->kind, matrix::IssueKind::kUnknown);
  EXPECT_FALSE(issue->io);
  EXPECT_EQ(issue->process, "com.a");
  EXPECT_EQ(issue->costMs, 40);
  EXPECT_EQ(issue->key,
            "strictMode|NetworkViolation|java.net.Inet6AddressImpl.lookupHostByName(Inet6AddressImpl.java:2)");
  EXPECT_EQ(contentOf(*issue)["strictModeType"], "NetworkViolation");
}

TEST(StrictModeIssuesTest, WholeLogcatGivesMatrixAndStrictModeIssuesInLineOrder) {
  const std::string text =
      "01-01 00:00:00.000  100  100 I Matrix.X: report issue content: tag[io]type[1];key[null];content[{\"tag\":\"io\","
      "\"type\":1,\"path\":\"/data/a\",\"cost\":900,\"opType\":1,\"thread\":\"main\"}]\n" +
      test::readText(dropBoxFixture());
  const auto r = parseIssuesWithStrictMode(text);
  ASSERT_EQ(r.issues.size(), 5u);
  EXPECT_EQ(r.issues[0].io->path, "/data/a");
  EXPECT_EQ(r.issues[0].source, "");
  EXPECT_EQ(r.issues[1].source, "strictMode");
  EXPECT_EQ(r.issues[1].line, 9u);
  EXPECT_EQ(r.issues[4].type, 4);
  EXPECT_TRUE(r.problems.empty());
}

TEST(StrictModeIssuesTest, JsonViewShape) {
  const auto v = parse(dropBoxFixture());
  const auto j = violationsToJson(v);
  ASSERT_EQ(j["violations"].size(), 4u);
  const auto& leak = j["violations"][1];
  std::vector<std::string> keys;
  for (const auto& [k, value] : leak.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"type", "policy", "kind", "durationMs", "pid", "tid", "mainThread",
                                            "resource", "stack", "acquiredAt", "truncated"}));
  EXPECT_EQ(leak["kind"], "closeableLeak");
  EXPECT_EQ(leak["durationMs"], nullptr);
  EXPECT_EQ(leak["tid"], nullptr);
  EXPECT_EQ(leak["pid"], 8123);
  EXPECT_EQ(j["violations"][0]["resource"], nullptr);
}

}  // namespace
}  // namespace mxi::core::strictmode
