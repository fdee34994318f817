// Matrix issues from real captures: production upload JSON lines, Issue.toString() logcat lines,
// Matrix's own wiki examples; call trees decoded with a real methodMapping.txt.
#include <gtest/gtest.h>

#include <map>

#include "core/json/json_writer.h"
#include "core/matrix/matrix_issue.h"
#include "core/matrix/matrix_json.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::matrix {
namespace {

TEST(MatrixIssueTest, ProductionUploadWrappersOneJsonPerLine) {
  MXI_REQUIRE_FIXTURE(dir, "matrix-issues/mangatoon-production");
  size_t files = 0;
  std::map<std::string, int> details;
  size_t issues = 0, trees = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    ++files;
    IssueParseResult r = parseIssueText(test::readText(entry.path()));
    decodeIssues(r, nullptr);
    EXPECT_TRUE(r.problems.empty()) << entry.path() << ": " << r.problems.front().message;
    for (const MatrixIssue& i : r.issues) {
      EXPECT_EQ(i.tag, "Trace_EvilMethod");
      EXPECT_EQ(i.kind, IssueKind::kEvilMethod);
      EXPECT_EQ(i.process, "mobi.mangatoon.comics.aphone.portuguese");
      EXPECT_TRUE(i.timeMs.has_value());
      ++details[i.detail];
      if (i.callTree) ++trees;
    }
    issues += r.issues.size();
  }
  EXPECT_EQ(files, 40u);
  EXPECT_EQ(issues, 470u);
  EXPECT_EQ(details, (std::map<std::string, int>{
                         {"NORMAL", 387}, {"LAG", 70}, {"STARTUP", 9}, {"ANR", 3}, {"LAG_IDLE_HANDLER", 1}}));
  EXPECT_EQ(trees, 398u);  // grep -c "\"stack\":\"[0-9]": NORMAL and STARTUP issues (LAG/ANR carry threadStack)
}

TEST(MatrixIssueTest, FirstProductionIssueInDetail) {
  MXI_REQUIRE_FIXTURE(path, "matrix-issues/mangatoon-production/1640289680903.json");
  IssueParseResult r = parseIssueText(test::readText(path));
  decodeIssues(r, nullptr);
  ASSERT_FALSE(r.issues.empty());
  const MatrixIssue& i = r.issues[0];
  EXPECT_EQ(i.detail, "NORMAL");
  EXPECT_EQ(i.costMs, 1022);
  EXPECT_EQ(i.usage, "0,20%");  // locale-formatted on a pt-BR device
  EXPECT_EQ(i.machine, "BAD");
  EXPECT_EQ(i.scene, "com.weex.app.SplashActivity");
  EXPECT_EQ(i.timeMs, 1640289643538);
  EXPECT_EQ(i.line, 1u);
  ASSERT_TRUE(i.callTree);
  // "0,1048574,1,1022 / 1,107060 / 2,107067 / 2,107036 / 1,107065 / 1,107076 / 2,107079 …"
  const CallNode& root = *i.callTree;
  EXPECT_EQ(root.methodId, kDispatchMethodId);
  EXPECT_TRUE(root.isStackKey);  // stackKey "1048574|"
  EXPECT_EQ(root.costMs, 1022);
  EXPECT_EQ(root.selfMs, 1022);
  ASSERT_EQ(root.children.size(), 3u);
  EXPECT_EQ(root.children[0].methodId, 107060);
  EXPECT_EQ(root.children[0].children.size(), 2u);
  EXPECT_EQ(root.children[2].children.size(), 3u);
  EXPECT_EQ(root.name, "[Looper dispatch] android.os.Handler.dispatchMessage");
  EXPECT_EQ(root.children[0].name, "method#107060");
}

