// Wire codec: byte-exact golden frames in both directions (house rule X3), round trips of every
// message, stream chunking, and the errors hostile or broken streams must give.
#include <gtest/gtest.h>

#include <algorithm>

#include <zlib.h>

#include "core/protocol/byte_io.h"
#include "core/protocol/frame_codec.h"
#include "core/protocol/message_codec.h"

namespace mxi::core::protocol {
namespace {

// Golden frames computed independently (Python: struct.pack + zlib.crc32).
const std::vector<uint8_t> kHeartbeatFrame = {0x4d, 0x58, 0x01, 0x00, 0x1b, 0x00, 0x10, 0x00, 0x00, 0x00,
                                              0x2b, 0x72, 0xc5, 0x98, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                              0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
const std::vector<uint8_t> kHelloFrame = {0x4d, 0x58, 0x01, 0x00, 0x01, 0x00, 0x15, 0x00, 0x00, 0x00, 0x6a, 0xa9,
                                          0xde, 0x83, 0x01, 0x00, 0x08, 0x00, 0x00, 0x00, 0x61, 0x62, 0x63, 0x64,
                                          0x65, 0x66, 0x67, 0x68, 0x03, 0x00, 0x00, 0x00, 0x6d, 0x78, 0x69};

std::vector<Message> decodeAll(const std::vector<uint8_t>& bytes, size_t chunk = SIZE_MAX) {
  FrameDecoder d;
  std::vector<Message> out;
  for (size_t i = 0; i < bytes.size(); i += chunk) {
    d.feed(std::span(bytes).subspan(i, std::min(chunk, bytes.size() - i)));
    for (;;) {
      auto f = d.next();
      EXPECT_TRUE(f.ok()) << f.status().toString();
      if (!f.ok() || !f->has_value()) break;
      auto m = decodeMessage(**f);
      EXPECT_TRUE(m.ok()) << m.status().toString();
      if (m.ok()) out.push_back(*m);
    }
  }
  EXPECT_TRUE(d.finish().ok());
  return out;
}

TEST(ProtocolCodec, HeartbeatEncodesToGoldenBytes) { EXPECT_EQ(encodeMessage(Heartbeat{1, 2}), kHeartbeatFrame); }

TEST(ProtocolCodec, HelloEncodesToGoldenBytes) { EXPECT_EQ(encodeMessage(Hello{1, "abcdefgh", "mxi"}), kHelloFrame); }

TEST(ProtocolCodec, EmptyPayloadChecksumCoversTheHeader) {
  // zlib's crc32(crc, NULL, 0) returns 0: the codec must not reset the CRC for empty payloads.
  const std::vector<uint8_t> golden = {0x4d, 0x58, 0x01, 0x00, 0x03, 0x00, 0x00,
                                       0x00, 0x00, 0x00, 0x38, 0x75, 0x7a, 0x0b};
  EXPECT_EQ(encodeMessage(StopCollecting{}), golden);
}

TEST(ProtocolCodec, GoldenBytesDecode) {
  std::vector<uint8_t> both = kHelloFrame;
  both.insert(both.end(), kHeartbeatFrame.begin(), kHeartbeatFrame.end());
  const auto msgs = decodeAll(both);
  ASSERT_EQ(msgs.size(), 2u);
  const auto& hello = std::get<Hello>(msgs[0]);
  EXPECT_EQ(hello.protocolVersion, 1);
  EXPECT_EQ(hello.sessionToken, "abcdefgh");
  EXPECT_EQ(hello.clientName, "mxi");
  EXPECT_EQ(std::get<Heartbeat>(msgs[1]).sequence, 1u);
  EXPECT_EQ(std::get<Heartbeat>(msgs[1]).monotonicMs, 2u);
}

TEST(ProtocolCodec, EveryMessageRoundTripsByteForByte) {
  FrameTiming ft;
  ft.flags = 1;
  ft.intendedVsync = 25821299661779;
  ft.frameCompleted = 25821883970307;
  ft.frameIntervalNs = 16666667;
  ft.gpuCompleted = -1;
  const std::vector<Message> all = {
      Hello{1, "tok_12345678", "test"},
      StartCollecting{"com.example.app", 500, kCollectFrames | kCollectAnr, 1700000000123},
      StopCollecting{},
      HeapDumpRequest{7, "com.example.app", 1234, 1},
      ProcessListRequest{},
      AgentHello{1, "0.1.0", "ca203fc19e8b6265", "Pixel 7", 34, "arm64-v8a", 120000, 1700000000456, "aarch64"},
      FrameBatch{"com.example.app", "com.example.app.MainActivity", 16666667, {ft, ft}},
      SceneChange{123456789, "com.example.app", "com.example.app.MainActivity"},
      MatrixIssue{1683420595133, 20001, "TestPluginListener", "io", 2, "null", IssueKind::kIo, true, "{\"a\":1", 98765},
      AnrReport{1700000000000, 4242, "com.example.app", "Input dispatching timed out", "----- pid 4242", 5},
      ProcessList{"com.example.app", {{1, "root", "init"}, {4242, "u0_a12", "com.example.app"}}},
      AppState{"com.example.app", 4242, AppRunState::kRunning, true},
      HeapDumpBegin{7, 4242, 1 << 20, kHeapDumpGcFirst | kHeapDumpShrinkOnDevice, 3 << 20},
      HeapDumpChunk{7, 262144, 262144, {0x78, 0x01, 0x02}},
      HeapDumpEnd{7, 1 << 20, 0xdeadbeef},
      Error{ErrorCode::kInvalidPackage, 7, "invalid package name"},
      Heartbeat{9, 10},
      PackageListRequest{kThirdPartyPackagesOnly},
      PackageList{{{"com.example.app", true, 4242}, {"com.example.idle", false, 0}}},
      FrameGap{"com.example.app", "com.example.app.MainActivity", 25821299661779, 25822299661779, 59},
      MethodTraceRequest{8, "com.example.app", 0, 3000, 1000, kMethodTraceLaunch, "com.example.app/.Main"},
      MethodTraceStarted{8, 4242, "Status: ok\nLaunchState: COLD\nTotalTime: 612\n"},
      MemorySample{25821299661779, 4242, 61234, -1, -1, -1, -1, -1, -1, 111635, -1, -1, kSampleLeakFound,
                   "dumpsys meminfo --local"},
      StartCollecting{"com.example.app", 500, kCollectAll, 0, 1000, LeakWatchMode::kManual, 2000, 4},
  };
  std::vector<uint8_t> stream;
  for (const Message& m : all) appendMessage(stream, m);
  for (size_t chunk : {size_t{1}, size_t{7}, stream.size()}) {
    const auto back = decodeAll(stream, chunk);
    ASSERT_EQ(back.size(), all.size()) << "chunk " << chunk;
    for (size_t i = 0; i < all.size(); ++i) {
      EXPECT_EQ(back[i].index(), all[i].index());
      EXPECT_EQ(encodeMessage(back[i]), encodeMessage(all[i])) << "message " << i;
    }
  }
  const auto batch = std::get<FrameBatch>(decodeAll(encodeMessage(all[6]))[0]);
  ASSERT_EQ(batch.frames.size(), 2u);
  EXPECT_EQ(batch.frames[0], ft);
}

// PackageList{{"a.b", running, pid 42}} and PackageListRequest{third-party only}, computed with
// Python (struct.pack + zlib.crc32).
const std::vector<uint8_t> kPackageListFrame = {0x4d, 0x58, 0x01, 0x00, 0x1c, 0x00, 0x14, 0x00, 0x00, 0x00, 0xe1, 0x23,
                                                0x09, 0xf0, 0x01, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x03, 0x00,
                                                0x00, 0x00, 0x61, 0x2e, 0x62, 0x01, 0x2a, 0x00, 0x00, 0x00};
const std::vector<uint8_t> kPackageListRequestFrame = {0x4d, 0x58, 0x01, 0x00, 0x06, 0x00, 0x04, 0x00, 0x00,
                                                       0x00, 0xc6, 0x4f, 0x3c, 0xde, 0x01, 0x00, 0x00, 0x00};

TEST(ProtocolCodec, PackageListEncodesToGoldenBytesAndBack) {
  EXPECT_EQ(encodeMessage(PackageList{{{"a.b", true, 42}}}), kPackageListFrame);
  EXPECT_EQ(encodeMessage(PackageListRequest{kThirdPartyPackagesOnly}), kPackageListRequestFrame);
  const auto list = decodeAll(kPackageListFrame);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(std::get<PackageList>(list[0]).packages, (std::vector<PackageInfo>{{"a.b", true, 42}}));
  const auto request = decodeAll(kPackageListRequestFrame);
  ASSERT_EQ(request.size(), 1u);
  EXPECT_EQ(std::get<PackageListRequest>(request[0]).flags, 1u);
}

TEST(ProtocolCodec, PackageEntriesOfANewerLayoutDecode) {
  // Two entries, the first with a field a later version appends: both decode, the extra is skipped.
  std::vector<uint8_t> payload = {2, 0, 0, 0};
  ByteWriter w(payload);
  w.u32(4 + 3 + 1 + 4 + 2);
  w.str("a.b");
  w.u8(1);
  w.i32(42);
  w.u16(0xBEEF);
  w.u32(4 + 3 + 1 + 4);
  w.str("c.d");
  w.u8(0);
  w.i32(0);
  std::vector<uint8_t> stream;
  appendFrame(stream, static_cast<uint16_t>(MessageType::kPackageList), 2, payload);
  const auto msgs = decodeAll(stream);
  ASSERT_EQ(msgs.size(), 1u);
  EXPECT_EQ(std::get<PackageList>(msgs[0]).packages, (std::vector<PackageInfo>{{"a.b", true, 42}, {"c.d", false, 0}}));
}

TEST(ProtocolCodec, ShortPackageEntryNamesTheFieldAndOffset) {
  // The entry claims 5 bytes: its name (length 3) does not fit.
  std::vector<uint8_t> payload = {1, 0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0, 'a', 0, 0, 0, 0, 0, 0, 0, 0};
  std::vector<uint8_t> stream;
  appendFrame(stream, static_cast<uint16_t>(MessageType::kPackageList), 1, payload);
  FrameDecoder d;
  d.feed(stream);
  auto f = d.next();
  ASSERT_TRUE(f.ok() && f->has_value());
  auto m = decodeMessage(**f);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().message(), "PackageInfo.packageName: length 3 exceeds the 1 bytes left");
  EXPECT_EQ(m.status().offset(), kFrameHeaderBytes + 8u);
}

// StartCollecting{"a.b", 1000 ms, collectors 15, logSinceMs 1700000000123}: layout 2 (Python), as a
// desktop from before memory sampling sends it.
const std::vector<uint8_t> kStartCollectingFrame = {
    0x4d, 0x58, 0x02, 0x00, 0x02, 0x00, 0x17, 0x00, 0x00, 0x00, 0x6e, 0x60, 0x6c, 0xf5, 0x03, 0x00, 0x00, 0x00, 0x61,
    0x2e, 0x62, 0xe8, 0x03, 0x00, 0x00, 0x0f, 0x00, 0x00, 0x00, 0x7b, 0x68, 0xe5, 0xcf, 0x8b, 0x01, 0x00, 0x00};

TEST(ProtocolCodec, StartCollectingLayout2DecodesWithMemoryOff) {
  const auto back = decodeAll(kStartCollectingFrame);
  ASSERT_EQ(back.size(), 1u);
  const auto& start = std::get<StartCollecting>(back[0]);
  EXPECT_EQ(start.logSinceMs, 1700000000123u);
  EXPECT_EQ(start.memoryIntervalMs, 0u);
  EXPECT_EQ(start.leakWatch, LeakWatchMode::kOff);
  EXPECT_EQ(start.leakCheckIntervalMs, 0u);
  EXPECT_EQ(start.leakChecks, 0u);
  EXPECT_EQ(start.sqlIntervalMs, 0u);  // layout 4's: no SQL from an older desktop
  // The same message re-encoded is layout 4: layout 3's four fields (13 bytes) and layout 4's
  // sqlIntervalMs (4) after the layout-2 payload.
  const std::vector<uint8_t> now = encodeMessage(start);
  EXPECT_EQ(now[2], 4);
  EXPECT_EQ(now.size(), kStartCollectingFrame.size() + 13 + 4);
  EXPECT_TRUE(std::equal(kStartCollectingFrame.begin() + 14, kStartCollectingFrame.end(), now.begin() + 14));
}

TEST(ProtocolCodec, LeakWatchModesHaveTheirVerdictNames) {
  EXPECT_STREQ(leakWatchModeName(LeakWatchMode::kOff), "off");
  EXPECT_STREQ(leakWatchModeName(LeakWatchMode::kReport), "report");
  EXPECT_STREQ(leakWatchModeName(LeakWatchMode::kManual), "manual");
  EXPECT_STREQ(leakWatchModeName(LeakWatchMode::kAuto), "auto");
  EXPECT_STREQ(leakWatchModeName(static_cast<LeakWatchMode>(9)), "report");  // a newer desktop's mode
}

TEST(ProtocolCodec, Layout1PayloadsWithoutAppendedFieldsDecodeWithDefaults) {
  // What a sender from before layout 2 wrote: the same fields without the appended u64.
  auto layout1 = [](const Message& m, size_t appendedBytes) {
    std::vector<uint8_t> payload = encodePayload(m);
    payload.resize(payload.size() - appendedBytes);
    std::vector<uint8_t> stream;
    appendFrame(stream, static_cast<uint16_t>(messageType(m)), 1, payload);
    return stream;
  };
  const auto start = decodeAll(
      layout1(StartCollecting{"a.b", 1000, kCollectAll, 77, 1000, LeakWatchMode::kAuto, 1, 2, 3000}, 8 + 13 + 4));
  ASSERT_EQ(start.size(), 1u);
  EXPECT_EQ(std::get<StartCollecting>(start[0]).collectors, uint32_t{kCollectAll});
  EXPECT_EQ(std::get<StartCollecting>(start[0]).logSinceMs, 0u);
  EXPECT_EQ(std::get<StartCollecting>(start[0]).memoryIntervalMs, 0u);
  EXPECT_EQ(std::get<StartCollecting>(start[0]).sqlIntervalMs, 0u);
  EXPECT_EQ(std::get<StartCollecting>(start[0]).leakWatch, LeakWatchMode::kOff);
  const auto issue = decodeAll(layout1(MatrixIssue{1, 2, "L", "io", 3, "k", IssueKind::kIo, false, "{}", 99}, 8));
  ASSERT_EQ(issue.size(), 1u);
  EXPECT_EQ(std::get<MatrixIssue>(issue[0]).contentJson, "{}");
  EXPECT_EQ(std::get<MatrixIssue>(issue[0]).monotonicNs, 0u);
  const AgentHello fullHello{1, "v", "h", "m", 34, "x86_64", 60000, 5, "arm", 77};
  const auto hello = decodeAll(layout1(fullHello, 8 + 4 + 3 + 8));
  ASSERT_EQ(hello.size(), 1u);
  EXPECT_EQ(std::get<AgentHello>(hello[0]).wallClockMs, 0u);
  EXPECT_EQ(std::get<AgentHello>(hello[0]).agentMachine, "");
  const auto hello2 = decodeAll(layout1(fullHello, 4 + 3 + 8));
  ASSERT_EQ(hello2.size(), 1u);
  EXPECT_EQ(std::get<AgentHello>(hello2[0]).wallClockMs, 5u);  // layout 2: before the agent's machine
  EXPECT_EQ(std::get<AgentHello>(hello2[0]).agentMachine, "");
  const auto hello3 = decodeAll(layout1(fullHello, 8));
  ASSERT_EQ(hello3.size(), 1u);
  EXPECT_EQ(std::get<AgentHello>(hello3[0]).agentMachine, "arm");  // layout 3: before the monotonic clock
  EXPECT_EQ(std::get<AgentHello>(hello3[0]).monotonicNs, 0u);
  const auto hello4 = decodeAll(layout1(fullHello, 0));
  ASSERT_EQ(hello4.size(), 1u);
  EXPECT_EQ(std::get<AgentHello>(hello4[0]).monotonicNs, 77u);
  const auto begin = decodeAll(layout1(HeapDumpBegin{7, 42, 1000, 1, 5000}, 12));
  ASSERT_EQ(begin.size(), 1u);
  EXPECT_EQ(std::get<HeapDumpBegin>(begin[0]).flags, 0u);
  EXPECT_EQ(std::get<HeapDumpBegin>(begin[0]).originalBytes, 1000u);  // not shrunk
  const auto anr = decodeAll(layout1(AnrReport{1, 2, "a.b", "r", "t", 9}, 8));
  ASSERT_EQ(anr.size(), 1u);
  EXPECT_EQ(std::get<AnrReport>(anr[0]).traces, "t");
  EXPECT_EQ(std::get<AnrReport>(anr[0]).monotonicNs, 0u);
  // A cut appended field is an error, not a silent default.
  std::vector<uint8_t> payload = encodePayload(StartCollecting{"a.b", 1000, kCollectAll, 77});
  payload.resize(payload.size() - 4 - 13 - 3);
  std::vector<uint8_t> stream;
  appendFrame(stream, static_cast<uint16_t>(MessageType::kStartCollecting), 2, payload);
  FrameDecoder d;
  d.feed(stream);
  auto f = d.next();
  ASSERT_TRUE(f.ok() && f->has_value());
  auto m = decodeMessage(**f);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().message(), "truncated StartCollecting.logSinceMs: needs 8 bytes, 5 left");
  EXPECT_EQ(layoutVersion(MessageType::kStartCollecting), 4);
  // A layout-3 payload cut inside its appended fields is an error too.
  std::vector<uint8_t> cut3 = encodePayload(StartCollecting{"a.b", 1000, kCollectAll, 77, 1000});
  cut3.resize(cut3.size() - 4 - 6);
  std::vector<uint8_t> stream3;
  appendFrame(stream3, static_cast<uint16_t>(MessageType::kStartCollecting), 3, cut3);
  FrameDecoder d3;
  d3.feed(stream3);
  auto f3 = d3.next();
  ASSERT_TRUE(f3.ok() && f3->has_value());
  auto m3 = decodeMessage(**f3);
  ASSERT_FALSE(m3.ok());
  EXPECT_EQ(m3.status().message(), "truncated StartCollecting.leakCheckIntervalMs: needs 4 bytes, 2 left");
  EXPECT_EQ(layoutVersion(MessageType::kHeartbeat), 1);
}

TEST(ProtocolCodec, HeapDumpFlagsPackTheBitmapFormat) {
  EXPECT_EQ(bitmapFormatFlags(BitmapFormat::kPng), 2u);
  EXPECT_EQ(bitmapFormatFlags(BitmapFormat::kWebp), 6u);
  EXPECT_EQ(bitmapFormatOf(kHeapDumpGcFirst | bitmapFormatFlags(BitmapFormat::kJpg) | kHeapDumpShrinkOnDevice),
            BitmapFormat::kJpg);
  EXPECT_EQ(bitmapFormatOf(kHeapDumpGcFirst | kHeapDumpShrinkOnDevice), BitmapFormat::kNone);
  EXPECT_STREQ(bitmapFormatName(BitmapFormat::kPng), "png");
  EXPECT_STREQ(bitmapFormatName(BitmapFormat::kJpg), "jpg");
  EXPECT_STREQ(bitmapFormatName(BitmapFormat::kWebp), "webp");
  EXPECT_STREQ(bitmapFormatName(BitmapFormat::kNone), "");
}

TEST(ProtocolCodec, UnknownTypeIsSkippedAndTheStreamContinues) {
  std::vector<uint8_t> stream;
  const std::vector<uint8_t> payload = {1, 2, 3};
  appendFrame(stream, 0x7777, 1, payload);
  appendMessage(stream, Heartbeat{5, 6});
  const auto msgs = decodeAll(stream);
  ASSERT_EQ(msgs.size(), 2u);
  EXPECT_EQ(std::get<UnknownMessage>(msgs[0]).type, 0x7777);
  EXPECT_EQ(std::get<UnknownMessage>(msgs[0]).payloadBytes, 3u);
  EXPECT_EQ(std::get<Heartbeat>(msgs[1]).sequence, 5u);
}

TEST(ProtocolCodec, NewerLayoutWithAppendedFieldsDecodes) {
  std::vector<uint8_t> payload = encodePayload(Heartbeat{3, 4});
  payload.push_back(0xAA);  // a field a later version appends
  std::vector<uint8_t> stream;
  appendFrame(stream, static_cast<uint16_t>(MessageType::kHeartbeat), 2, payload);
  const auto msgs = decodeAll(stream);
  ASSERT_EQ(msgs.size(), 1u);
  EXPECT_EQ(std::get<Heartbeat>(msgs[0]).monotonicMs, 4u);
}

TEST(ProtocolCodec, ChecksumMismatchNamesTheFrameOffset) {
  std::vector<uint8_t> stream = kHeartbeatFrame;
  stream.insert(stream.end(), kHeartbeatFrame.begin(), kHeartbeatFrame.end());
  stream[30 + 20] ^= 0x01;  // a payload byte of the second frame
  FrameDecoder d;
  d.feed(stream);
  ASSERT_TRUE(d.next().ok());
  auto bad = d.next();
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().toString(), "protocol frame: checksum mismatch (type 27) (at byte offset 30)");
  EXPECT_FALSE(d.next().ok());  // framing is lost for good
}

