// core/adb through the real adb server (Debian's adb) to mxi-device-sim: device listing and
// tracking, shell v2 and its v1 fallback, push/pull of 100 MB, local sockets, clear errors,
// and a server that dies mid-transfer.
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <thread>

#include "core/adb/server_client.h"
#include "core/adb/shell.h"
#include "core/adb/socket.h"
#include "core/adb/sync_client.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/test_paths.h"

namespace mxi::core::adb {
namespace {

using test::AbstractEchoServer;
using test::PrivateAdbServer;
using test::SimProcess;

constexpr IoLimits kLimits{std::chrono::milliseconds(10000), nullptr};

// A peer that says nothing is not a broken one: the bounded read ends with the timeout code (the
// live recorder waits out a few of those before it calls the agent gone).
TEST(SocketTest, ASilentPeerTimesOutWithTheTimeoutCode) {
  AbstractEchoServer peer("mxi_silent_" + std::to_string(getpid()));
  ASSERT_TRUE(peer.listening());
  auto socket = Socket::connectUnix(peer.name(), true, kLimits);
  ASSERT_TRUE(socket.ok()) << socket.status().toString();
  char buffer[16];
  const auto read = socket->readSome(buffer, sizeof buffer, IoLimits{std::chrono::milliseconds(100), nullptr});
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), StatusCode::kTimeout);
  EXPECT_TRUE(read.status().message().starts_with("timed out after 100 ms")) << read.status().message();
  ASSERT_TRUE(socket->writeAll("x", kLimits).ok());
  EXPECT_EQ(socket->readSome(buffer, sizeof buffer, kLimits).value(), 1u);  // the peer was only silent
}

class AdbServerClientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed (scripts/setup.sh installs it)";
    ASSERT_TRUE(m_server.started());
  }
  AdbServerClient client() const { return AdbServerClient(ServerAddress{"localhost", m_server.port()}); }

  PrivateAdbServer m_server;
};

TEST_F(AdbServerClientTest, VersionAndEmptyDeviceList) {
  auto c = client();
  auto version = c.version(kLimits);
  ASSERT_TRUE(version.ok()) << version.status().toString();
  EXPECT_EQ(*version, 41u);  // Debian's adb 1.0.41
  auto devices = c.devices(kLimits);
  ASSERT_TRUE(devices.ok());
  EXPECT_TRUE(devices->empty());
}

TEST_F(AdbServerClientTest, ListsConnectedSimulatorWithProperties) {
  SimProcess sim({"--model", "Listed_Model"});
  auto c = client();
  auto message = c.connectDevice(sim.hostPort(), kLimits);
  ASSERT_TRUE(message.ok()) << message.status().toString();
  EXPECT_EQ(*message, "connected to " + sim.hostPort());
  ASSERT_TRUE(m_server.connect(sim));
  auto devices = c.devices(kLimits);
  ASSERT_TRUE(devices.ok());
  ASSERT_EQ(devices->size(), 1u);
  EXPECT_EQ((*devices)[0].serial, sim.hostPort());
  EXPECT_EQ((*devices)[0].state, "device");
  EXPECT_EQ((*devices)[0].product, "mxi_sim");
  EXPECT_EQ((*devices)[0].model, "Listed_Model");
  EXPECT_EQ((*devices)[0].device, "mxisim");
  auto features = c.features(sim.hostPort(), kLimits);
  ASSERT_TRUE(features.ok());
  EXPECT_EQ(*features,
            (std::set<std::string>{"abb_exec", "apex", "cmd", "fixed_push_mkdir", "ls_v2", "shell_v2", "stat_v2"}));
}