TEST(MatrixIssueTest, EvilMethodLogcatToStringWithCallTree) {
  MXI_REQUIRE_FIXTURE(path, "matrix-issues/logcat-tostring/evilmethod_cn.wps.moffice_eng.txt");
  IssueParseResult r = parseIssueText(test::readText(path));
  decodeIssues(r, nullptr);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_TRUE(r.problems.empty());
  const MatrixIssue& i = r.issues[0];
  EXPECT_EQ(i.tag, "Trace_EvilMethod");
  EXPECT_EQ(i.type, 0);
  EXPECT_EQ(i.key, "");  // key[null]
  EXPECT_EQ(i.process, "cn.wps.moffice_eng");
  EXPECT_EQ(i.costMs, 3784);
  EXPECT_EQ(i.usage, "29.45%");
  EXPECT_EQ(i.stackKey, "152876|");
  ASSERT_TRUE(i.callTree);
  const CallNode& root = *i.callTree;
  EXPECT_EQ(root.costMs, 3784);
  EXPECT_EQ(root.selfMs, 3784 - 2976 - 648);  // two depth-1 children
  ASSERT_EQ(root.children.size(), 2u);
  const CallNode& n355471 = root.children[0].children[0];
  EXPECT_EQ(n355471.methodId, 355471);
  EXPECT_EQ(n355471.selfMs, 2976 - 537 - 2215);
  // The stackKey method 152876 sits at depth 8 under 413302 → 413306 → 151192 → 151204 → 152831.
  const CallNode* n = &n355471.children[1];
  for (int64_t id : {413302, 413306, 151192, 151204, 152831, 152876}) {
    ASSERT_EQ(n->methodId, id);
    if (id == 152876) break;
    ASSERT_EQ(n->children.size(), 1u);
    n = &n->children[0];
  }
  EXPECT_TRUE(n->isStackKey);
  EXPECT_EQ(n->costMs, 2108);
  EXPECT_FALSE(root.isStackKey);
}

TEST(MatrixIssueTest, IoCanaryLogcatToString) {
  MXI_REQUIRE_FIXTURE(path, "matrix-issues/logcat-tostring/io_com.rzm.matrix_testing.txt");
  IssueParseResult r = parseIssueText(test::readText(path));
  ASSERT_EQ(r.issues.size(), 3u);
  EXPECT_TRUE(r.problems.empty());
  const MatrixIssue& a = r.issues[0];
  EXPECT_EQ(a.kind, IssueKind::kIo);
  EXPECT_EQ(a.type, 1);
  EXPECT_EQ(ioIssueTypeName(a.type), "mainThreadIo");
  ASSERT_TRUE(a.io);
  EXPECT_EQ(a.io->path, "/sdcard/a.txt");  // JSONObject's "\/" unescaped
  EXPECT_EQ(a.io->size, 40960);
  EXPECT_EQ(a.io->opCount, 102505);
  EXPECT_EQ(a.io->buffer, 400);
  EXPECT_EQ(a.io->costMs, 709);
  EXPECT_EQ(a.io->opType, "read");
  EXPECT_EQ(a.io->opSize, 41002000);
  EXPECT_EQ(a.io->thread, "main");
  EXPECT_EQ(a.io->repeat, 3);
  EXPECT_EQ(r.issues[1].type, 2);
  EXPECT_EQ(r.issues[2].io->path, "/sdcard/a_long.txt");
  EXPECT_EQ(r.issues[2].io->opType, "write");
  EXPECT_EQ(r.issues[2].line, 3u);
}

TEST(MatrixIssueTest, WikiExamplesOfEveryKind) {
  MXI_REQUIRE_FIXTURE(path, "matrix-issues/wiki-data-format-examples.jsonl");
  IssueParseResult r = parseIssueText(test::readText(path));
  decodeIssues(r, nullptr);
  ASSERT_EQ(r.issues.size(), 6u);
  EXPECT_TRUE(r.problems.empty());
  const auto& startup = r.issues[0];
  EXPECT_EQ(startup.kind, IssueKind::kStartup);
  ASSERT_TRUE(startup.startup);
  EXPECT_EQ(startup.startup->applicationCreateMs, 415);
  EXPECT_EQ(startup.startup->firstActivityCreateMs, 240);
  EXPECT_EQ(startup.startup->betweenMs, 0);
  EXPECT_EQ(startup.startup->warmStart, false);
  EXPECT_EQ(startup.scene, "com.tencent.mm.app.WeChatSplashActivity");

  const auto& enter = r.issues[1];
  EXPECT_EQ(enter.detail, "ENTER");
  EXPECT_EQ(enter.scene, "TestFpsActivity");  // from viewInfo.activity
  ASSERT_TRUE(enter.callTree);
  // Old stacks start at depth 3 and end with the depth-0 line: a synthetic root holds them.
  EXPECT_EQ(enter.callTree->methodId, -1);
  EXPECT_EQ(stackKeyMethodId(enter.stackKey), 30);

  const auto& fps = r.issues[2];
  EXPECT_EQ(fps.kind, IssueKind::kFps);
  ASSERT_TRUE(fps.fps);
  EXPECT_EQ(fps.fps->dropLevel, (std::array<int64_t, 5>{113, 18, 12, 4, 0}));
  EXPECT_EQ(fps.fps->dropSum, (std::array<int64_t, 5>{6, 51, 96, 60, 0}));
  EXPECT_NEAR(fps.fps->fps, 24.4766, 1e-4);

  EXPECT_EQ(r.issues[3].kind, IssueKind::kMemory);
  ASSERT_TRUE(r.issues[3].memory);
  EXPECT_EQ(r.issues[3].memory->activity, "com.tencent.mm.plugin.setting.ui.setting.SettingsUI");
  EXPECT_NE(r.issues[3].memory->resultZipPath.find("dump_result_17400_20170713183615.zip"), std::string::npos);
  EXPECT_EQ(r.issues[4].kind, IssueKind::kMemory);
  const auto& io = r.issues[5];
  EXPECT_EQ(io.kind, IssueKind::kIo);
  ASSERT_TRUE(io.io);
  EXPECT_EQ(io.io->opType, "r");
  EXPECT_EQ(io.io->path, "/data/user/0/com.tencent.mm/MicroMsg/MM_stepcounter.cfg");
}

