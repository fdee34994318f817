// Byte-exact codec tests in both directions (house rule X3): ADB packets, smart-socket
// replies, shell v2 packets, sync messages, CNXN banners and device lists.
#include <gtest/gtest.h>

#include "core/adb/adb_packet.h"
#include "core/adb/device_banner.h"
#include "core/adb/device_list.h"
#include "core/adb/server_client.h"
#include "core/adb/shell_protocol.h"
#include "core/adb/smart_socket.h"
#include "core/adb/sync_protocol.h"

namespace mxi::core::adb {
namespace {

std::string bytes(std::initializer_list<int> b) {
  std::string out;
  for (int c : b) out.push_back(static_cast<char>(c));
  return out;
}

TEST(AdbPacketTest, EncodesOpenWithChecksumAndMagic) {
  const Bytes p = encodePacket({cmd::kOpen, 5, 0, std::string("shell:\0", 7)}, true);
  const std::string expected = bytes({'O', 'P', 'E', 'N', 5, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0,
                                      // checksum: s h e l l : \0 = 115+104+101+108+108+58 = 594 = 0x252
                                      0x52, 0x02, 0, 0, 0xb0, 0xaf, 0xba, 0xb1}) +
                               std::string("shell:\0", 7);
  EXPECT_EQ(p, expected);
  EXPECT_EQ(adbChecksum("shell:"), 594u);
}

TEST(AdbPacketTest, ChecksumOmittedForNewPeers) {
  const auto h = encodePacketHeader(cmd::kWrte, 1, 2, "abc", false);
  EXPECT_EQ(std::string(h.data() + 16, 4), std::string(4, '\0'));
}

TEST(AdbPacketTest, DecodesHeaderFields) {
  const Bytes p = encodePacket({cmd::kCnxn, kVersion, kMaxPayload, "host::"}, false);
  auto h = decodePacketHeader(p, kMaxPayload);
  ASSERT_TRUE(h.ok()) << h.status().toString();
  EXPECT_EQ(h->command, cmd::kCnxn);
  EXPECT_EQ(h->arg0, 0x01000001u);
  EXPECT_EQ(h->arg1, 1048576u);
  EXPECT_EQ(h->dataLength, 6u);
  EXPECT_EQ(commandName(h->command), "CNXN");
  EXPECT_EQ(commandName(0x12345678), "0x12345678");
}

TEST(AdbPacketTest, BadMagicNamesOffset) {
  Bytes p = encodePacket({cmd::kOkay, 1, 2, ""}, false);
  p[20] = 0;
  auto h = decodePacketHeader(p, kMaxPayload, 1000);
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.status().offset(), 1020u);
  EXPECT_EQ(h.status().message(), "adb packet OKAY: bad magic 0xa6beb400");
}

TEST(AdbPacketTest, OversizedPayloadIsRefused) {
  const Bytes p = encodePacket({cmd::kWrte, 1, 2, std::string(5000, 'x')}, false);
  auto h = decodePacketHeader(p, kMaxPayloadV1);
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.status().message(), "adb packet WRTE: payload of 5000 bytes exceeds the negotiated maximum of 4096");
  EXPECT_EQ(h.status().offset(), 12u);
}

TEST(AdbPacketTest, UnknownCommandIsRefused) {
  Bytes p = encodePacket({0x41414141, 0, 0, ""}, false);
  auto h = decodePacketHeader(p, kMaxPayload);
  ASSERT_FALSE(h.ok());
  EXPECT_EQ(h.status().message(), "unknown adb command 0x41414141");
}

TEST(AdbPacketParserTest, ByteByByteFeedYieldsSamePackets) {
  const Bytes stream = encodePacket({cmd::kOpen, 1, 0, "sync:"}, true) + encodePacket({cmd::kOkay, 7, 1, ""}, true) +
                       encodePacket({cmd::kWrte, 7, 1, std::string(300, 'z')}, true);
  AdbPacketParser parser(kMaxPayload, true);
  std::vector<AdbPacket> got;
  for (char c : stream) {
    ASSERT_TRUE(parser.feed(std::string_view(&c, 1)).ok());
    while (auto p = parser.next()) got.push_back(*p);
  }
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].payload, "sync:");
  EXPECT_EQ(got[1].command, cmd::kOkay);
  EXPECT_EQ(got[1].arg0, 7u);
  EXPECT_EQ(got[2].payload, std::string(300, 'z'));
  EXPECT_EQ(parser.offset(), stream.size());
  EXPECT_EQ(parser.bytesWanted(), 24u);
}

