#include "device-agent/src/file_transfer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>
#include <vector>

#include "core/base/worker_pool.h"

namespace mxi::agent {

namespace {

using Clock = std::chrono::steady_clock;
namespace proto = core::protocol;

struct FdCloser {
  int fd;
  ~FdCloser() { close(fd); }
};

int64_t fileSize(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 ? static_cast<int64_t>(st.st_size) : -1;
}

}  // namespace

core::StatusOr<uint64_t> waitUntilStable(const std::string& path, int stableMs, std::chrono::milliseconds timeout,
                                         const std::string& what) {
  const auto deadline = Clock::now() + timeout;
  int64_t last = -1;
  auto stableSince = Clock::now();
  for (;;) {
    const int64_t size = fileSize(path);
    if (size != last) {
      last = size;
      stableSince = Clock::now();
    } else if (size > 0 && Clock::now() - stableSince >= std::chrono::milliseconds(stableMs)) {
      return static_cast<uint64_t>(size);
    }
    if (Clock::now() > deadline) return core::ioError(what + " " + path + " never completed");
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(stableMs / 4 + 1, 100)));
  }
}

core::Status streamFile(const std::string& path, uint32_t requestId, int32_t pid, uint32_t flags,
                        uint64_t originalBytes, const std::function<bool(const proto::Message&)>& send) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return core::ioError("cannot open " + path + ": " + std::strerror(errno));
  const FdCloser closer{fd};
  // The descriptor keeps the bytes: removed now, the file is gone before the desktop has the last
  // chunk (a client that checks the phone right after finds nothing), and no path leaves it behind.
  unlink(path.c_str());

  struct stat st {};
  if (fstat(fd, &st) != 0) return core::ioError("cannot stat " + path + ": " + std::strerror(errno));
  const uint64_t total = static_cast<uint64_t>(st.st_size);
  if (!send(proto::HeapDumpBegin{requestId, pid, total, flags, originalBytes ? originalBytes : total})) {
    return core::cancelled();
  }
  // Compression is the slow part (zlib level 1 runs at ~100 MB/s per core, the link and the
  // desktop's inflate are faster), so up to four chunks are compressed at once, then sent in order.
  const core::WorkerPool pool(std::min(core::hardwareThreads(), 4u));
  const size_t workers = pool.threads();
  std::vector<proto::HeapDumpChunk> batch(workers);
  std::vector<std::vector<uint8_t>> raw(workers, std::vector<uint8_t>(kTransferChunkRawBytes));
  uLong crc = crc32(0L, Z_NULL, 0);
  uint64_t offset = 0;
  while (offset < total) {
    size_t count = 0;
    for (uint64_t at = offset; count < workers && at < total; ++count) {
      const size_t want = static_cast<size_t>(std::min<uint64_t>(kTransferChunkRawBytes, total - at));
      size_t have = 0;
      while (have < want) {
        const ssize_t got = read(fd, raw[count].data() + have, want - have);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return core::ioError("reading " + path + ": " + std::strerror(errno));
        if (got == 0) return core::ioError(path + " shrank while streaming");
        have += static_cast<size_t>(got);
      }
      proto::HeapDumpChunk& chunk = batch[count];
      chunk.requestId = requestId;
      chunk.offset = at;
      chunk.rawLength = static_cast<uint32_t>(want);
      at += want;
    }
    RETURN_IF_ERROR(pool.run(count, [&](size_t i) {
      proto::HeapDumpChunk& chunk = batch[i];
      uLongf packed = compressBound(chunk.rawLength);
      chunk.zlibData.resize(packed);
      if (compress2(chunk.zlibData.data(), &packed, raw[i].data(), chunk.rawLength, Z_BEST_SPEED) != Z_OK) {
        return core::internalError("zlib compress2 failed");
      }
      chunk.zlibData.resize(packed);
      return core::okStatus();
    }));
    for (size_t i = 0; i < count; ++i) {
      crc = crc32(crc, raw[i].data(), batch[i].rawLength);
      if (!send(batch[i])) return core::cancelled();
      offset += batch[i].rawLength;
    }
  }
  if (!send(proto::HeapDumpEnd{requestId, total, static_cast<uint32_t>(crc)})) return core::cancelled();
  return core::okStatus();
}

}  // namespace mxi::agent
