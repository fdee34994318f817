// The agent's link to the desktop: the abstract socket @mxi_<token> (adb's localabstract), one
// client at a time (a second is told "agent busy" and closed), framing, the Hello with the
// session token (compared in constant time) and the protocol version first, a Heartbeat every
// second once authenticated. A client whose socket fails is dropped at once; the owner learns of
// it with takeDropped() and ends what the client had started.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <utility>

#include "core/base/status.h"
#include "core/protocol/frame_codec.h"
#include "core/protocol/messages.h"

namespace mxi::agent {

class ClientConnection {
 public:
  using Clock = std::chrono::steady_clock;
  // The answer to a good Hello (the device's AgentHello).
  using HelloAnswer = std::function<core::protocol::AgentHello()>;
  // Each message an authenticated client sent.
  using OnMessage = std::function<void(const core::protocol::Message&)>;

  ClientConnection(std::string token, HelloAnswer helloAnswer);
  ~ClientConnection();
  ClientConnection(const ClientConnection&) = delete;
  ClientConnection& operator=(const ClientConnection&) = delete;

  core::Status listen();
  int listenFd() const { return m_listenFd; }
  int clientFd() const { return m_clientFd; }
  bool connected() const { return m_clientFd >= 0; }
  bool authenticated() const { return m_authenticated; }
  // Since when no client has been connected (the idle timeout counts from it).
  Clock::time_point idleSince() const { return m_idleSince; }

  void accept();
  // Reads what the client sent: the Hello here, the rest to `onMessage`.
  void read(const OnMessage& onMessage);
  // False when no client is connected or writing failed (the client is then dropped).
  bool send(const core::protocol::Message& message);
  void sendError(core::protocol::ErrorCode code, std::string message, uint32_t requestId = 0);
  // Sends the heartbeat when due; when the next one is.
  void heartbeat(Clock::time_point now);
  Clock::time_point nextHeartbeat() const { return m_nextHeartbeat; }
  // True once after the client was dropped.
  bool takeDropped() { return std::exchange(m_dropped, false); }

 private:
  void drop();
  void authenticate(const core::protocol::Message& message);

  std::string m_token;
  HelloAnswer m_helloAnswer;
  int m_listenFd = -1;
  int m_clientFd = -1;
  bool m_authenticated = false;
  bool m_dropped = false;
  core::protocol::FrameDecoder m_decoder;
  Clock::time_point m_idleSince = Clock::now();
  Clock::time_point m_nextHeartbeat;
  uint64_t m_heartbeatSeq = 0;
};

}  // namespace mxi::agent
