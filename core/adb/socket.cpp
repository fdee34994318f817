#include "core/adb/socket.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace mxi::core::adb {

namespace {

std::string errnoText(int err) { return std::strerror(err); }

void setNonBlocking(int fd) {
  const int flags = fcntl(fd, F_GETFL, 0);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

}  // namespace

Socket::Socket(int fd) : m_fd(fd) {
  if (m_fd >= 0) setNonBlocking(m_fd);
}

Socket::~Socket() { close(); }

Socket::Socket(Socket&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    close();
    m_fd = other.m_fd;
    other.m_fd = -1;
  }
  return *this;
}

void Socket::close() {
  if (m_fd >= 0) {
    ::close(m_fd);
    m_fd = -1;
  }
}

void Socket::shutdownWrite() {
  if (m_fd >= 0) ::shutdown(m_fd, SHUT_WR);
}

Status Socket::waitFor(short events, const IoLimits& limits, const char* what) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = limits.unbounded() ? Clock::time_point::max() : Clock::now() + limits.timeout;
  for (;;) {
    if (limits.cancelled()) return cancelled();
    const auto now = Clock::now();
    if (now >= deadline) {
      return timedOut(std::string("timed out after ") + std::to_string(limits.timeout.count()) + " ms " + what);
    }
    auto slice = kCancelPollSlice;
    if (deadline != Clock::time_point::max()) {
      slice = std::min(
          slice, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1));
    }
    pollfd p{m_fd, events, 0};
    const int r = ::poll(&p, 1, static_cast<int>(slice.count()));
    if (r > 0) return okStatus();  // ready, or an error/hangup the next call will report
    if (r < 0 && errno != EINTR) return ioError(std::string("poll: ") + errnoText(errno));
  }
}

StatusOr<Socket> Socket::connectTcp(const std::string& host, uint16_t port, const IoLimits& limits) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* result = nullptr;
  const std::string service = std::to_string(port);
  const int gai = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &result);
  if (gai != 0) return ioError("cannot resolve " + host + ": " + gai_strerror(gai));
  Status last = ioError("no address for " + host);
  for (addrinfo* ai = result; ai != nullptr; ai = ai->ai_next) {
    Socket s(::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol));
    if (!s.valid()) continue;
    const int one = 1;
    ::setsockopt(s.fd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (::connect(s.fd(), ai->ai_addr, ai->ai_addrlen) == 0) {
      freeaddrinfo(result);
      return s;
    }
    if (errno != EINPROGRESS) {
      last = ioError("connect to " + host + ":" + service + ": " + errnoText(errno));
      continue;
    }
    const Status waited = s.waitFor(POLLOUT, limits, ("connecting to " + host + ":" + service).c_str());
    if (!waited.ok()) {
      last = waited;
      if (waited.code() == StatusCode::kCancelled) break;
      continue;
    }
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(s.fd(), SOL_SOCKET, SO_ERROR, &err, &len);
    if (err == 0) {
      freeaddrinfo(result);
      return s;
    }
    last = ioError("connect to " + host + ":" + service + ": " + errnoText(err));
  }
  freeaddrinfo(result);
  return last;
}

StatusOr<Socket> Socket::connectUnix(const std::string& name, bool abstract, const IoLimits& limits) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const size_t offset = abstract ? 1 : 0;
  if (name.size() + offset >= sizeof addr.sun_path) return invalidInput("unix socket name too long: " + name);
  std::memcpy(addr.sun_path + offset, name.data(), name.size());
  const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + offset + name.size() + (abstract ? 0 : 1));
  Socket s(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!s.valid()) return ioError("socket: " + errnoText(errno));
  const std::string shown = (abstract ? "@" : "") + name;
  if (::connect(s.fd(), reinterpret_cast<const sockaddr*>(&addr), len) == 0) return s;
  if (errno != EINPROGRESS && errno != EAGAIN)
    return ioError("connect to unix socket " + shown + ": " + errnoText(errno));
  RETURN_IF_ERROR(s.waitFor(POLLOUT, limits, ("connecting to " + shown).c_str()));
  int err = 0;
  socklen_t elen = sizeof err;
  ::getsockopt(s.fd(), SOL_SOCKET, SO_ERROR, &err, &elen);
  if (err != 0) return ioError("connect to unix socket " + shown + ": " + errnoText(err));
  return s;
}

StatusOr<size_t> Socket::readSome(char* buffer, size_t size, const IoLimits& limits) {
  if (m_fd < 0) return ioError("read on a closed socket");
  for (;;) {
    const ssize_t n = ::recv(m_fd, buffer, size, 0);
    if (n >= 0) return static_cast<size_t>(n);
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return ioError(std::string("read: ") + errnoText(errno));
    RETURN_IF_ERROR(waitFor(POLLIN, limits, "waiting for data"));
  }
}

Status Socket::readExact(char* buffer, size_t size, const IoLimits& limits) {
  size_t done = 0;
  while (done < size) {
    ASSIGN_OR_RETURN(const size_t n, readSome(buffer + done, size - done, limits));
    if (n == 0) {
      return ioError("connection closed after " + std::to_string(done) + " of " + std::to_string(size) + " bytes");
    }
    done += n;
  }
  return okStatus();
}

Status Socket::writeAll(std::string_view data, const IoLimits& limits) {
  if (m_fd < 0) return ioError("write on a closed socket");
  while (!data.empty()) {
    const ssize_t n = ::send(m_fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n >= 0) {
      data.remove_prefix(static_cast<size_t>(n));
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return ioError(std::string("write: ") + errnoText(errno));
    RETURN_IF_ERROR(waitFor(POLLOUT, limits, "waiting to send"));
  }
  return okStatus();
}

}  // namespace mxi::core::adb
