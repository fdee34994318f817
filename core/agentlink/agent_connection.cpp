#include "core/agentlink/agent_connection.h"

#include "core/protocol/message_codec.h"

namespace mxi::core::agentlink {

Status AgentConnection::send(const protocol::Message& message, const adb::IoLimits& limits) {
  const std::vector<uint8_t> bytes = protocol::encodeMessage(message);
  return m_stream->write(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), limits);
}

StatusOr<protocol::Message> AgentConnection::receive(const adb::IoLimits& limits) {
  char buffer[64 * 1024];
  for (;;) {
    ASSIGN_OR_RETURN(std::optional<protocol::Frame> frame, m_decoder.next());
    if (frame) {
      ASSIGN_OR_RETURN(protocol::Message message, protocol::decodeMessage(*frame));
      if (std::holds_alternative<protocol::Heartbeat>(message)) {
        ++m_heartbeats;
        continue;
      }
      if (std::holds_alternative<protocol::UnknownMessage>(message)) continue;  // newer agent
      return message;
    }
    ASSIGN_OR_RETURN(const size_t n, m_stream->read(buffer, sizeof buffer, limits));
    if (n == 0) return ioError("the agent closed the connection (" + m_stream->description() + ")");
    m_decoder.feed(std::span(reinterpret_cast<const uint8_t*>(buffer), n));
  }
}

StatusOr<protocol::AgentHello> AgentConnection::handshake(const std::string& token, const adb::IoLimits& limits) {
  RETURN_IF_ERROR(send(protocol::Hello{protocol::kProtocolVersion, token, "mxi"}, limits));
  ASSIGN_OR_RETURN(protocol::Message reply, receive(limits));
  if (const auto* hello = std::get_if<protocol::AgentHello>(&reply)) {
    // A field added or removed mid-message reads as garbage on the other side: refuse at once.
    if (hello->protocolVersion != protocol::kProtocolVersion) {
      return invalidInput("the agent speaks protocol " + std::to_string(hello->protocolVersion) + ", this mxi " +
                          std::to_string(protocol::kProtocolVersion) +
                          ": deploy the agent of this build (mxi agent deploy)");
    }
    return *hello;
  }
  if (const auto* error = std::get_if<protocol::Error>(&reply)) return invalidInput("agent refused: " + error->message);
  return invalidInput("agent answered Hello with message type " +
                      std::to_string(static_cast<int>(protocol::messageType(reply))));
}

}  // namespace mxi::core::agentlink
