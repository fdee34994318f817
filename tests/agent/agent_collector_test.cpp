// A collector added the documented way (docs/PROTOCOL.md "Adding a collector": one class, one
// registration line) runs in the real agent server, in this process, against the simulated tools:
// its messages reach a client over the abstract socket exactly as it sent them, it is polled at its
// period and never sooner, after the processes collector's `ps` (it sees the app's main pid), and
// StopCollecting stops it.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <thread>

#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/agent_server.h"
#include "device-agent/src/collector_context.h"
#include "tests/agent/agent_client.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace proto = core::protocol;
using namespace std::chrono_literals;

constexpr const char* kDemo = "com.example.mxi.demo";
constexpr auto kTickPeriod = 150ms;

// What the test reads of the collector from its own thread.
struct TickerLog {
  std::atomic<int> starts{0};
  std::atomic<int> stops{0};
};

// The fake collector: every period, a MatrixIssue numbering its polls.
class TickCollector final : public agent::Collector {
 public:
  explicit TickCollector(TickerLog& log) : m_log(log) {}
  std::string_view name() const override { return "test-ticks"; }
  bool start(agent::CollectorContext& context) override {
    (void)context;
    m_polls = 0;
    ++m_log.starts;
    return true;
  }
  std::chrono::milliseconds period() const override { return kTickPeriod; }
  void poll(agent::CollectorContext& context) override {
    ++m_polls;
    proto::MatrixIssue tick;
    tick.logTimeMs = agent::wallMs();
    tick.monotonicNs = agent::monotonicNs();
    tick.pid = context.app().mainPid();
    tick.logTag = "test.Ticks";
    tick.tag = "tick";
    tick.type = m_polls;
    tick.key = context.app().package() + "#" + std::to_string(m_polls);
    tick.contentJson = "{\"poll\":" + std::to_string(m_polls) + "}";
    context.send(tick);
  }
  void stop() override { ++m_log.stops; }

 private:
  TickerLog& m_log;
  int32_t m_polls = 0;
};

TEST(AgentCollectorTest, ARegisteredCollectorIsPolledAtItsPeriodAndItsMessagesReachTheClient) {
  const std::string token = "col" + std::to_string(getpid());
  const auto scratch = scratchDir("agent_collector");
  // The simulated demo phone; the tools the agent spawns inherit this environment.
  setenv("MXI_SIM_STATE", (scratch / "state").c_str(), 1);
  setenv("MXI_SIM_REFERENCE", "", 1);
  setenv("MXI_SIM_ANR_AT_MS", "3600000", 1);

  agent::AgentOptions options;
  options.token = token;
  options.toolDir = std::string(build::simRoot()) + "/bin";
  options.dataDir = (scratch / "agent-data").string();
  options.procDir = (scratch / "no-proc").string();
  options.idleTimeoutMs = 300;
  agent::AgentServer server(options);
  TickerLog log;
  server.collectors().add<TickCollector>(log);  // the one registration line
  core::Status served = core::okStatus();
  std::thread serving([&] { served = server.run(); });

  AgentClient client;
  ASSERT_TRUE(client.connect(token));
  ASSERT_TRUE(client.send(proto::Hello{proto::kProtocolVersion, token, "agent_collector_test"}));
  auto hello = client.receive();
  ASSERT_TRUE(hello && std::holds_alternative<proto::AgentHello>(*hello));
  // No built-in collector asked for: every message that comes is the ticker's.
  ASSERT_TRUE(client.send(proto::StartCollecting{kDemo, 1000, 0}));
  // Five ticks, however slowly a loaded machine polls, then stop; ticks already on their way when
  // StopCollecting arrives come before the answer to the request sent after it.
  constexpr size_t kWanted = 5;
  std::vector<proto::MatrixIssue> ticks;
  std::optional<proto::ProcessList> list;
  bool stopSent = false;
  while (!list) {
    if (!stopSent && ticks.size() == kWanted) {
      ASSERT_TRUE(client.send(proto::StopCollecting{}));
      ASSERT_TRUE(client.send(proto::ProcessListRequest{}));
      stopSent = true;
    }
    auto m = client.receive(30s);
    ASSERT_TRUE(m.has_value()) << "after " << ticks.size() << " ticks";
    if (const auto* processes = std::get_if<proto::ProcessList>(&*m)) {
      ASSERT_TRUE(stopSent) << "a process list nobody asked for";
      list = *processes;
    } else {
      const auto* tick = std::get_if<proto::MatrixIssue>(&*m);
      ASSERT_NE(tick, nullptr) << "message type " << m->index();
      ticks.push_back(*tick);
    }
  }
  int32_t demoPid = 0;
  for (const auto& p : list->processes) {
    if (p.name == kDemo) demoPid = p.pid;
  }
  EXPECT_FALSE(client.receive(3 * kTickPeriod).has_value()) << "polled after StopCollecting";
  client.disconnect();
  serving.join();
  EXPECT_TRUE(served.ok()) << served.toString();

  // The five asked for, and at most the one or two the agent polled while StopCollecting was on
  // its way: never one after it (checked above).
  ASSERT_GE(ticks.size(), kWanted);
  ASSERT_GT(demoPid, 0);
  for (size_t i = 0; i < ticks.size(); ++i) {
    const auto n = static_cast<int32_t>(i + 1);
    EXPECT_EQ(ticks[i].type, n);
    EXPECT_EQ(ticks[i].key, std::string(kDemo) + "#" + std::to_string(n));
    EXPECT_EQ(ticks[i].logTag, "test.Ticks");
    EXPECT_EQ(ticks[i].tag, "tick");
    EXPECT_EQ(ticks[i].contentJson, "{\"poll\":" + std::to_string(n) + "}");
    EXPECT_FALSE(ticks[i].truncated);
    EXPECT_EQ(ticks[i].pid, demoPid) << "polled before the processes collector's ps";
    if (i > 0) {
      EXPECT_GE(ticks[i].monotonicNs - ticks[i - 1].monotonicNs,
                static_cast<uint64_t>(std::chrono::nanoseconds(kTickPeriod).count()))
          << "poll " << n << " came sooner than its period";
    }
  }
  EXPECT_EQ(log.starts.load(), 1);
  EXPECT_EQ(log.stops.load(), 1);
}

}  // namespace
}  // namespace mxi::test
