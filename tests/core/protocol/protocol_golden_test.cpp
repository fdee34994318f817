// Wire codec: a byte-exact golden frame in both directions for every message type (house rule
// X3), so a change to how a message's fields are walked cannot change a byte unnoticed. The
// frames were computed independently of the codec from docs/PROTOCOL.md (Python: struct.pack +
// zlib.crc32); each hex string is the 10-byte header, the CRC, then one group per field.
#include <gtest/gtest.h>

#include <string_view>

#include "core/protocol/frame_codec.h"
#include "core/protocol/message_codec.h"

namespace mxi::core::protocol {
namespace {

std::vector<uint8_t> fromHex(std::string_view hex) {
  std::vector<uint8_t> out;
  auto nibble = [](char c) { return static_cast<uint8_t>(c <= '9' ? c - '0' : c - 'a' + 10); };
  for (size_t i = 0; i < hex.size(); ++i) {
    if (hex[i] == ' ') continue;
    out.push_back(static_cast<uint8_t>(nibble(hex[i]) << 4 | nibble(hex[i + 1])));
    ++i;
  }
  return out;
}

struct Golden {
  const char* name;
  Message message;
  const char* hex;
};

FrameTiming goldenTiming() {
  FrameTiming f;
  f.flags = 1;
  int64_t v = 100;
  for (int64_t* field :
       {&f.intendedVsync, &f.vsync, &f.handleInputStart, &f.animationStart, &f.performTraversalsStart, &f.drawStart,
        &f.syncQueued, &f.syncStart, &f.issueDrawCommandsStart, &f.swapBuffers, &f.frameCompleted}) {
    *field = v++;
  }
  f.gpuCompleted = -1;
  f.frameIntervalNs = 16666667;
  return f;
}

// The types protocol_codec_test.cpp has no golden frame for (it covers Hello, Heartbeat,
// StopCollecting, StartCollecting's layout 2, PackageList and PackageListRequest), and
// StartCollecting's newest layout.
std::vector<Golden> goldens() {
  return {
      {"HeapDumpRequest", HeapDumpRequest{7, "a.b", 1234, kHeapDumpGcFirst | 4 | kHeapDumpShrinkOnDevice},
       "4d580100040013000000 31aa7cd5 07000000 03000000 612e62 d2040000 0d000000"},
      {"ProcessListRequest", ProcessListRequest{}, "4d580100050000000000 259623dd"},
      {"MethodTraceRequest",
       MethodTraceRequest{8, "a.b", 0, 3000, 1000, kMethodTraceLaunch | kMethodTraceStreaming, "a.b/.Main"},
       "4d580100070028000000 0e47ed52 08000000 03000000 612e62 00000000 b80b0000 e8030000 03000000 09000000 "
       "612e622f2e4d61696e"},
      {"AgentHello",
       AgentHello{1, "0.1", "ca203fc19e8b6265", "Pixel", 34, "arm64-v8a", 120000, 1700000000456, "aarch64", 987654321},
       "4d580400100056000000 cdb4ba6f 0100 03000000 302e31 10000000 63613230336663313965386236323635 05000000 "
       "506978656c 22000000 09000000 61726d36342d763861 c0d40100 c869e5cf8b010000 07000000 61617263683634 "
       "b168de3a00000000"},
      {"FrameBatch", FrameBatch{"a.b", "a.b.Main", 16666667, {goldenTiming()}},
       "4d58010011008f000000 dc0542a9 03000000 612e62 08000000 612e622e4d61696e 2b50fe0000000000 01000000 "
       "0100000000000000 6400000000000000 6500000000000000 6600000000000000 6700000000000000 6800000000000000 "
       "6900000000000000 6a00000000000000 6b00000000000000 6c00000000000000 6d00000000000000 6e00000000000000 "
       "ffffffffffffffff 2b50fe0000000000"},
      {"SceneChange", SceneChange{123456789, "a.b", "a.b.Main"},
       "4d58010012001b000000 fbfdd632 15cd5b0700000000 03000000 612e62 08000000 612e622e4d61696e"},
      {"MatrixIssue", MatrixIssue{1683420595133, 20001, "L", "io", 2, "k", IssueKind::kIo, true, "{\"a\":1", 98765},
       "4d580200130034000000 b1c46b26 bdc3aff387010000 214e0000 01000000 4c 02000000 696f 02000000 01000000 6b 04 01 "
       "06000000 7b2261223a31 cd81010000000000"},
      {"AnrReport", AnrReport{1700000000000, 4242, "a.b", "Input", "----- pid 4242", 5},
       "4d580200140036000000 04bb7362 0068e5cf8b010000 92100000 03000000 612e62 05000000 496e707574 0e000000 "
       "2d2d2d2d2d207069642034323432 0500000000000000"},
      {"ProcessList", ProcessList{"a.b", {{1, "root", "init"}, {4242, "u0_a12", "a.b"}}},
       "4d580100150034000000 321ce9ea 03000000 612e62 02000000 01000000 04000000 726f6f74 04000000 696e6974 92100000 "
       "06000000 75305f613132 03000000 612e62"},
      {"AppState", AppState{"a.b", 4242, AppRunState::kRunning, true},
       "4d58010016000d000000 9a9fa96d 03000000 612e62 92100000 01 01"},
      {"HeapDumpBegin", HeapDumpBegin{7, 4242, 1 << 20, kHeapDumpGcFirst | kHeapDumpShrinkOnDevice, 3 << 20},
       "4d58020017001c000000 33306e52 07000000 92100000 0000100000000000 09000000 0000300000000000"},
      {"HeapDumpChunk", HeapDumpChunk{7, 262144, 262144, {0x78, 0x01, 0x02}},
       "4d580100180017000000 e85b57cf 07000000 0000040000000000 00000400 03000000 780102"},
      {"HeapDumpEnd", HeapDumpEnd{7, 1 << 20, 0xdeadbeef},
       "4d580100190010000000 d9eb91bb 07000000 0000100000000000 efbeadde"},
      {"Error", Error{ErrorCode::kInvalidPackage, 7, "bad name"},
       "4d5801001a0014000000 f50e8c88 03000000 07000000 08000000 626164206e616d65"},
      {"FrameGap", FrameGap{"a.b", "a.b.Main", 25821299661779, 25822299661779, 59},
       "4d5801001d0027000000 683934ef 03000000 612e62 08000000 612e622e4d61696e d3db64fd7b170000 d3a5ff387c170000 "
       "3b000000"},
      {"MethodTraceStarted", MethodTraceStarted{8, 4242, "Status: ok\n"},
       "4d5801001e0017000000 b08693b7 08000000 92100000 0b000000 5374617475733a206f6b0a"},
      {"MemorySample",
       MemorySample{25821299661779, 4242, 61234, 22345, 13456, 812, 9876, 2345, 1567, 111635, 185000, -1,
                    kSampleGcForced, "dumpsys meminfo"},
       "4d5801001f0073000000 124e6bdf d3db64fd7b170000 92100000 32ef000000000000 4957000000000000 9034000000000000 "
       "2c03000000000000 9426000000000000 2909000000000000 1f06000000000000 13b4010000000000 a8d2020000000000 "
       "ffffffffffffffff 01000000 0f00000064756d70737973206d656d696e666f"},
      {"StrictModeReport",
       StrictModeReport{1700000000456, 4242, 4242, 25821299661779, StrictModeSource::kDropBox, true, "StrictMode: x"},
       "4d58010020002b000000 e190a10f c869e5cf8b010000 92100000 92100000 d3db64fd7b170000 01 01 0d000000 "
       "5374726963744d6f64653a2078"},
      {"StartCollecting",
       StartCollecting{"a.b", 1000, kCollectAll, 1700000000123, 1000, LeakWatchMode::kAuto, 5000, 3, 3000},
       "4d580400020028000000 5ba6afc3 03000000612e62 e8030000 0f000000 7b68e5cf8b010000 e8030000 03 88130000 "
       "03000000 b80b0000"},
      {"SqlOperations",
       SqlOperations{4242,
                     "com.x",
                     "/d/x.db",
                     0,
                     true,
                     {{"10-26 22:50:27.305", 1700000027305, 25821299661779, "execute", 12, "succeeded", "SELECT 1"}}},
       "4d580100210077000000 7220a77f 92100000 05000000636f6d2e78 070000002f642f782e6462 00000000 01 01000000 "
       "52000000 1200000031302d32362032323a35303a32372e333035 a9d2e5cf8b010000 d3db64fd7b170000 "
       "0700000065786563757465 0c00000000000000 09000000737563636565646564 0800000053454c4543542031"},
      {"SqliteLog", SqliteLog{1700000000456, 25821299661779, 4242, 4243, "(284) automatic index on t(c)"},
       "4d580100220039000000 26ef33d5 c869e5cf8b010000 d3db64fd7b170000 92100000 93100000 "
       "1d0000002832383429206175746f6d6174696320696e646578206f6e2074286329"},
  };
}

TEST(ProtocolGolden, EveryMessageEncodesToItsGoldenFrame) {
  for (const Golden& g : goldens()) EXPECT_EQ(encodeMessage(g.message), fromHex(g.hex)) << g.name;
}

TEST(ProtocolGolden, EveryGoldenFrameDecodesToItsMessage) {
  for (const Golden& g : goldens()) {
    const std::vector<uint8_t> bytes = fromHex(g.hex);
    FrameDecoder d;
    d.feed(bytes);
    auto frame = d.next();
    ASSERT_TRUE(frame.ok() && frame->has_value()) << g.name;
    auto message = decodeMessage(**frame);
    ASSERT_TRUE(message.ok()) << g.name << ": " << message.status().toString();
    EXPECT_TRUE(*message == g.message) << g.name;
  }
}

TEST(ProtocolGolden, ACutPayloadFailsWithAnOffsetUnlessAnOlderLayoutEndsThere) {
  // A cut payload gives a Status naming a byte of the frame, never a crash or a silently short
  // message. The exceptions are the cuts where an older layout ended (its appended fields
  // absent): one per layout after the first.
  for (const Golden& g : goldens()) {
    const std::vector<uint8_t> bytes = fromHex(g.hex);
    const std::span<const uint8_t> payload = std::span(bytes).subspan(kFrameHeaderBytes);
    int olderLayouts = 0;
    for (size_t keep = 0; keep < payload.size(); ++keep) {
      Frame frame;
      frame.type = static_cast<uint16_t>(messageType(g.message));
      frame.payload.assign(payload.begin(), payload.begin() + static_cast<std::ptrdiff_t>(keep));
      frame.streamOffset = 100;
      auto message = decodeMessage(frame);
      if (message.ok()) {
        ++olderLayouts;
        continue;
      }
      EXPECT_TRUE(message.status().hasOffset()) << g.name << " cut at " << keep;
      EXPECT_GE(message.status().offset(), 100 + kFrameHeaderBytes) << g.name << " cut at " << keep;
      EXPECT_LE(message.status().offset(), 100 + kFrameHeaderBytes + keep) << g.name << " cut at " << keep;
    }
    EXPECT_EQ(olderLayouts, layoutVersion(messageType(g.message)) - 1) << g.name;
  }
}

}  // namespace
}  // namespace mxi::core::protocol
