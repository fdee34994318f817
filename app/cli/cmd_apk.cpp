// `mxi apk check APK… [--mapping M] [--r-txt R.txt] [--config FILE] [--format text|json|html] [-o FILE]`:
// Matrix ApkChecker's tasks on an app's package (docs/APK.md); and `mxi apk diff OLD NEW
// [--format text|json] [--fail-on-growth BYTES]`: what changed between two builds. With the
// device side (MXI_CLI_HAS_AGENT): `mxi apk pull`, and `apk check --package P` on the APKs pulled.
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#ifdef MXI_CLI_HAS_AGENT
#include "app/cli/apk_pull.h"
#endif
#include "app/cli/commands.h"
#include "app/cli/mapping_option.h"
#include "app/cli/text_input.h"
#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/apk_checker_config.h"
#include "core/apkcheck/apk_diff.h"
#include "core/apkcheck/report_html.h"
#include "core/apkcheck/report_json.h"
#include "core/apkcheck/report_text.h"
#include "core/json/json_writer.h"

namespace mxi::cli {

namespace ac = core::apkcheck;

namespace {

// Exit code of `apk diff --fail-on-growth` when the download grew more than allowed: as a test
// that fails, distinct from bad input (2).
constexpr int kGrewTooMuchExit = 1;

core::Status writeOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return core::okStatus();
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) return core::ioError(path + ": cannot write");
  return core::okStatus();
}

#ifdef MXI_CLI_HAS_AGENT
// The installed app's APKs pulled into a scratch folder that goes when the check is done.
class PulledApp {
 public:
  ~PulledApp() {
    std::error_code ignored;
    if (!m_dir.empty()) std::filesystem::remove_all(m_dir, ignored);
  }
  core::StatusOr<std::vector<std::string>> pull(DeviceOptions& device, const std::string& package, bool quiet) {
    std::string scratch = (std::filesystem::temp_directory_path() / "mxi-apk-XXXXXX").string();
    if (mkdtemp(scratch.data()) == nullptr) return core::ioError("no scratch folder for the APKs: " + scratch);
    m_dir = scratch;
    ASSIGN_OR_RETURN(const auto pulled, pullAppApks(device, package, m_dir, quiet));
    std::vector<std::string> paths;
    for (const auto& f : pulled) paths.push_back(f.localPath);
    return paths;
  }

 private:
  std::string m_dir;
};
#endif

