#include "device-agent/src/agent_server.h"

#include <poll.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace mxi::agent {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

AgentServer::AgentServer(AgentOptions options)
    : m_options(std::move(options)),
      m_tools(m_options.toolDir),
      m_link(m_options.token, [this] { return m_device.hello(); }),
      m_collection(m_tools, m_device, m_link, m_options.procDir),
      m_controller(m_options, m_tools, m_device, m_link, m_collection) {
  registerCollectors(m_collection.registry());
}

void AgentServer::pollOnce() { m_collection.pollAll(); }

void AgentServer::sampleMemory() { m_collection.pollNow("memory"); }

void AgentServer::afterDrop() {
  if (m_link.takeDropped()) m_collection.stop();
}

core::Status AgentServer::run() {
  if (mkdir(m_options.dataDir.c_str(), 0700) != 0 && errno != EEXIST) {
    return core::ioError("cannot create " + m_options.dataDir + ": " + std::strerror(errno));
  }
  chmod(m_options.dataDir.c_str(), 0700);
  RETURN_IF_ERROR(m_link.listen());
  const auto idleTimeout = std::chrono::milliseconds(m_options.idleTimeoutMs);
  for (;;) {
    if (!m_link.connected() && Clock::now() - m_link.idleSince() >= idleTimeout) {
      return core::okStatus();  // idle: nobody came back
    }
    m_collection.pollDue();
    afterDrop();
    m_link.heartbeat(Clock::now());
    afterDrop();
    m_controller.tick(Clock::now());
    afterDrop();

    std::vector<pollfd> fds;
    fds.push_back({m_link.listenFd(), POLLIN, 0});
    if (m_link.connected()) fds.push_back({m_link.clientFd(), POLLIN, 0});
    const int logFd = m_collection.logFd();
    if (logFd >= 0) fds.push_back({logFd, POLLIN, 0});
    auto wake = std::min({Clock::now() + 1s, m_collection.nextDue(), m_controller.nextDue()});
    if (m_link.authenticated()) wake = std::min(wake, m_link.nextHeartbeat());
    if (!m_link.connected()) wake = std::min(wake, m_link.idleSince() + idleTimeout);
    const auto waitMs =
        std::max<int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(wake - Clock::now()).count());
    const int n = poll(fds.data(), fds.size(), static_cast<int>(waitMs));
    if (n < 0 && errno != EINTR) return core::ioError(std::string("poll: ") + std::strerror(errno));
    if (n <= 0) continue;
    for (const pollfd& p : fds) {
      if (p.revents == 0) continue;
      if (p.fd == m_link.listenFd()) {
        m_link.accept();
      } else if (p.fd == m_link.clientFd()) {
        m_link.read([this](const core::protocol::Message& message) {
          m_controller.handle(message);
          afterDrop();
        });
      } else if (p.fd == logFd) {
        m_collection.readLog();
      }
      afterDrop();
    }
  }
}

}  // namespace mxi::agent
