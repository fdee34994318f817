// `mxi session info FILE`: a session file's header, blocks, records and integrity.
#include <cstdio>

#include "app/cli/session/session_files.h"
#include "core/exports/session_json.h"

namespace mxi::cli {

namespace session = core::session;
namespace exports = core::exports;
using nlohmann::ordered_json;

void registerSessionInfo(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand("info", "Header, blocks, records and integrity of a session file");
  struct Args {
    std::string file;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Session (.mxs)")->required();
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "session info", [args]() -> CommandResult {
    ASSIGN_OR_RETURN(auto reader, about(args->file, session::SessionReader::open(args->file)));
    const auto& r = *reader;
    r.checkPayloads();  // integrity is this verb's job: a damaged payload behind a clean footer too
    const session::RecoveryReport recovery = r.recovery();
    if (args->format == OutputFormat::kJson) {
      ordered_json j;
      j["path"] = args->file;
      j["header"] = exports::headerToJson(r.header());
      j["recovery"] = exports::recoveryToJson(recovery);
      j["blocks"] = r.blocks().size();
      j["records"] = r.recordCount();
      j["memorySamples"] = r.summarize().memorySamples;
      printJson(j);
      return 0;
    }
    const auto& h = r.header();
    std::printf("session format %u\napp: %s\ndevice: %s\nagent: %s\nstarted: %lld (unix ms)\nrefresh: %.2f Hz\n",
                h.formatVersion, h.app.c_str(), h.device.c_str(), h.agentVersion.c_str(),
                static_cast<long long>(h.startTimeUnixMs), h.refreshHz);
    for (const auto& [k, v] : h.extras) std::printf("%s: %s\n", k.c_str(), v.c_str());
    std::printf("%llu bytes, %zu block(s), %llu record(s)\n", static_cast<unsigned long long>(recovery.fileBytes),
                r.blocks().size(), static_cast<unsigned long long>(r.recordCount()));
    if (const uint64_t memory = r.summarize().memorySamples; memory > 0) {
      std::printf("%llu memory sample(s)\n", static_cast<unsigned long long>(memory));
    }
    printRecovery(recovery);
    return 0;
  });
}

}  // namespace mxi::cli
