// libFuzzer target: the agent wire protocol decoder (frames in arbitrary chunks, then every
// message decoded and re-encoded). Inputs must give a Status, never a crash or a CHECK.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/protocol/frame_codec.h"
#include "core/protocol/message_codec.h"

using namespace mxi::core::protocol;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  // First byte: bit 7 set wraps the rest as type (2 bytes) + payload in a valid frame, so the
  // message decoders are reached past the CRC; otherwise the rest is a raw stream and the low
  // bits pick the chunk size, so framing across feed() boundaries is exercised.
  std::vector<uint8_t> wrapped;
  if (data[0] & 0x80) {
    appendFrame(wrapped, static_cast<uint16_t>(data[1] | (data[2] << 8)), 1,
                std::span(data + 3, std::min<size_t>(size - 3, kMaxPayloadBytes)));
    wrapped.insert(wrapped.begin(), data[0]);
    data = wrapped.data();
    size = wrapped.size();
  }
  const size_t chunk = 1 + data[0] % 64;
  FrameDecoder decoder(1 << 20);
  for (size_t i = 1; i < size; i += chunk) {
    decoder.feed(std::span(data + i, std::min(chunk, size - i)));
    for (;;) {
      auto frame = decoder.next();
      if (!frame.ok() || !frame->has_value()) break;
      auto message = decodeMessage(**frame);
      if (!message.ok() || std::holds_alternative<UnknownMessage>(*message)) continue;
      // What decodes must re-encode and decode to the same bytes.
      const std::vector<uint8_t> again = encodeMessage(*message);
      FrameDecoder check;
      check.feed(again);
      auto f2 = check.next();
      if (!f2.ok() || !f2->has_value()) __builtin_trap();
      auto m2 = decodeMessage(**f2);
      if (!m2.ok() || encodeMessage(*m2) != again) __builtin_trap();
    }
  }
  (void)decoder.finish();
  return 0;
}
