// The memory timeline and the leak watch of the unchanged host-built mxi-agent against the
// simulated demo phone (tests/device-sim/tools/sim_memory.h; no adb in between): samples at the
// interval with the demo's values and never a plain `dumpsys meminfo` on the sampling path, a leak
// verdict naming the leaked Activity (never a collected one destroyed between leaks, nor a later
// destroy for a leak from before the watch), no verdict for an Activity the GC collects or for an app
// that dies while watched, a phone without App Summary, and nothing when memory is off.
#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/meminfo/meminfo_text.h"
#include "tests/agent/agent_client.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
namespace proto = core::protocol;
using namespace std::chrono_literals;

constexpr const char* kDemo = "com.example.mxi.demo";

// What the agent sent during a stretch of time.
struct Received {
  std::vector<proto::MemorySample> samples;
  std::vector<proto::MatrixIssue> issues;
  std::vector<proto::AppState> states;
  std::vector<proto::Error> errors;
};

class AgentMemoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    m_scratch = scratchDir("agent_memory/" + name);
    m_token = "mem" + std::to_string(getpid()) + "_" + name.substr(0, 20);
    // The synthetic demo phone (no reference captures): its app leaks and destroys Activities.
    m_env = {{"MXI_SIM_STATE", (m_scratch / "state").string()},
             {"MXI_SIM_REFERENCE", ""},
             {"MXI_SIM_FRAME_MS", "4"},
             {"MXI_SIM_LEAD_MS", "0"},
             {"MXI_SIM_ANR_AT_MS", "3600000"}};
  }

  void start(const proto::StartCollecting& startCollecting) {
    m_agent = std::make_unique<AgentProcess>(
        build::agent(),
        std::vector<std::string>{"--token", m_token, "--tool-dir", std::string(build::simRoot()) + "/bin", "--data-dir",
                                 (m_scratch / "agent-data").string(), "--idle-timeout", "20", "--proc-dir",
                                 (m_scratch / "no-proc").string()},
        m_env);
    ASSERT_GT(m_agent->pid(), 0);
    ASSERT_TRUE(m_client.connect(m_token));
    ASSERT_TRUE(m_client.send(proto::Hello{proto::kProtocolVersion, m_token, "agent_memory_test"}));
    auto hello = m_client.receive();
    ASSERT_TRUE(hello && std::holds_alternative<proto::AgentHello>(*hello));
    ASSERT_TRUE(m_client.send(startCollecting));
  }

  static proto::StartCollecting collecting(uint32_t memoryMs, proto::LeakWatchMode mode, uint32_t checkMs = 0,
                                           uint32_t checks = 0) {
    return proto::StartCollecting{kDemo, 250, proto::kCollectProcesses, 0, memoryMs, mode, checkMs, checks};
  }

  // Everything the agent sends for `duration`, or until `until` says stop.
  Received receiveFor(std::chrono::milliseconds duration, const std::function<bool(const Received&)>& until = {}) {
    Received r;
    const auto end = std::chrono::steady_clock::now() + duration;
    while (std::chrono::steady_clock::now() < end) {
      auto m = m_client.receive(100ms);
      if (!m) {
        if (m_client.closed()) break;
        continue;
      }
      if (auto* s = std::get_if<proto::MemorySample>(&*m)) r.samples.push_back(*s);
      if (auto* i = std::get_if<proto::MatrixIssue>(&*m)) r.issues.push_back(*i);
      if (auto* a = std::get_if<proto::AppState>(&*m)) r.states.push_back(*a);
      if (auto* e = std::get_if<proto::Error>(&*m)) r.errors.push_back(*e);
      if (until && until(r)) break;
    }
    return r;
  }

  // The simulated tools' call log: every invocation, one a line ("dumpsys meminfo --local 4242").
  std::vector<std::string> meminfoCalls() {
    std::vector<std::string> out;
    std::stringstream ss(readFile(m_scratch / "state" / "calls.log"));
    for (std::string l; std::getline(ss, l);) {
      if (l.starts_with("dumpsys meminfo")) out.push_back(l);
    }
    return out;
  }

  void runTool(const std::string& commandLine) {
    std::string cmd = "env";
    for (const auto& [k, v] : m_env) cmd += " " + k + "='" + v + "'";
    cmd += " " + std::string(build::simRoot()) + "/bin/" + commandLine + " > /dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }

  fs::path m_scratch;
  std::string m_token;
  std::map<std::string, std::string> m_env;
  std::unique_ptr<AgentProcess> m_agent;
  AgentClient m_client;
};

