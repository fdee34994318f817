// `mxi session import`: a session made from raw captures (framestats, Matrix issues, ANR traces).
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/session/session_files.h"
#include "app/cli/text_input.h"
#include "core/sessionimport/session_import.h"
#include "mxi/version.h"

namespace mxi::cli {

namespace session = core::session;
namespace sessionimport = core::sessionimport;
using nlohmann::ordered_json;

void registerSessionImport(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "import", "Make a session from raw captures (framestats, Matrix issues, ANR traces) without a device");
  struct Args {
    std::vector<std::string> framestats, issues, anrs;
    std::string output, app, device, appVersion, versionCode;
    double refreshHz = 60;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("--framestats", args->framestats,
                  "`dumpsys gfxinfo … framestats` output (repeatable; each window becomes a scene)");
  cmd->add_option("--issues", args->issues, "Matrix issues in any shape `mxi parse issues` reads (repeatable)");
  cmd->add_option("--anr", args->anrs, "ANR traces.txt (repeatable)");
  cmd->add_option("-o,--output", args->output, "Session file to write (.mxs)")->required();
  cmd->add_option("--app", args->app, "App package for the header (default: the issues' process)");
  cmd->add_option("--device", args->device, "Device description for the header");
  cmd->add_option("--app-version", args->appVersion, "The app's versionName, kept in the header (`mxi triage` trends)");
  cmd->add_option("--version-code", args->versionCode,
                  "The app's versionCode, kept in the header: `mxi triage --mappings` picks the build's mapping by it")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--refresh-hz", args->refreshHz, "Refresh rate for framestats without a period column (default 60)");
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "session import", [args]() -> CommandResult {
    sessionimport::ImportInputs in;
    in.refreshHz = args->refreshHz;
    in.framestatsNames = args->framestats;  // errors and warnings name the file
    in.issueNames = args->issues;
    in.anrNames = args->anrs;
    auto readAll = [&](const std::vector<std::string>& paths, std::vector<std::string>& out) {
      for (const auto& p : paths) {
        ASSIGN_OR_RETURN(auto text, readTextInput(p));
        out.push_back(std::move(text));
      }
      return core::okStatus();
    };
    RETURN_IF_ERROR(readAll(args->framestats, in.framestatsTexts));
    RETURN_IF_ERROR(readAll(args->issues, in.issueTexts));
    RETURN_IF_ERROR(readAll(args->anrs, in.anrTexts));
    session::SessionHeader header;
    header.app = args->app;
    header.device = args->device.empty() ? "imported captures" : args->device;
    header.agentVersion = std::string("mxi ") + kVersion + " (import)";
    // Header extras, read back verbatim by readers that know them and kept by those that do not.
    if (!args->appVersion.empty()) header.extras.emplace_back("appVersion", args->appVersion);
    if (!args->versionCode.empty()) header.extras.emplace_back("versionCode", args->versionCode);
    session::WriterOptions options;
    options.fsync = session::FsyncPolicy::kOnFlush;
    ASSIGN_OR_RETURN(const auto report, sessionimport::importCaptures(in, args->output, header, options));
    for (const auto& w : report.warnings) std::fprintf(stderr, "mxi: session import: %s\n", w.c_str());
    if (args->format == OutputFormat::kJson) {
      ordered_json j = {{"output", args->output},  {"windows", report.windows}, {"frames", report.frames},
                        {"issues", report.issues}, {"anrs", report.anrs},       {"warnings", report.warnings}};
      printJson(j);
    } else {
      std::printf("%s: %llu window(s), %llu frame(s), %llu issue(s), %llu ANR(s)\n", args->output.c_str(),
                  static_cast<unsigned long long>(report.windows), static_cast<unsigned long long>(report.frames),
                  static_cast<unsigned long long>(report.issues), static_cast<unsigned long long>(report.anrs));
    }
    return 0;
  });
}

}  // namespace mxi::cli
