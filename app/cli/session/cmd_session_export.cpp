// `mxi session export FILE --to json|html|chrome-trace`: exports for scripts, browsers and Perfetto.
#include <cstdio>

#include "app/cli/session/session_files.h"
#include "core/session/chrome_trace.h"
#include "core/session/html_report.h"
#include "core/session/session_json.h"
#include "core/trace/json_reader.h"

namespace mxi::cli {

namespace session = core::session;
namespace trace = core::trace;

void registerSessionExport(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "export",
      "Export a session: JSON of everything, a self-contained HTML report, or Chrome trace-event JSON (Perfetto UI)");
  struct Args {
    std::string file, to, output;
    trace::DropThresholds levels;
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
      out = trace::dumpJson(session::sessionToJson(*data, args->levels, static_cast<int64_t>(args->sliceMs * 1e6)), 2) +
            "\n";
    } else if (args->to == "html") {
      out = session::sessionToHtml(*data, args->levels);
    } else {
      out = trace::dumpJson(session::sessionToChromeTrace(*data, args->levels)) + "\n";
    }
    RETURN_IF_ERROR(writeOutput(args->output, out));
    return 0;
  });
}

}  // namespace mxi::cli
