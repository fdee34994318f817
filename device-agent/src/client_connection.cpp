#include "device-agent/src/client_connection.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>

#include "core/protocol/message_codec.h"
#include "device-agent/src/agent_clocks.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

namespace {

bool constantTimeEquals(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

ClientConnection::ClientConnection(std::string token, HelloAnswer helloAnswer)
    : m_token(std::move(token)), m_helloAnswer(std::move(helloAnswer)) {}

ClientConnection::~ClientConnection() {
  if (m_clientFd >= 0) close(m_clientFd);
  if (m_listenFd >= 0) close(m_listenFd);
}

core::Status ClientConnection::listen() {
  m_listenFd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (m_listenFd < 0) return core::ioError(std::string("socket: ") + std::strerror(errno));
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const std::string name = "mxi_" + m_token;
  // Abstract namespace: leading NUL, no file on disk, reachable as adb's localabstract:mxi_<token>.
  std::memcpy(addr.sun_path + 1, name.data(), name.size());
  const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  if (bind(m_listenFd, reinterpret_cast<sockaddr*>(&addr), len) != 0) {
    return core::ioError("bind @" + name + ": " + std::strerror(errno));
  }
  if (::listen(m_listenFd, 2) != 0) return core::ioError(std::string("listen: ") + std::strerror(errno));
  m_idleSince = Clock::now();
  return core::okStatus();
}

void ClientConnection::accept() {
  const int fd = accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return;
  if (m_clientFd >= 0) {  // one client at a time
    std::vector<uint8_t> bytes =
        proto::encodeMessage(proto::Error{proto::ErrorCode::kBadRequest, 0, "agent busy: another client is connected"});
    (void)::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    close(fd);
    return;
  }
  timeval tv{10, 0};  // a client that stops reading must not wedge the agent forever
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  m_clientFd = fd;
  m_authenticated = false;
  m_decoder = proto::FrameDecoder();
}

void ClientConnection::drop() {
  if (m_clientFd >= 0) close(m_clientFd);
  m_clientFd = -1;
  m_authenticated = false;
  m_dropped = true;
  m_idleSince = Clock::now();
}

void ClientConnection::read(const OnMessage& onMessage) {
  uint8_t buf[16384];
  const ssize_t n = recv(m_clientFd, buf, sizeof buf, 0);
  if (n < 0 && errno == EINTR) return;
  if (n <= 0) {
    drop();  // disconnected
    return;
  }
  m_decoder.feed(std::span(buf, static_cast<size_t>(n)));
  for (;;) {
    auto frame = m_decoder.next();
    if (!frame.ok()) {
      sendError(proto::ErrorCode::kBadRequest, frame.status().toString());
      drop();  // bad frame
      return;
    }
    if (!frame->has_value()) return;
    auto message = proto::decodeMessage(**frame);
    if (!message.ok()) {
      sendError(proto::ErrorCode::kBadRequest, message.status().toString());
      continue;
    }
    if (m_authenticated) {
      onMessage(*message);
    } else {
      authenticate(*message);
    }
    if (m_clientFd < 0) return;
  }
}

void ClientConnection::authenticate(const proto::Message& message) {
  const auto* hello = std::get_if<proto::Hello>(&message);
  if (hello == nullptr || !constantTimeEquals(hello->sessionToken, m_token)) {
    sendError(proto::ErrorCode::kBadToken,
              hello == nullptr ? "the first message must be Hello" : "wrong session token");
    drop();
    return;
  }
  if (hello->protocolVersion != proto::kProtocolVersion) {
    // The desktop of another build: its messages would not decode here, nor ours there.
    sendError(proto::ErrorCode::kBadRequest, "this agent speaks protocol " + std::to_string(proto::kProtocolVersion) +
                                                 ", the desktop " + std::to_string(hello->protocolVersion) +
                                                 ": deploy the agent of the desktop's build");
    drop();
    return;
  }
  m_authenticated = true;
  send(m_helloAnswer());
  m_nextHeartbeat = Clock::now() + 1s;
}

bool ClientConnection::send(const proto::Message& message) {
  if (m_clientFd < 0) return false;
  const std::vector<uint8_t> bytes = proto::encodeMessage(message);
  size_t off = 0;
  while (off < bytes.size()) {
    const ssize_t n = ::send(m_clientFd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      drop();  // write failed
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

void ClientConnection::sendError(proto::ErrorCode code, std::string message, uint32_t requestId) {
  send(proto::Error{code, requestId, std::move(message)});
}

void ClientConnection::heartbeat(Clock::time_point now) {
  if (!m_authenticated || now < m_nextHeartbeat) return;
  send(proto::Heartbeat{++m_heartbeatSeq, monotonicNs() / 1'000'000u});
  m_nextHeartbeat = Clock::now() + 1s;
}

}  // namespace mxi::agent
