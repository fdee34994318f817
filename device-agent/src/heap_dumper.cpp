#include "device-agent/src/heap_dumper.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "core/analysis/hprof_shrink.h"
#include "core/base/cancel_token.h"
#include "core/base/text_lines.h"
#include "core/hprof/dump_source.h"

namespace mxi::agent {

namespace {

using Clock = std::chrono::steady_clock;
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

int64_t fileSize(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 ? static_cast<int64_t>(st.st_size) : -1;
}

}  // namespace

core::StatusOr<uint64_t> shrinkDumpFile(const std::string& path, const std::string& shrunkPath) {
  ASSIGN_OR_RETURN(std::shared_ptr<core::hprof::DumpSource> source, core::hprof::mapDumpFile(path));
  core::NullProgress progress;
  const core::CancelToken never;
  ASSIGN_OR_RETURN(auto index, core::hprof::HeapIndex::build(std::move(source), {}, progress, never));
  const int fd = open(shrunkPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return core::ioError("cannot create " + shrunkPath + ": " + std::strerror(errno));
  const FdCloser closer{fd};
  auto stats = core::analysis::shrinkDump(
      *index,
      [&](std::span<const uint8_t> chunk) -> core::Status {
        for (size_t off = 0; off < chunk.size();) {
          const ssize_t n = write(fd, chunk.data() + off, chunk.size() - off);
          if (n < 0 && errno == EINTR) continue;
          if (n <= 0) return core::ioError("writing " + shrunkPath + ": " + std::strerror(errno));
          off += static_cast<size_t>(n);
        }
        return core::okStatus();
      },
      progress, never);
  if (!stats.ok()) return stats.status();
  return stats->outputBytes;
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
  const auto deadline = Clock::now() + std::chrono::minutes(10);
  int64_t last = -1;
  auto stableSince = Clock::now();
  for (;;) {
    const int64_t size = fileSize(path);
    if (size != last) {
      last = size;
      stableSince = Clock::now();
    } else if (size > 0 && Clock::now() - stableSince >= std::chrono::milliseconds(job.stableMs)) {
      break;
    }
    if (Clock::now() > deadline) return core::ioError("heap dump " + path + " never completed");
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(job.stableMs / 4 + 1, 100)));
  }
  chmod(path.c_str(), 0600);
  const uint64_t original = static_cast<uint64_t>(last);
  std::string streamed = path;
  FileRemover shrunkRemover{path + ".shrunk"};
  if (job.shrink) {
    RETURN_IF_ERROR(shrinkDumpFile(path, shrunkRemover.path).status());
    unlink(path.c_str());  // frees the phone's storage before the transfer
    streamed = shrunkRemover.path;
  }
  const int fd = open(streamed.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return core::ioError("cannot open " + streamed + ": " + std::strerror(errno));
  const FdCloser closer{fd};

  struct stat st {};
  if (fstat(fd, &st) != 0) return core::ioError("cannot stat " + streamed + ": " + std::strerror(errno));
  const uint64_t total = static_cast<uint64_t>(st.st_size);
  const uint32_t honoured = (job.gcFirst ? uint32_t{proto::kHeapDumpGcFirst} : 0u) |
                            proto::bitmapFormatFlags(job.bitmaps) |
                            (job.shrink ? uint32_t{proto::kHeapDumpShrinkOnDevice} : 0u);
  if (!send(proto::HeapDumpBegin{job.requestId, job.pid, total, honoured, original})) return core::cancelled();
  // Compression is the slow part (zlib level 1 runs at ~100 MB/s per core, the link and the
  // desktop's inflate are faster), so up to four chunks are compressed at once, then sent in order.
  const size_t workers = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
  std::vector<proto::HeapDumpChunk> batch(workers);
  std::vector<std::vector<uint8_t>> raw(workers, std::vector<uint8_t>(kHeapChunkRawBytes));
  std::vector<int> results(workers, Z_OK);
  uLong crc = crc32(0L, Z_NULL, 0);
  uint64_t offset = 0;
  while (offset < total) {
    size_t count = 0;
    for (uint64_t at = offset; count < workers && at < total; ++count) {
      const size_t want = static_cast<size_t>(std::min<uint64_t>(kHeapChunkRawBytes, total - at));
      size_t have = 0;
      while (have < want) {
        const ssize_t got = read(fd, raw[count].data() + have, want - have);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return core::ioError("reading " + streamed + ": " + std::strerror(errno));
        if (got == 0) return core::ioError("heap dump " + streamed + " shrank while streaming");
        have += static_cast<size_t>(got);
      }
      proto::HeapDumpChunk& chunk = batch[count];
      chunk.requestId = job.requestId;
      chunk.offset = at;
      chunk.rawLength = static_cast<uint32_t>(want);
      at += want;
    }
    auto compressChunk = [&](size_t i) {
      proto::HeapDumpChunk& chunk = batch[i];
      uLongf packed = compressBound(chunk.rawLength);
      chunk.zlibData.resize(packed);
      results[i] = compress2(chunk.zlibData.data(), &packed, raw[i].data(), chunk.rawLength, Z_BEST_SPEED);
      chunk.zlibData.resize(packed);
    };
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < count; ++i) helpers.emplace_back(compressChunk, i);
    compressChunk(0);
    for (std::thread& t : helpers) t.join();
    for (size_t i = 0; i < count; ++i) {
      if (results[i] != Z_OK) return core::internalError("zlib compress2 failed");
      crc = crc32(crc, raw[i].data(), batch[i].rawLength);
      if (!send(batch[i])) return core::cancelled();
      offset += batch[i].rawLength;
    }
  }
  if (!send(proto::HeapDumpEnd{job.requestId, total, static_cast<uint32_t>(crc)})) return core::cancelled();
  return core::okStatus();
}

}  // namespace mxi::agent
