// core/strictmode/strictmode_report: the agent's StrictModeReport as the issues it stands for, in
// the agent's Matrix issue form (what the live recorder stores).
#include "core/strictmode/strictmode_report.h"

#include <gtest/gtest.h>

namespace mxi::core::strictmode {
namespace {

protocol::StrictModeReport diskRead(int32_t pid, int costMs) {
  protocol::StrictModeReport report;
  report.logTimeMs = 1764150000100;
  report.pid = pid;
  report.text =
      "1764150000.100  4242  4242 D StrictMode: StrictMode policy violation; ~duration=" + std::to_string(costMs) +
      " ms: android.os.strictmode.DiskReadViolation\n"
      "1764150000.100  4242  4242 D StrictMode: \tat java.io.FileInputStream.read(FileInputStream.java:307)\n"
      "1764150000.100  4242  4242 D StrictMode: \tat a.b.Catalog.read(Catalog.java:63)\n"
      "1764150000.100  4242  4242 D StrictMode: \tat android.app.ActivityThread.main(ActivityThread.java:7656)\n";
  return report;
}

TEST(StrictModeReportTest, AReportGivesTheIoIssueInTheAgentsIssueForm) {
  const std::vector<protocol::MatrixIssue> issues = reportToIssues(diskRead(4242, 87), "a.b");
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].logTimeMs, 1764150000100u);
  EXPECT_EQ(issues[0].pid, 4242);
  EXPECT_EQ(issues[0].logTag, "StrictMode");
  EXPECT_EQ(issues[0].tag, "io");
  EXPECT_EQ(issues[0].type, 1);
  EXPECT_EQ(issues[0].key, "mainThreadIo|DiskReadViolation|a.b.Catalog.read(Catalog.java:63)");
  EXPECT_NE(issues[0].contentJson.find("\"process\":\"a.b\""), std::string::npos);
}

TEST(StrictModeReportTest, WithoutTheReportsPidTheLinesPidIsTaken) {
  const std::vector<protocol::MatrixIssue> issues = reportToIssues(diskRead(0, 87), "a.b");
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].pid, 4242);
}

TEST(StrictModeReportTest, AReportTheAgentFoundCutStaysCut) {
  // The text alone reads as whole (its stack reaches the thread's root).
  protocol::StrictModeReport report = diskRead(4242, 87);
  EXPECT_NE(reportToIssues(report, "a.b").at(0).contentJson.find("\"stackTruncated\":false"), std::string::npos);
  report.truncated = true;
  EXPECT_NE(reportToIssues(report, "a.b").at(0).contentJson.find("\"stackTruncated\":true"), std::string::npos);
}

TEST(StrictModeReportTest, IoUnderIOCanarysRuleAndOtherTextGiveNone) {
  EXPECT_TRUE(reportToIssues(diskRead(4242, 5), "a.b").empty());
  protocol::StrictModeReport other;
  other.text = "1764150000.100  4242  4242 I Other: not StrictMode\n";
  EXPECT_TRUE(reportToIssues(other, "a.b").empty());
}

}  // namespace
}  // namespace mxi::core::strictmode
