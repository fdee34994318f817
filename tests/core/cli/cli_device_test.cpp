// The device commands of the real `mxi` binary against Debian's adb server and the simulator:
// devices (text, JSON, --track), shell exit codes, push/pull, forward, serial selection,
// --transport tcp and clear errors.
#include <gtest/gtest.h>

#include <regex>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/support/adb_test_env.h"
#include "tests/support/run_mxi.h"

namespace mxi::test {
namespace {

class CliDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed (scripts/setup.sh installs it)";
    ASSERT_TRUE(m_server.started());
    ASSERT_TRUE(m_sim.started());
    ASSERT_TRUE(m_server.connect(m_sim));
  }
  ProgramRun mxi(std::vector<std::string> args, std::vector<std::string> env = {}) {
    auto fullEnv = m_server.environment();
    fullEnv.insert(fullEnv.end(), env.begin(), env.end());
    return runMxi(std::move(args), RunOptions().withEnv(fullEnv).mergingStderr());
  }

  PrivateAdbServer m_server;
  SimProcess m_sim{{"--serial", "cli-sim-1"}};
};

TEST_F(CliDeviceTest, HelpOnDeviceCommands) {
  for (const char* cmd : {"devices", "shell", "push", "pull", "forward"}) {
    const auto r = mxi({cmd, "--help"});
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find("--transport"), std::string::npos) << r.out;
  }
}