// The demo's categories (sim_memory.cpp) are constant but its Java heap, which its leaks grow.
void expectDemoValues(const proto::MemorySample& s) {
  EXPECT_EQ(s.pid, 4242);
  EXPECT_EQ(s.nativeHeapKb, 22345);
  EXPECT_EQ(s.codeKb, 13456);
  EXPECT_EQ(s.stackKb, 812);
  EXPECT_EQ(s.graphicsKb, 9876);
  EXPECT_EQ(s.privateOtherKb, 2345);
  EXPECT_EQ(s.systemKb, 1567);
  EXPECT_GE(s.javaHeapKb, 14000);
  EXPECT_EQ(s.totalPssKb, s.javaHeapKb + 22345 + 13456 + 812 + 9876 + 2345 + 1567);
  EXPECT_EQ(s.totalRssKb, s.totalPssKb + 73000);
  EXPECT_EQ(s.totalSwapKb, 120);
}

TEST_F(AgentMemoryTest, SamplesArriveAtTheIntervalWithTheDemosValuesAndNeverForceAGc) {
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "1000";
  start(collecting(200, proto::LeakWatchMode::kOff));
  // Eight samples, however long a loaded machine takes to give them (a count in a fixed window
  // failed there); that they never come faster than the interval is checked on their stamps.
  const Received r = receiveFor(30s, [](const Received& got) { return got.samples.size() >= 8; });
  ASSERT_GE(r.samples.size(), 8u);
  for (size_t i = 0; i < r.samples.size(); ++i) {
    expectDemoValues(r.samples[i]);
    EXPECT_EQ(r.samples[i].source, "dumpsys meminfo --local");
    EXPECT_EQ(r.samples[i].marks, 0u);
    if (i > 0) {
      EXPECT_GT(r.samples[i].monotonicNs, r.samples[i - 1].monotonicNs) << i;
    }
  }
  // On average at the interval: one late turn of a loaded agent's loop may bring the next sample
  // closer than 200 ms (it keeps the schedule), never the whole series.
  const uint64_t span = r.samples.back().monotonicNs - r.samples.front().monotonicNs;
  EXPECT_GE(span / (r.samples.size() - 1), 150'000'000u);
  // The leaks grow the Java heap by 520 kB each (more than the garbage's 390 kB sawtooth).
  EXPECT_GT(r.samples.back().javaHeapKb, r.samples.front().javaHeapKb + 520);
  // The sampling path never made the app collect garbage: every meminfo the tools saw was --local.
  const auto calls = meminfoCalls();
  ASSERT_GE(calls.size(), r.samples.size());
  for (const std::string& call : calls) EXPECT_EQ(call, "dumpsys meminfo --local 4242");
}

