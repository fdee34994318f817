#include "core/adb/sync_client.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace mxi::core::adb {

namespace {

std::string baseName(const std::string& path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  const size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : m_fd(fd) {}
  ~FileDescriptor() {
    if (m_fd >= 0) ::close(m_fd);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return m_fd; }
  int release() {
    const int fd = m_fd;
    m_fd = -1;
    return fd;
  }

 private:
  int m_fd;
};

int permille(uint64_t done, uint64_t total) {
  if (total == 0) return ProgressSink::kMax;
  return static_cast<int>(done * ProgressSink::kMax / total);
}

}  // namespace

StatusOr<std::unique_ptr<SyncSession>> SyncSession::open(AdbDevice& device, const IoLimits& limits) {
  ASSIGN_OR_RETURN(auto features, device.features(limits));
  ASSIGN_OR_RETURN(auto stream, device.openStream("sync:", limits));
  return std::unique_ptr<SyncSession>(new SyncSession(std::move(stream), std::move(features), device.serial()));
}

SyncSession::~SyncSession() { quit(IoLimits{std::chrono::milliseconds(1000), nullptr}); }

void SyncSession::quit(const IoLimits& limits) {
  if (!m_stream) return;
  if (!m_broken) (void)m_stream->write(encodeSyncRequest(sync_id::kQuit, {}), limits);
  m_stream->close();
  m_stream.reset();
}

Status SyncSession::fail(const std::string& what, const Status& why) {
  return why.withContext("device " + m_serial + ", sync " + what);
}

Status SyncSession::readFailMessage(uint32_t length, const std::string& what, const IoLimits& limits) {
  if (length > 64 * 1024) {
    m_broken = true;
    return fail(what, invalidInput("FAIL message of " + std::to_string(length) + " bytes"));
  }
  std::string message(length, '\0');
  RETURN_IF_ERROR(m_stream->readExact(message.data(), length, limits));
  return fail(what, ioError("device says: " + message));
}

StatusOr<SyncStat> SyncSession::stat(const std::string& remotePath, const IoLimits& limits) {
  if (!m_stream || m_broken) return ioError("sync session for " + m_serial + " is closed");
  if (remotePath.size() > kSyncPathMax) return invalidInput("remote path longer than 1024 bytes: " + remotePath);
  const bool v2 = m_features.count("stat_v2") != 0;
  const std::string what = "stat " + remotePath;
  Status s = m_stream->write(encodeSyncRequest(v2 ? sync_id::kStatV2 : sync_id::kStat, remotePath), limits);
  if (!s.ok()) return fail(what, s);
  std::string reply(v2 ? kSyncStatV2Size : kSyncStatV1Size, '\0');
  s = m_stream->readExact(reply.data(), reply.size(), limits);
  if (!s.ok()) {
    m_broken = true;
    return fail(what, s);
  }
  const SyncHeader h = decodeSyncHeader(reply);
  const uint32_t expected = v2 ? sync_id::kStatV2 : sync_id::kStat;
  if (h.id != expected) {
    m_broken = true;
    return fail(what, invalidInput("reply " + syncIdName(h.id) + " instead of " + syncIdName(expected)));
  }
  return v2 ? decodeSyncStatV2(reply) : decodeSyncStatV1(reply);
}

