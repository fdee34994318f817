// core/agentlink pieces that need no device: probe and --version parsing, frame conversion, the
// recorder's summary line.
#include <gtest/gtest.h>

#include "core/agentlink/agent_deployer.h"
#include "core/agentlink/live_recorder.h"

namespace mxi::core::agentlink {
namespace {

TEST(AgentLink, ProbeOutput) {
  auto p = parseProbe("arm64-v8a\r\n34\r\n2000\r\n/system/bin/dumpsys\r\n");
  ASSERT_TRUE(p.ok()) << p.status().toString();
  EXPECT_EQ(p->abi, "arm64-v8a");
  EXPECT_EQ(p->sdk, 34);
  EXPECT_EQ(p->uid, "2000");
  EXPECT_EQ(p->toolDir, "/system/bin");
  EXPECT_EQ(parseProbe("x86_64\n30\n2000\n\n").status().toString(),
            "device probe: no ABI or no dumpsys on the device: x86_64\n30\n2000\n\n");
  EXPECT_FALSE(parseProbe("arm64-v8a\n").ok());
}

TEST(AgentLink, VersionLine) {
  const RemoteAgent a = parseVersionLine("mxi-agent 0.1.0 ca203fc19e8b6265\n");
  EXPECT_TRUE(a.present);
  EXPECT_EQ(a.version, "0.1.0");
  EXPECT_EQ(a.buildHash, "ca203fc19e8b6265");
  EXPECT_FALSE(parseVersionLine("/system/bin/sh: /data/local/tmp/mxi-agent: not found\n").present);
  EXPECT_FALSE(parseVersionLine("/data/local/tmp/mxi-agent[1]: syntax error: unexpected '('\n").present);
}

TEST(AgentLink, RandomTokensAreValidAndDiffer) {
  const std::string a = randomToken(), b = randomToken();
  EXPECT_EQ(a.size(), 16u);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), std::string::npos);
}

TEST(AgentLink, FrameConversionSplitsStagesWithoutGaps) {
  protocol::FrameTiming t;
  t.intendedVsync = 1000;
  t.handleInputStart = 1100;
  t.animationStart = 1150;
  t.performTraversalsStart = 1300;
  t.drawStart = 1600;
  t.syncQueued = 1700;
  t.issueDrawCommandsStart = 0;  // missing: zero time
  t.frameCompleted = 2000;
  t.frameIntervalNs = 0;         // none in the row: the batch's period
  t.flags = 2;
  const trace::Frame f = toTraceFrame(t, 16'666'666);
  EXPECT_EQ(f.startNs, 1000);
  EXPECT_EQ(f.durationNs, 1000);
  EXPECT_EQ(f.refreshPeriodNs, 16'666'666);
  EXPECT_EQ(f.flags, 2u);
  EXPECT_EQ(f.stageNs, (std::array<int64_t, trace::kFrameStageCount>{100, 50, 150, 300, 100, 0, 300}));
}

TEST(AgentLink, SummaryLine) {
  RecordStats s;
  s.elapsedSeconds = 12.04;
  s.fps = 58;
  s.frames = 720;
  s.levels = {700, 12, 5, 2, 1};
  s.issuesByKind = {{"evil-method", 2}, {"io", 1}};
  s.anrs = 1;
  EXPECT_EQ(formatStats(s),
            "12.0s  58.0 fps  frames 720 [best 700 normal 12 middle 5 high 2 frozen 1]  issues evil-method 2 io 1  anr 1");
  s.reconnects = 1;
  EXPECT_TRUE(formatStats(s).ends_with("  reconnects 1"));
}

}  // namespace
}  // namespace mxi::core::agentlink