TEST(AdbPacketParserTest, ChecksumMismatchReportedWithOffset) {
  Bytes stream = encodePacket({cmd::kOkay, 1, 1, ""}, true) + encodePacket({cmd::kWrte, 1, 1, "abcd"}, true);
  stream.back() = 'e';
  AdbPacketParser parser(kMaxPayload, true);
  const Status s = parser.feed(stream);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "adb packet WRTE: checksum mismatch");
  EXPECT_EQ(s.offset(), 48u);
  EXPECT_FALSE(parser.feed("more").ok());  // stays failed
}

TEST(SmartSocketTest, EncodesRequest) {
  EXPECT_EQ(*encodeSmartRequest("host:version"), "000chost:version");
  EXPECT_FALSE(encodeSmartRequest("").ok());
  EXPECT_FALSE(encodeSmartRequest(std::string(70000, 'a')).ok());
}

TEST(SmartSocketTest, ParsesOkayAndKeepsRemainder) {
  SmartStatusParser p;
  ASSERT_TRUE(p.feed("OK").ok());
  EXPECT_FALSE(p.done());
  ASSERT_TRUE(p.feed("AY0004").ok());
  EXPECT_TRUE(p.done());
  EXPECT_TRUE(p.okay());
  EXPECT_EQ(p.remainder(), "0004");
}

TEST(SmartSocketTest, ParsesFailMessage) {
  SmartStatusParser p;
  ASSERT_TRUE(p.feed("FAIL0014device 'x' not found").ok());
  ASSERT_TRUE(p.done());
  EXPECT_FALSE(p.okay());
  EXPECT_EQ(p.failMessage(), "device 'x' not found");
}

TEST(SmartSocketTest, GarbageStatusIsAnError) {
  SmartStatusParser p;
  const Status s = p.feed("HTTP/1.1");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "adb server replied 'HTTP' instead of OKAY or FAIL");
}

TEST(SmartSocketTest, BadHexLengthNamesOffset) {
  SmartStatusParser p;
  const Status s = p.feed("FAIL00g1");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "bad hex digit 0x67 in adb length");
  EXPECT_EQ(s.offset(), 6u);
}

TEST(SmartSocketTest, LengthPrefixedStream) {
  LengthPrefixedParser p;
  ASSERT_TRUE(p.feed("0005hello0000000").ok());
  EXPECT_EQ(p.next(), "hello");
  EXPECT_EQ(p.next(), "");
  EXPECT_EQ(p.next(), std::nullopt);
  ASSERT_TRUE(p.feed("3abc").ok());
  EXPECT_EQ(p.next(), "abc");
  EXPECT_EQ(*parseHexLength("00FF"), 255u);
}

TEST(ShellProtocolTest, EncodesPackets) {
  EXPECT_EQ(encodeShellPacket(ShellPacketId::kStdout, "hi"), bytes({1, 2, 0, 0, 0, 'h', 'i'}));
  EXPECT_EQ(encodeShellPacket(ShellPacketId::kCloseStdin, ""), bytes({4, 0, 0, 0, 0}));
  EXPECT_EQ(encodeShellPacket(ShellPacketId::kExit, std::string(1, 3)), bytes({3, 1, 0, 0, 0, 3}));
}

TEST(ShellProtocolTest, ParsesSplitPackets) {
  const Bytes stream = encodeShellPacket(ShellPacketId::kStdout, "out\n") +
                       encodeShellPacket(ShellPacketId::kStderr, "err\n") +
                       encodeShellPacket(ShellPacketId::kExit, std::string(1, 7));
  ShellPacketParser p;
  std::vector<ShellPacket> got;
  for (size_t i = 0; i < stream.size(); i += 3) {
    ASSERT_TRUE(p.feed(std::string_view(stream).substr(i, 3)).ok());
    while (auto packet = p.next()) got.push_back(*packet);
  }
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].id, ShellPacketId::kStdout);
  EXPECT_EQ(got[0].data, "out\n");
  EXPECT_EQ(got[1].id, ShellPacketId::kStderr);
  EXPECT_EQ(got[2].data, std::string(1, 7));
}