TEST(MatrixIssueTest, MethodMappingNamesTheTree) {
  MXI_REQUIRE_FIXTURE(mappingPath, "matrix-issues/matrix-sample/methodMapping.txt");
  auto mapping = MethodMapping::parse(test::readText(mappingPath));
  ASSERT_TRUE(mapping.ok()) << mapping.status().toString();
  EXPECT_EQ(mapping->size(), 131u);
  EXPECT_EQ(mapping->nameOf(kDispatchMethodId), "android.os.Handler.dispatchMessage(Landroid.os.Message;)V");
  EXPECT_EQ(mapping->nameOf(30),
            "sample.tencent.matrix.trace.TestTraceMainActivity.onActivityResult(IILandroid.content.Intent;)V");
  EXPECT_EQ(mapping->nameOf(999999), "method#999999");
  // A stack over the sample app's ids.
  IssueParseResult r = parseIssueText(
      R"({"tag":"Trace_EvilMethod","detail":"NORMAL","cost":800,"stack":"0,1048574,1,800\n1,96,1,700\n2,98,1,100\n","stackKey":"96|"})");
  decodeIssues(r, &*mapping);
  ASSERT_EQ(r.issues.size(), 1u);
  const CallNode& root = *r.issues[0].callTree;
  EXPECT_EQ(root.selfMs, 100);
  EXPECT_EQ(root.children[0].name, "sample.tencent.matrix.trace.TestTraceMainActivity.testInnerSleep()V");
  EXPECT_TRUE(root.children[0].isStackKey);
  EXPECT_EQ(root.children[0].selfMs, 600);
  EXPECT_EQ(root.children[0].children[0].name, "sample.tencent.matrix.sqlitelint.TestSQLiteLintActivity.deleteAll()V");
}

TEST(MatrixIssueTest, ProguardRenamesWhatTheMappingLeftObfuscated) {
  auto mapping = MethodMapping::parse("7,1,a.b.c a (I)V\n8,1,a.b.c b ()V\n9,1,x.Clear run ()V\n");
  ASSERT_TRUE(mapping.ok());
  auto proguard = mapping::R8Mapping::parse(
      "com.example.Feed -> a.b.c:\n"
      "    int count -> d\n"
      "    1:4:void load(int):10:13 -> a\n"
      "    void refresh() -> b\n"
      "    void reset() -> b\n");
  ASSERT_TRUE(proguard.ok()) << proguard.status().toString();
  mapping->applyProguard(*proguard);
  EXPECT_EQ(mapping->nameOf(7), "com.example.Feed.load(I)V");
  EXPECT_EQ(mapping->nameOf(8), "com.example.Feed.refresh|reset()V");
  EXPECT_EQ(mapping->nameOf(9), "x.Clear.run()V");
}

TEST(MatrixIssueTest, BadInputIsReportedWithLineAndOffset) {
  const std::string text =
      "11-23 10:00:00.000  100  100 I ActivityManager: unrelated line\n"
      "11-23 10:00:01.000  100  100 E TestPluginListener: tag[io]type[2];key[null];content[{\"path\":\"\\/a\"\n"
      "{\"tag\":\"Trace_FPS\",\"scene\":\"A\",\"fps\":55.5}\n"
      "{not json\n";
  IssueParseResult r = parseIssueText(text);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].scene, "A");
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_EQ(r.problems[0].line, 2u);
  EXPECT_NE(r.problems[0].message.find("truncates"), std::string::npos);
  EXPECT_EQ(r.problems[1].line, 4u);
  EXPECT_EQ(r.problems[1].offset, text.find("{not") + 2);  // the "o" that breaks the literal
  EXPECT_EQ(r.linesRead, 4u);
}