TEST_F(AgentMemoryTest, ALeakedActivityIsReportedNamingItsComponent) {
  // Destroys 1.5 s apart: with 0.75 s, an agent slowed down by a sanitizer on a loaded machine
  // sometimes read both before its check and rightly named both ("one of …").
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "4000";       // leaks at 1 s, 5 s, …
  m_env["MXI_SIM_COLLECTED_EVERY_MS"] = "4000";  // DetailActivity destroyed (and collected) at 2.5 s, 6.5 s, …
  start(collecting(500, proto::LeakWatchMode::kAuto, 600, 3));  // the leak's checks at 1.6, 2.2 and 2.8 s
  const Received r = receiveFor(30s, [](const Received& got) {
    // The verdict, then the sample after it that carries the leak mark.
    return !got.issues.empty() && !got.samples.empty() && (got.samples.back().marks & proto::kSampleLeakFound);
  });
  ASSERT_FALSE(r.issues.empty()) << "no verdict within 30 s";
  const proto::MatrixIssue& issue = r.issues.front();
  EXPECT_EQ(issue.kind, proto::IssueKind::kMemory);
  EXPECT_EQ(issue.logTag, "mxi.LeakWatch");
  EXPECT_EQ(issue.tag, "memory");
  EXPECT_EQ(issue.type, 0);
  EXPECT_EQ(issue.pid, 4242);
  EXPECT_GT(issue.monotonicNs, 0u);
  const std::regex verdict(
      "\\{\"tag\":\"memory\",\"activity\":\"com\\.example\\.mxi\\.demo\\.LeakyActivity\",\"component\":\"com\\."
      "example\\."
      "mxi\\.demo/com\\.example\\.mxi\\.demo\\.LeakyActivity\",\"ref_key\":\"mxi-4242-[0-9]+-1\",\"leak_process\":"
      "\"com\\.example\\.mxi\\.demo\",\"dump_mode\":\"auto\",\"checks\":3,\"heap_activities\":[2-9],"
      "\"system_activities\":1,\"destroyed_at_ms\":[0-9]{13},\"process\":\"com\\.example\\.mxi\\.demo\"\\}");
  EXPECT_TRUE(std::regex_match(issue.contentJson, verdict)) << issue.contentJson;
  EXPECT_EQ(issue.key,
            issue.contentJson.substr(issue.contentJson.find("mxi-4242-"), issue.contentJson.find("\",\"leak_process") -
                                                                              issue.contentJson.find("mxi-4242-")));
  // The checks' GC-forcing reads arrived as samples too, and the leak is marked on the next one.
  size_t gcForced = 0;
  for (const proto::MemorySample& s : r.samples) {
    expectDemoValues(s);
    if (s.marks & proto::kSampleGcForced) {
      ++gcForced;
      EXPECT_EQ(s.source, "dumpsys meminfo");
    } else {
      EXPECT_EQ(s.source, "dumpsys meminfo --local");
    }
  }
  EXPECT_GE(gcForced, 3u);
  EXPECT_TRUE(r.samples.back().marks & proto::kSampleLeakFound);
  // Each plain meminfo the tools saw is one of those checks.
  size_t plain = 0;
  for (const std::string& call : meminfoCalls()) plain += call == "dumpsys meminfo 4242" ? 1 : 0;
  EXPECT_EQ(plain, gcForced);
}

// The demo's rhythm (a leak at 2 s, 10 s, …, a collected DetailActivity at 5 s, 13 s, …, checks
// 5 s apart) four times faster: each DetailActivity's first check comes just after the next leak's
// destroy. Counted by destroy order alone, the DetailActivity took the blame for that leak (and the
// leak was called collected); each verdict must name a LeakyActivity, once per leak, in order.
TEST_F(AgentMemoryTest, InterleavedCollectedAndLeakedDestroysBlameOnlyTheLeakyActivity) {
  // Destroys 1.5 s apart or more: an agent slowed down (a sanitizer, a loaded machine) that read
  // two at once could not tell which one the heap kept, and would rightly name both.
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "4000";       // leaks at 1 s, 5 s, 9 s, …
  m_env["MXI_SIM_COLLECTED_EVERY_MS"] = "4000";  // DetailActivity destroyed (and collected) at 2.5 s, 6.5 s, …
  start(collecting(500, proto::LeakWatchMode::kReport, 2600, 3));  // its first check at 3.6 s, 7.6 s, …
  const Received r = receiveFor(45s, [](const Received& got) { return got.issues.size() >= 3; });
  ASSERT_GE(r.issues.size(), 3u) << "a verdict per leak";
  std::vector<uint64_t> destroyedAt;
  for (const proto::MatrixIssue& issue : r.issues) {
    const auto content = nlohmann::json::parse(issue.contentJson);
    EXPECT_EQ(content["activity"], "com.example.mxi.demo.LeakyActivity") << issue.contentJson;
    EXPECT_FALSE(content.contains("candidates")) << issue.contentJson;
    EXPECT_EQ(content["checks"], 3);
    destroyedAt.push_back(content["destroyed_at_ms"].get<uint64_t>());
  }
  for (size_t i = 1; i < destroyedAt.size(); ++i) {
    EXPECT_EQ(destroyedAt[i] - destroyedAt[i - 1], 4000u) << "one verdict per leak, in order: " << i;
  }
}

