// libusb glue without hardware: which interfaces are ADB, which endpoints are used, and how a
// packet is split into USB transfers (zero-length packets included).
#include <gtest/gtest.h>

#include "core/adb/usb_transport.h"

namespace mxi::core::adb {
namespace {

UsbInterfaceDescription adbInterface(uint16_t maxPacket = 512) {
  return {1, 0, 0xff, 0x42, 0x01, {{0x81, 0x02, maxPacket}, {0x01, 0x02, maxPacket}}};
}

TEST(UsbMatchingTest, AcceptsTheAdbInterface) {
  const auto e = findAdbEndpoints(adbInterface());
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->interfaceNumber, 1);
  EXPECT_EQ(e->in, 0x81);
  EXPECT_EQ(e->out, 0x01);
  EXPECT_EQ(e->maxPacketSize, 512);
}

TEST(UsbMatchingTest, RejectsOtherClassesSubclassesAndProtocols) {
  auto mtp = adbInterface();
  mtp.interfaceClass = 0x06;
  EXPECT_FALSE(isAdbInterface(mtp));
  auto fastboot = adbInterface();
  fastboot.interfaceProtocol = 0x03;  // fastboot uses 0xff/0x42/0x03
  EXPECT_FALSE(isAdbInterface(fastboot));
  EXPECT_FALSE(findAdbEndpoints(fastboot).has_value());
  auto rndis = adbInterface();
  rndis.interfaceSubclass = 0x01;
  EXPECT_FALSE(isAdbInterface(rndis));
}

TEST(UsbMatchingTest, NeedsBulkEndpointsBothWays) {
  auto interruptOnly = adbInterface();
  interruptOnly.endpoints = {{0x81, 0x03, 64}, {0x01, 0x02, 512}};
  EXPECT_FALSE(findAdbEndpoints(interruptOnly).has_value());
  auto noOut = adbInterface();
  noOut.endpoints = {{0x81, 0x02, 512}};
  EXPECT_FALSE(findAdbEndpoints(noOut).has_value());
  auto extra = adbInterface();
  extra.endpoints = {{0x83, 0x03, 8}, {0x82, 0x02, 1024}, {0x02, 0x02, 1024}, {0x81, 0x02, 1024}};
  const auto e = findAdbEndpoints(extra);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->in, 0x82);
  EXPECT_EQ(e->out, 0x02);
  EXPECT_EQ(e->maxPacketSize, 1024);
}

TEST(UsbFramingTest, ZeroLengthPacketOnlyForWholePackets) {
  EXPECT_FALSE(needsZeroLengthPacket(0, 512));
  EXPECT_FALSE(needsZeroLengthPacket(24, 512));
  EXPECT_TRUE(needsZeroLengthPacket(512, 512));
  EXPECT_TRUE(needsZeroLengthPacket(1024, 512));
  EXPECT_FALSE(needsZeroLengthPacket(1025, 512));
  EXPECT_TRUE(needsZeroLengthPacket(1048576, 1024));  // USB 3: a full 1 MiB payload
  EXPECT_FALSE(needsZeroLengthPacket(100, 0));
}

TEST(UsbFramingTest, PacketBecomesHeaderPayloadAndZlp) {
  EXPECT_EQ(usbTransferSizes(0, 512), (std::vector<size_t>{24}));
  EXPECT_EQ(usbTransferSizes(100, 512), (std::vector<size_t>{24, 100}));
  EXPECT_EQ(usbTransferSizes(4096, 512), (std::vector<size_t>{24, 4096, 0}));
  EXPECT_EQ(usbTransferSizes(24, 24), (std::vector<size_t>{24, 0, 24, 0}));
}

}  // namespace
}  // namespace mxi::core::adb
