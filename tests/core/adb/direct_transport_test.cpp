// The direct transport (no adb server) over TCP against mxi-device-sim: RSA auth accepted,
// refused then the public key offered, many concurrent streams on one connection.
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

#include "core/adb/direct_device.h"
#include "core/adb/shell.h"
#include "core/adb/sync_client.h"
#include "tests/support/adb_test_env.h"
#include "tests/support/test_paths.h"

namespace mxi::core::adb {
namespace {

using test::SimProcess;

constexpr IoLimits kLimits{std::chrono::milliseconds(10000), nullptr};

std::string writePublicKey(const AdbPrivateKey& key, const std::string& name) {
  const auto path = test::scratchDir("direct-keys-" + name) / "adbkey.pub";
  std::ofstream(path) << *key.androidPublicKey() << " " << name << "@test\n";
  return path.string();
}

class DirectTransportTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    s_trusted = new AdbPrivateKey(std::move(AdbPrivateKey::generate().value()));
    s_stranger = new AdbPrivateKey(std::move(AdbPrivateKey::generate().value()));
  }
  static void TearDownTestSuite() {
    delete s_trusted;
    delete s_stranger;
  }
  static AdbPrivateKey* s_trusted;
  static AdbPrivateKey* s_stranger;
};
AdbPrivateKey* DirectTransportTest::s_trusted = nullptr;
AdbPrivateKey* DirectTransportTest::s_stranger = nullptr;

TEST_F(DirectTransportTest, NoAuthWhenTheDeviceAsksNone) {
  SimProcess sim;
  ASSERT_TRUE(sim.started());
  DirectAuthOptions auth;
  auth.keys = {s_stranger};
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), auth, kLimits);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  EXPECT_EQ((*device)->handshake().signaturesSent, 0);
  EXPECT_EQ((*device)->handshake().version, kVersion);
  EXPECT_EQ((*device)->handshake().maxPayload, kMaxPayload);
  EXPECT_EQ((*device)->handshake().banner.properties.at("ro.product.model"), "Matrix_Inspector_Simulator");
  EXPECT_EQ((*device)->serial(), "127.0.0.1:" + std::to_string(sim.port()));
  auto r = runShell(**device, "echo direct; exit 9", {}, kLimits);
  ASSERT_TRUE(r.ok()) << r.status().toString();
  EXPECT_EQ(r->out, "direct\n");
  EXPECT_EQ(r->exitCode, 9);
}

TEST_F(DirectTransportTest, AuthAcceptedWithAKnownKey) {
  SimProcess sim({"--key", writePublicKey(*s_trusted, "trusted")});
  ASSERT_TRUE(sim.started());
  DirectAuthOptions auth;
  auth.keys = {s_trusted};
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), auth, kLimits);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  EXPECT_EQ((*device)->handshake().signaturesSent, 1);
  EXPECT_FALSE((*device)->handshake().publicKeySent);
  EXPECT_EQ(runShell(**device, "echo ok", {}, kLimits)->out, "ok\n");
  EXPECT_NE(sim.log().find("mxi-device-sim: auth: signature accepted"), std::string::npos) << sim.log();
}

TEST_F(DirectTransportTest, RefusedSignatureThenPublicKeyOfferedAndAccepted) {
  SimProcess sim({"--key", writePublicKey(*s_trusted, "trusted"), "--accept-offered-keys"});
  ASSERT_TRUE(sim.started());
  DirectAuthOptions auth;
  auth.keys = {s_stranger};
  auth.publicKeyComment = "stranger@laptop";
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), auth, kLimits);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  EXPECT_EQ((*device)->handshake().signaturesSent, 1);
  EXPECT_TRUE((*device)->handshake().publicKeySent);
  const std::string log = sim.log();
  EXPECT_NE(log.find("mxi-device-sim: auth: signature refused\n"), std::string::npos) << log;
  EXPECT_NE(log.find("mxi-device-sim: auth: public key offered by 'stranger@laptop', accepted\n"), std::string::npos)
      << log;
  device->reset();
  // The device now knows the key: the next connection signs its way in.
  auto again = DirectDevice::connectTcp("127.0.0.1", sim.port(), auth, kLimits);
  ASSERT_TRUE(again.ok()) << again.status().toString();
  EXPECT_EQ((*again)->handshake().signaturesSent, 1);
  EXPECT_FALSE((*again)->handshake().publicKeySent);
}

TEST_F(DirectTransportTest, UnacceptedPublicKeyTimesOutWithAClearError) {
  SimProcess sim({"--key", writePublicKey(*s_trusted, "trusted")});
  ASSERT_TRUE(sim.started());
  DirectAuthOptions auth;
  auth.keys = {s_stranger};
  auth.approvalTimeout = std::chrono::milliseconds(600);
  const auto begin = std::chrono::steady_clock::now();
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), auth, kLimits);
  ASSERT_FALSE(device.ok());
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
  EXPECT_EQ(
      device.status().message().rfind(
          "127.0.0.1:" + std::to_string(sim.port()) + ": device unauthorized: it did not accept our public key", 0),
      0u)
      << device.status().message();
  EXPECT_NE(sim.log().find("waiting for the user (not accepted)"), std::string::npos);
}