StatusOr<std::vector<SyncDirEntry>> SyncSession::list(const std::string& remotePath, const IoLimits& limits) {
  if (!m_stream || m_broken) return ioError("sync session for " + m_serial + " is closed");
  const bool v2 = m_features.count("ls_v2") != 0;
  const std::string what = "list " + remotePath;
  Status s = m_stream->write(encodeSyncRequest(v2 ? sync_id::kListV2 : sync_id::kList, remotePath), limits);
  if (!s.ok()) return fail(what, s);
  std::vector<SyncDirEntry> out;
  const size_t fixed = v2 ? kSyncDentV2Size : kSyncDentV1Size;
  std::string entry(fixed, '\0');
  for (;;) {
    s = m_stream->readExact(entry.data(), fixed, limits);
    if (!s.ok()) {
      m_broken = true;
      return fail(what, s);
    }
    const SyncHeader h = decodeSyncHeader(entry);
    if (h.id == sync_id::kDone) return out;
    if (h.id != (v2 ? sync_id::kDentV2 : sync_id::kDent)) {
      m_broken = true;
      return fail(what, invalidInput("unexpected reply " + syncIdName(h.id)));
    }
    uint32_t nameLength = 0;
    SyncDirEntry e;
    e.stat = v2 ? decodeSyncDentV2(entry, nameLength) : decodeSyncDentV1(entry, nameLength);
    if (nameLength > kSyncPathMax) {
      m_broken = true;
      return fail(what, invalidInput("entry name of " + std::to_string(nameLength) + " bytes"));
    }
    e.name.resize(nameLength);
    s = m_stream->readExact(e.name.data(), nameLength, limits);
    if (!s.ok()) {
      m_broken = true;
      return fail(what, s);
    }
    out.push_back(std::move(e));
  }
}

