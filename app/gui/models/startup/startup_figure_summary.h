// The statistics the Startup page shows, computed once per figure (issue 45) and read by the
// strip charts' median and p90 lines and by the statistics table alike, so the numbers on screen
// cannot disagree: core's figureStats over each set's counted runs.
#pragma once

#include <vector>

#include "core/startup/startup_report.h"
#include "core/startup/startup_stats.h"

namespace mxi::gui {

struct FigureSummary {
  core::startup::Figure figure = core::startup::Figure::kTotalTime;
  core::startup::FigureStats current;   // n = 0 when no counted run has the figure
  core::startup::FigureStats baseline;  // likewise; n = 0 with no baseline
  // Whether any run of either set has the figure (counted or not): its strip chart is shown.
  bool present = false;
};

// Every figure in core's order (kFigures); `baseline` may be null.
std::vector<FigureSummary> summarizeFigures(const core::startup::StartupReport& current,
                                            const core::startup::StartupReport* baseline);

}  // namespace mxi::gui