TEST(ProtocolCodec, BadMagicAndVersionZeroAreRejected) {
  std::vector<uint8_t> stream = kHeartbeatFrame;
  stream[0] = 'Z';
  FrameDecoder d;
  d.feed(stream);
  EXPECT_EQ(d.next().status().toString(), "protocol frame: bad magic (framing lost) (at byte offset 0)");
  stream = kHeartbeatFrame;
  stream[2] = 0;
  FrameDecoder d2;
  d2.feed(stream);
  EXPECT_EQ(d2.next().status().toString(), "protocol frame: version 0 is invalid (at byte offset 0)");
}

TEST(ProtocolCodec, OversizedLengthIsRejectedBeforeThePayloadArrives) {
  std::vector<uint8_t> header = {'M', 'X', 1, 0, 0x1b, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0};
  FrameDecoder d(1024);
  d.feed(header);
  EXPECT_EQ(d.next().status().toString(),
            "protocol frame: payload length 2147483647 exceeds the limit of 1024 bytes (at byte offset 0)");
}

TEST(ProtocolCodec, PartialFrameWaitsThenFinishReportsIt) {
  FrameDecoder d;
  d.feed(std::span(kHeartbeatFrame).first(20));
  auto f = d.next();
  ASSERT_TRUE(f.ok());
  EXPECT_FALSE(f->has_value());
  EXPECT_EQ(d.finish().toString(), "protocol stream ends inside a frame (20 bytes pending) (at byte offset 0)");
}