TEST(MatrixIssueTest, StreamParserAcceptsAnyChunking) {
  MXI_REQUIRE_FIXTURE(path, "matrix-issues/logcat-tostring/io_com.rzm.matrix_testing.txt");
  const std::string text = test::readText(path);
  const IssueParseResult whole = parseIssueText(text);
  for (size_t chunk : {1u, 7u, 4096u}) {
    IssueStreamParser p;
    for (size_t i = 0; i < text.size(); i += chunk) p.feed(std::string_view(text).substr(i, chunk));
    const IssueParseResult r = p.finish();
    ASSERT_EQ(r.issues.size(), whole.issues.size());
    for (size_t k = 0; k < r.issues.size(); ++k) {
      EXPECT_EQ(r.issues[k].contentJson, whole.issues[k].contentJson);
      EXPECT_EQ(r.issues[k].offset, whole.issues[k].offset);
    }
  }
}

TEST(MatrixIssueTest, UnknownTagsAreKeptRaw) {
  MXI_REQUIRE_FIXTURE(path, "matrix-issues/matrix-sample/sqlite_lint_issues.expected.json");
  // Not issue objects (no tag): an array of SQLiteLint expectations is rejected element by element.
  IssueParseResult r = parseIssueText(test::readText(path));
  EXPECT_TRUE(r.issues.empty());
  EXPECT_FALSE(r.problems.empty());
  IssueParseResult custom = parseIssueText(R"({"tag":"Battery_Wakelock","type":7,"content":{"held":1200}})");
  ASSERT_EQ(custom.issues.size(), 1u);
  EXPECT_EQ(custom.issues[0].kind, IssueKind::kUnknown);
  EXPECT_EQ(custom.issues[0].type, 7);
  EXPECT_EQ(custom.issues[0].contentJson, R"({"held":1200})");
}

TEST(MatrixIssueTest, InvalidUtf8IsReplacedNotThrown) {
  // Found by fuzz_matrix_issues: bytes that are not UTF-8 in the raw parts of a logcat line
  // (logcat cuts lines in the middle of multi-byte characters) must not make serialization throw.
  const std::string text = "tag[io\xE4\xB8]type[1];key[k\xB8];content[{\"path\":\"/a\",\"cost\":5}]\n";
  IssueParseResult r = parseIssueText(text);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].tag, "io\xE4\xB8");
  const std::string out = json::dumpJson(issueToJson(r.issues[0]));
  EXPECT_NE(out.find("\"tag\":\"io\xEF\xBF\xBD"), std::string::npos) << out;
  EXPECT_NE(out.find("\"key\":\"k\xEF\xBF\xBD\""), std::string::npos) << out;
}

TEST(MatrixIssueTest, RecordedIssueThatLogcatCutKeepsItsTextAndItsCompleteMembers) {
  // As the live recorder stores it: the content is the text as it arrived.
  const std::string wrapper =
      R"({"tag":"Trace_EvilMethod","type":0,"key":"","truncated":true,)"
      R"("content":"{\"machine\":\"MIDDLE\",\"cost\":1234,\"scene\":\"首页\",\"stack\":\"0,1,1,12\\n1,2,1,)"
      "\uFFFD\"}";
  auto issue = parseIssueJson(wrapper);
  ASSERT_TRUE(issue.ok()) << issue.status().toString();
  EXPECT_TRUE(issue->truncated);
  EXPECT_EQ(issue->kind, IssueKind::kEvilMethod);
  EXPECT_EQ(issue->costMs, 1234);
  EXPECT_EQ(issue->scene, "首页");
  EXPECT_EQ(issue->machine, "MIDDLE");
  EXPECT_EQ(issue->stack, "");  // cut: not taken
  EXPECT_EQ(issue->contentJson,
            "{\"machine\":\"MIDDLE\",\"cost\":1234,\"scene\":\"首页\",\"stack\":\"0,1,1,12\\n1,2,1,\xEF\xBF\xBD");
  const std::string out = json::dumpJson(issueToJson(*issue));
  EXPECT_NE(out.find(R"("truncated":true,"content":"{\"machine\")"), std::string::npos) << out;
  // Cut before any member ended: nothing but the text.
  auto early = parseIssueJson(R"({"tag":"io","type":1,"key":"","truncated":true,"content":"{\"path\":\"/sdcard/"})");
  ASSERT_TRUE(early.ok());
  EXPECT_TRUE(early->truncated);
  EXPECT_EQ(early->kind, IssueKind::kIo);
  EXPECT_EQ(early->io->path, "");
  EXPECT_EQ(early->contentJson, "{\"path\":\"/sdcard/");
}

TEST(MatrixIssueTest, MalformedStackLineHasItsOffset) {
  auto lines = parseStackLines("0,1,1,10\n1,2,x,5\n");
  ASSERT_FALSE(lines.ok());
  EXPECT_EQ(lines.status().offset(), 9u);
}

}  // namespace
}  // namespace mxi::core::matrix
