// `mxi session export FILE --to json|html|chrome-trace`: exports for scripts, browsers and Perfetto.
#include <cstdio>

#include "app/cli/session/session_files.h"
#include "core/exports/chrome_trace.h"
#include "core/exports/html_report.h"
#include "core/exports/session_json.h"
#include "core/json/json_writer.h"

namespace mxi::cli {

namespace session = core::session;
namespace json = core::json;
namespace framestats = core::framestats;
namespace exports = core::exports;

void registerSessionExport(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "export",
      "Export a session: JSON of everything, a self-contained HTML report, or Chrome trace-event JSON (Perfetto UI)");
  struct Args {
    std::string file, to, output;
    framestats::DropThresholds levels;
    double sliceMs = 1000;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Session (.mxs)")->required();
  cmd->add_option("--slice-ms", args->sliceMs,
                  "Time slice of the per-scene slice stats in the JSON export (default 1000)")
      ->check(CLI::Range(1.0, 86'400'000.0));
  cmd->add_option("--to", args->to, "json, html or chrome-trace")
      ->required()
      ->check(CLI::IsMember({"json", "html", "chrome-trace"}));
  cmd->add_option("-o,--output", args->output, "Output file (default stdout)");
  addDropLevelsOption(*cmd, args->levels);
  addQuietFlag(*cmd, args->quiet);
  setCommandBody(*cmd, exitCode, "session export", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(const auto data, loadSessionFile(args->file, args->quiet));
    std::string out;
    if (args->to == "json") {
      out = json::dumpJson(exports::sessionToJson(*data, args->levels, static_cast<int64_t>(args->sliceMs * 1e6)), 2) +
            "\n";
    } else if (args->to == "html") {
      out = exports::sessionToHtml(*data, args->levels);
    } else {
      out = json::dumpJson(exports::sessionToChromeTrace(*data, args->levels)) + "\n";
    }
    RETURN_IF_ERROR(writeOutput(args->output, out));
    return 0;
  });
}

}  // namespace mxi::cli
