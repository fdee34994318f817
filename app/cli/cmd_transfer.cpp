// `mxi push LOCAL REMOTE` and `mxi pull REMOTE LOCAL`: sync-protocol file copies.
#include <sys/stat.h>

#include <chrono>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/device_options.h"
#include "app/cli/transfer_progress_bar.h"
#include "core/adb/sync_client.h"

namespace mxi::cli {

namespace {

void registerTransfer(CLI::App& root, int& exitCode, bool push) {
  auto* cmd = root.add_subcommand(push ? "push" : "pull",
                                  push ? "Copy a local file to the device (a progress bar on a terminal)"
                                       : "Copy a file from the device (a progress bar on a terminal)");
  struct Args {
    DeviceOptions device;
    std::string from;
    std::string to;
    bool quiet = false;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  addDeviceOptions(*cmd, args->device);
  addFormatOption(*cmd, args->format);
  cmd->add_option(push ? "LOCAL" : "REMOTE", args->from, push ? "Local file" : "File on the device")->required();
  cmd->add_option(push ? "REMOTE" : "LOCAL", args->to,
                  push ? "Destination on the device (a directory keeps the file name)"
                       : "Local destination (a directory keeps the file name)")
      ->required();
  addQuietFlag(*cmd, args->quiet, "No progress and no summary line");
  setCommandBody(*cmd, exitCode, push ? "push" : "pull", [args, push]() -> CommandResult {
    mergeGlobalDeviceOptions(args->device);
    ASSIGN_OR_RETURN(const auto device, openDevice(args->device));
    const auto limits = args->device.limits();
    ASSIGN_OR_RETURN(const auto session, core::adb::SyncSession::open(*device, limits));
    // The size for the bar: the local file (push) or the remote one (pull).
    uint64_t total = 0;
    if (push) {
      struct stat st {};
      if (::stat(args->from.c_str(), &st) == 0) total = static_cast<uint64_t>(st.st_size);
    } else if (auto remote = session->stat(args->from, limits); remote.ok()) {
      total = remote->size;
    }
    TransferProgressBar progress(!args->quiet, total);
    const auto start = std::chrono::steady_clock::now();
    auto result = push ? session->push(args->from, args->to, progress, limits)
                       : session->pull(args->from, args->to, progress, limits);
    progress.clear();
    if (!result.ok()) return result.status();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double mbps = seconds > 0 ? static_cast<double>(result->bytes) / 1e6 / seconds : 0;
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j{
          {"local", result->localPath}, {"remote", result->remotePath}, {"bytes", result->bytes}, {"seconds", seconds}};
      printJson(j);
    } else if (!args->quiet) {
      std::printf("%s: 1 file %s. %.1f MB/s (%llu bytes in %.3fs)\n", args->from.c_str(), push ? "pushed" : "pulled",
                  mbps, static_cast<unsigned long long>(result->bytes), seconds);
    }
    return 0;
  });
}

}  // namespace

void registerPushCommand(CLI::App& root, int& exitCode) { registerTransfer(root, exitCode, true); }
void registerPullCommand(CLI::App& root, int& exitCode) { registerTransfer(root, exitCode, false); }

}  // namespace mxi::cli
