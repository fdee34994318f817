// `mxi dumpheap --package PKG -o FILE.hprof`: the agent runs `am dumpheap`, waits for the file,
// streams it in zlib chunks; mxi writes it with a progress bar and checks its size and CRC-32.
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/cli/agent_device.h"
#include "app/cli/commands.h"

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
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return core::ioError("cannot write " + path);
  // `am dumpheap` may take long on a big heap: wait for the first answer up to five minutes.
  const core::adb::IoLimits limits{std::chrono::minutes(5), &cancel};
  uint64_t total = 0, received = 0;
  uLong crc = crc32(0L, Z_NULL, 0);
  std::vector<uint8_t> raw;
  for (;;) {
    ASSIGN_OR_RETURN(proto::Message m, conn.receive(limits));
    if (const auto* e = std::get_if<proto::Error>(&m)) {
      if (e->requestId == requestId || e->requestId == 0) return core::invalidInput("agent: " + e->message);
    } else if (const auto* b = std::get_if<proto::HeapDumpBegin>(&m)) {
      total = b->totalBytes;
      progress.report("receiving heap dump", 0);
    } else if (const auto* c = std::get_if<proto::HeapDumpChunk>(&m)) {
      if (c->offset != received) return core::invalidInput("heap dump chunk out of order", received);
      raw.resize(c->rawLength);
      uLongf len = c->rawLength;
      if (uncompress(raw.data(), &len, c->zlibData.data(), static_cast<uLong>(c->zlibData.size())) != Z_OK ||
          len != c->rawLength) {
        return core::invalidInput("corrupt heap dump chunk", c->offset);
      }
      out.write(reinterpret_cast<const char*>(raw.data()), static_cast<std::streamsize>(len));
      crc = crc32(crc, raw.data(), static_cast<uInt>(len));
      received += len;
      if (total > 0 &&
          !progress.report("receiving heap dump", static_cast<int>(received * core::ProgressSink::kMax / total))) {
        return core::cancelled();
      }
    } else if (const auto* end = std::get_if<proto::HeapDumpEnd>(&m)) {
      out.close();
      if (!out) return core::ioError("writing " + path + " failed");
      if (end->totalBytes != received || end->crc32 != static_cast<uint32_t>(crc)) {
        return core::invalidInput("heap dump damaged in transfer (size or CRC-32 differs)");
      }
      progress.report("receiving heap dump", core::ProgressSink::kMax);
      return core::okStatus();
    }
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
    auto device = DeviceAgent::open(args->target);
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
      std::error_code ec;
      std::filesystem::remove(args->output, ec);  // no partial dump left behind
      exitCode = reportError(s, "dumpheap " + args->package);
      return;
    }
    std::fprintf(stderr, "mxi dumpheap: %s (%llu bytes)\n", args->output.c_str(),
                 static_cast<unsigned long long>(std::filesystem::file_size(args->output)));
    exitCode = 0;
  });
}

}  // namespace mxi::cli
