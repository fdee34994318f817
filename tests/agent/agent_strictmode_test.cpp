// StrictMode reports from the unchanged host-built mxi-agent against the simulated demo phone
// (tests/device-sim/tools/sim_strictmode.h; no adb in between): the logcat follower sends each
// report of the package's processes once, its lines together and in the prefix it read, and the
// DropBox reader sends the package's data_app_strictmode entries written after collection began.
#include <gtest/gtest.h>

#include <thread>

#include "core/strictmode/strictmode_text.h"
#include "tests/agent/agent_client.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
namespace proto = core::protocol;
namespace strictmode = core::strictmode;
using namespace std::chrono_literals;

constexpr const char* kDemo = "com.example.mxi.demo";

size_t lineCount(const std::string& text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(AgentStrictModeTest, LogcatReportsArriveWholeAndOnceAndDropBoxEntriesFromCollectionOn) {
  const fs::path scratch = scratchDir("agent_strictmode");
  const std::string token = "strictmode" + std::to_string(getpid());
  // The synthetic demo with its log 5× faster: reports at 0.3 s (read) and 0.34 s (leak), every
  // 1.2 s; DropBox entries at 0.5 s and every 0.8 s.
  const std::map<std::string, std::string> env = {{"MXI_SIM_STATE", (scratch / "state").string()},
                                                  {"MXI_SIM_REFERENCE", ""},
                                                  {"MXI_SIM_FRAME_MS", "4"},
                                                  {"MXI_SIM_LOG_MS", "20"},
                                                  {"MXI_SIM_LEAD_MS", "0"},
                                                  {"MXI_SIM_ANR_AT_MS", "3600000"},
                                                  {"MXI_SIM_LEAK_EVERY_MS", "0"},
                                                  {"MXI_SIM_COLLECTED_EVERY_MS", "0"}};
  AgentProcess agent(build::agent(),
                     {"--token", token, "--tool-dir", std::string(build::simRoot()) + "/bin", "--data-dir",
                      (scratch / "agent-data").string(), "--idle-timeout", "20"},
                     env);
  ASSERT_GT(agent.pid(), 0);
  AgentClient client;
  ASSERT_TRUE(client.connect(token));
  ASSERT_TRUE(client.send(proto::Hello{proto::kProtocolVersion, token, "agent_strictmode_test"}));
  auto hello = client.receive();
  ASSERT_TRUE(hello && std::holds_alternative<proto::AgentHello>(*hello));
  ASSERT_TRUE(client.send(proto::StartCollecting{kDemo, 250, proto::kCollectMatrixIssues}));

  std::vector<proto::StrictModeReport> logcat, dropBox;
  // One DropBox read 5 s after the first; the deadline only stops a hang on a loaded machine.
  const auto end = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < end && dropBox.empty()) {
    auto m = client.receive(100ms);
    if (!m) continue;
    if (auto* r = std::get_if<proto::StrictModeReport>(&*m)) {
      (r->source == proto::StrictModeSource::kDropBox ? dropBox : logcat).push_back(*r);
    }
  }
  ASSERT_GE(logcat.size(), 2u);
  // In the log's order, alternating: the main thread's read, then the finalizer's leak report.
  for (size_t i = 0; i < logcat.size(); ++i) {
    const proto::StrictModeReport& r = logcat[i];
    const bool read = i % 2 == 0;
    EXPECT_EQ(r.pid, 4242) << i;
    EXPECT_EQ(r.tid, read ? 4242 : 4256) << i;
    EXPECT_FALSE(r.truncated) << i;
    EXPECT_GT(r.logTimeMs, 0u) << i;
    EXPECT_GT(r.monotonicNs, 0u) << i;
    EXPECT_EQ(lineCount(r.text), read ? 21u : 23u) << r.text;
    const strictmode::StrictModeParseResult parsed = strictmode::parseStrictModeText(r.text);
    ASSERT_EQ(parsed.violations.size(), 1u) << r.text;
    const strictmode::StrictModeViolation& v = parsed.violations[0];
    EXPECT_EQ(v.type, read ? "DiskReadViolation" : "LeakedClosableViolation") << i;
    EXPECT_EQ(v.pid, 4242) << i;
    if (read) {
      EXPECT_EQ(v.durationMs, 87);
      EXPECT_EQ(v.stack.size(), 20u);
    } else {
      EXPECT_EQ(v.stack.size(), 7u);
      ASSERT_EQ(v.acquiredAt.size(), 14u);
      EXPECT_EQ(v.acquiredAt[2], "com.example.mxi.demo.ThumbnailCache.open(ThumbnailCache.java:52)");
    }
  }
  // DropBox: the entry written after the first read (the first read notes what was there).
  ASSERT_GE(dropBox.size(), 1u) << "a data_app_strictmode entry within 6.5 s";
  EXPECT_EQ(dropBox[0].pid, 4242);
  EXPECT_TRUE(dropBox[0].text.starts_with("Process: com.example.mxi.demo\nPID: 4242\n")) << dropBox[0].text;
  const strictmode::StrictModeParseResult parsed = strictmode::parseStrictModeText(dropBox[0].text);
  ASSERT_EQ(parsed.violations.size(), 1u);
  EXPECT_EQ(parsed.violations[0].type, "DiskWriteViolation");
  EXPECT_EQ(parsed.violations[0].durationMs, 24);
}

}  // namespace
}  // namespace mxi::test
