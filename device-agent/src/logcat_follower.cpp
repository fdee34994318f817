#include "device-agent/src/logcat_follower.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

namespace mxi::agent {

namespace {
constexpr size_t kMaxLogcatLine = 64 * 1024;
}  // namespace

uint64_t clampLogSince(uint64_t requestedMs, uint64_t nowMs) {
  if (requestedMs == 0 || requestedMs > nowMs) return nowMs;
  return std::max<uint64_t>(requestedMs, nowMs - std::min<uint64_t>(nowMs, 24ull * 3600 * 1000));
}

core::Status LogcatFollower::start(const ToolBox& tools, uint64_t sinceMs) {
  // Follow main (Matrix's PluginListener) and events (am_anr) from sinceMs (epoch seconds.millis,
  // formatted here from a number: nothing from the wire reaches argv as text).
  m_lastLineMs = sinceMs;
  char since[32];
  std::snprintf(since, sizeof since, "%llu.%03llu", static_cast<unsigned long long>(sinceMs / 1000),
                static_cast<unsigned long long>(sinceMs % 1000));
  return m_logcat.start(tools.path(Tool::kLogcat),
                        {"-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "events", "-T", since});
}

void LogcatFollower::stop() {
  m_logcat.stop();
  m_buffer.clear();
}

void LogcatFollower::read(const OnLine& onLine) {
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(m_logcat.stdoutFd(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return;  // EAGAIN: drained
    if (n == 0) {
      m_logcat.stop();
      return;
    }
    m_buffer.append(buf, static_cast<size_t>(n));
    size_t start = 0;
    for (size_t nl; (nl = m_buffer.find('\n', start)) != std::string::npos; start = nl + 1) {
      std::string_view text = std::string_view(m_buffer).substr(start, nl - start);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      const std::optional<LogLine> line = parseLogLine(text);
      if (!line) continue;
      m_lastLineMs = std::max(m_lastLineMs, line->timeMs);
      if (!onLine(text, *line)) {
        m_buffer.erase(0, nl + 1);
        return;
      }
    }
    m_buffer.erase(0, start);
    if (m_buffer.size() > kMaxLogcatLine) m_buffer.clear();  // not a log line
  }
}

}  // namespace mxi::agent
