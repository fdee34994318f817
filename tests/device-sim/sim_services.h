// The simulated device's services, keyed by the OPEN service string.
#pragma once

#include <memory>
#include <string>

#include "core/adb/adb_connection.h"
#include "tests/device-sim/sim_context.h"

namespace mxi::sim {

class ReverseForwards;

// The runner that serves `service`, or an empty function when the device has no such service.
// `reverse` holds this connection's reverse forwards.
core::adb::AdbConnection::StreamRunner makeServiceRunner(const std::string& service, const SimContext& ctx,
                                                         const std::shared_ptr<ReverseForwards>& reverse);

// Individual services (sim_shell.cpp, sim_sync.cpp, sim_bridge.cpp).
struct ShellRequest {
  std::string command;
  bool v2 = false;
  bool pty = false;
  std::string term;
};
// "shell,v2,TERM=xterm,raw:ls" / "shell:ls" / "exec:ls" → request; false if not a shell service.
bool parseShellService(const std::string& service, ShellRequest& out);
void runShellService(std::shared_ptr<core::adb::AdbStream> stream, ShellRequest request, const SimContext& ctx);
// Kills every running shell command (the simulator is exiting).
void killShellChildren();
void runSyncService(std::shared_ptr<core::adb::AdbStream> stream, const SimContext& ctx);
// Copies bytes both ways between a socket (owned from now on) and a stream until either ends.
void bridgeSocketAndStream(int socketFd, std::shared_ptr<core::adb::AdbStream> stream);
// localabstract:/localfilesystem:/tcp: → a connected socket bridged to the stream, or empty.
core::adb::AdbConnection::StreamRunner makeBridgeRunner(const std::string& service, const SimContext& ctx);

}  // namespace mxi::sim
