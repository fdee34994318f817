// The real Debian `adb` accepts mxi-device-sim: connect, shell output and exit codes, push and
// pull of 100 MB with matching SHA-256, forward to a localabstract socket.
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>

#include "tests/support/adb_test_env.h"
#include "tests/support/test_paths.h"

namespace mxi::test {
namespace {

class DeviceSimWithAdbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!adbAvailable()) GTEST_SKIP() << "Debian's adb is not installed (scripts/setup.sh installs it)";
    ASSERT_TRUE(m_sim.started());
    ASSERT_TRUE(m_server.started());
    ASSERT_TRUE(m_server.connect(m_sim)) << m_server.adb({"devices"}).out;
  }
  ProgramRun adbOnSim(std::vector<std::string> args) {
    args.insert(args.begin(), {"-s", m_sim.hostPort()});
    return m_server.adb(args);
  }

  SimProcess m_sim{{"--serial", "sim-adb-test", "--model", "Sim_Model"}};
  PrivateAdbServer m_server;
};

TEST_F(DeviceSimWithAdbTest, ListedWithBannerProperties) {
  const auto r = m_server.adb({"devices", "-l"});
  EXPECT_NE(r.out.find(m_sim.hostPort() + " "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("device product:mxi_sim model:Sim_Model device:mxisim"), std::string::npos) << r.out;
}

TEST_F(DeviceSimWithAdbTest, ShellEchoAndExitCodes) {
  auto r = adbOnSim({"shell", "echo", "hi"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out, "hi\n");
  r = adbOnSim({"shell", "exit 3"});
  EXPECT_EQ(r.exitCode, 3);
  r = adbOnSim({"shell", "echo $ANDROID_SERIAL; pwd"});
  EXPECT_EQ(r.out, "sim-adb-test\n" + std::filesystem::canonical(m_sim.root()).string() + "\n");
}

TEST_F(DeviceSimWithAdbTest, ShellRunsSimulatedToolsFromRootBinFirst) {
  const auto tool = m_sim.root() / "bin" / "getprop";
  {
    std::ofstream out(tool);
    out << "#!/bin/sh\necho simulated-getprop \"$@\"\n";
  }
  std::filesystem::permissions(tool, std::filesystem::perms::owner_all);
  const auto r = adbOnSim({"shell", "getprop", "ro.build.version.sdk"});
  EXPECT_EQ(r.out, "simulated-getprop ro.build.version.sdk\n");
}

TEST_F(DeviceSimWithAdbTest, PushPull100MegabytesKeepsSha256) {
  const auto dir = scratchDir("sim-adb-push");
  writePatternFile(dir / "big.bin", 100'000'000, 7);
  const std::string expected = sha256File(dir / "big.bin");
  auto r = adbOnSim({"push", (dir / "big.bin").string(), "/data/local/tmp/big.bin"});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  EXPECT_EQ(sha256File(m_sim.root() / "data/local/tmp/big.bin"), expected);
  r = adbOnSim({"pull", "/data/local/tmp/big.bin", (dir / "back.bin").string()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  EXPECT_EQ(sha256File(dir / "back.bin"), expected);
  // The pushed file is visible to shell commands under its device path.
  r = adbOnSim({"shell", "wc -c < /data/local/tmp/big.bin"});
  EXPECT_EQ(r.out, "100000000\n");
}

TEST_F(DeviceSimWithAdbTest, PullOfMissingFileFails) {
  const auto dir = scratchDir("sim-adb-missing");
  const auto r = adbOnSim({"pull", "/data/local/tmp/nope", (dir / "x").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.out.find("No such file or directory"), std::string::npos) << r.out;
}

TEST_F(DeviceSimWithAdbTest, ForwardToLocalAbstractEchoes) {
  AbstractEchoServer echo("mxi_test_echo_" + std::to_string(getpid()));
  ASSERT_TRUE(echo.listening());
  const uint16_t port = freeTcpPort();
  auto r = adbOnSim({"forward", "tcp:" + std::to_string(port), "localabstract:" + echo.name()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const std::string message = "ping through adb forward";
  ASSERT_EQ(::write(fd, message.data(), message.size()), static_cast<ssize_t>(message.size()));
  std::string got;
  char buffer[256];
  while (got.size() < message.size()) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) break;
    got.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  EXPECT_EQ(got, message);
}

TEST_F(DeviceSimWithAdbTest, ReverseFromDeviceSocketToHostEchoes) {
  AbstractEchoServer echo("mxi_rev_echo_" + std::to_string(getpid()));
  const uint16_t devicePort = freeTcpPort();
  auto r = adbOnSim({"reverse", "tcp:" + std::to_string(devicePort), "localabstract:" + echo.name()});
  ASSERT_EQ(r.exitCode, 0) << r.out;
  r = adbOnSim({"reverse", "--list"});
  // adb prints the device's list and one more newline.
  EXPECT_EQ(r.out, "(reverse) tcp:" + std::to_string(devicePort) + " localabstract:" + echo.name() + "\n\n");
  // The simulated device's socket lives on this host: connect to it like an app on the phone would.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(devicePort);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const std::string message = "app to host through adb reverse";
  ASSERT_EQ(::write(fd, message.data(), message.size()), static_cast<ssize_t>(message.size()));
  std::string got;
  char buffer[256];
  while (got.size() < message.size()) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) break;
    got.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  EXPECT_EQ(got, message);
  r = adbOnSim({"reverse", "--remove-all"});
  EXPECT_EQ(r.exitCode, 0) << r.out;
  EXPECT_EQ(adbOnSim({"reverse", "--list"}).out, "\n");
}

}  // namespace
}  // namespace mxi::test
