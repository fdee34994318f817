// The sync: service on the sandbox: STAT/STA2/LST2, LIST/LIS2, SEND, RECV, QUIT.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/adb/sync_protocol.h"
#include "tests/device-sim/sim_services.h"

namespace mxi::sim {

using namespace core::adb;
using namespace core;

namespace {

constexpr IoLimits kLimits{std::chrono::milliseconds(60000), nullptr};

SyncStat toSyncStat(const struct stat& st) {
  SyncStat s;
  s.dev = st.st_dev;
  s.ino = st.st_ino;
  s.mode = st.st_mode;
  s.nlink = static_cast<uint32_t>(st.st_nlink);
  s.uid = st.st_uid;
  s.gid = st.st_gid;
  s.size = static_cast<uint64_t>(st.st_size);
  s.atime = st.st_atim.tv_sec;
  s.mtime = st.st_mtim.tv_sec;
  s.ctime = st.st_ctim.tv_sec;
  return s;
}

SyncStat statPath(const std::string& path, bool follow) {
  struct stat st {};
  if ((follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0) {
    SyncStat s;
    s.error = static_cast<uint32_t>(errno);
    return s;
  }
  return toSyncStat(st);
}

Status sendList(AdbStream& stream, const std::string& dir, bool v2) {
  Bytes out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      SyncDirEntry entry;
      entry.name = e->d_name;
      entry.stat = statPath(dir + "/" + entry.name, false);
      if (entry.stat.error != 0) continue;
      out += v2 ? encodeSyncDentV2(entry) : encodeSyncDentV1(entry);
      if (out.size() > 256 * 1024) {
        RETURN_IF_ERROR(stream.write(out, kLimits));
        out.clear();
      }
    }
    closedir(d);
  }
  out += v2 ? encodeSyncListDoneV2() : encodeSyncListDoneV1();
  return stream.write(out, kLimits);
}

Status sendFail(AdbStream& stream, const std::string& message) {
  return stream.write(encodeSyncStatus(sync_id::kFail, message), kLimits);
}

// RECV: DATA… DONE. With --drop-after-pull-bytes the connection drops once that many bytes went out.
Status sendFile(AdbStream& stream, const SimContext& ctx, const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return sendFail(stream, std::strerror(errno));
  // Several DATA chunks per stream write: one WRTE of up to the negotiated payload each.
  constexpr size_t kBatch = 16;
  Bytes batch;
  batch.reserve(kBatch * (kSyncDataMax + kSyncHeaderSize));
  std::string chunk(kSyncDataMax, '\0');
  Status status;
  uint64_t sent = 0;
  for (size_t inBatch = 0;;) {
    const ssize_t n = ::read(fd, chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      status = sendFail(stream, std::strerror(errno));
      break;
    }
    if (n == 0) {
      batch += encodeSyncStatus(sync_id::kDone, {});
      status = stream.write(batch, kLimits);
      break;
    }
    batch += encodeSyncDataHeader(static_cast<uint32_t>(n));
    batch.append(chunk.data(), static_cast<size_t>(n));
    sent += static_cast<uint64_t>(n);
    if (ctx.dropAfterPullBytes > 0 && sent >= ctx.dropAfterPullBytes && ctx.dropConnection) {
      (void)stream.write(batch, kLimits);
      *ctx.dropConnection = true;  // as if the cable were pulled: the rest never comes
      status = ioError("connection dropped");
      break;
    }
    if (++inBatch == kBatch) {
      status = stream.write(batch, kLimits);
      if (!status.ok()) break;
      batch.clear();
      inBatch = 0;
    }
  }
  ::close(fd);
  return status;
}

// SEND: DATA… DONE(mtime) into a temporary file renamed into place; FAIL leaves nothing behind.
Status receiveFile(AdbStream& stream, const SimContext& ctx, const std::string& spec) {
  std::string devicePath;
  uint32_t mode = 0;
  Status parsed = parseSyncSendTarget(spec, devicePath, mode);
  const std::string target = mapDevicePath(ctx, devicePath);
  const bool isLink = S_ISLNK(mode);
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(target).parent_path(), ec);  // fixed_push_mkdir
  const std::string temp = target + ".mxi-sim-partial";
  int fd = -1;
  std::string failure = parsed.ok() ? std::string() : parsed.message();
  if (failure.empty() && !isLink) {
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) failure = "couldn't create file: " + std::string(std::strerror(errno));
  }
  std::string linkTarget;
  std::string chunk;
  uint64_t received = 0;
  for (;;) {
    char header[kSyncHeaderSize];
    Status s = stream.readExact(header, sizeof header, kLimits);
    if (!s.ok()) {  // the host went away mid-transfer: discard, like adbd
      if (fd >= 0) {
        ::close(fd);
        ::unlink(temp.c_str());
      }
      return s;
    }
    const SyncHeader h = decodeSyncHeader(std::string_view(header, sizeof header));
    if (h.id == sync_id::kDone) {
      if (fd >= 0) {
        ::fchmod(fd, mode & 07777);
        const timespec times[2] = {{static_cast<time_t>(h.length), 0}, {static_cast<time_t>(h.length), 0}};
        ::futimens(fd, times);
        ::close(fd);
        if (failure.empty() && ::rename(temp.c_str(), target.c_str()) != 0) failure = std::strerror(errno);
        if (!failure.empty()) ::unlink(temp.c_str());
      } else if (isLink && failure.empty()) {
        ::unlink(target.c_str());
        if (::symlink(linkTarget.c_str(), target.c_str()) != 0) failure = std::strerror(errno);
      }
      return failure.empty() ? stream.write(encodeSyncStatus(sync_id::kOkay, {}), kLimits) : sendFail(stream, failure);
    }
    if (h.id != sync_id::kData || h.length > kSyncDataMax) {
      if (fd >= 0) {
        ::close(fd);
        ::unlink(temp.c_str());
      }
      return sendFail(stream, "invalid data message: expected DATA or DONE, got " + syncIdName(h.id));
    }
    chunk.resize(h.length);
    RETURN_IF_ERROR(stream.readExact(chunk.data(), h.length, kLimits));
    received += h.length;
    if (ctx.dropAfterSyncBytes > 0 && received >= ctx.dropAfterSyncBytes && ctx.dropConnection) {
      *ctx.dropConnection = true;  // as if the cable were pulled: no reply, the connection goes
      if (fd >= 0) {
        ::close(fd);
        ::unlink(temp.c_str());
      }
      return core::ioError("connection dropped");
    }
    if (isLink) {
      linkTarget += chunk;
    } else if (fd >= 0 && failure.empty()) {
      size_t done = 0;
      while (done < chunk.size()) {
        const ssize_t n = ::write(fd, chunk.data() + done, chunk.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
          failure = std::string("write failed: ") + std::strerror(errno);
          break;
        }
        done += static_cast<size_t>(n);
      }
    }
  }
}

}  // namespace