TEST_F(CliDeviceTest, DevicesTextAndJson) {
  auto r = mxi({"devices"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  EXPECT_EQ(r.out, "List of devices attached\n" + m_sim.hostPort() + "\tdevice\n");
  r = mxi({"devices", "-l"});
  EXPECT_NE(r.out.find(m_sim.hostPort() + " "), std::string::npos);
  EXPECT_NE(r.out.find(" device product:mxi_sim model:Matrix_Inspector_Simulator device:mxisim transport_id:"),
            std::string::npos)
      << r.out;
  r = mxi({"devices", "--format", "json"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["devices"].size(), 1u);
  EXPECT_EQ(j["devices"][0]["serial"], m_sim.hostPort());
  EXPECT_EQ(j["devices"][0]["state"], "device");
  EXPECT_EQ(j["devices"][0]["model"], "Matrix_Inspector_Simulator");
}

TEST_F(CliDeviceTest, DevicesTrackPrintsEvents) {
  SimProcess second;
  std::vector<std::string> argv = {cliPath(), "devices", "--track", "--format", "json"};
  RunningProgram tracker(argv, RunOptions().withEnv(m_server.environment()).mergingStderr());
  ASSERT_TRUE(tracker.started());
  // Only once mxi printed the first device is it tracking through our server. Killing the server
  // before that (a loaded machine starts mxi late) would make mxi start a server of its own,
  // which nothing stops: the cause of an old hang. So wait for it instead of a fixed sleep.
  ASSERT_TRUE(tracker.waitForOutput(m_sim.hostPort(), std::chrono::seconds(30))) << tracker.output();
  ASSERT_EQ(m_server.adb({"connect", second.hostPort()}).exitCode, 0);
  for (int i = 0; i < 100 && m_server.adb({"-s", second.hostPort(), "get-state"}).out != "device\n"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  m_server.adb({"disconnect", second.hostPort()});
  ASSERT_TRUE(
      tracker.waitForOutput("\"event\":\"removed\",\"serial\":\"" + second.hostPort(), std::chrono::seconds(30)))
      << tracker.output();
  m_server.kill();
  ProgramRun tracked;
  tracked.exitCode = tracker.wait(std::chrono::seconds(30));  // killed, and -1, if it outlived its server
  tracked.out = tracker.output();
  EXPECT_EQ(tracked.exitCode, 2) << tracked.out;  // the server went away
  std::vector<nlohmann::json> events;
  size_t pos = 0;
  while (pos < tracked.out.size()) {
    const size_t eol = tracked.out.find('\n', pos);
    const std::string line = tracked.out.substr(pos, eol - pos);
    pos = eol == std::string::npos ? tracked.out.size() : eol + 1;
    if (!line.empty() && line[0] == '{') events.push_back(nlohmann::json::parse(line));
  }
  ASSERT_GE(events.size(), 3u) << tracked.out;
  EXPECT_EQ(events[0], (nlohmann::json{{"event", "added"}, {"serial", m_sim.hostPort()}, {"state", "device"}}));
  std::vector<std::string> secondStates;
  for (const auto& e : events) {
    if (e["serial"] == second.hostPort())
      secondStates.push_back(e["event"].get<std::string>() + ":" +
                             (e["state"].is_null() ? "" : e["state"].get<std::string>()));
  }
  ASSERT_GE(secondStates.size(), 2u) << tracked.out;
  EXPECT_EQ(secondStates.front().rfind("added:", 0), 0u);
  EXPECT_EQ(secondStates[secondStates.size() - 2].substr(secondStates[secondStates.size() - 2].find(':')), ":device");
  EXPECT_EQ(secondStates.back(), "removed:");
}

TEST_F(CliDeviceTest, ShellPassesOutputAndExitCode) {
  auto r = mxi({"shell", "-n", "--", "echo out; echo err >&2; exit 7"});
  EXPECT_EQ(r.exitCode, 7);
  EXPECT_NE(r.out.find("out\n"), std::string::npos);
  EXPECT_NE(r.out.find("err\n"), std::string::npos);
  r = mxi({"shell", "--", "echo", "$ANDROID_SERIAL"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out, "cli-sim-1\n");
}

TEST_F(CliDeviceTest, SerialFromFlagOrEnvironment) {
  SimProcess other({"--serial", "cli-sim-2"});
  ASSERT_TRUE(m_server.connect(other));
  auto r = mxi({"shell", "--", "echo $ANDROID_SERIAL"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.out.find("more than one device"), std::string::npos) << r.out;
  r = mxi({"shell", "--", "echo $ANDROID_SERIAL"}, {"ANDROID_SERIAL=" + other.hostPort()});
  EXPECT_EQ(r.out, "cli-sim-2\n");
  r = mxi({"shell", "-s", m_sim.hostPort(), "--", "echo $ANDROID_SERIAL"}, {"ANDROID_SERIAL=" + other.hostPort()});
  EXPECT_EQ(r.out, "cli-sim-1\n");
  r = mxi({"-s", other.hostPort(), "shell", "--", "echo $ANDROID_SERIAL"});
  EXPECT_EQ(r.out, "cli-sim-2\n");
}

TEST_F(CliDeviceTest, UnknownSerialIsAClearError) {
  const auto r = mxi({"shell", "-s", "nope", "--", "true"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.out, "mxi: shell: adb server tcp:localhost:" + std::to_string(m_server.port()) +
                       ", request 'host-serial:nope:features': device 'nope' not found\n");
}

TEST_F(CliDeviceTest, PushAndPull) {
  const auto dir = scratchDir("cli-push");
  writePatternFile(dir / "f.bin", 3'000'000, 4);
  auto r = mxi({"push", "--format", "json", (dir / "f.bin").string(), "/data/local/tmp/"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["remote"], "/data/local/tmp/f.bin");
  EXPECT_EQ(j["bytes"], 3'000'000);
  // As text, as adb says it (the speed varies; the rest does not).
  r = mxi({"push", (dir / "f.bin").string(), "/data/local/tmp/f2.bin"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const std::string pushed = (dir / "f.bin").string() + ": 1 file pushed. ";
  ASSERT_EQ(r.out.rfind(pushed, 0), 0u) << r.out;
  EXPECT_TRUE(std::regex_match(r.out.substr(pushed.size()),
                               std::regex(R"([0-9]+\.[0-9] MB/s \(3000000 bytes in [0-9]+\.[0-9]{3}s\)\n)")))
      << r.out;
  r = mxi({"pull", (std::string("/data/local/tmp/f.bin")), (dir / "g.bin").string()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  EXPECT_EQ(r.out.rfind("/data/local/tmp/f.bin: 1 file pulled. ", 0), 0u) << r.out;
  EXPECT_EQ(sha256File(dir / "g.bin"), sha256File(dir / "f.bin"));
  r = mxi({"pull", "/data/missing", (dir / "h.bin").string()});
  EXPECT_EQ(r.exitCode, 2);
}

TEST_F(CliDeviceTest, ForwardLifecycle) {
  auto r = mxi({"forward", "tcp:0", "localabstract:cli_fwd"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const std::string port = r.out.substr(0, r.out.find('\n'));
  ASSERT_FALSE(port.empty());
  r = mxi({"forward", "--list"});
  EXPECT_EQ(r.out, m_sim.hostPort() + " tcp:" + port + " localabstract:cli_fwd\n");
  r = mxi({"forward", "--remove", "tcp:" + port});
  EXPECT_EQ(r.exitCode, 0) << r.out;
  r = mxi({"forward", "--list", "--format", "json"});
  EXPECT_EQ(nlohmann::json::parse(r.out)["forwards"].size(), 0u);
}

TEST_F(CliDeviceTest, DirectTcpTransportWithoutServer) {
  SimProcess direct({"--serial", "direct-sim"});
  const auto r = mxi({"--transport", "tcp:" + direct.hostPort(), "shell", "-n", "--", "echo $ANDROID_SERIAL; exit 4"},
                     {"ADB_SERVER_SOCKET=tcp:localhost:1"});
  EXPECT_EQ(r.exitCode, 4) << r.out;
  EXPECT_EQ(r.out, "direct-sim\n");
  const auto bad = mxi({"--transport", "tcp:nohostport", "shell", "--", "true"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_EQ(bad.out, "mxi: shell: transport tcp:nohostport: expected tcp:HOST:PORT\n");
}

TEST(CliDeviceServerStartTest, StartsAnAdbServerWhenNoneAnswers) {
  if (!adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed (scripts/setup.sh installs it)";
  const uint16_t port = freeTcpPort();
  const auto home = scratchDir("cli-start-server-" + std::to_string(port));
  std::filesystem::create_directories(home / ".android");
  const std::vector<std::string> env = {"HOME=" + home.string(),
                                        "ADB_SERVER_SOCKET=tcp:localhost:" + std::to_string(port)};
  const auto r = runMxi({"devices"}, RunOptions().withEnv(env).mergingStderr());
  EXPECT_EQ(r.exitCode, 0) << r.out;
  EXPECT_EQ(r.out, "List of devices attached\n");
  // The server it started answers adb itself; stop it.
  EXPECT_EQ(
      runProgram({"adb", "-P", std::to_string(port), "kill-server"}, RunOptions().withEnv({"HOME=" + home.string()}))
          .exitCode,
      0);
}

}  // namespace
}  // namespace mxi::test
