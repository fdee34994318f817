// core/devicetext: the one reading of each device text format. The agent sends what these parsers
// read and the desktop reads captures with them, so a real capture gives the same frames whether
// it came through the agent's wire or was opened as a file.
#include <gtest/gtest.h>

#include "core/devicetext/app_list.h"
#include "core/devicetext/matrix_issue_line.h"
#include "core/framestats/framestats_parser.h"
#include "core/framestats/framestats_text.h"
#include "core/matrix/matrix_issue.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::devicetext {
namespace {

TEST(DevicetextTest, RealCaptureGivesTheSameFramesAsRowsAndAsAFile) {
  MXI_REQUIRE_FIXTURE(path, "gfxinfo/topicon-t865_all-processes_framestats.txt");
  const std::string text = test::readText(path);
  const framestats::FramestatsText rows = framestats::parseFramestatsText(text);
  auto capture = framestats::parseFramestats(text);
  ASSERT_TRUE(capture.ok()) << capture.status().toString();
  ASSERT_EQ(rows.blocks.size(), (*capture)->windows.size());
  size_t frames = 0;
  for (size_t b = 0; b < rows.blocks.size(); ++b) {
    const framestats::FramestatsBlock& block = rows.blocks[b];
    const framestats::FramestatsWindow& window = (*capture)->windows[b];
    EXPECT_EQ(block.window.empty() ? block.process : block.window, window.name);
    EXPECT_EQ(block.pid, window.pid);
    EXPECT_TRUE(block.closed);
    // The file reader keeps every plausible (or flagged) row, converted as the live recorder
    // converts the agent's rows.
    std::vector<framestats::Frame> expected;
    for (const framestats::FramestatsRow& row : block.rows) {
      if (!framestats::plausibleFrameTimes(row.timing.intendedVsync, row.timing.frameCompleted) &&
          row.timing.flags == 0)
        continue;
      expected.push_back(framestats::frameFromTiming(row.timing, 16'666'667));
    }
    ASSERT_EQ(expected.size(), window.frames.size()) << window.name;
    for (size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(expected[i].startNs, window.frames[i].startNs);
      EXPECT_EQ(expected[i].durationNs, window.frames[i].durationNs);
      EXPECT_EQ(expected[i].stageNs, window.frames[i].stageNs);
    }
    frames += expected.size();
  }
  EXPECT_GT(frames, 100u);
}

TEST(DevicetextTest, RowsCarryTheirLineAndOffsetAndBadRowsAreProblems) {
  const std::string text =
      "** Graphics info for pid 42 [com.a] **\n"
      "Window: com.a/com.a.Main\n"
      "---PROFILEDATA---\n"
      "Flags,IntendedVsync,Vsync,FrameCompleted,FrameInterval,\n"
      "0,1000000000,1000000000,1010000000,16666667,\n"
      "0,oops,1,2,3,\n"
      "---PROFILEDATA---\n";
  const framestats::FramestatsText rows = framestats::parseFramestatsText(text);
  ASSERT_EQ(rows.blocks.size(), 1u);
  EXPECT_EQ(rows.blocks[0].process, "com.a");
  EXPECT_EQ(rows.blocks[0].pid, 42);
  EXPECT_EQ(rows.blocks[0].window, "com.a/com.a.Main");
  ASSERT_EQ(rows.blocks[0].rows.size(), 1u);
  EXPECT_EQ(rows.blocks[0].rows[0].line, 5u);
  EXPECT_EQ(rows.blocks[0].rows[0].offset, text.find("0,1000000000"));
  EXPECT_EQ(rows.blocks[0].rows[0].timing.frameIntervalNs, 16'666'667);
  ASSERT_EQ(rows.problems.size(), 1u);
  EXPECT_EQ(rows.problems[0].line, 6u);
  EXPECT_EQ(rows.problems[0].offset, text.find("0,oops"));
}

TEST(DevicetextTest, MatrixLineCutByLogcatIsTruncatedForTheAgentAndTheDesktop) {
  const std::string whole =
      R"(11-24 10:00:00.000  42  42 I Matrix.Plugin: report issue content: tag[Trace_EvilMethod]type[0];key[k];content[{"cost":800}])";
  const auto found = findMatrixIssueLine(whole);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->tag, "Trace_EvilMethod");
  EXPECT_EQ(found->type, 0);
  EXPECT_EQ(found->key, "k");
  EXPECT_EQ(found->content, R"({"cost":800})");
  EXPECT_FALSE(found->truncated);
  EXPECT_EQ(whole.substr(found->contentOffset, found->content.size()), found->content);
  const std::string cut = whole.substr(0, whole.size() - 5);
  const auto partial = findMatrixIssueLine(cut);
  ASSERT_TRUE(partial);
  EXPECT_TRUE(partial->truncated);
  EXPECT_EQ(partial->content, R"({"cost":)");
  // The desktop's issue reader finds the same issue, and reports the cut one where its JSON ends.
  matrix::IssueParseResult parsed = matrix::parseIssueText(whole + "\n" + cut + "\n");
  ASSERT_EQ(parsed.issues.size(), 1u);
  EXPECT_EQ(parsed.issues[0].tag, "Trace_EvilMethod");
  ASSERT_EQ(parsed.problems.size(), 1u);
  EXPECT_EQ(parsed.problems[0].offset, whole.size() + 1 + partial->contentOffset + partial->content.size());
  EXPECT_FALSE(findMatrixIssueLine("tag[x]type[notanumber];key[];content[{}]"));
}

// Found by fuzz_device_output: a header puts PID in a column a later, shorter line does not reach.
TEST(DevicetextTest, ALineShorterThanTheHeadersPidColumnIsSkipped) {
  const auto ps = parseProcessList("USER PPID VSIZE RSS PID NAME\nu0_a1 1 2\nu0_a2 1 100 200 4242 com.example\n");
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_EQ(ps[0].pid, 4242);
  EXPECT_EQ(ps[0].user, "u0_a2");
  EXPECT_EQ(ps[0].name, "com.example");
}

TEST(DevicetextTest, AppRunsWhenAnyOfItsProcessesDoes) {
  const auto ps = parseProcessList(
      "USER PID PPID VSZ RSS WCHAN ADDR S NAME\n"
      "u0_a1 77 1 1 1 0 0 S com.example.shop:push\n"
      "u0_a2 88 1 1 1 0 0 S com.example.news\n");
  const auto apps = joinPackagesWithProcesses(parsePmListPackages("package:com.example.shop\npackage:com.example.news\n"
                                                                  "package:com.example.idle\npackage:android\n"),
                                              ps);
  ASSERT_EQ(apps.size(), 3u);  // sorted; "android" is no app package name
  EXPECT_EQ(apps[0], (protocol::PackageInfo{"com.example.idle", false, 0}));
  EXPECT_EQ(apps[1], (protocol::PackageInfo{"com.example.news", true, 88}));
  EXPECT_EQ(apps[2], (protocol::PackageInfo{"com.example.shop", true, 0}));
}

}  // namespace
}  // namespace mxi::core::devicetext
