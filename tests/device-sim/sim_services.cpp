#include "tests/device-sim/sim_services.h"

#include "tests/device-sim/sim_reverse.h"

#include <thread>

namespace mxi::sim {

using core::adb::AdbConnection;
using core::adb::AdbStream;

AdbConnection::StreamRunner makeServiceRunner(const std::string& service, const SimContext& ctx,
                                              const std::shared_ptr<ReverseForwards>& reverse) {
  ShellRequest shell;
  if (parseShellService(service, shell)) {
    logLine(ctx, "shell" + std::string(shell.v2 ? " v2" : "") + (shell.pty ? " pty" : "") + ": " + shell.command);
    return [shell, ctx](std::unique_ptr<AdbStream> stream) {
      std::thread(runShellService, std::shared_ptr<AdbStream>(std::move(stream)), shell, ctx).detach();
    };
  }
  if (service == "sync:") {
    return [ctx](std::unique_ptr<AdbStream> stream) {
      std::thread(runSyncService, std::shared_ptr<AdbStream>(std::move(stream)), ctx).detach();
    };
  }
  if (service.rfind("reverse:", 0) == 0 && reverse) {
    return [reverse, request = service.substr(8)](std::unique_ptr<AdbStream> stream) {
      std::thread([reverse, request, s = std::shared_ptr<AdbStream>(std::move(stream))] {
        reverse->serve(request, *s);
      }).detach();
    };
  }
  if (service.rfind("localabstract:", 0) == 0 || service.rfind("localfilesystem:", 0) == 0 ||
      service.rfind("tcp:", 0) == 0) {
    return makeBridgeRunner(service, ctx);
  }
  logLine(ctx, "refusing unknown service '" + service + "'");
  return {};
}

}  // namespace mxi::sim
