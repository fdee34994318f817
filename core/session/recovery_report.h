// What opening and reading a `.mxs` file found besides intact blocks: a torn tail, damaged blocks
// in the middle (which block, how many records, which time span was lost) and notes for people.
// Filled by SessionReader; shown by `mxi session …`, the JSON `recovery` object and the GUI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mxi::core::session {

// A block whose bytes did not check out. Its records are lost; the blocks around it are kept.
struct DamagedBlock {
  uint64_t index = 0;               // its place among the session's data blocks (earlier damaged ones counted)
  uint64_t offset = 0;              // of its header
  uint64_t bytes = 0;               // skipped: up to the next intact block
  std::optional<uint64_t> records;  // lost; known when the footer's index or the block's own header says
  // The lost records lie between these: the last record kept before the block (its block's last
  // time) and the first kept after it. Absent at the session's start or end.
  std::optional<int64_t> fromNs, toNs;
  std::string reason;  // "payload CRC mismatch", "header damaged", …
};

struct RecoveryReport {
  bool cleanClose = false;  // footer and index chain valid
  uint64_t fileBytes = 0;
  uint64_t tornBytes = 0;                   // trailing bytes that are not a complete block
  uint64_t corruptBytes = 0;                // bytes skipped in the middle (damaged blocks) before an intact block
  uint64_t lostRecords = 0;                 // records of damaged blocks whose count is known
  bool lostRecordsExact = true;             // false when a damaged block's record count is unknown
  std::vector<DamagedBlock> damagedBlocks;  // by offset
  std::vector<std::string> notes;           // human-readable, with offsets
  bool intact() const { return tornBytes == 0 && corruptBytes == 0; }

  // Counts `block` in (bytes, records, exactness), lists it and adds its note.
  void addDamagedBlock(DamagedBlock block, int64_t sessionStartNs);
};

// "block 3 at byte offset 4242: payload CRC mismatch; 37 records lost between 10.250 s and
// 10.500 s" — times in seconds from the session's start (the header's startMonotonicNs).
std::string describeDamagedBlock(const DamagedBlock& block, int64_t sessionStartNs);

}  // namespace mxi::core::session
