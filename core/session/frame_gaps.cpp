#include "core/session/frame_gaps.h"

#include <cstdio>

namespace mxi::core::session {

SessionFrameGap frameGapOf(const SessionRecord& record) {
  return {record.timeNs, record.gapNs, record.gapFrames, record.text};
}

StatusOr<std::vector<SessionFrameGap>> readFrameGaps(const SessionReader& reader) {
  ASSIGN_OR_RETURN(std::vector<SessionRecord> records, reader.recordsOfType(RecordType::kFrameGap));
  std::vector<SessionFrameGap> gaps;
  gaps.reserve(records.size());
  for (const SessionRecord& r : records) gaps.push_back(frameGapOf(r));
  return gaps;
}

std::string describeFrameGap(const SessionFrameGap& gap) {
  char text[96];
  std::snprintf(text, sizeof text, "%.2f s of ", static_cast<double>(gap.gapNs) / 1e9);
  return text + (gap.scene.empty() ? std::string("the app") : gap.scene) + " not seen (at most " +
         std::to_string(gap.maxLostFrames) + " frames)";
}

}  // namespace mxi::core::session
