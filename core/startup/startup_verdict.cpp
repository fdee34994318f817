#include "core/startup/startup_verdict.h"

#include <algorithm>
#include <cmath>

#include "core/base/format_text.h"
#include "core/base/mann_whitney.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::startup {
namespace {

// p with two significant digits ("0.0079", "0.69", "1"), or "< 0.001" where more digits would
// claim a precision the normal approximation does not have.
std::string pText(double p) {
  if (p < 0.001) return "p < 0.001";
  return formatText("p = %.2g", p);
}

}  // namespace

std::string StartupVerdict::words() const {
  if (!significant) return "no significant change (" + pText(p) + ")";
  if (medianDeltaMs == 0) return "same median, different spread (" + pText(p) + ")";
  const char* direction = medianDeltaMs > 0 ? "slower" : "faster";
  return formatText("%s by %lld ms (%.1f %%), %s", direction, std::llround(std::fabs(medianDeltaMs)),
                    std::fabs(deltaPct), pText(p).c_str());
}

std::optional<StartupVerdict> compareRuns(const std::vector<StartupRun>& baseline,
                                          const std::vector<StartupRun>& current, std::string baselineName) {
  for (Figure figure : {Figure::kTimeToInitialDisplay, Figure::kTotalTime, Figure::kWaitTime}) {
    std::vector<int64_t> before = countedValues(baseline, figure);
    std::vector<int64_t> after = countedValues(current, figure);
    if (before.empty() || after.empty()) continue;
    StartupVerdict v;
    v.baseline = std::move(baselineName);
    v.figure = figure;
    v.baselineN = static_cast<int>(before.size());
    v.currentN = static_cast<int>(after.size());
    v.baselineMedianMs = figureStats(before).median;
    v.currentMedianMs = figureStats(after).median;
    v.medianDeltaMs = v.currentMedianMs - v.baselineMedianMs;
    v.deltaPct = v.baselineMedianMs != 0 ? v.medianDeltaMs / v.baselineMedianMs * 100 : 0;
    // Two-sided: twice the smaller one-sided p (the continuity correction can push the sum past 1).
    const MannWhitneyResult test = mannWhitney(std::move(before), std::move(after));
    v.p = std::min(1.0, 2 * std::min(test.pGreater, test.pLess));
    v.significant = v.p < kSignificanceLevel;
    v.regression = v.significant && v.medianDeltaMs > 0;
    return v;
  }
  return std::nullopt;
}

bool failsRegressionGate(const StartupVerdict& verdict, double pct) {
  return verdict.regression && verdict.deltaPct > pct;
}

}  // namespace mxi::core::startup
