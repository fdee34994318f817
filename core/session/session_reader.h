// Opens a `.mxs` file: validates the header, finds every intact block (through the footer's
// index chain when the file was closed cleanly, else by walking and verifying each block, which
// reads around a damaged block and recovers everything before a torn tail) and reads records
// block by block. Its blocks are fixed after open; a damaged payload behind a clean footer shows
// only when it is read, and from then on recovery() names it. Every method may be called from
// several threads.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/session/recovery_report.h"
#include "core/session/session_format.h"

namespace mxi::core::session {

struct BlockInfo {
  uint64_t offset = 0;  // of the block header
  uint64_t length = 0;  // header + summary + payload
  uint32_t records = 0;
  BlockSummary summary;
};

struct SessionSummary {
  int64_t firstTimeNs = 0, lastTimeNs = 0;
  uint64_t records = 0, frames = 0, flaggedFrames = 0, issues = 0, anrs = 0, marks = 0, heapDumps = 0, sceneChanges = 0,
           frameGaps = 0, memorySamples = 0, sqlOperations = 0, startupRuns = 0, unknownRecords = 0;
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
  // Data blocks in file order. Behind a clean footer these are the index's, damaged ones included
  // (opening reads no payload); a walk lists only intact ones.
  const std::vector<BlockInfo>& blocks() const { return m_blocks; }
  // What open() found, plus the damaged blocks reading has met so far.
  RecoveryReport recovery() const;
  uint64_t recordCount() const;

  // Decodes one data block (payload CRC checked); unknown record types are skipped and counted.
  // A damaged block fails with kInvalidInput and is added to recovery().
  StatusOr<std::vector<SessionRecord>> readBlock(size_t index, uint64_t* skippedUnknown = nullptr) const;
  // readBlock(), but a damaged block reads as no records (recovery() names it); only an I/O error
  // fails. What every reader of records uses, so that one bad block never hides the others.
  StatusOr<std::vector<SessionRecord>> readBlockAround(size_t index, uint64_t* skippedUnknown = nullptr) const;
  // Every record in order, around damaged blocks; stop early by returning false.
  Status forEachRecord(const std::function<bool(const SessionRecord&)>& visit) const;
  // Checks every data block's payload CRC (reads the whole file; `mxi session info`), so that
  // recovery() names every damaged block without decoding one.
  void checkPayloads() const;
  // From the block summaries alone (no payload is read).
  SessionSummary summarize() const;
  // The records of one type, reading only the blocks whose summary counts some (frame gaps,
  // heap dumps: a few records in a large file), around damaged blocks.
  StatusOr<std::vector<SessionRecord>> recordsOfType(RecordType type) const;

 private:
  SessionReader() = default;
  Status readHeader();
  bool readIndexChain();
  void walkBlocks();
  // The block header's fields once its CRC holds (the block may still be torn or damaged).
  struct HeaderFields {
    uint32_t records = 0;
    bool isIndex = false;
  };
  // Validates the block at `offset`; on success fills `info` (and whether it is an index block).
  // `header` gets the header's fields as soon as the header (and summary) CRC holds.
  bool probeBlock(uint64_t offset, BlockInfo& info, bool& isIndex, bool checkPayload,
                  std::optional<HeaderFields>* header) const;
  // Block `index`'s payload, CRC-checked, and its inflated size; kInvalidInput when damaged.
  Status readPayload(size_t index, std::string& payload, uint32_t& rawLen) const;
  // Adds block `index` (of m_blocks), found damaged while reading, to m_foundDamaged once.
  void noteDamaged(size_t index, const std::string& reason) const;
  bool readAt(uint64_t offset, size_t size, std::string& out) const;

  int m_fd = -1;
  std::string m_path;
  uint64_t m_size = 0;
  uint64_t m_dataStart = 0;
  SessionHeader m_header;
  std::vector<BlockInfo> m_blocks;
  RecoveryReport m_recovery;  // what open() found
  mutable std::mutex m_damageMutex;
  mutable std::vector<DamagedBlock> m_foundDamaged;  // behind a clean footer, while reading
};

}  // namespace mxi::core::session
