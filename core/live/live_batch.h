// What a run of session records changes in the live model, decoded (LiveRecordDecoder): frames
// per scene, parsed Matrix issues (evil-method call trees built) and ANR reports, marks and frame
// gaps, memory samples, at ms since the recording's start. The costly part of ingest (JSON, ANR dumps, call trees)
// is done where the records are written; LiveSession::apply only accumulates, so the GUI applies
// a batch on its UI thread without parsing anything there.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/anr/anr_trace.h"
#include "core/framestats/frame.h"
#include "core/matrix/matrix_issue.h"
#include "core/meminfo/memory_sample.h"
#include "core/session/sql_operation.h"

namespace mxi::core::live {

namespace update {
struct Start {  // where ms 0 is on the frames' clock
  int64_t startNs = 0;
};
struct Frames {  // consecutive frames of one scene
  std::string scene;
  std::vector<framestats::Frame> frames;
};
struct Issue {
  matrix::MatrixIssue issue;
  int64_t timeMs = 0;
};
struct Anr {
  std::shared_ptr<const anr::AnrReport> anr;
  int64_t timeMs = 0;
};
struct Mark {
  std::string text;
  int64_t timeMs = 0;
  bool heapDump = false;  // also "dump taken" on the memory chart
};
struct FrameGap {
  std::string text;
  uint32_t maxLostFrames = 0;
  int64_t timeMs = 0;
};
struct Memory {
  meminfo::MemorySample sample;
  int64_t timeMs = 0;
};
struct SqlOperation {
  session::SqlOperation operation;
  int64_t timeMs = 0;
};
}  // namespace update

using LiveUpdate = std::variant<update::Start, update::Frames, update::Issue, update::Anr, update::Mark,
                                update::FrameGap, update::Memory, update::SqlOperation>;

struct LiveBatch {
  std::vector<LiveUpdate> updates;  // oldest first
  uint64_t records = 0;             // how many records they came from

  bool empty() const { return updates.empty(); }
  // Appends `later` (moved from), joining frames of the same scene across the seam.
  void append(LiveBatch&& later);
};

}  // namespace mxi::core::live
