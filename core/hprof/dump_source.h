// Opening a heap dump for reading: a plain .hprof is memory-mapped as is; a gzip stream or a
// zip archive (Matrix ResourceCanary upload zip, or any zip holding one .hprof) is inflated
// into an unlinked temporary file which is then mapped. Decompression is capped (zip-bomb
// guard) and zip entry names that escape the archive are refused.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"

namespace mxi::core::hprof {

enum class ContainerKind : uint8_t { kPlain, kGzip, kZip };

// Metadata from a Matrix ResourceCanary upload zip's `result.info` (Java properties).
struct MatrixResultInfo {
  std::string hprofEntry;
  std::string leakedActivityKey;
  std::string sdkVersion;
  std::string manufacturer;
  std::map<std::string, std::string> all;  // every key, including the ones above
};

struct OpenOptions {
  // Refuse to inflate more than this many bytes (gzip or zip); 0 = 64 GiB default.
  uint64_t maxDecompressedBytes = 0;
  // Directory for the inflated temporary file; empty = $TMPDIR or /tmp.
  std::string tempDir;
};

// Where a dump's bytes came from, as DumpSource reports it.
struct DumpOrigin {
  std::string path;
  ContainerKind container = ContainerKind::kPlain;
  std::string entryName;                       // zip inputs only
  std::optional<MatrixResultInfo> matrixInfo;  // Matrix upload zips only
};

// A read-only view of the raw HPROF bytes that stays valid while this object lives.
class DumpSource {
 public:
  // Maps [0, size) of the open file `fd` read-only (the mapping outlives fd).
  static StatusOr<std::shared_ptr<DumpSource>> mapFile(int fd, uint64_t size, DumpOrigin origin);
  // Wraps bytes owned by the caller (tests, fuzzers); nothing is copied.
  static std::shared_ptr<DumpSource> fromMemory(std::span<const uint8_t> bytes, std::string name);
  ~DumpSource();
  DumpSource(const DumpSource&) = delete;
  DumpSource& operator=(const DumpSource&) = delete;

  std::span<const uint8_t> bytes() const { return {m_data, m_size}; }
  const std::string& path() const { return m_origin.path; }
  ContainerKind container() const { return m_origin.container; }
  // Name of the zip entry the dump came from (zip inputs only).
  const std::string& entryName() const { return m_origin.entryName; }
  // Present for Matrix upload zips.
  const MatrixResultInfo* matrixInfo() const { return m_origin.matrixInfo ? &*m_origin.matrixInfo : nullptr; }

  // Paging hints for [begin, end). Only for dumps this object mapped from a file: prefetch
  // reads ahead in one call instead of one fault per 64 KiB; release drops the pages from
  // this process (they stay in the page cache) so peak RSS does not grow with the dump.
  void prefetch(uint64_t begin, uint64_t end) const;
  void release(uint64_t begin, uint64_t end) const;

 private:
  DumpSource(const uint8_t* data, size_t size, bool owned, DumpOrigin origin);
  const uint8_t* m_data = nullptr;
  size_t m_size = 0;
  bool m_owned = false;  // m_data is our mmap
  DumpOrigin m_origin;
};

// Maps a plain .hprof file read-only, without looking for a container (dump_source.cpp: no
// zlib or libzip needed, so the device agent links it).
StatusOr<std::shared_ptr<DumpSource>> mapDumpFile(const std::string& path);

// Detects the container by its magic bytes (not by file name) and opens the dump (dump_open.cpp).
StatusOr<std::shared_ptr<DumpSource>> openDump(const std::string& path, const OpenOptions& options,
                                               ProgressSink& progress, const CancelToken& cancel);

// Parses Java-properties text (`key=value` / `key: value`, `#` comments, backslash escapes).
MatrixResultInfo parseMatrixResultInfo(std::string_view text);

}  // namespace mxi::core::hprof
