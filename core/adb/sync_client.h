// File transfer over the "sync:" service: stat, list, push and pull with progress and
// cancellation. Uses STA2/LIS2 when the device has stat_v2/ls_v2.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/adb/adb_device.h"
#include "core/adb/sync_protocol.h"
#include "core/base/progress.h"

namespace mxi::core::adb {

struct TransferResult {
  uint64_t bytes = 0;
  std::string remotePath;  // after resolving a directory target
  std::string localPath;
};

class SyncSession {
 public:
  static StatusOr<std::unique_ptr<SyncSession>> open(AdbDevice& device, const IoLimits& limits);
  ~SyncSession();

  StatusOr<SyncStat> stat(const std::string& remotePath, const IoLimits& limits);
  StatusOr<std::vector<SyncDirEntry>> list(const std::string& remotePath, const IoLimits& limits);
  // Copies a local regular file. A remote directory (or a path ending in '/') gets the local
  // file's name appended, as `adb push` does. The file keeps its mode and mtime.
  // `progress` reporting false cancels: the stream is dropped and the device discards the file.
  StatusOr<TransferResult> push(const std::string& localPath, const std::string& remotePath, ProgressSink& progress,
                                const IoLimits& limits);
  // Copies a remote file; a local directory gets the remote file's name appended. A failed or
  // cancelled pull removes the partial local file.
  StatusOr<TransferResult> pull(const std::string& remotePath, const std::string& localPath, ProgressSink& progress,
                                const IoLimits& limits);
  // Bytes the last pull() received, also when it failed (a cut transfer says how far it came).
  uint64_t lastPullReceived() const { return m_lastPullReceived; }
  // Ends the session politely (QUIT); the destructor does it too.
  void quit(const IoLimits& limits);

 private:
  SyncSession(std::unique_ptr<AdbStream> stream, std::set<std::string> features, std::string serial)
      : m_stream(std::move(stream)), m_features(std::move(features)), m_serial(std::move(serial)) {}
  Status fail(const std::string& what, const Status& why);
  Status readFailMessage(uint32_t length, const std::string& what, const IoLimits& limits);

  std::unique_ptr<AdbStream> m_stream;
  std::set<std::string> m_features;
  std::string m_serial;
  bool m_broken = false;  // the stream is out of sync after an interrupted transfer
  uint64_t m_lastPullReceived = 0;
};

}  // namespace mxi::core::adb