TEST_F(AdbServerClientTest, TrackDevicesReportsComingAndGoing) {
  auto c = client();
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::vector<DeviceListEntry>> events;
  CancelToken stop;
  Status trackStatus;
  std::thread tracker([&] {
    trackStatus = c.trackDevices(
        [&](const std::vector<DeviceListEntry>& list) {
          std::lock_guard lock(mutex);
          events.push_back(list);
          changed.notify_all();
          return true;
        },
        IoLimits{std::chrono::milliseconds(10000), &stop});
  });
  auto waitFor = [&](const std::function<bool(const std::vector<DeviceListEntry>&)>& predicate) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(15),
                            [&] { return !events.empty() && predicate(events.back()); });
  };
  auto stateOf = [](const std::vector<DeviceListEntry>& list, const std::string& serial) {
    for (const auto& d : list) {
      if (d.serial == serial) return d.state;
    }
    return std::string("(absent)");
  };
  ASSERT_TRUE(waitFor([](const auto& list) { return list.empty(); }));  // the initial, empty list

  auto sim1 = std::make_unique<SimProcess>();
  SimProcess sim2;
  ASSERT_TRUE(c.connectDevice(sim1->hostPort(), kLimits).ok());
  EXPECT_TRUE(waitFor([&](const auto& l) { return stateOf(l, sim1->hostPort()) == "device"; }));
  ASSERT_TRUE(c.connectDevice(sim2.hostPort(), kLimits).ok());
  EXPECT_TRUE(waitFor([&](const auto& l) {
    return l.size() == 2 && stateOf(l, sim1->hostPort()) == "device" && stateOf(l, sim2.hostPort()) == "device";
  }));
  const std::string serial1 = sim1->hostPort();
  sim1.reset();  // the device dies: adb keeps it, offline, while it retries (adb 29 sends no track event for that)
  std::string state1;
  for (int i = 0; i < 100 && state1 != "offline"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    state1 = stateOf(*c.devices(kLimits), serial1);
  }
  EXPECT_EQ(state1, "offline");
  ASSERT_TRUE(c.disconnectDevice(serial1, kLimits).ok());
  EXPECT_TRUE(waitFor([&](const auto& l) {
    return l.size() == 1 && stateOf(l, serial1) == "(absent)" && stateOf(l, sim2.hostPort()) == "device";
  }));
  ASSERT_TRUE(c.disconnectDevice(sim2.hostPort(), kLimits).ok());
  EXPECT_TRUE(waitFor([&](const auto& l) { return l.empty(); }));

  stop.cancel();
  tracker.join();
  EXPECT_EQ(trackStatus.code(), StatusCode::kCancelled);
}

class AdbServerDeviceTest : public AdbServerClientTest {
 protected:
  void SetUp() override {
    AdbServerClientTest::SetUp();
    if (IsSkipped()) return;
    m_sim = std::make_unique<SimProcess>(simArgs());
    ASSERT_TRUE(m_sim->started());
    ASSERT_TRUE(m_server.connect(*m_sim));
    m_client = std::make_unique<AdbServerClient>(client());
    m_device = m_client->device(m_sim->hostPort());
  }
  virtual std::vector<std::string> simArgs() const { return {}; }

  std::unique_ptr<SimProcess> m_sim;
  std::unique_ptr<AdbServerClient> m_client;
  std::unique_ptr<AdbDevice> m_device;
};

TEST_F(AdbServerDeviceTest, ShellV2SplitsStdoutStderrAndExitCode) {
  auto r = runShell(*m_device, "echo out; echo err >&2; echo out2; exit 42", {}, kLimits);
  ASSERT_TRUE(r.ok()) << r.status().toString();
  EXPECT_TRUE(r->usedShellV2);
  EXPECT_EQ(r->out, "out\nout2\n");
  EXPECT_EQ(r->err, "err\n");
  EXPECT_EQ(r->exitCode, 42);
  r = runShell(*m_device, "true", {}, kLimits);
  EXPECT_EQ(r->exitCode, 0);
  EXPECT_EQ(r->out, "");
}

TEST_F(AdbServerDeviceTest, ShellV2SendsStdinThenCloses) {
  ShellOptions options;
  options.stdinData = "line one\nline two\n";
  auto r = runShell(*m_device, "wc -l", options, kLimits);
  ASSERT_TRUE(r.ok()) << r.status().toString();
  EXPECT_EQ(r->out, "2\n");
  EXPECT_EQ(r->exitCode, 0);
}

