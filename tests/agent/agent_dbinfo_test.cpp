// The dbinfo collector in the unchanged host-built mxi-agent, fed successive `dumpsys dbinfo`
// ring states by a fixture `dumpsys` in the test's own tool directory (the other tools are the
// simulator's): each finished operation arrives once, across overlapping polls, without prepare
// ops or dumpsys meminfo's PRAGMAs; a running operation arrives once it finished; a ring that
// rolled over completely between two polls is said; a collection that did not ask polls nothing.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "tests/agent/agent_client.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

namespace fs = std::filesystem;
namespace proto = core::protocol;
using namespace std::chrono_literals;

constexpr const char* kDemo = "com.example.mxi.demo";

std::string ring(const std::vector<std::string>& ops) {
  std::string s =
      "** Database info for pid 4242 [com.example.mxi.demo] **\n\n"
      "Connection pool for /data/user/0/com.example.mxi.demo/databases/demo.db:\n  Open: true\n"
      "  Max connections: 1\n  Available primary connection:\n    Connection #0:\n"
      "      isPrimaryConnection: true\n      onlyAllowReadOnlyOperations: false\n"
      "      Most recently executed operations:\n";
  for (size_t i = 0; i < ops.size(); ++i) s += "        " + std::to_string(i) + ": " + ops[i] + "\n";
  return s;
}

std::string op(int second, const std::string& kind, const std::string& sql, int ms) {
  char time[40];
  std::snprintf(time, sizeof time, "[2026-11-29 00:50:%02d.000] ", second);
  return time + kind + " took " + std::to_string(ms) + "ms - succeeded, sql=\"" + sql +
         "\", path=/data/user/0/com.example.mxi.demo/databases/demo.db";
}

// The tool directory: the simulator's tools, and a `dumpsys` that prints state N at the N-th
// `dumpsys dbinfo` (the last one from then on) and hands every other service to the simulator's.
fs::path toolDir(const fs::path& scratch, const std::vector<std::string>& states) {
  const fs::path bin = scratch / "bin";
  fs::create_directories(bin);
  const fs::path simBin = fs::path(build::simRoot()) / "bin";
  for (const auto& e : fs::directory_iterator(simBin)) {
    if (e.path().filename() != "dumpsys") fs::create_symlink(fs::canonical(e.path()), bin / e.path().filename());
  }
  for (size_t i = 0; i < states.size(); ++i) {
    std::ofstream(scratch / ("dbinfo-" + std::to_string(i + 1) + ".txt")) << states[i];
  }
  const std::string dir = scratch.string();
  std::ofstream script(bin / "dumpsys");
  script << "#!/bin/sh\n"
         << "if [ \"$1\" = dbinfo ]; then\n"
         << "  n=$(($(cat '" << dir << "/dbinfo-calls' 2>/dev/null || echo 0) + 1))\n"
         << "  echo $n > '" << dir << "/dbinfo-calls'\n"
         << "  [ $n -gt " << states.size() << " ] && n=" << states.size() << "\n"
         << "  cat '" << dir << "/dbinfo-'$n.txt\n"
         << "  exit 0\n"
         << "fi\n"
         << "exec '" << (simBin / "dumpsys").string() << "' \"$@\"\n";
  script.close();
  fs::permissions(bin / "dumpsys", fs::perms::owner_all);
  return bin;
}

int dbinfoCalls(const fs::path& scratch) {
  std::ifstream in(scratch / "dbinfo-calls");
  int n = 0;
  in >> n;
  return n;
}

std::map<std::string, std::string> simEnv(const fs::path& scratch) {
  return {{"MXI_SIM_STATE", (scratch / "state").string()}, {"MXI_SIM_REFERENCE", ""}, {"MXI_SIM_ANR_AT_MS", "3600000"}};
}