TEST(ShellProtocolTest, UnknownIdIsAnError) {
  ShellPacketParser p;
  ASSERT_TRUE(p.feed(encodeShellPacket(ShellPacketId::kStdout, "ok")).ok());
  const Status s = p.feed(bytes({9, 0, 0, 0, 0}));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "unknown shell protocol packet id 9");
  EXPECT_EQ(s.offset(), 7u);
}

TEST(SyncProtocolTest, RequestsAreByteExact) {
  EXPECT_EQ(encodeSyncRequest(sync_id::kStatV2, "/x"), std::string("STA2") + bytes({2, 0, 0, 0}) + "/x");
  EXPECT_EQ(encodeSyncSend("/data/a", 0644), std::string("SEND") + bytes({11, 0, 0, 0}) + "/data/a,420");
  EXPECT_EQ(encodeSyncDone(0x01020304), std::string("DONE") + bytes({4, 3, 2, 1}));
  EXPECT_EQ(encodeSyncDataHeader(65536), std::string("DATA") + bytes({0, 0, 1, 0}));
  EXPECT_EQ(encodeSyncStatus(sync_id::kFail, "no"), std::string("FAIL") + bytes({2, 0, 0, 0}) + "no");
}

TEST(SyncProtocolTest, StatV2RoundTrip) {
  SyncStat s;
  s.dev = 0x1122334455667788ull;
  s.ino = 42;
  s.mode = 0100644;
  s.nlink = 1;
  s.uid = 2000;
  s.gid = 2000;
  s.size = 5'000'000'000ull;
  s.atime = 1;
  s.mtime = 1700000000;
  s.ctime = 3;
  const Bytes b = encodeSyncStatV2(sync_id::kStatV2, s);
  ASSERT_EQ(b.size(), kSyncStatV2Size);
  EXPECT_EQ(b.substr(0, 4), "STA2");
  const SyncStat d = decodeSyncStatV2(b);
  EXPECT_EQ(d.dev, s.dev);
  EXPECT_EQ(d.size, s.size);
  EXPECT_EQ(d.mode, s.mode);
  EXPECT_EQ(d.mtime, s.mtime);
  EXPECT_TRUE(d.exists());
  EXPECT_TRUE(d.isRegular());
}

TEST(SyncProtocolTest, DentV1AndV2) {
  SyncDirEntry e{"file.txt", {}};
  e.stat.mode = 040755;
  e.stat.size = 4096;
  e.stat.mtime = 99;
  const Bytes v1 = encodeSyncDentV1(e);
  ASSERT_EQ(v1.size(), kSyncDentV1Size + 8);
  uint32_t nameLength = 0;
  const SyncStat s1 = decodeSyncDentV1(std::string_view(v1).substr(0, kSyncDentV1Size), nameLength);
  EXPECT_EQ(nameLength, 8u);
  EXPECT_TRUE(s1.isDirectory());
  const Bytes v2 = encodeSyncDentV2(e);
  ASSERT_EQ(v2.size(), kSyncDentV2Size + 8);
  EXPECT_EQ(v2.substr(0, 4), "DNT2");
  const SyncStat s2 = decodeSyncDentV2(std::string_view(v2).substr(0, kSyncDentV2Size), nameLength);
  EXPECT_EQ(s2.size, 4096u);
  EXPECT_EQ(encodeSyncListDoneV2().size(), kSyncDentV2Size);
}

TEST(SyncProtocolTest, SendTargetParsing) {
  std::string path;
  uint32_t mode = 0;
  ASSERT_TRUE(parseSyncSendTarget("/a,b/c,33261", path, mode).ok());
  EXPECT_EQ(path, "/a,b/c");
  EXPECT_EQ(mode, 33261u);
  ASSERT_TRUE(parseSyncSendTarget("/plain", path, mode).ok());
  EXPECT_EQ(mode, 0644u);
  const Status bad = parseSyncSendTarget("/x,7z", path, mode);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), "bad mode '7z' in sync SEND target");
}

