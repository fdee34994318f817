// The statistics of repeated launches (issue 45): per figure over the counted runs, and the rule
// that keeps a spoiled launch out of them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/startup/startup_run.h"

namespace mxi::core::startup {

struct FigureStats {
  int n = 0;
  double min = 0, median = 0, p90 = 0, max = 0;
  double stddev = 0;  // sample standard deviation (n − 1); 0 for one value
  double cv = 0;      // stddev / mean; 0 when the mean is 0
};

// n = 0 for no values. median: the mean of the two middle values for an even n; p90: linear
// interpolation between closest ranks (the same definition as numpy's default).
FigureStats figureStats(std::vector<int64_t> values);

// The counted runs' values of one figure (runs that lack it are left out).
std::vector<int64_t> countedValues(const std::vector<StartupRun>& runs, Figure figure);

// Sets `counted` and `spoiledBy` on every run: the warm-up (index 0), failed and traced runs are
// not counted; a run whose launch state differs from the mode's (a "cold" run the system served
// WARM, a "hot" run that had to recreate its activity) is spoiled by that state and not counted.
// A run with no launch state (Android 9 and older print none) is judged from `processStarted`
// when known (a new process = COLD), else counted as asked.
void judgeRuns(std::vector<StartupRun>& runs, LaunchMode mode);

}  // namespace mxi::core::startup
