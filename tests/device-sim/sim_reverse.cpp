#include "tests/device-sim/sim_reverse.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <charconv>
#include <cstring>

#include "core/adb/smart_socket.h"
#include "core/adb/socket.h"
#include "tests/device-sim/sim_services.h"

namespace mxi::sim {

using namespace core::adb;
using namespace core;

namespace {

constexpr IoLimits kLimits{std::chrono::milliseconds(10000), nullptr};

StatusOr<int> listenOn(const std::string& spec, const SimContext& ctx, uint16_t& boundPort) {
  boundPort = 0;
  if (spec.rfind("tcp:", 0) == 0) {
    unsigned port = 0;
    const std::string digits = spec.substr(4);
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), port);
    if (r.ec != std::errc() || port > 65535) return invalidInput("bad port in " + spec);
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 16) != 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      return ioError("cannot bind '" + spec + "': " + why);
    }
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    boundPort = ntohs(addr.sin_port);
    return fd;
  }
  const bool abstract = spec.rfind("localabstract:", 0) == 0;
  if (!abstract && spec.rfind("localfilesystem:", 0) != 0) return invalidInput("cannot listen on '" + spec + "'");
  const std::string name = abstract ? spec.substr(14) : mapDevicePath(ctx, spec.substr(16));
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const size_t offset = abstract ? 1 : 0;
  if (name.size() + offset >= sizeof addr.sun_path) return invalidInput("socket name too long: " + spec);
  std::memcpy(addr.sun_path + offset, name.data(), name.size());
  if (!abstract) ::unlink(name.c_str());
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + offset + name.size() + (abstract ? 0 : 1));
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), len) != 0 || ::listen(fd, 16) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    return ioError("cannot bind '" + spec + "': " + why);
  }
  return fd;
}

Status reply(AdbStream& stream, bool okay, const std::string& payload, bool withPayload) {
  Bytes out = okay ? "OKAY" : "FAIL";
  if (withPayload || !okay) {
    ASSIGN_OR_RETURN(Bytes framed, encodeHexLengthPrefixed(payload));
    out += framed;
  }
  return stream.write(out, kLimits);
}

}  // namespace

ReverseForwards::~ReverseForwards() {
  std::lock_guard lock(m_mutex);
  for (auto& [remote, listener] : m_listeners) stop(*listener);
}

void ReverseForwards::attach(std::weak_ptr<AdbConnection> connection) {
  std::lock_guard lock(m_mutex);
  m_connection = std::move(connection);
}

void ReverseForwards::stop(Listener& l) {
  if (l.stopPipe[1] >= 0) (void)::write(l.stopPipe[1], "x", 1);
  if (l.thread.joinable()) l.thread.join();
  for (int fd : {l.fd, l.stopPipe[0], l.stopPipe[1]}) {
    if (fd >= 0) ::close(fd);
  }
}

StatusOr<uint16_t> ReverseForwards::add(const std::string& remote, const std::string& local, bool noRebind) {
  std::lock_guard lock(m_mutex);
  auto it = m_listeners.find(remote);
  if (it != m_listeners.end()) {
    if (noRebind) return ioError("cannot rebind existing socket");
    it->second->local = local;  // rebinding only changes the target, as adbd does
    return static_cast<uint16_t>(0);
  }
  uint16_t port = 0;
  ASSIGN_OR_RETURN(const int fd, listenOn(remote, m_ctx, port));
  auto l = std::make_unique<Listener>();
  l->local = local;
  l->fd = fd;
  if (pipe2(l->stopPipe, O_CLOEXEC) != 0) {
    ::close(fd);
    return ioError("pipe failed");
  }
  Listener* raw = l.get();
  const std::string key = port != 0 && remote == "tcp:0" ? "tcp:" + std::to_string(port) : remote;
  l->thread = std::thread([this, raw] {
    for (;;) {
      pollfd fds[2] = {{raw->fd, POLLIN, 0}, {raw->stopPipe[0], POLLIN, 0}};
      if (::poll(fds, 2, -1) <= 0) continue;
      if (fds[1].revents != 0) return;
      const int client = ::accept4(raw->fd, nullptr, nullptr, SOCK_CLOEXEC);
      if (client < 0) continue;
      std::shared_ptr<AdbConnection> connection;
      std::string target;
      {
        std::lock_guard guard(m_mutex);
        connection = m_connection.lock();
        target = raw->local;
      }
      auto stream = connection ? connection->openStream(target, kLimits)
                               : StatusOr<std::unique_ptr<AdbStream>>(ioError("no host"));
      if (!stream.ok()) {
        logLine(m_ctx, "reverse: host refused " + target + ": " + stream.status().message());
        ::close(client);
        continue;
      }
      std::thread(bridgeSocketAndStream, client, std::shared_ptr<AdbStream>(std::move(*stream))).detach();
    }
  });
  m_listeners[key] = std::move(l);
  return port;
}

void ReverseForwards::serve(const std::string& request, AdbStream& stream) {
  // request: forward:[norebind:]REMOTE;LOCAL | killforward:REMOTE | killforward-all | list-forward
  std::string r = request;
  if (r == "list-forward") {
    std::string text;
    std::lock_guard lock(m_mutex);
    for (const auto& [remote, l] : m_listeners) text += "(reverse) " + remote + " " + l->local + "\n";
    // Like adbd: on the device, list-forward answers with the list alone (no OKAY first).
    if (auto framed = encodeHexLengthPrefixed(text); framed.ok()) (void)stream.write(*framed, kLimits);
  } else if (r == "killforward-all") {
    std::map<std::string, std::unique_ptr<Listener>> old;
    {
      std::lock_guard lock(m_mutex);
      old.swap(m_listeners);
    }
    for (auto& [remote, l] : old) stop(*l);
    (void)reply(stream, true, {}, false);
  } else if (r.rfind("killforward:", 0) == 0) {
    std::unique_ptr<Listener> l;
    {
      std::lock_guard lock(m_mutex);
      auto it = m_listeners.find(r.substr(12));
      if (it != m_listeners.end()) {
        l = std::move(it->second);
        m_listeners.erase(it);
      }
    }
    if (l) {
      stop(*l);
      (void)reply(stream, true, {}, false);
    } else {
      (void)reply(stream, false, "listener '" + r.substr(12) + "' not found", true);
    }
  } else if (r.rfind("forward:", 0) == 0) {
    r = r.substr(8);
    const bool noRebind = r.rfind("norebind:", 0) == 0;
    if (noRebind) r = r.substr(9);
    const size_t semi = r.find(';');
    if (semi == std::string::npos) {
      (void)reply(stream, false, "bad forward: " + request, true);
    } else {
      auto port = add(r.substr(0, semi), r.substr(semi + 1), noRebind);
      if (!port.ok())
        (void)reply(stream, false, port.status().message(), true);
      else
        (void)reply(stream, true, std::to_string(*port), *port != 0);
    }
  } else {
    (void)reply(stream, false, "unknown reverse request: " + request, true);
  }
  stream.close();
}

}  // namespace mxi::sim
