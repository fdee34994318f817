// `mxi dumpheap --package PKG -o FILE.hprof`: the agent runs `am dumpheap`, waits for the file,
// streams it in zlib chunks; mxi writes it with a progress bar and checks its size and CRC-32.
#include <cstdio>
#include <filesystem>

#include "app/cli/agent_device.h"
#include "app/cli/commands.h"
#include "core/agentlink/heap_dump_receiver.h"

namespace mxi::cli {

namespace {

namespace proto = core::protocol;

struct DumpheapArgs {
  AgentTarget target;
  std::string package;
  int pid = 0;
  bool gc = false;
  std::string output;
};

core::Status receiveDump(core::agentlink::AgentConnection& conn, uint32_t requestId, const std::string& path,
                         core::ProgressSink& progress, const core::CancelToken& cancel) {
  core::agentlink::HeapDumpReceiver receiver(path, requestId);
  // `am dumpheap` may take long on a big heap: wait for the first answer up to five minutes.
  const core::adb::IoLimits limits{std::chrono::minutes(5), &cancel};
  progress.report("receiving heap dump", 0);
  for (;;) {
    ASSIGN_OR_RETURN(proto::Message m, conn.receive(limits));
    if (!receiver.concerns(m)) continue;
    ASSIGN_OR_RETURN(bool done, receiver.accept(m));
    if (!progress.report("receiving heap dump", receiver.permille())) return core::cancelled();
    if (done) return core::okStatus();
  }
}

}  // namespace

void registerDumpheapCommand(CLI::App& root, int& exitCode) {
  auto args = std::make_shared<DumpheapArgs>();
  CLI::App* cmd = root.add_subcommand("dumpheap", "Take a heap dump of a running app through the device agent");
  cmd->add_option("--package", args->package, "The app's package name")->required();
  cmd->add_option("-o,--output", args->output, "Where to write the .hprof")->required();
  cmd->add_option("--pid", args->pid, "A process of the package (default: its main process)")->check(CLI::PositiveNumber);
  cmd->add_flag("--gc", args->gc, "Run a GC first (am dumpheap -g)");
  addAgentTargetOptions(*cmd, args->target);
  cmd->callback([args, &exitCode] {
    const core::CancelToken& cancel = processCancelToken();
    auto device = openDeviceAgent(args->target);
    if (!device.ok()) {
      exitCode = reportError(device.status(), "dumpheap");
      return;
    }
    proto::AgentHello hello;
    auto conn = (*device)->startAndConnect(hello, cancel);
    if (!conn.ok()) {
      exitCode = reportError(conn.status(), "dumpheap");
      return;
    }
    const core::adb::IoLimits sendLimits{std::chrono::seconds(10), &cancel};
    core::Status s = (*conn)->send(proto::HeapDumpRequest{1, args->package, args->pid, args->gc ? 1u : 0u}, sendLimits);
    TerminalProgress progress(true);
    if (s.ok()) s = receiveDump(**conn, 1, args->output, progress, cancel);
    (*device)->stopAgent();
    if (!s.ok()) {
      exitCode = reportError(s, "dumpheap " + args->package);
      return;
    }
    std::fprintf(stderr, "mxi dumpheap: %s (%llu bytes)\n", args->output.c_str(),
                 static_cast<unsigned long long>(std::filesystem::file_size(args->output)));
    exitCode = 0;
  });
}

}  // namespace mxi::cli
