#include "device-agent/src/heap_dumper.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include "core/analysis/hprof_shrink.h"
#include "core/base/cancel_token.h"
#include "core/base/text_lines.h"
#include "core/hprof/dump_source.h"
#include "device-agent/src/file_transfer.h"

namespace mxi::agent {

namespace {

namespace proto = core::protocol;

// Unlinks the dump however the job ends.
struct FileRemover {
  std::string path;
  ~FileRemover() { unlink(path.c_str()); }
};

struct FdCloser {
  int fd;
  ~FdCloser() { close(fd); }
};

}  // namespace

core::StatusOr<uint64_t> shrinkDumpFile(const std::string& path, const std::string& shrunkPath) {
  ASSIGN_OR_RETURN(std::shared_ptr<core::hprof::DumpSource> source, core::hprof::mapDumpFile(path));
  core::NullProgress progress;
  const core::CancelToken never;
  ASSIGN_OR_RETURN(auto index, core::hprof::HeapIndex::build(std::move(source), {}, progress, never));
  const int fd = open(shrunkPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return core::ioError("cannot create " + shrunkPath + ": " + std::strerror(errno));
  const FdCloser closer{fd};
  auto writeChunk = [&](std::span<const uint8_t> chunk) -> core::Status {
    for (size_t off = 0; off < chunk.size();) {
      const ssize_t n = write(fd, chunk.data() + off, chunk.size() - off);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return core::ioError("writing " + shrunkPath + ": " + std::strerror(errno));
      off += static_cast<size_t>(n);
    }
    return core::okStatus();
  };
  ASSIGN_OR_RETURN(const core::analysis::ShrinkStats stats,
                   core::analysis::shrinkDump(*index, writeChunk, progress, never));
  return stats.outputBytes;
}

core::Status runHeapDump(const ToolBox& tools, const HeapDumpJob& job,
                         const std::function<bool(const proto::Message&)>& send) {
  const std::string path = job.dataDir + "/heap-" + std::to_string(job.requestId) + ".hprof";
  FileRemover remover{path};
  unlink(path.c_str());
  std::vector<std::string> args = {"dumpheap"};
  if (job.gcFirst) args.push_back("-g");
  if (job.bitmaps != proto::BitmapFormat::kNone) {
    // Always with its value: `-b` alone would take the pid as the format.
    args.push_back("-b");
    args.push_back(proto::bitmapFormatName(job.bitmaps));
  }
  args.push_back(std::to_string(job.pid));
  args.push_back(path);
  // am prints why it refused on stderr ("Security exception: Process not debuggable: …").
  ASSIGN_OR_RETURN(const CommandResult am, tools.run(Tool::kAm, args, std::chrono::minutes(5), StderrTo::kOutput));
  if (am.exitCode != 0 && am.output.find("not debuggable") != std::string::npos) {
    const auto lines = core::text::trimmedLines(am.output);
    const auto said = std::find_if(lines.begin(), lines.end(), [](std::string_view l) { return !l.empty(); });
    // ActivityManagerService.dumpHeap: a user build dumps only apps built debuggable.
    return core::invalidInput(
        "the app is not debuggable and this phone is a user build, so Android refuses to dump its heap: build the app "
        "debuggable (a debug build, or android:debuggable=\"true\") or use a userdebug/eng phone (am: " +
        std::string(*said) + ")");
  }
  if (am.exitCode != 0) {
    return core::ioError("am dumpheap failed (exit " + std::to_string(am.exitCode) + "): " + am.output.substr(0, 200));
  }
  // Older platforms return before the app finished writing: wait for the size to settle.
  ASSIGN_OR_RETURN(const uint64_t original, waitUntilStable(path, job.stableMs, std::chrono::minutes(10), "heap dump"));
  chmod(path.c_str(), 0600);
  std::string streamed = path;
  FileRemover shrunkRemover{path + ".shrunk"};
  if (job.shrink) {
    RETURN_IF_ERROR(shrinkDumpFile(path, shrunkRemover.path).status());
    unlink(path.c_str());  // frees the phone's storage before the transfer
    streamed = shrunkRemover.path;
  }
  const uint32_t honoured = (job.gcFirst ? uint32_t{proto::kHeapDumpGcFirst} : 0u) |
                            proto::bitmapFormatFlags(job.bitmaps) |
                            (job.shrink ? uint32_t{proto::kHeapDumpShrinkOnDevice} : 0u);
  return streamFile(streamed, job.requestId, job.pid, honoured, original, send);
}

}  // namespace mxi::agent
