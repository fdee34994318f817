// `mxi record --package PKG [-s SERIAL] [--duration S] -o FILE.mxs`: deploys the agent, streams
// frames, Matrix issues and ANRs into a session file with a live one-line summary. Ctrl-C stops
// cleanly: the file is closed complete. When the agent dies the recorder says so, keeps what it
// has and restarts it.
#include <unistd.h>

#include <cstdio>

#include "app/cli/agent_device.h"
#include "app/cli/commands.h"
#include "core/agentlink/live_recorder.h"

namespace mxi::cli {

namespace {
struct RecordArgs {
  AgentTarget target;
  std::string package;
  double durationSeconds = 0;
  std::string output;
  uint32_t pollMs = 1000;
};
}  // namespace

void registerRecordCommand(CLI::App& root, int& exitCode) {
  auto args = std::make_shared<RecordArgs>();
  CLI::App* cmd = root.add_subcommand(
      "record", "Record a live session from the phone (frames, Matrix issues, ANRs) into a .mxs file");
  cmd->add_option("--package", args->package, "The app's package name")->required();
  cmd->add_option("-o,--output", args->output, "Session file to write (.mxs)")->required();
  cmd->add_option("--duration", args->durationSeconds, "Stop after this many seconds (default: until Ctrl-C)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--poll-ms", args->pollMs, "Frame poll interval in ms (default 1000)")->check(CLI::Range(100, 60000));
  addAgentTargetOptions(*cmd, args->target);
  cmd->callback([args, &exitCode] {
    const core::CancelToken& cancel = processCancelToken();
    auto device = openDeviceAgent(args->target);
    if (!device.ok()) {
      exitCode = reportError(device.status(), "record");
      return;
    }
    core::agentlink::DeviceAgent& agent = **device;
    const bool tty = isatty(STDERR_FILENO) != 0;
    core::agentlink::RecordOptions options;
    options.packageName = args->package;
    options.duration = std::chrono::milliseconds(static_cast<int64_t>(args->durationSeconds * 1000));
    options.pollIntervalMs = args->pollMs;
    options.sessionPath = args->output;
    core::agentlink::LiveRecorder recorder(
        options, [&](core::protocol::AgentHello& hello) { return agent.startAndConnect(hello, cancel); },
        [tty](const core::agentlink::RecordStats& s) {
          const std::string line = core::agentlink::formatStats(s);
          if (tty) {
            std::fprintf(stderr, "\r\033[K%s", line.c_str());
          } else {
            std::fprintf(stderr, "%s\n", line.c_str());
          }
        },
        [tty](const std::string& notice) { std::fprintf(stderr, "%smxi record: %s\n", tty ? "\r\033[K" : "", notice.c_str()); });
    const core::Status status = recorder.run(cancel);
    agent.stopAgent();
    if (tty) std::fprintf(stderr, "\n");
    if (!status.ok() && status.code() != core::StatusCode::kCancelled) {
      exitCode = reportError(status, "record");
      return;
    }
    std::fprintf(stderr, "mxi record: %s%s complete: %s\n", cancel.isCancelled() ? "stopped; " : "", args->output.c_str(),
                 core::agentlink::formatStats(recorder.stats()).c_str());
    exitCode = 0;
  });
}

}  // namespace mxi::cli