TEST_F(AdbServerDeviceTest, ExecGivesRawBytes) {
  auto out = runExec(*m_device, "printf 'a\\000b\\r\\n'", kLimits);
  ASSERT_TRUE(out.ok()) << out.status().toString();
  EXPECT_EQ(*out, std::string("a\0b\r\n", 5));
}

TEST_F(AdbServerDeviceTest, PushPull100MegabytesByteIdentical) {
  const auto dir = test::scratchDir("server-client-push");
  test::writePatternFile(dir / "big.bin", 100'000'000, 11);
  auto session = SyncSession::open(*m_device, kLimits);
  ASSERT_TRUE(session.ok()) << session.status().toString();
  struct Counting final : ProgressSink {
    int calls = 0;
    int last = -1;
    bool report(std::string_view, int permille) override {
      ++calls;
      last = permille;
      return true;
    }
  } progress;
  auto pushed = (*session)->push((dir / "big.bin").string(), "/data/local/tmp/", progress, kLimits);
  ASSERT_TRUE(pushed.ok()) << pushed.status().toString();
  EXPECT_EQ(pushed->bytes, 100'000'000u);
  EXPECT_EQ(pushed->remotePath, "/data/local/tmp/big.bin");
  EXPECT_EQ(progress.last, 1000);
  EXPECT_GT(progress.calls, 10);
  auto st = (*session)->stat("/data/local/tmp/big.bin", kLimits);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st->size, 100'000'000u);
  EXPECT_TRUE(st->isRegular());
  auto pulled = (*session)->pull("/data/local/tmp/big.bin", (dir / "back.bin").string(), progress, kLimits);
  ASSERT_TRUE(pulled.ok()) << pulled.status().toString();
  EXPECT_EQ(pulled->bytes, 100'000'000u);
  EXPECT_EQ(test::sha256File(dir / "back.bin"), test::sha256File(dir / "big.bin"));
  auto listing = (*session)->list("/data/local/tmp", kLimits);
  ASSERT_TRUE(listing.ok());
  std::set<std::string> names;
  for (const auto& e : *listing) names.insert(e.name);
  EXPECT_EQ(names, (std::set<std::string>{".", "..", "big.bin"}));
}