void runSyncService(std::shared_ptr<AdbStream> stream, const SimContext& ctx) {
  for (;;) {
    char header[kSyncHeaderSize];
    // Idle sessions are fine (adb keeps sync open between files); wait for ever.
    if (!stream->readExact(header, sizeof header, IoLimits{std::chrono::milliseconds(0), nullptr}).ok()) break;
    const SyncHeader h = decodeSyncHeader(std::string_view(header, sizeof header));
    if (h.id == sync_id::kQuit) break;
    if (h.length > kSyncPathMax) {
      (void)sendFail(*stream, "path too long");
      break;
    }
    std::string arg(h.length, '\0');
    if (!stream->readExact(arg.data(), h.length, kLimits).ok()) break;
    Status s;
    switch (h.id) {
      case sync_id::kStat: {
        SyncStat st = statPath(mapDevicePath(ctx, arg), false);
        if (st.error != 0) st = SyncStat{};
        s = stream->write(encodeSyncStatV1(st), kLimits);
        break;
      }
      case sync_id::kStatV2:
      case sync_id::kLstatV2:
        s = stream->write(encodeSyncStatV2(h.id, statPath(mapDevicePath(ctx, arg), h.id == sync_id::kStatV2)), kLimits);
        break;
      case sync_id::kList:
      case sync_id::kListV2: s = sendList(*stream, mapDevicePath(ctx, arg), h.id == sync_id::kListV2); break;
      case sync_id::kSend:
        logLine(ctx, "sync: push " + arg);
        s = receiveFile(*stream, ctx, arg);
        break;
      case sync_id::kRecv:
        logLine(ctx, "sync: pull " + arg);
        s = sendFile(*stream, ctx, mapDevicePath(ctx, arg));
        break;
      default:
        (void)sendFail(*stream, "unknown sync command " + syncIdName(h.id));
        s = ioError("unknown sync command");
        break;
    }
    if (!s.ok()) break;
  }
  stream->close();
}

}  // namespace mxi::sim