StatusOr<TransferResult> SyncSession::push(const std::string& localPath, const std::string& remotePathIn,
                                           ProgressSink& progress, const IoLimits& limits) {
  if (!m_stream || m_broken) return ioError("sync session for " + m_serial + " is closed");
  FileDescriptor fd(::open(localPath.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return ioError("cannot open " + localPath + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return invalidInput(localPath + " is not a regular file");

  TransferResult result;
  result.localPath = localPath;
  result.remotePath = remotePathIn;
  if (!remotePathIn.empty() && remotePathIn.back() == '/') {
    result.remotePath += baseName(localPath);
  } else {
    ASSIGN_OR_RETURN(auto remote, stat(remotePathIn, limits));
    if (remote.exists() && remote.isDirectory()) result.remotePath += "/" + baseName(localPath);
  }
  if (result.remotePath.size() > kSyncPathMax) return invalidInput("remote path longer than 1024 bytes");
  const std::string what = "push " + localPath + " -> " + result.remotePath;
  const uint64_t total = static_cast<uint64_t>(st.st_size);

  // Requests are pipelined like adb does: SEND, DATA… and DONE without waiting, then one reply.
  // File data is read straight into the outgoing buffer, 16 DATA chunks (~1 MiB) per write.
  constexpr size_t kBatchChunks = 16;
  Bytes batch = encodeSyncSend(result.remotePath, static_cast<uint32_t>(st.st_mode & 0777));
  batch.reserve(kBatchChunks * (kSyncHeaderSize + kSyncDataMax) + batch.size());
  uint64_t sent = 0;
  size_t chunksInBatch = 0;
  for (;;) {
    const size_t headerAt = batch.size();
    batch.resize(headerAt + kSyncHeaderSize + kSyncDataMax);
    const ssize_t n = ::read(fd.get(), batch.data() + headerAt + kSyncHeaderSize, kSyncDataMax);
    if (n <= 0) batch.resize(headerAt);
    if (n < 0) {
      if (errno == EINTR) continue;
      m_broken = true;  // the device holds a half-written file; dropping the stream discards it
      return fail(what, ioError("reading " + localPath + ": " + std::strerror(errno)));
    }
    if (n == 0) break;
    const Bytes dataHeader = encodeSyncDataHeader(static_cast<uint32_t>(n));
    std::copy(dataHeader.begin(), dataHeader.end(), batch.begin() + static_cast<std::ptrdiff_t>(headerAt));
    batch.resize(headerAt + kSyncHeaderSize + static_cast<size_t>(n));
    sent += static_cast<uint64_t>(n);
    if (++chunksInBatch == kBatchChunks) {
      if (Status s = m_stream->write(batch, limits); !s.ok()) {
        m_broken = true;
        return fail(what, s);
      }
      batch.clear();
      chunksInBatch = 0;
      if (!progress.report("push", permille(sent, total)) || limits.cancelled()) {
        m_broken = true;
        quit(limits);
        return cancelled();
      }
    }
  }
  batch += encodeSyncDone(static_cast<uint32_t>(st.st_mtime));
  if (Status s = m_stream->write(batch, limits); !s.ok()) {
    m_broken = true;
    return fail(what, s);
  }
  char reply[kSyncHeaderSize];
  if (Status s = m_stream->readExact(reply, sizeof reply, limits); !s.ok()) {
    m_broken = true;
    return fail(what, s);
  }
  const SyncHeader h = decodeSyncHeader(std::string_view(reply, sizeof reply));
  if (h.id == sync_id::kFail) return readFailMessage(h.length, what, limits);
  if (h.id != sync_id::kOkay) {
    m_broken = true;
    return fail(what, invalidInput("reply " + syncIdName(h.id) + " instead of OKAY"));
  }
  progress.report("push", ProgressSink::kMax);
  result.bytes = sent;
  return result;
}

StatusOr<TransferResult> SyncSession::pull(const std::string& remotePath, const std::string& localPathIn,
                                           ProgressSink& progress, const IoLimits& limits) {
  if (!m_stream || m_broken) return ioError("sync session for " + m_serial + " is closed");
  TransferResult result;
  result.remotePath = remotePath;
  result.localPath = localPathIn;
  std::error_code ec;
  if (std::filesystem::is_directory(localPathIn, ec)) {
    result.localPath = (std::filesystem::path(localPathIn) / baseName(remotePath)).string();
  }
  const std::string what = "pull " + remotePath + " -> " + result.localPath;
  m_lastPullReceived = 0;
  ASSIGN_OR_RETURN(const SyncStat remote, stat(remotePath, limits));
  if (!remote.exists()) {
    return fail(what,
                notFound("remote object does not exist" +
                         (remote.error != 0 ? std::string(" (") + std::strerror(static_cast<int>(remote.error)) + ")"
                                            : std::string())));
  }
  if (remote.isDirectory()) return fail(what, invalidInput("remote path is a directory"));

  FileDescriptor fd(::open(result.localPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  if (fd.get() < 0) return ioError("cannot create " + result.localPath + ": " + std::strerror(errno));
  auto discard = [&](Status why) {
    ::close(fd.release());
    ::unlink(result.localPath.c_str());
    return why;
  };

  if (Status s = m_stream->write(encodeSyncRequest(sync_id::kRecv, remotePath), limits); !s.ok()) {
    m_broken = true;
    return discard(fail(what, s));
  }
  std::string buffer(kSyncDataMax, '\0');
  uint64_t received = 0;
  uint64_t lastReport = 0;
  for (;;) {
    char header[kSyncHeaderSize];
    if (Status s = m_stream->readExact(header, sizeof header, limits); !s.ok()) {
      m_broken = true;
      return discard(fail(what, s));
    }
    const SyncHeader h = decodeSyncHeader(std::string_view(header, sizeof header));
    if (h.id == sync_id::kDone) break;
    if (h.id == sync_id::kFail) return discard(readFailMessage(h.length, what, limits));
    if (h.id != sync_id::kData || h.length > kSyncDataMax) {
      m_broken = true;
      return discard(fail(what, invalidInput("unexpected reply " + syncIdName(h.id) + " of " +
                                             std::to_string(h.length) + " bytes at byte " + std::to_string(received))));
    }
    if (Status s = m_stream->readExact(buffer.data(), h.length, limits); !s.ok()) {
      m_broken = true;
      return discard(fail(what, s));
    }
    size_t written = 0;
    while (written < h.length) {
      const ssize_t n = ::write(fd.get(), buffer.data() + written, h.length - written);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        m_broken = true;
        return discard(ioError("writing " + result.localPath + ": " + std::strerror(errno)));
      }
      written += static_cast<size_t>(n);
    }
    received += h.length;
    m_lastPullReceived = received;
    if (received - lastReport >= 1024 * 1024) {
      lastReport = received;
      if (!progress.report("pull", permille(received, remote.size)) || limits.cancelled()) {
        m_broken = true;
        quit(limits);
        return discard(cancelled());
      }
    }
  }
  if (::close(fd.release()) != 0) return ioError("closing " + result.localPath + ": " + std::strerror(errno));
  progress.report("pull", ProgressSink::kMax);
  result.bytes = received;
  return result;
}

}  // namespace mxi::core::adb
