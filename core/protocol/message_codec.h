// Encoding and decoding of protocol messages to and from frames (frame_codec.h).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/base/status.h"
#include "core/protocol/frame_codec.h"
#include "core/protocol/messages.h"

namespace mxi::core::protocol {

// The payload bytes of a message (no frame header). UnknownMessage cannot be encoded.
std::vector<uint8_t> encodePayload(const Message& message);
MessageType messageType(const Message& message);
// The layout version byte a frame of this type carries (bumped when fields are appended).
uint8_t layoutVersion(MessageType type);

// A complete frame for `message`, appended to `out`.
void appendMessage(std::vector<uint8_t>& out, const Message& message);
std::vector<uint8_t> encodeMessage(const Message& message);

// The message in `frame`; unknown types give UnknownMessage. Trailing bytes after the fields
// this build knows are ignored (newer layouts append fields). Errors name the offset within the
// stream (frame start + header + payload offset).
StatusOr<Message> decodeMessage(const Frame& frame);

// Largest string a sender puts in a message (traces are cut to it, with a marker).
inline constexpr size_t kMaxTextBytes = kMaxPayloadBytes - 64 * 1024;

}  // namespace mxi::core::protocol