TEST(DeviceBannerTest, ParsesDeviceBanner) {
  using namespace std::string_literals;
  const auto b = parseDeviceBanner(
      "device::ro.product.name=sdk;ro.product.model=Pixel 7;ro.product.device=panther;features=shell_v2,cmd,stat_v2\0"s);
  EXPECT_EQ(b.state, "device");
  EXPECT_EQ(b.properties.at("ro.product.model"), "Pixel 7");
  EXPECT_EQ(b.properties.size(), 3u);
  EXPECT_EQ(b.features, (std::set<std::string>{"cmd", "shell_v2", "stat_v2"}));
  EXPECT_TRUE(b.hasFeature("cmd"));
  EXPECT_FALSE(b.hasFeature("ls_v2"));
}

TEST(DeviceBannerTest, FormatRoundTrips) {
  DeviceBanner b{"device", {{"ro.product.name", "p"}}, {"ls_v2", "shell_v2"}};
  EXPECT_EQ(formatDeviceBanner(b), "device::ro.product.name=p;features=ls_v2,shell_v2");
  EXPECT_EQ(parseDeviceBanner(formatDeviceBanner(b)).features, b.features);
  EXPECT_EQ(parseDeviceBanner("host::").state, "host");
}

TEST(DeviceListTest, ParsesLongAndShortForms) {
  const auto list = parseDeviceList(
      "emulator-5554          device product:sdk_gphone64 model:sdk_gphone64_x86_64 device:emu64xa transport_id:3\n"
      "R58M123                unauthorized usb:1-4.2 transport_id:5\n"
      "0123456789ABCDEF       no permissions (missing udev rules? user is in the plugdev group); see "
      "[http://developer.android.com/tools/device.html] usb:1-1 transport_id:6\n"
      "127.0.0.1:5555\toffline\n");
  ASSERT_EQ(list.size(), 4u);
  EXPECT_EQ(list[0].serial, "emulator-5554");
  EXPECT_EQ(list[0].model, "sdk_gphone64_x86_64");
  EXPECT_EQ(list[0].transportId, 3u);
  EXPECT_EQ(list[1].state, "unauthorized");
  EXPECT_EQ(list[1].usb, "1-4.2");
  EXPECT_EQ(list[2].state,
            "no permissions (missing udev rules? user is in the plugdev group); see "
            "[http://developer.android.com/tools/device.html]");
  EXPECT_EQ(list[2].usb, "1-1");
  EXPECT_EQ(list[3].serial, "127.0.0.1:5555");
  EXPECT_EQ(list[3].state, "offline");
  EXPECT_TRUE(parseDeviceList("").empty());
}

TEST(ServerAddressTest, ParsesSocketSpecs) {
  auto a = parseServerSocketSpec("tcp:5038");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->host, "localhost");
  EXPECT_EQ(a->port, 5038);
  a = parseServerSocketSpec("tcp:192.168.1.2:6000");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->host, "192.168.1.2");
  EXPECT_EQ(a->port, 6000);
  a = parseServerSocketSpec("tcp:[::1]:5037");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->host, "::1");
  EXPECT_FALSE(parseServerSocketSpec("tcp:host:99999").ok());
  const auto unix = parseServerSocketSpec("localabstract:adb");
  ASSERT_FALSE(unix.ok());
  EXPECT_EQ(unix.status().message(),
            "unsupported ADB_SERVER_SOCKET 'localabstract:adb' (expected tcp:PORT or tcp:HOST:PORT)");
}

TEST(ForwardListTest, ParsesLines) {
  const auto list = parseForwardList("emulator-5554 tcp:6100 localabstract:mxi_1\nR58 tcp:7000 tcp:7001\n");
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0], (ForwardEntry{"emulator-5554", "tcp:6100", "localabstract:mxi_1"}));
  EXPECT_EQ(list[1].remote, "tcp:7001");
}

}  // namespace
}  // namespace mxi::core::adb