// A LeakyActivity leaked 2 s before the watch began stays counted; the collected DetailActivities
// destroyed after it must not be blamed for it (it is in the baseline the watch's first check took).
TEST_F(AgentMemoryTest, ALeakFromBeforeTheWatchIsNotBlamedOnALaterCollectedDestroy) {
  m_env["MXI_SIM_LEAD_MS"] = "-12000";           // the app's timeline began 12 s before the agent's first call
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "40000";      // its one leak at 10 s, the next at 50 s
  m_env["MXI_SIM_COLLECTED_EVERY_MS"] = "1000";  // a DetailActivity collected every second
  start(collecting(500, proto::LeakWatchMode::kReport, 500, 3));
  // Until six checks were made, however slowly (a fixed window gave fewer on a loaded machine).
  const Received r = receiveFor(60s, [](const Received& got) {
    size_t forced = 0;
    for (const proto::MemorySample& s : got.samples) forced += (s.marks & proto::kSampleGcForced) ? 1 : 0;
    return forced >= 6;
  });
  EXPECT_TRUE(r.issues.empty()) << r.issues.front().contentJson;
  size_t gcForced = 0;
  for (const proto::MemorySample& s : r.samples) gcForced += (s.marks & proto::kSampleGcForced) ? 1 : 0;
  EXPECT_GE(gcForced, 6u);  // the baseline, then the destroys were watched and checked
  // The heap did count the old leak at every check.
  const fs::path out = m_scratch / "meminfo.txt";
  std::string cmd = "env";
  for (const auto& [k, v] : m_env) cmd += " " + k + "='" + v + "'";
  cmd += " " + std::string(build::simRoot()) + "/bin/dumpsys meminfo 4242 > " + out.string();
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const auto report = core::meminfo::parseMeminfo(readFile(out));
  ASSERT_EQ(report.processes.size(), 1u);
  EXPECT_EQ(report.processes[0].objects.activities, 2);
}

TEST_F(AgentMemoryTest, AnActivityDestroyedThenCollectedIsNoLeak) {
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "0";
  m_env["MXI_SIM_COLLECTED_EVERY_MS"] = "1000";
  start(collecting(500, proto::LeakWatchMode::kReport, 500, 3));
  const Received r = receiveFor(60s, [](const Received& got) {
    size_t forced = 0;
    for (const proto::MemorySample& s : got.samples) forced += (s.marks & proto::kSampleGcForced) ? 1 : 0;
    return forced >= 4;
  });
  EXPECT_TRUE(r.issues.empty()) << r.issues.front().contentJson;
  size_t gcForced = 0;
  for (const proto::MemorySample& s : r.samples) gcForced += (s.marks & proto::kSampleGcForced) ? 1 : 0;
  EXPECT_GE(gcForced, 4u);  // the destroys were watched and checked
}

TEST_F(AgentMemoryTest, AnAppThatDiesWhileWatchedEndsTheWatchAndTheAgentGoesOn) {
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "2000";
  m_env["MXI_SIM_COLLECTED_EVERY_MS"] = "0";
  start(collecting(300, proto::LeakWatchMode::kManual, 500, 20));
  // Watching: the first check's GC-forced sample.
  const Received watching = receiveFor(15s, [](const Received& got) {
    return !got.samples.empty() && (got.samples.back().marks & proto::kSampleGcForced);
  });
  ASSERT_FALSE(watching.samples.empty());
  ASSERT_TRUE(watching.samples.back().marks & proto::kSampleGcForced);
  runTool(std::string("am force-stop ") + kDemo);
  const Received died = receiveFor(30s, [](const Received& got) {
    return !got.states.empty() && got.states.back().state == proto::AppRunState::kStopped;
  });
  EXPECT_TRUE(died.issues.empty());
  ASSERT_FALSE(died.states.empty());
  EXPECT_EQ(died.states.back().state, proto::AppRunState::kStopped);
  // The agent goes on: the app started again is sampled under its new pid.
  runTool(std::string("am start -n ") + kDemo + "/.DemoActivity");
  const Received again =
      receiveFor(10s, [](const Received& got) { return !got.samples.empty() && got.samples.back().pid != 4242; });
  ASSERT_FALSE(again.samples.empty());
  EXPECT_EQ(again.samples.back().pid, 30001);
  EXPECT_TRUE(again.issues.empty());
  EXPECT_TRUE(again.errors.empty()) << again.errors.front().message;
}

TEST_F(AgentMemoryTest, APhoneWithoutAppSummaryGivesOnlyTheTotalPss) {
  m_env["MXI_SIM_SDK"] = "19";  // Android 4.4: no App Summary, toolbox ps, am_on_destroy_called
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "0";
  start(collecting(250, proto::LeakWatchMode::kOff));
  const Received r = receiveFor(30s, [](const Received& got) { return got.samples.size() >= 3; });
  ASSERT_GE(r.samples.size(), 3u);
  for (const proto::MemorySample& s : r.samples) {
    const int64_t java = s.totalPssKb - (22345 + 13456 + 812 + 9876 + 2345 + 1567);
    EXPECT_GE(java, 14000);
    EXPECT_EQ(s, (proto::MemorySample{s.monotonicNs, 4242, -1, -1, -1, -1, -1, -1, -1, s.totalPssKb, -1, -1, 0,
                                      "dumpsys meminfo --local"}));
  }
}

