// `mxi forward LOCAL REMOTE | --list | --remove LOCAL | --remove-all` (and --reverse): port
// forwarding managed by the adb server (reverse: by the device).
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/device_options.h"

namespace mxi::cli {

void registerForwardCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand(
      "forward",
      "Forward a host socket to the device (LOCAL REMOTE, e.g. tcp:0 localabstract:name; prints the port for tcp:0), "
      "or with --reverse a device socket to the host (REMOTE LOCAL)");
  struct Args {
    DeviceOptions device;
    std::vector<std::string> specs;
    bool list = false;
    bool removeAll = false;
    std::string remove;
    bool noRebind = false;
    bool reverse = false;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  addDeviceOptions(*cmd, args->device);
  addFormatOption(*cmd, args->format);
  cmd->add_option(
         "specs", args->specs,
         "LOCAL REMOTE (forward) or REMOTE LOCAL (--reverse): tcp:PORT, localabstract:NAME, localfilesystem:PATH, …")
      ->expected(0, 2);
  cmd->add_flag("--list", args->list, "List forwards (all devices; with --reverse: the device's)");
  cmd->add_option("--remove", args->remove, "Remove the forward of this LOCAL (--reverse: REMOTE) socket");
  cmd->add_flag("--remove-all", args->removeAll, "Remove every forward of the device");
  cmd->add_flag("--no-rebind", args->noRebind, "Fail when the socket is already forwarded");
  cmd->add_flag("--reverse", args->reverse, "Manage reverse forwards (device → host)");
  setCommandBody(*cmd, exitCode, "forward", [args]() -> CommandResult {
    mergeGlobalDeviceOptions(args->device);
    if (args->device.transport != "server")
      return core::invalidInput("forwarding is done by the adb server; use --transport server");
    ASSIGN_OR_RETURN(auto client, connectServer(args->device));
    const auto limits = args->device.limits();
    const std::string serial = args->device.effectiveSerial();
    core::Status status;
    if (args->list) {
      ASSIGN_OR_RETURN(auto list, args->reverse ? client.listReverses(serial, limits) : client.listForwards(limits));
      if (args->format == OutputFormat::kJson) {
        auto arr = nlohmann::ordered_json::array();
        for (const auto& f : list) arr.push_back({{"serial", f.serial}, {"local", f.local}, {"remote", f.remote}});
        printJson(nlohmann::ordered_json{{"forwards", arr}});
      } else {
        for (const auto& f : list) std::printf("%s %s %s\n", f.serial.c_str(), f.local.c_str(), f.remote.c_str());
      }
      return 0;
    }
    if (!args->remove.empty()) {
      status = args->reverse ? client.removeReverse(serial, args->remove, limits)
                             : client.removeForward(serial, args->remove, limits);
    } else if (args->removeAll) {
      status = args->reverse ? client.removeAllReverses(serial, limits) : client.removeAllForwards(serial, limits);
    } else if (args->specs.size() == 2) {
      auto port = args->reverse ? client.reverse(serial, args->specs[0], args->specs[1], args->noRebind, limits)
                                : client.forward(serial, args->specs[0], args->specs[1], args->noRebind, limits);
      if (port.ok() && *port != 0) std::printf("%u\n", *port);
      status = port.status();
    } else {
      status = core::invalidInput("give LOCAL REMOTE, --list, --remove SPEC or --remove-all");
    }
    if (!status.ok()) return status;
    return 0;
  });
}

}  // namespace mxi::cli
