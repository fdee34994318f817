// `mxi dumpheap --package PKG -o FILE.hprof`: the agent runs `am dumpheap` (with `-b FORMAT` for
// bitmap pixels where the device has it), waits for the file, optionally shrinks it on the device,
// streams it in zlib chunks; mxi writes it with a progress bar and checks its size and CRC-32.
#include <chrono>
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
  std::string bitmaps;  // png, jpg, webp or empty
  bool shrink = false;
  std::string output;

  uint32_t flags() const {
    uint32_t f = gc ? uint32_t{proto::kHeapDumpGcFirst} : 0u;
    if (bitmaps == "png") f |= proto::bitmapFormatFlags(proto::BitmapFormat::kPng);
    if (bitmaps == "jpg") f |= proto::bitmapFormatFlags(proto::BitmapFormat::kJpg);
    if (bitmaps == "webp") f |= proto::bitmapFormatFlags(proto::BitmapFormat::kWebp);
    if (shrink) f |= proto::kHeapDumpShrinkOnDevice;
    return f;
  }
};

// What the agent could not do of what was asked (an older device or agent): said, not fatal.
void reportUnhonoured(uint32_t requested, const proto::HeapDumpBegin& begin, uint32_t sdk) {
  if (proto::bitmapFormatOf(requested) != proto::BitmapFormat::kNone &&
      proto::bitmapFormatOf(begin.flags) == proto::BitmapFormat::kNone) {
    std::fprintf(stderr,
                 "mxi dumpheap: note: the device (SDK %u) cannot add bitmap pixels (am dumpheap -b needs SDK 35); "
                 "dumping without them\n",
                 sdk);
  }
  if ((requested & proto::kHeapDumpShrinkOnDevice) && !(begin.flags & proto::kHeapDumpShrinkOnDevice)) {
    std::fprintf(stderr, "mxi dumpheap: note: the agent did not shrink the dump; it arrives whole\n");
  }
}

// Writes the streamed dump to `path`; `transferSeconds` is the time from HeapDumpBegin to
// HeapDumpEnd (the transfer alone, without `am dumpheap` and the on-device shrink).
core::Status receiveDump(core::agentlink::AgentConnection& conn, uint32_t requestId, uint32_t requestedFlags,
                         uint32_t sdk, const std::string& path, core::ProgressSink& progress,
                         const core::CancelToken& cancel, double& transferSeconds) {
  core::agentlink::HeapDumpReceiver receiver(path, requestId);
  auto begun = std::chrono::steady_clock::now();
  // `am dumpheap` may take long on a big heap: wait for the first answer up to five minutes.
  const core::adb::IoLimits limits{std::chrono::minutes(5), &cancel};
  progress.report("receiving heap dump", 0);
  for (;;) {
    ASSIGN_OR_RETURN(proto::Message m, conn.receive(limits));
    if (const auto* e = std::get_if<proto::Error>(&m); e != nullptr && e->requestId == 0) {
      return core::invalidInput("agent: " + e->message);  // not about a request: nothing will come
    }
    if (!receiver.concerns(m)) continue;
    if (const auto* b = std::get_if<proto::HeapDumpBegin>(&m)) {
      begun = std::chrono::steady_clock::now();
      reportUnhonoured(requestedFlags, *b, sdk);
      if (b->flags & proto::kHeapDumpShrinkOnDevice) {
        std::fprintf(stderr, "mxi dumpheap: shrunk on the device from %llu to %llu bytes\n",
                     static_cast<unsigned long long>(b->originalBytes), static_cast<unsigned long long>(b->totalBytes));
      }
    }
    ASSIGN_OR_RETURN(bool done, receiver.accept(m));
    if (!progress.report("receiving heap dump", receiver.permille())) return core::cancelled();
    if (done) {
      transferSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
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
  cmd->add_option("--pid", args->pid, "A process of the package (default: its main process)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--gc", args->gc, "Run a GC first (am dumpheap -g)");
  cmd->add_option("--bitmaps", args->bitmaps,
                  "Put bitmap pixels into the dump in this format (am dumpheap -b; Android 15 / SDK 35+, "
                  "left out with a note on older devices)")
      ->check(CLI::IsMember({"png", "jpg", "webp"}));
  cmd->add_flag("--shrink", args->shrink,
                "Shrink the dump on the device before the transfer (as mxi shrink: array contents dropped "
                "except strings and bitmaps)");
  addAgentTargetOptions(*cmd, args->target);
  setCommandBody(*cmd, exitCode, "dumpheap", [args]() -> CommandResult {
    const core::CancelToken& cancel = processCancelToken();
    ASSIGN_OR_RETURN(auto device, openDeviceAgent(args->target));
    proto::AgentHello hello;
    ASSIGN_OR_RETURN(auto conn, device->startAndConnect(hello, cancel));
    const core::adb::IoLimits sendLimits{std::chrono::seconds(10), &cancel};
    const uint32_t flags = args->flags();
    core::Status s = conn->send(proto::HeapDumpRequest{1, args->package, args->pid, flags}, sendLimits);
    TerminalProgress progress(true);
    double transferSeconds = 0;
    if (s.ok()) s = receiveDump(*conn, 1, flags, hello.sdkLevel, args->output, progress, cancel, transferSeconds);
    device->stopAgent();
    if (!s.ok()) return about(args->package, s);  // the receiver removed any partial dump
    const uint64_t bytes = std::filesystem::file_size(args->output);
    std::fprintf(stderr, "mxi dumpheap: %s (%llu bytes)\n", args->output.c_str(),
                 static_cast<unsigned long long>(bytes));
    std::fprintf(stderr, "mxi dumpheap: transfer %.2f s (%.1f MB/s)\n", transferSeconds,
                 transferSeconds > 0 ? static_cast<double>(bytes) / 1e6 / transferSeconds : 0.0);
    return 0;
  });
}

}  // namespace mxi::cli
