// A connected stream socket (TCP or unix) whose reads and writes honour IoLimits: they wait
// in poll() slices, give up after the idle timeout and return early when cancelled.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/adb/io_limits.h"
#include "core/base/status.h"

namespace mxi::core::adb {

class Socket {
 public:
  Socket() = default;
  explicit Socket(int fd);  // takes ownership; switches it to non-blocking
  ~Socket();
  Socket(Socket&& other) noexcept;
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;

  static StatusOr<Socket> connectTcp(const std::string& host, uint16_t port, const IoLimits& limits);
  // `name` with `abstract`: Linux abstract namespace (no file); otherwise a filesystem path.
  static StatusOr<Socket> connectUnix(const std::string& name, bool abstract, const IoLimits& limits);

  bool valid() const { return m_fd >= 0; }
  // Gives up ownership of the descriptor (blocking mode unchanged).
  int release() {
    const int fd = m_fd;
    m_fd = -1;
    return fd;
  }
  int fd() const { return m_fd; }

  // Up to `size` bytes; 0 when the peer closed. Fails on timeout, cancel or a socket error.
  StatusOr<size_t> readSome(char* buffer, size_t size, const IoLimits& limits);
  // Exactly `size` bytes; end of stream before that is an error.
  Status readExact(char* buffer, size_t size, const IoLimits& limits);
  Status writeAll(std::string_view data, const IoLimits& limits);
  void shutdownWrite();
  void close();

 private:
  // Waits for `events` on the socket; error Status on timeout or cancel.
  Status waitFor(short events, const IoLimits& limits, const char* what);

  int m_fd = -1;
};

}  // namespace mxi::core::adb