TEST_F(DirectTransportTest, ManyConcurrentStreamsOnOneConnection) {
  SimProcess sim;
  test::AbstractEchoServer echo("mxi_direct_echo_" + std::to_string(getpid()));
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), {}, kLimits);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  constexpr int kShells = 24;
  constexpr int kEchoes = 8;
  std::vector<std::string> outputs(kShells);
  std::vector<int> codes(kShells, -1);
  std::vector<char> echoed(kEchoes, 0);  // not vector<bool>: its bits share words across threads
  std::vector<std::thread> threads;
  for (int i = 0; i < kShells; ++i) {
    threads.emplace_back([&, i] {
      auto r = runShell(**device, "sleep 0.2; echo stream " + std::to_string(i) + "; exit " + std::to_string(i), {},
                        kLimits);
      if (r.ok()) {
        outputs[static_cast<size_t>(i)] = r->out;
        codes[static_cast<size_t>(i)] = r->exitCode.value_or(-2);
      } else {
        outputs[static_cast<size_t>(i)] = r.status().toString();
      }
    });
  }
  for (int i = 0; i < kEchoes; ++i) {
    threads.emplace_back([&, i] {
      auto stream = (*device)->openStream("localabstract:" + echo.name(), kLimits);
      if (!stream.ok()) return;
      std::string payload(3 * 1024 * 1024 + static_cast<size_t>(i), static_cast<char>('a' + i));
      std::thread writer([&] { (void)(*stream)->write(payload, kLimits); });
      std::string got(payload.size(), '\0');
      const bool ok = (*stream)->readExact(got.data(), got.size(), kLimits).ok();
      writer.join();
      echoed[static_cast<size_t>(i)] = ok && got == payload;
    });
  }
  for (auto& t : threads) t.join();
  for (int i = 0; i < kShells; ++i) {
    EXPECT_EQ(outputs[static_cast<size_t>(i)], "stream " + std::to_string(i) + "\n");
    EXPECT_EQ(codes[static_cast<size_t>(i)], i);
  }
  for (int i = 0; i < kEchoes; ++i) EXPECT_TRUE(echoed[static_cast<size_t>(i)]) << i;
  EXPECT_EQ((*device)->connection().openStreamCount(), 0u);
}

TEST_F(DirectTransportTest, PushAndPullOverTheDirectLink) {
  SimProcess sim;
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), {}, kLimits);
  ASSERT_TRUE(device.ok());
  const auto dir = test::scratchDir("direct-push");
  test::writePatternFile(dir / "d.bin", 30'000'000, 9);
  auto session = SyncSession::open(**device, kLimits);
  ASSERT_TRUE(session.ok());
  NullProgress progress;
  auto pushed = (*session)->push((dir / "d.bin").string(), "/sdcard/d.bin", progress, kLimits);
  ASSERT_TRUE(pushed.ok()) << pushed.status().toString();
  auto pulled = (*session)->pull("/sdcard/d.bin", (dir / "back.bin").string(), progress, kLimits);
  ASSERT_TRUE(pulled.ok()) << pulled.status().toString();
  EXPECT_EQ(test::sha256File(dir / "back.bin"), test::sha256File(dir / "d.bin"));
  EXPECT_EQ(test::sha256File(sim.root() / "sdcard/d.bin"), test::sha256File(dir / "d.bin"));
}

TEST_F(DirectTransportTest, DeviceDisappearingFailsOpenStreams) {
  auto sim = std::make_unique<SimProcess>();
  auto device = DirectDevice::connectTcp("127.0.0.1", sim->port(), {}, kLimits);
  ASSERT_TRUE(device.ok());
  auto stream = (*device)->openStream("shell,v2,raw:sleep 30", kLimits);
  ASSERT_TRUE(stream.ok());
  sim.reset();
  // A dying device may still flush what its shell had (shell v2's exit packet when the sleep is
  // killed with it); after that either the CLSE arrives (end of stream) or the link breaks
  // (error); never a hang.
  char buffer[16];
  const auto begin = std::chrono::steady_clock::now();
  auto n = (*stream)->read(buffer, sizeof buffer, kLimits);
  size_t flushed = 0;
  while (n.ok() && *n > 0 && flushed < 4096) {
    flushed += *n;
    n = (*stream)->read(buffer, sizeof buffer, kLimits);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
  EXPECT_LT(flushed, 4096u) << "the stream kept delivering after the device went away";
  if (n.ok()) {
    EXPECT_EQ(*n, 0u);
  } else {
    EXPECT_EQ(n.status().code(), StatusCode::kIoError);
  }
  EXPECT_FALSE((*device)->openStream("shell:true", kLimits).ok());
}

TEST_F(DirectTransportTest, TcpServiceReachesAHostPort) {
  SimProcess sim;
  auto device = DirectDevice::connectTcp("127.0.0.1", sim.port(), {}, kLimits);
  ASSERT_TRUE(device.ok());
  // A one-shot TCP echo on this host: the simulated device's "tcp:PORT" is the host's port.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(listener, 1), 0);
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  std::thread echo([listener] {
    const int c = ::accept(listener, nullptr, nullptr);
    char buffer[64];
    const ssize_t n = ::read(c, buffer, sizeof buffer);
    if (n > 0) (void)::write(c, buffer, static_cast<size_t>(n));
    ::close(c);
  });
  auto stream = (*device)->openStream("tcp:" + std::to_string(ntohs(addr.sin_port)), kLimits);
  ASSERT_TRUE(stream.ok()) << stream.status().toString();
  ASSERT_TRUE((*stream)->write("tcp hello", kLimits).ok());
  auto all = (*stream)->readToEnd(kLimits);
  echo.join();
  ::close(listener);
  ASSERT_TRUE(all.ok()) << all.status().toString();
  EXPECT_EQ(*all, "tcp hello");
}

TEST_F(DirectTransportTest, ConnectionRefusedNamesTheAddress) {
  const uint16_t port = test::freeTcpPort();
  auto device = DirectDevice::connectTcp("127.0.0.1", port, {}, IoLimits{std::chrono::milliseconds(2000), nullptr});
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.status().message(), "device 127.0.0.1:" + std::to_string(port) +
                                           ": connect to 127.0.0.1:" + std::to_string(port) + ": Connection refused");
}

}  // namespace
}  // namespace mxi::core::adb