// What the simulated tool prints, read by the shared parser: the real layouts, no problems, the
// plain form's Objects counting the leaks (after its GC) and --local without Objects.
TEST_F(AgentMemoryTest, TheSimulatedMeminfoFollowsTheRealLayouts) {
  m_env["MXI_SIM_LEAK_EVERY_MS"] = "400";  // leaks at 100 ms, 500 ms, 900 ms, …
  auto meminfo = [&](const std::string& args) {
    const fs::path out = m_scratch / "meminfo.txt";
    std::string cmd = "env";
    for (const auto& [k, v] : m_env) cmd += " " + k + "='" + v + "'";
    cmd += " " + std::string(build::simRoot()) + "/bin/dumpsys meminfo " + args + " > " + out.string();
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    return readFile(out);
  };
  (void)meminfo("--local 4242");  // starts the timeline
  std::this_thread::sleep_for(1000ms);
  const auto plain = core::meminfo::parseMeminfo(meminfo("4242"));
  EXPECT_TRUE(plain.problems.empty());
  ASSERT_EQ(plain.processes.size(), 1u);
  const auto& p = plain.processes[0];
  EXPECT_EQ(p.pid, 4242);
  EXPECT_EQ(p.package, kDemo);
  ASSERT_TRUE(p.objects.activities.has_value());
  const int64_t leaks = *p.objects.activities - 1;
  EXPECT_GE(leaks, 3);
  EXPECT_EQ(p.summary.javaHeapKb, 14000 + 520 * leaks);  // no garbage right after the GC
  EXPECT_EQ(p.summary.nativeHeapKb, 22345);
  EXPECT_EQ(p.summary.graphicsKb, 9876);
  EXPECT_EQ(p.summary.totalPssKb, 14000 + 520 * leaks + 22345 + 13456 + 812 + 9876 + 2345 + 1567);
  EXPECT_EQ(p.summary.totalRssKb, *p.summary.totalPssKb + 73000);
  EXPECT_EQ(p.summary.totalSwapKb, 120);
  ASSERT_NE(p.row("TOTAL"), nullptr);
  EXPECT_EQ(p.row("TOTAL")->value("Pss Total"), p.summary.totalPssKb);  // the rows add up
  const auto local = core::meminfo::parseMeminfo(meminfo("--local 4242"));
  EXPECT_TRUE(local.problems.empty());
  ASSERT_EQ(local.processes.size(), 1u);
  EXPECT_FALSE(local.processes[0].objects.activities.has_value());
  EXPECT_EQ(local.processes[0].summary.nativeHeapKb, 22345);
  EXPECT_EQ(meminfo("31337"), "No process found for: 31337\n");
  m_env["MXI_SIM_SDK"] = "19";
  const auto kitkat = core::meminfo::parseMeminfo(meminfo("com.example.mxi.demo"));
  EXPECT_TRUE(kitkat.problems.empty());
  ASSERT_EQ(kitkat.processes.size(), 1u);
  const auto& k = kitkat.processes[0];
  EXPECT_FALSE(k.summary.javaHeapKb.has_value());
  EXPECT_FALSE(k.summary.totalRssKb.has_value());
  ASSERT_TRUE(k.summary.totalPssKb.has_value());
  ASSERT_TRUE(k.objects.activities.has_value());
  EXPECT_EQ(*k.summary.totalPssKb,
            14000 + 520 * (*k.objects.activities - 1) + 22345 + 13456 + 812 + 9876 + 2345 + 1567);
}

TEST_F(AgentMemoryTest, MemoryOffSendsNoSamplesAndReadsNoMeminfo) {
  start(collecting(0, proto::LeakWatchMode::kOff));
  const Received r = receiveFor(2s);
  EXPECT_TRUE(r.samples.empty());
  EXPECT_FALSE(r.states.empty());  // collecting nonetheless
  EXPECT_TRUE(meminfoCalls().empty());
}

}  // namespace
}  // namespace mxi::test