TEST_F(AdbServerDeviceTest, CancelledPushLeavesNothingBehind) {
  const auto dir = test::scratchDir("server-client-cancel");
  test::writePatternFile(dir / "c.bin", 20'000'000, 3);
  auto session = SyncSession::open(*m_device, kLimits);
  ASSERT_TRUE(session.ok());
  struct StopAtOnce final : ProgressSink {
    bool report(std::string_view, int) override { return false; }
  } stopper;
  auto pushed = (*session)->push((dir / "c.bin").string(), "/data/local/tmp/c.bin", stopper, kLimits);
  ASSERT_FALSE(pushed.ok());
  EXPECT_EQ(pushed.status().code(), StatusCode::kCancelled);
  for (int i = 0; i < 100 && std::filesystem::exists(m_sim->root() / "data/local/tmp/c.bin.mxi-sim-partial"); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_FALSE(std::filesystem::exists(m_sim->root() / "data/local/tmp/c.bin"));
  EXPECT_FALSE(std::filesystem::exists(m_sim->root() / "data/local/tmp/c.bin.mxi-sim-partial"));
}

TEST_F(AdbServerDeviceTest, PullOfMissingFileNamesDeviceAndPath) {
  auto session = SyncSession::open(*m_device, kLimits);
  NullProgress progress;
  const auto dir = test::scratchDir("server-client-missing");
  auto pulled = (*session)->pull("/data/nope.txt", (dir / "x").string(), progress, kLimits);
  ASSERT_FALSE(pulled.ok());
  EXPECT_EQ(pulled.status().message(), "device " + m_sim->hostPort() + ", sync pull /data/nope.txt -> " +
                                           (dir / "x").string() +
                                           ": remote object does not exist (No such file or directory)");
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
}

TEST_F(AdbServerDeviceTest, LocalAbstractStreamEchoes) {
  AbstractEchoServer echo("mxi_client_echo_" + std::to_string(getpid()));
  auto stream = m_device->openStream("localabstract:" + echo.name(), kLimits);
  ASSERT_TRUE(stream.ok()) << stream.status().toString();
  ASSERT_TRUE((*stream)->write("hello agent", kLimits).ok());
  std::string got(11, '\0');
  ASSERT_TRUE((*stream)->readExact(got.data(), got.size(), kLimits).ok());
  EXPECT_EQ(got, "hello agent");
}

TEST_F(AdbServerDeviceTest, LocalAbstractWithoutListenerIsRefused) {
  auto stream = m_device->openStream("localabstract:mxi_nobody_listens_here", kLimits);
  ASSERT_FALSE(stream.ok());
  EXPECT_EQ(stream.status().message(),
            "device " + m_sim->hostPort() + ", service 'localabstract:mxi_nobody_listens_here': closed");
}

TEST_F(AdbServerDeviceTest, ForwardManagementThroughServer) {
  AbstractEchoServer echo("mxi_fwd_echo_" + std::to_string(getpid()));
  auto port = m_client->forward(m_sim->hostPort(), "tcp:0", "localabstract:" + echo.name(), false, kLimits);
  ASSERT_TRUE(port.ok()) << port.status().toString();
  ASSERT_NE(*port, 0);
  auto list = m_client->listForwards(kLimits);
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 1u);
  EXPECT_EQ((*list)[0],
            (ForwardEntry{m_sim->hostPort(), "tcp:" + std::to_string(*port), "localabstract:" + echo.name()}));
  auto socket = Socket::connectTcp("127.0.0.1", *port, kLimits);
  ASSERT_TRUE(socket.ok());
  ASSERT_TRUE(socket->writeAll("via forward", kLimits).ok());
  std::string got(11, '\0');
  ASSERT_TRUE(socket->readExact(got.data(), got.size(), kLimits).ok());
  EXPECT_EQ(got, "via forward");
  ASSERT_TRUE(m_client->removeForward(m_sim->hostPort(), "tcp:" + std::to_string(*port), kLimits).ok());
  EXPECT_TRUE(m_client->listForwards(kLimits)->empty());
  const Status again = m_client->removeForward(m_sim->hostPort(), "tcp:" + std::to_string(*port), kLimits);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.message().find("listener 'tcp:" + std::to_string(*port) + "' not found"), std::string::npos)
      << again.message();
}

TEST_F(AdbServerDeviceTest, ReverseManagementThroughTheDevice) {
  AbstractEchoServer echo("mxi_client_rev_" + std::to_string(getpid()));
  const std::string deviceSocket = "mxi_device_side_" + std::to_string(getpid());
  auto port = m_client->reverse(m_sim->hostPort(), "localabstract:" + deviceSocket, "localabstract:" + echo.name(),
                                false, kLimits);
  ASSERT_TRUE(port.ok()) << port.status().toString();
  EXPECT_EQ(*port, 0);
  auto list = m_client->listReverses(m_sim->hostPort(), kLimits);
  ASSERT_TRUE(list.ok()) << list.status().toString();
  ASSERT_EQ(list->size(), 1u);
  EXPECT_EQ((*list)[0], (ForwardEntry{"(reverse)", "localabstract:" + deviceSocket, "localabstract:" + echo.name()}));
  auto socket = Socket::connectUnix(deviceSocket, true, kLimits);
  ASSERT_TRUE(socket.ok()) << socket.status().toString();
  ASSERT_TRUE(socket->writeAll("agent calls home", kLimits).ok());
  std::string got(16, '\0');
  ASSERT_TRUE(socket->readExact(got.data(), got.size(), kLimits).ok());
  EXPECT_EQ(got, "agent calls home");
  auto tcp = m_client->reverse(m_sim->hostPort(), "tcp:0", "localabstract:" + echo.name(), false, kLimits);
  ASSERT_TRUE(tcp.ok()) << tcp.status().toString();
  EXPECT_NE(*tcp, 0);
  const Status rebind =
      m_client->reverse(m_sim->hostPort(), "localabstract:" + deviceSocket, "tcp:1", true, kLimits).status();
  ASSERT_FALSE(rebind.ok());
  EXPECT_EQ(rebind.message(), "device " + m_sim->hostPort() + ", service 'reverse:forward:norebind:localabstract:" +
                                  deviceSocket + ";tcp:1': cannot rebind existing socket");
  ASSERT_TRUE(m_client->removeReverse(m_sim->hostPort(), "localabstract:" + deviceSocket, kLimits).ok());
  EXPECT_EQ(m_client->listReverses(m_sim->hostPort(), kLimits)->size(), 1u);
  ASSERT_TRUE(m_client->removeAllReverses(m_sim->hostPort(), kLimits).ok());
  EXPECT_TRUE(m_client->listReverses(m_sim->hostPort(), kLimits)->empty());
  const Status missing = m_client->removeReverse(m_sim->hostPort(), "tcp:1", kLimits);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("listener 'tcp:1' not found"), std::string::npos) << missing.message();
}

