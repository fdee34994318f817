// reverse: forwarding on the simulated device: it listens on a device-side socket
// (tcp:PORT → 127.0.0.1:PORT, localabstract:NAME → the host's abstract socket @NAME,
// localfilesystem:PATH → <root>/PATH) and opens a stream to the host for every connection.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/adb/adb_connection.h"
#include "tests/device-sim/sim_context.h"

namespace mxi::sim {

class ReverseForwards {
 public:
  explicit ReverseForwards(SimContext ctx) : m_ctx(std::move(ctx)) {}
  ~ReverseForwards();  // stops every listener

  // Set once the connection exists; streams to the host are opened through it.
  void attach(std::weak_ptr<core::adb::AdbConnection> connection);
  // Serves one "reverse:…" request on `stream` (reply, then close).
  void serve(const std::string& request, core::adb::AdbStream& stream);

 private:
  struct Listener {
    std::string local;  // host-side target, e.g. "tcp:8000"
    int fd = -1;
    int stopPipe[2] = {-1, -1};
    std::thread thread;
  };
  core::StatusOr<uint16_t> add(const std::string& remote, const std::string& local, bool noRebind);
  void stop(Listener& listener);

  SimContext m_ctx;
  std::mutex m_mutex;
  std::weak_ptr<core::adb::AdbConnection> m_connection;
  std::map<std::string, std::unique_ptr<Listener>> m_listeners;  // by remote (device) spec
};

}  // namespace mxi::sim
