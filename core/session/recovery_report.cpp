#include "core/session/recovery_report.h"

#include <algorithm>
#include <cstdio>

namespace mxi::core::session {

namespace {
std::string secondsFrom(int64_t timeNs, int64_t startNs) {
  char text[40];
  std::snprintf(text, sizeof text, "%.3f s", static_cast<double>(timeNs - startNs) / 1e9);
  return text;
}
}  // namespace

std::string describeDamagedBlock(const DamagedBlock& b, int64_t sessionStartNs) {
  std::string text =
      "block " + std::to_string(b.index) + " at byte offset " + std::to_string(b.offset) + ": " + b.reason + "; ";
  text += b.records ? std::to_string(*b.records) + (*b.records == 1 ? " record" : " records")
                    : std::string("an unknown number of records");
  text += " lost";
  if (b.fromNs && b.toNs) {
    text += " between " + secondsFrom(*b.fromNs, sessionStartNs) + " and " + secondsFrom(*b.toNs, sessionStartNs);
  } else if (b.fromNs) {
    text += " after " + secondsFrom(*b.fromNs, sessionStartNs);
  } else if (b.toNs) {
    text += " before " + secondsFrom(*b.toNs, sessionStartNs);
  }
  return text + " (" + std::to_string(b.bytes) + " bytes skipped)";
}

void RecoveryReport::addDamagedBlock(DamagedBlock block, int64_t sessionStartNs) {
  corruptBytes += block.bytes;
  if (block.records) {
    lostRecords += *block.records;
  } else {
    lostRecordsExact = false;
  }
  notes.push_back(describeDamagedBlock(block, sessionStartNs));
  const auto at = std::upper_bound(damagedBlocks.begin(), damagedBlocks.end(), block.offset,
                                   [](uint64_t offset, const DamagedBlock& b) { return offset < b.offset; });
  damagedBlocks.insert(at, std::move(block));
}

}  // namespace mxi::core::session