TEST_F(AdbServerDeviceTest, UnknownSerialIsAClearError) {
  auto device = m_client->device("no-such-serial");
  auto r = runShell(*device, "true", {}, kLimits);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "adb server tcp:localhost:" + std::to_string(m_server.port()) +
                ", request 'host-serial:no-such-serial:features': device 'no-such-serial' not found");
  auto stream = device->openStream("shell:true", kLimits);
  ASSERT_FALSE(stream.ok());
  EXPECT_EQ(stream.status().message(),
            "adb server: selecting device 'no-such-serial': device 'no-such-serial' not found");
}

TEST_F(AdbServerDeviceTest, ServerKilledMidTransferFailsWithinTimeout) {
  const auto dir = test::scratchDir("server-client-kill");
  test::writePatternFile(dir / "k.bin", 400'000'000, 5);
  auto session = SyncSession::open(*m_device, kLimits);
  ASSERT_TRUE(session.ok());
  std::atomic<bool> started{false};
  struct Flag final : ProgressSink {
    std::atomic<bool>* started;
    bool report(std::string_view, int) override {
      *started = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));  // keep the transfer going long enough
      return true;
    }
  } progress;
  progress.started = &started;
  const IoLimits limits{std::chrono::milliseconds(3000), nullptr};
  StatusOr<TransferResult> result = internalError("not run");
  const auto begin = std::chrono::steady_clock::now();
  std::thread pusher(
      [&] { result = (*session)->push((dir / "k.bin").string(), "/data/local/tmp/k.bin", progress, limits); });
  while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  m_server.kill();
  pusher.join();
  const auto elapsed = std::chrono::steady_clock::now() - begin;
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kIoError);
  EXPECT_NE(result.status().message().find("device " + m_sim->hostPort() + ", sync push"), std::string::npos)
      << result.status().message();
  EXPECT_LT(elapsed, std::chrono::seconds(8));
}

class OldDeviceTest : public AdbServerDeviceTest {
 protected:
  std::vector<std::string> simArgs() const override { return {"--features", "cmd"}; }
};

TEST_F(OldDeviceTest, ShellFallsBackToV1WithoutShellV2) {
  auto r = runShell(*m_device, "echo out; echo err >&2; exit 3", {}, kLimits);
  ASSERT_TRUE(r.ok()) << r.status().toString();
  EXPECT_FALSE(r->usedShellV2);
  EXPECT_EQ(r->exitCode, std::nullopt);
  EXPECT_EQ(r->out, "out\nerr\n");
  EXPECT_EQ(r->err, "");
  // stat v1 (no stat_v2): sizes still come through.
  auto session = SyncSession::open(*m_device, kLimits);
  std::ofstream(m_sim->root() / "data/local/tmp/small.txt") << "12345";
  auto st = (*session)->stat("/data/local/tmp/small.txt", kLimits);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st->size, 5u);
}

}  // namespace
}  // namespace mxi::core::adb
