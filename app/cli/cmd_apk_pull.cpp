// `mxi apk pull --package P [-o DIR]`: an installed app's APK files from the device (`pm path`,
// base and every split), with the transfer bar of `mxi pull` (core/agentlink/app_apks.h).
#include <filesystem>

#include <nlohmann/json.hpp>

#include "app/cli/apk_pull.h"
#include "app/cli/commands.h"
#include "app/cli/transfer_progress_bar.h"

namespace mxi::cli {

core::StatusOr<std::vector<core::agentlink::PulledApk>> pullAppApks(DeviceOptions& device, const std::string& package,
                                                                    const std::string& directory, bool quiet) {
  mergeGlobalDeviceOptions(device);
  ASSIGN_OR_RETURN(const auto opened, openDevice(device));
  TransferProgressBar progress(!quiet, 0);
  auto pulled = core::agentlink::pullApks(*opened, package, directory, progress, device.limits(),
                                          [&progress](uint64_t total) { progress.setTotalBytes(total); });
  progress.clear();
  return pulled;
}

void addApkPullCommand(CLI::App& apk, int& exitCode) {
  auto* cmd = apk.add_subcommand("pull", "Copy an installed app's APK files (base and splits) from the device");
  struct Args {
    DeviceOptions device;
    std::string package;
    std::string outDir;
    bool quiet = false;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  addDeviceOptions(*cmd, args->device);
  addFormatOption(*cmd, args->format);
  cmd->add_option("--package", args->package, "The app's package name")->required();
  cmd->add_option("-o,--output", args->outDir, "Directory for the files (default: ./PACKAGE), made when missing");
  addQuietFlag(*cmd, args->quiet, "No progress and no summary");
  setCommandBody(*cmd, exitCode, "apk pull", [args]() -> CommandResult {
    const std::string dir = args->outDir.empty() ? args->package : args->outDir;
    auto pulled = pullAppApks(args->device, args->package, dir, args->quiet);
    if (!pulled.ok()) return pulled.status();
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json files = nlohmann::ordered_json::array();
      for (const auto& f : *pulled) {
        files.push_back({{"path", f.localPath}, {"devicePath", f.devicePath}, {"bytes", f.bytes}});
      }
      printJson(nlohmann::ordered_json{{"package", args->package}, {"files", files}});
    } else if (!args->quiet) {
      std::printf("%s: %zu APK file%s pulled into %s\n", args->package.c_str(), pulled->size(),
                  pulled->size() == 1 ? "" : "s", dir.c_str());
      for (const auto& f : *pulled) {
        std::printf("  %s  %llu bytes\n", f.localPath.c_str(), static_cast<unsigned long long>(f.bytes));
      }
    }
    return 0;
  });
}

}  // namespace mxi::cli