void registerCheck(CLI::App& apk, int& exitCode) {
  auto* cmd = apk.add_subcommand("check", "Matrix ApkChecker's tasks on an APK, its splits or a folder of them");
  struct Args {
    std::vector<std::string> apks;
    std::vector<std::string> mappings;
    std::string rTxt, config, format = "text", output;
#ifdef MXI_CLI_HAS_AGENT
    DeviceOptions device;
    std::string package;
#endif
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("APK", args->apks, "APK files, or a folder of them (a base and its config splits: one app)");
#ifdef MXI_CLI_HAS_AGENT
  addDeviceOptions(*cmd, args->device);
  cmd->add_option("--package", args->package,
                  "Check this installed app's APKs (base and splits), pulled from the device first");
#endif
  addMappingOption(*cmd, args->mappings, "class names in method and class counts");
  cmd->add_option("--r-txt", args->rTxt, "The build's R.txt: resources declared, for -unusedResources")
      ->check(CLI::ExistingFile);
  cmd->add_option("--config", args->config,
                  "ApkChecker's config JSON: only the tasks in its \"options\" run, with their parameters")
      ->check(CLI::ExistingFile);
  cmd->add_option("--format", args->format, "text (default), json (ApkChecker's task array) or html")
      ->check(CLI::IsMember({"text", "json", "html"}));
  cmd->add_option("-o,--output", args->output, "Write the report to FILE instead of stdout");
  setCommandBody(*cmd, exitCode, "apk check", [args]() -> CommandResult {
    ac::CheckOptions options;
    options.rTxtPath = args->rTxt;
    std::vector<std::string> apks = args->apks;
    std::vector<std::string> mappings = args->mappings;
    if (!args->config.empty()) {
      ASSIGN_OR_RETURN(const std::string text, about(args->config, readTextInput(args->config)));
      ASSIGN_OR_RETURN(const ac::ApkCheckerConfig config, about(args->config, ac::parseApkCheckerConfig(text)));
      options.tasks = config.tasks;
      if (apks.empty() && !config.apk.empty()) apks.push_back(config.apk);
      if (mappings.empty() && !config.mappingTxt.empty()) mappings.push_back(config.mappingTxt);
      if (options.rTxtPath.empty()) options.rTxtPath = config.rTxt;
    }
#ifdef MXI_CLI_HAS_AGENT
    PulledApp pulledApp;
    if (!args->package.empty()) {
      if (!apks.empty()) return core::invalidInput("give APK files or --package, not both");
      ASSIGN_OR_RETURN(apks, pulledApp.pull(args->device, args->package, false));
    }
#endif
    if (apks.empty()) return core::invalidInput("no APK given (APK…, --package or the config's \"--apk\")");
    ASSIGN_OR_RETURN(const MappingInputs mapping, loadMappings(mappings));
    options.mapping = mapping.r8;
    ASSIGN_OR_RETURN(const ac::ApkPackage package, ac::ApkPackage::open(apks));
    TerminalProgress progress(args->output.empty() || args->output == "-" ? false : true);
    ASSIGN_OR_RETURN(ac::CheckReport report, ac::runApkCheck(package, options, progress, processCancelToken()));
#ifdef MXI_CLI_HAS_AGENT
    if (!args->package.empty()) report.package = args->package + " on the device (" + report.package + ")";
#endif
    if (args->format == "json") {
      RETURN_IF_ERROR(writeOutput(args->output, core::json::dumpJson(ac::checkReportJson(report), 2) + "\n"));
    } else if (args->format == "html") {
      RETURN_IF_ERROR(writeOutput(args->output, ac::checkReportHtml(report)));
    } else {
      RETURN_IF_ERROR(writeOutput(args->output, ac::checkReportText(report)));
    }
    for (const ac::TaskResult& t : report.tasks) {
      if (!t.error.empty()) std::fprintf(stderr, "mxi: apk check: %s: %s\n", t.option.c_str(), t.error.c_str());
    }
    if (report.cancelled) return static_cast<int>(ExitCode::kCancelled);
    return report.partial() ? static_cast<int>(ExitCode::kBadInput) : 0;
  });
}

void registerDiff(CLI::App& apk, int& exitCode) {
  auto* cmd = apk.add_subcommand("diff", "What grew, shrank, appeared and vanished between two builds of an app");
  struct Args {
    std::string oldApk, newApk;
    OutputFormat format = OutputFormat::kText;
    std::optional<uint64_t> failOnGrowth;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("OLD", args->oldApk, "The earlier build: an APK or a folder of splits")->required();
  cmd->add_option("NEW", args->newApk, "The later build")->required();
  addFormatOption(*cmd, args->format);
  cmd->add_option("--fail-on-growth", args->failOnGrowth,
                  "Exit 1 when the download size grew by more than BYTES (a CI size gate)");
  setCommandBody(*cmd, exitCode, "apk diff", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(const ac::ApkPackage before, ac::ApkPackage::open({args->oldApk}));
    ASSIGN_OR_RETURN(const ac::ApkPackage after, ac::ApkPackage::open({args->newApk}));
    const ac::ApkDiff diff = ac::diffApks(before, after);
    if (args->format == OutputFormat::kJson) {
      printJson(ac::apkDiffJson(diff));
    } else {
      std::fputs(ac::apkDiffText(diff).c_str(), stdout);
    }
    if (args->failOnGrowth && diff.downloadGrowth() > int64_t(*args->failOnGrowth)) {
      std::fprintf(stderr, "mxi: apk diff: the download size grew by %lld bytes, more than --fail-on-growth %llu\n",
                   static_cast<long long>(diff.downloadGrowth()), static_cast<unsigned long long>(*args->failOnGrowth));
      return kGrewTooMuchExit;
    }
    return 0;
  });
}

}  // namespace

void registerApkCommand(CLI::App& root, int& exitCode) {
  auto* apk = root.add_subcommand(
      "apk", "APK checker: Matrix ApkChecker's tasks, the diff of two builds, an app's APKs from the device");
  apk->require_subcommand(1);
  registerCheck(*apk, exitCode);
  registerDiff(*apk, exitCode);
#ifdef MXI_CLI_HAS_AGENT
  addApkPullCommand(*apk, exitCode);
#endif
}

}  // namespace mxi::cli
