// Appends records to a `.mxs` file for a live recorder (or an import). Not internally
// synchronized: one thread at a time owns a writer; the file is readable while it grows.
//
// Durability (docs/SESSIONS.md): records are buffered in memory and become durable when their
// block is written — when it is full, on flush() and on close(). With FsyncPolicy::kOnFlush
// (the default) flush() also fdatasync()s, so a recorder calling flush() every second loses at
// most the last second on power loss; a torn tail never damages earlier blocks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/session/session_format.h"

namespace mxi::core::session {

enum class FsyncPolicy : uint8_t {
  kNever,       // leave it to the OS (imports, benchmarks)
  kOnFlush,     // fdatasync on flush() and close()
  kEveryBlock,  // fdatasync after every block written
};

struct WriterOptions {
  size_t blockBytes = 256 * 1024;  // uncompressed payload size that closes a block
  int zlibLevel = 1;               // fast; frames compress ~4x at level 1
  uint32_t indexInterval = 64;     // data blocks per index block
  FsyncPolicy fsync = FsyncPolicy::kOnFlush;
  framestats::DropThresholds thresholds;  // for the levels in block summaries
};

class SessionWriter {
 public:
  // Creates (truncates) `path` and writes the header.
  static StatusOr<std::unique_ptr<SessionWriter>> create(const std::string& path, const SessionHeader& header,
                                                         const WriterOptions& options = {});
  ~SessionWriter();  // closes if close() was not called (errors are lost then)
  SessionWriter(const SessionWriter&) = delete;
  SessionWriter& operator=(const SessionWriter&) = delete;

  Status appendFrame(const framestats::Frame& frame);
  Status appendSceneChange(int64_t timeNs, std::string_view scene);
  Status appendIssue(int64_t timeNs, std::string_view issueJson);
  Status appendAnr(int64_t timeNs, std::string_view tracesText);
  Status appendMark(int64_t timeNs, std::string_view label);
  Status appendHeapDump(int64_t timeNs, std::string_view path, std::string_view reason);
  Status appendMemory(const meminfo::MemorySample& sample);  // at sample.timeNs
  Status append(const SessionRecord& record);

  // Writes the pending block (if any) and, per policy, syncs.
  Status flush();
  // flush + final index + footer + sync. Further appends fail.
  Status close();

  uint64_t recordsWritten() const { return m_records; }
  uint64_t bytesWritten() const { return m_offset; }

 private:
  SessionWriter(int fd, std::string path, WriterOptions options);
  Status writeBlock(BlockKind kind, std::string_view summary, std::string_view payload, uint32_t rawLen,
                    uint32_t records);
  Status writeDataBlock();
  Status writeIndexBlock(bool evenEmpty = false);
  Status writeAll(std::string_view bytes);
  Status sync();
  void noteRecord(const SessionRecord& record);

  int m_fd = -1;
  std::string m_path;
  WriterOptions m_options;
  uint64_t m_offset = 0;
  uint64_t m_records = 0;
  bool m_closed = false;
  // The open block.
  std::string m_payload;
  int64_t m_previousTimeNs = 0;  // time deltas restart in every block
  uint32_t m_blockRecords = 0;
  BlockSummary m_summary;
  std::string m_currentScene;
  size_t m_currentSceneIndex = SIZE_MAX;  // into m_summary.scenes
  std::string m_compressed;
  // Index entries since the last index block.
  struct IndexEntry {
    uint64_t offset, length;
    int64_t firstTimeNs, lastTimeNs;
    uint32_t records;
    std::string summary;  // the block's encoded summary, so an index alone can summarize
  };
  std::vector<IndexEntry> m_pendingIndex;
  uint64_t m_lastIndexOffset = 0;  // 0 = none yet
};

}  // namespace mxi::core::session