TEST(AgentDbinfoTest, EachOperationArrivesOnceAcrossPolls) {
  const fs::path scratch = scratchDir("agent_dbinfo");
  const std::string running =
      "[2026-11-29 00:50:03.000] executeForCursorWindow started 40ms ago - running, sql=\"SELECT * FROM note WHERE "
      "title LIKE '%a%'\", path=/data/user/0/com.example.mxi.demo/databases/demo.db";
  const std::vector<std::string> states = {
      // 1: the app's A (its prepare left out), meminfo's PRAGMA left out, a query still running.
      ring({running, op(2, "execute", "PRAGMA page_count;", 0), op(1, "executeForCursorWindow", "SELECT a FROM t", 3),
            op(1, "prepare", "SELECT a FROM t", 0)}),
      // 2: the query finished in 950 ms, B ran after it.
      ring({op(4, "executeForLastInsertedRowId", "INSERT INTO t VALUES (1)", 2),
            op(3, "executeForCursorWindow", "SELECT * FROM note WHERE title LIKE '%a%'", 950),
            op(2, "execute", "PRAGMA page_count;", 0), op(1, "executeForCursorWindow", "SELECT a FROM t", 3),
            op(1, "prepare", "SELECT a FROM t", 0)}),
      // 3: five new operations pushed all five out: a rollover.
      ring({op(9, "execute", "DELETE FROM t WHERE id = 5", 1), op(8, "execute", "DELETE FROM t WHERE id = 4", 1),
            op(7, "execute", "DELETE FROM t WHERE id = 3", 1), op(6, "execute", "DELETE FROM t WHERE id = 2", 1),
            op(5, "execute", "DELETE FROM t WHERE id = 1", 1)}),
  };
  const fs::path bin = toolDir(scratch, states);
  const std::string token = "dbinfo" + std::to_string(getpid());
  AgentProcess agent(build::agent(),
                     {"--token", token, "--tool-dir", bin.string(), "--data-dir", (scratch / "agent-data").string(),
                      "--idle-timeout", "20"},
                     simEnv(scratch));
  ASSERT_GT(agent.pid(), 0);
  AgentClient client;
  ASSERT_TRUE(client.connect(token));
  ASSERT_TRUE(client.send(proto::Hello{proto::kProtocolVersion, token, "agent_dbinfo_test"}));
  auto hello = client.receive();
  ASSERT_TRUE(hello && std::holds_alternative<proto::AgentHello>(*hello));
  proto::StartCollecting start{kDemo, 250, 0};
  start.sqlIntervalMs = 1000;  // the agent's shortest
  ASSERT_TRUE(client.send(start));

  std::vector<proto::SqlOperations> batches;
  // Until the fifth dump (two after the last new state) has been answered; the deadline only
  // stops a hang on a loaded machine.
  const auto end = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < end && dbinfoCalls(scratch) < 5) {
    auto m = client.receive(100ms);
    if (m && std::holds_alternative<proto::SqlOperations>(*m)) batches.push_back(std::get<proto::SqlOperations>(*m));
  }
  while (auto m = client.receive(300ms)) {
    if (std::holds_alternative<proto::SqlOperations>(*m)) batches.push_back(std::get<proto::SqlOperations>(*m));
  }
  ASSERT_GE(dbinfoCalls(scratch), 5);
  ASSERT_EQ(batches.size(), 3u);
  for (const proto::SqlOperations& b : batches) {
    EXPECT_EQ(b.pid, 4242);
    EXPECT_EQ(b.process, "com.example.mxi.demo");
    EXPECT_EQ(b.dbPath, "/data/user/0/com.example.mxi.demo/databases/demo.db");
    EXPECT_EQ(b.connectionId, 0);
  }
  ASSERT_EQ(batches[0].operations.size(), 1u);
  EXPECT_FALSE(batches[0].ringRolledOver);
  const proto::SqlOperation& a = batches[0].operations[0];
  EXPECT_EQ(a.timeText, "2026-11-29 00:50:01.000");
  EXPECT_EQ(a.kind, "executeForCursorWindow");
  EXPECT_EQ(a.durationMs, 3);
  EXPECT_EQ(a.status, "succeeded");
  EXPECT_EQ(a.sql, "SELECT a FROM t");
  EXPECT_GT(a.wallClockMs, 0u);

  ASSERT_EQ(batches[1].operations.size(), 2u);
  EXPECT_FALSE(batches[1].ringRolledOver);
  EXPECT_EQ(batches[1].operations[0].sql, "SELECT * FROM note WHERE title LIKE '%a%'");
  EXPECT_EQ(batches[1].operations[0].durationMs, 950);
  EXPECT_EQ(batches[1].operations[1].sql, "INSERT INTO t VALUES (1)");
  // 1 s apart on the device's clock, as printed.
  EXPECT_EQ(batches[1].operations[1].wallClockMs - batches[1].operations[0].wallClockMs, 1000u);

  EXPECT_TRUE(batches[2].ringRolledOver);
  ASSERT_EQ(batches[2].operations.size(), 5u);
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(batches[2].operations[i].sql, "DELETE FROM t WHERE id = " + std::to_string(i + 1));
  }
}

TEST(AgentDbinfoTest, ACollectionThatDidNotAskPollsNothing) {
  const fs::path scratch = scratchDir("agent_dbinfo_off");
  const fs::path bin = toolDir(scratch, {ring({op(1, "execute", "SELECT 1", 1)})});
  const std::string token = "dbinfooff" + std::to_string(getpid());
  AgentProcess agent(build::agent(),
                     {"--token", token, "--tool-dir", bin.string(), "--data-dir", (scratch / "agent-data").string(),
                      "--idle-timeout", "20"},
                     simEnv(scratch));
  ASSERT_GT(agent.pid(), 0);
  AgentClient client;
  ASSERT_TRUE(client.connect(token));
  ASSERT_TRUE(client.send(proto::Hello{proto::kProtocolVersion, token, "agent_dbinfo_test"}));
  ASSERT_TRUE(client.receive());
  ASSERT_TRUE(client.send(proto::StartCollecting{kDemo, 250, proto::kCollectProcesses}));  // sqlIntervalMs 0
  const auto end = std::chrono::steady_clock::now() + 2500ms;
  size_t sql = 0;
  while (std::chrono::steady_clock::now() < end) {
    auto m = client.receive(100ms);
    if (m && std::holds_alternative<proto::SqlOperations>(*m)) ++sql;
  }
  EXPECT_EQ(sql, 0u);
  EXPECT_EQ(dbinfoCalls(scratch), 0);
}

}  // namespace
}  // namespace mxi::test
