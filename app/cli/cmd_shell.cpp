// `mxi shell [-s SERIAL] -- CMD…`: runs a command on the device; exits with its exit code.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <iterator>

#include "app/cli/commands.h"
#include "app/cli/device_options.h"
#include "core/adb/shell.h"

namespace mxi::cli {

void registerShellCommand(CLI::App& root, int& exitCode) {
  auto* cmd = root.add_subcommand("shell",
                                  "Run a command on the device (shell v2: separate stdout/stderr, the remote exit code "
                                  "becomes mxi's; falls back to the plain shell on old devices)");
  struct Args {
    DeviceOptions device;
    std::vector<std::string> command;
    bool noStdin = false;
    bool v1 = false;
    bool exec = false;
  };
  auto args = std::make_shared<Args>();
  addDeviceOptions(*cmd, args->device);
  cmd->add_flag("-n", args->noStdin, "Do not forward stdin (it is forwarded when it is a pipe or a file)");
  cmd->add_flag("--v1", args->v1, "Use the old shell protocol (merged output, no exit code)");
  cmd->add_flag("--exec", args->exec, "Use exec: (raw binary-safe stdout, no shell protocol)");
  cmd->add_option("command", args->command,
                  "The command and its arguments (put them after --; joined with spaces like adb does). "
                  "There is no interactive shell: use `adb shell` for one")
      ->required();
  setCommandBody(*cmd, exitCode, "shell", [args]() -> CommandResult {
    mergeGlobalDeviceOptions(args->device);
    ASSIGN_OR_RETURN(auto device, openDevice(args->device));
    std::string command;
    for (const auto& a : args->command) command += (command.empty() ? "" : " ") + a;  // joined like adb does
    const auto limits = args->device.limits();
    if (args->exec) {
      ASSIGN_OR_RETURN(auto out, core::adb::runExec(*device, command, limits));
      std::fwrite(out.data(), 1, out.size(), stdout);
      return 0;
    }
    core::adb::ShellOptions options;
    options.forceV1 = args->v1;
    struct stat st {};
    if (!args->noStdin && fstat(STDIN_FILENO, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISREG(st.st_mode))) {
      options.stdinData.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    }
    options.onStdout = [](std::string_view d) {
      std::fwrite(d.data(), 1, d.size(), stdout);
      std::fflush(stdout);
    };
    options.onStderr = [](std::string_view d) {
      std::fwrite(d.data(), 1, d.size(), stderr);
      std::fflush(stderr);
    };
    // A command may legitimately print nothing for a long time: wait without an idle limit.
    auto waitLimits = limits;
    waitLimits.timeout = std::chrono::milliseconds(0);
    ASSIGN_OR_RETURN(auto result, core::adb::runShell(*device, command, options, waitLimits));
    return result.exitCode.value_or(0);
  });
}

}  // namespace mxi::cli