TEST(ProtocolCodec, TruncatedFieldNamesFieldAndStreamOffset) {
  // A Hello whose token length says 8 but only 3 bytes follow.
  const std::vector<uint8_t> payload = {0x01, 0x00, 0x08, 0x00, 0x00, 0x00, 'a', 'b', 'c'};
  std::vector<uint8_t> stream = kHeartbeatFrame;  // 30 bytes first, so offsets are stream offsets
  appendFrame(stream, static_cast<uint16_t>(MessageType::kHello), 1, payload);
  FrameDecoder d;
  d.feed(stream);
  ASSERT_TRUE(d.next().ok());
  auto f = d.next();
  ASSERT_TRUE(f.ok() && f->has_value());
  auto m = decodeMessage(**f);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().toString(), "Hello.sessionToken: length 8 exceeds the 3 bytes left (at byte offset 46)");
}

TEST(ProtocolCodec, HostileFrameCountDoesNotAllocate) {
  std::vector<uint8_t> payload = encodePayload(FrameBatch{"p.q", "s", 1, {}});
  // Overwrite the frame count (last 4 bytes) with 2^32-1.
  for (size_t i = payload.size() - 4; i < payload.size(); ++i) payload[i] = 0xff;
  std::vector<uint8_t> stream;
  appendFrame(stream, static_cast<uint16_t>(MessageType::kFrameBatch), 1, payload);
  FrameDecoder d;
  d.feed(stream);
  auto f = d.next();
  ASSERT_TRUE(f.ok() && f->has_value());
  auto m = decodeMessage(**f);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().toString(),
            "FrameBatch.frames: count 4294967295 does not fit in the 0 bytes left (at byte offset 34)");
}

TEST(ProtocolCodec, IssueKindsFollowMatrixTags) {
  EXPECT_EQ(issueKindFromTag("Trace_EvilMethod"), IssueKind::kEvilMethod);
  EXPECT_EQ(issueKindFromTag("Trace_FPS"), IssueKind::kFps);
  EXPECT_EQ(issueKindFromTag("Trace_StartUp"), IssueKind::kStartup);
  EXPECT_EQ(issueKindFromTag("io"), IssueKind::kIo);
  EXPECT_EQ(issueKindFromTag("memory"), IssueKind::kMemory);
  EXPECT_EQ(issueKindFromTag("SQLiteLint"), IssueKind::kSqlite);
  EXPECT_EQ(issueKindFromTag("Trace_Something"), IssueKind::kUnknown);
  EXPECT_STREQ(issueKindName(IssueKind::kEvilMethod), "evil-method");
}

}  // namespace
}  // namespace mxi::core::protocol
