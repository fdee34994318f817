// A set of launches against a baseline set (issue 45): is the median slower, and is the
// difference more than run-to-run noise? Mann–Whitney U over the counted runs of one figure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/startup/startup_run.h"

namespace mxi::core::startup {

inline constexpr double kSignificanceLevel = 0.05;

struct StartupVerdict {
  std::string baseline;                           // what the baseline was read from (a path), as the user gave it
  Figure figure = Figure::kTimeToInitialDisplay;  // the figure compared
  int baselineN = 0, currentN = 0;
  double baselineMedianMs = 0, currentMedianMs = 0;
  double medianDeltaMs = 0;  // current − baseline
  double deltaPct = 0;       // medianDeltaMs / baselineMedianMs × 100 (0 when the baseline is 0)
  double p = 1;              // two-sided Mann–Whitney p-value
  bool significant = false;  // p < kSignificanceLevel
  bool regression = false;   // significant and slower
  // "slower by 412 ms (38.5 %), p = 0.0079" / "faster by … " / "no significant change (p = 0.69)".
  std::string words() const;
};

// Compares the time to initial display when both sets have it in a counted run, else TotalTime
// (else WaitTime). nullopt when no figure has counted values on both sides.
std::optional<StartupVerdict> compareRuns(const std::vector<StartupRun>& baseline,
                                          const std::vector<StartupRun>& current, std::string baselineName);

// `--fail-on-regression PCT`: only a significant slowdown above PCT fails.
bool failsRegressionGate(const StartupVerdict& verdict, double pct);

}  // namespace mxi::core::startup
