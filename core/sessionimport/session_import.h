// Builds a session from raw captures (no device needed): gfxinfo framestats, Matrix issues
// (any shape `mxi parse issues` reads) and ANR traces. Used by `mxi session import`, the tests
// and the GUI's demo mode.
//
// Placement: each framestats window becomes a scene; its scene record and frames are written
// window by window. The frames' monotonic clock and the issues' wall clock cannot be related
// from captures alone, so issues keep their relative wall-clock spacing from the session start
// (the first frame) but never past the last frame, and ANRs are placed at the end of the frames.
// Issues are stored as captured: evil-method names come from a method mapping when the session
// is loaded (loadSession), so one session file serves any mapping.
#pragma once

#include <string>
#include <vector>

#include "core/framestats/framestats_parser.h"
#include "core/matrix/matrix_issue.h"
#include "core/session/session_writer.h"

namespace mxi::core::sessionimport {

struct ImportInputs {
  std::vector<std::string> framestatsTexts;
  std::vector<std::string> issueTexts;
  std::vector<std::string> anrTexts;
  double refreshHz = 60;  // for framestats without a period column
  // What errors and warnings call each input, by position (e.g. its file name); inputs without
  // one are "framestats input N", "issues input N", "ANR input N".
  std::vector<std::string> framestatsNames, issueNames, anrNames;
};

struct ImportReport {
  uint64_t windows = 0, frames = 0, issues = 0, anrs = 0;
  std::vector<std::string> warnings;  // skipped rows and lines, with their position
};

StatusOr<ImportReport> importCaptures(const ImportInputs& inputs, const std::string& outPath,
                                      session::SessionHeader header, const session::WriterOptions& options = {});

}  // namespace mxi::core::sessionimport
