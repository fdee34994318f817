// A whole session decoded into memory (frames with their scene, issues parsed, ANRs parsed):
// the input of compare and of the exports. An immutable snapshot.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/anr/anr_trace.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/matrix/matrix_issue.h"
#include "core/session/frame_gaps.h"
#include "core/session/session_reader.h"

namespace mxi::core::session {

inline constexpr const char* kNoScene = "(no scene)";

struct SessionFrame {
  framestats::Frame frame;
  uint32_t scene = 0;  // index into SessionData::scenes
};

struct SessionIssue {
  int64_t timeNs = 0;
  matrix::MatrixIssue issue;
};

struct SessionAnr {
  int64_t timeNs = 0;
  std::string text;
  std::shared_ptr<const anr::AnrReport> report;  // null when the text did not parse
  std::string error;
};

struct SessionEvent {  // marks and heap dumps
  int64_t timeNs = 0;
  std::string text, detail;
};

struct SceneChange {
  int64_t timeNs = 0;
  uint32_t scene = 0;
};

struct SessionData {
  SessionHeader header;
  RecoveryReport recovery;
  std::vector<std::string> scenes;   // [0] = kNoScene (frames before the first scene record)
  std::vector<SessionFrame> frames;  // record order
  std::vector<SceneChange> sceneChanges;
  std::vector<SessionIssue> issues;  // call trees built (names are method ids unless decoded)
  std::vector<SessionAnr> anrs;
  std::vector<SessionEvent> marks, heapDumps;
  std::vector<SessionFrameGap> frameGaps;
  std::vector<meminfo::MemorySample> memory;  // record order
  std::vector<SqlOperation> sqlOperations;    // record order
  std::vector<SessionEvent> startupRuns;      // record order; text = the run's JSON (core/startup)
  std::vector<ParseProblem> problems;         // stored issues that no longer parse, …
  uint64_t unknownRecords = 0;
  // The session's span (session_span.h): every record's, or the frames' when other records
  // were stamped on another clock, offClockNs away.
  int64_t firstTimeNs = 0, lastTimeNs = 0;
  int64_t offClockNs = 0;

  std::vector<framestats::Frame> framesOfScene(uint32_t scene) const;
};

// Reads every block; progress is per block. A block that cannot be read fails the load.
// Evil-method call trees are named through `mapping` when given (the app's methodMapping.txt).
StatusOr<std::shared_ptr<const SessionData>> loadSession(const SessionReader& reader, ProgressSink& progress,
                                                         const CancelToken& cancel,
                                                         const matrix::MethodMapping* mapping = nullptr);

}  // namespace mxi::core::session
