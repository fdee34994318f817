// A protocol connection to a running mxi-agent over any adb stream (localabstract:mxi_<token>):
// frames out, messages in (heartbeats counted, not returned).
#pragma once

#include <memory>
#include <string>

#include "core/adb/adb_stream.h"
#include "core/protocol/frame_codec.h"
#include "core/protocol/messages.h"

namespace mxi::core::agentlink {

class AgentConnection {
 public:
  explicit AgentConnection(std::unique_ptr<adb::AdbStream> stream) : m_stream(std::move(stream)) {}

  Status send(const protocol::Message& message, const adb::IoLimits& limits);
  // The next message other than a Heartbeat. The limits' timeout bounds the silence: the agent
  // sends a heartbeat every second, so a timeout means it is gone. 0 bytes: the agent closed.
  StatusOr<protocol::Message> receive(const adb::IoLimits& limits);
  // Hello with the token → the agent's AgentHello (an Error answer becomes a Status).
  StatusOr<protocol::AgentHello> handshake(const std::string& token, const adb::IoLimits& limits);
  void close() { m_stream->close(); }
  uint64_t heartbeats() const { return m_heartbeats; }

 private:
  std::unique_ptr<adb::AdbStream> m_stream;
  protocol::FrameDecoder m_decoder;
  uint64_t m_heartbeats = 0;
};

}  // namespace mxi::core::agentlink
