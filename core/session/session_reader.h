// Opens a `.mxs` file: validates the header, finds every intact block (through the footer's
// index chain when the file was closed cleanly, else by walking and verifying each block, which
// recovers everything before a torn or corrupt region) and reads records block by block.
// Immutable after open; readBlock() may be called from several threads.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/session/session_format.h"

namespace mxi::core::session {

struct BlockInfo {
  uint64_t offset = 0;  // of the block header
  uint64_t length = 0;  // header + summary + payload
  uint32_t records = 0;
  BlockSummary summary;
};

// What open() found besides the intact blocks.
struct RecoveryReport {
  bool cleanClose = false;  // footer and index chain valid
  uint64_t fileBytes = 0;
  uint64_t tornBytes = 0;          // trailing bytes that are not a complete block
  uint64_t corruptBytes = 0;       // bytes skipped in the middle (bad CRC) before a valid block
  uint64_t lostRecords = 0;        // records of damaged blocks whose header was still readable
  bool lostRecordsExact = true;    // false when a damaged block's header was unreadable too
  std::vector<std::string> notes;  // human-readable, with offsets
  bool intact() const { return tornBytes == 0 && corruptBytes == 0; }
};

struct SessionSummary {
  int64_t firstTimeNs = 0, lastTimeNs = 0;
  uint64_t records = 0, frames = 0, flaggedFrames = 0, issues = 0, anrs = 0, marks = 0, heapDumps = 0, sceneChanges = 0,
           frameGaps = 0, memorySamples = 0, unknownRecords = 0;
  std::vector<SceneFrameSummary> scenes;  // by first appearance
  SceneFrameSummary overall;
  int64_t offClockNs = 0;  // session_span.h: records this far outside the frames were left out of the span
  double durationMs() const { return static_cast<double>(lastTimeNs - firstTimeNs) / 1e6; }
};

class SessionReader {
 public:
  static StatusOr<std::shared_ptr<const SessionReader>> open(const std::string& path);
  ~SessionReader();
  SessionReader(const SessionReader&) = delete;
  SessionReader& operator=(const SessionReader&) = delete;

  const std::string& path() const { return m_path; }
  const SessionHeader& header() const { return m_header; }
  const std::vector<BlockInfo>& blocks() const { return m_blocks; }  // data blocks, file order
  const RecoveryReport& recovery() const { return m_recovery; }
  uint64_t recordCount() const;

  // Decodes one data block (payload CRC checked); unknown record types are skipped and counted.
  StatusOr<std::vector<SessionRecord>> readBlock(size_t index, uint64_t* skippedUnknown = nullptr) const;
  // Every record in order; stop early by returning false. Fails on the first unreadable block.
  Status forEachRecord(const std::function<bool(const SessionRecord&)>& visit) const;
  // From the block summaries alone (no payload is read).
  SessionSummary summarize() const;
  // The records of one type, reading only the blocks whose summary counts some (frame gaps,
  // heap dumps: a few records in a large file).
  StatusOr<std::vector<SessionRecord>> recordsOfType(RecordType type) const;

 private:
  SessionReader() = default;
  Status readHeader();
  bool readIndexChain();
  void walkBlocks();
  // Validates the block at `offset`; on success fills `info` (and whether it is an index block).
  // `headerRecords` gets the record count as soon as the header (and summary) CRC holds.
  bool probeBlock(uint64_t offset, BlockInfo& info, bool& isIndex, bool checkPayload,
                  std::optional<uint32_t>* headerRecords) const;
  bool readAt(uint64_t offset, size_t size, std::string& out) const;

  int m_fd = -1;
  std::string m_path;
  uint64_t m_size = 0;
  uint64_t m_dataStart = 0;
  SessionHeader m_header;
  std::vector<BlockInfo> m_blocks;
  RecoveryReport m_recovery;
};

}  // namespace mxi::core::session
