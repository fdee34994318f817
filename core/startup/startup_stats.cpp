#include "core/startup/startup_stats.h"

#include <algorithm>
#include <cmath>

namespace mxi::core::startup {

FigureStats figureStats(std::vector<int64_t> values) {
  FigureStats s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  s.n = static_cast<int>(n);
  s.min = static_cast<double>(values.front());
  s.max = static_cast<double>(values.back());
  s.median = n % 2 == 1 ? static_cast<double>(values[n / 2])
                        : (static_cast<double>(values[n / 2 - 1]) + static_cast<double>(values[n / 2])) / 2;
  // numpy.percentile's default ("linear"): the rank 0.9·(n − 1), interpolated between its neighbours.
  const double rank = 0.9 * static_cast<double>(n - 1);
  const size_t below = static_cast<size_t>(std::floor(rank));
  const size_t above = std::min(below + 1, n - 1);
  const double fraction = rank - static_cast<double>(below);
  s.p90 = static_cast<double>(values[below]) +
          (static_cast<double>(values[above]) - static_cast<double>(values[below])) * fraction;
  double sum = 0;
  for (int64_t v : values) sum += static_cast<double>(v);
  const double mean = sum / static_cast<double>(n);
  if (n > 1) {
    double squares = 0;
    for (int64_t v : values) squares += (static_cast<double>(v) - mean) * (static_cast<double>(v) - mean);
    s.stddev = std::sqrt(squares / static_cast<double>(n - 1));
  }
  s.cv = mean != 0 ? s.stddev / mean : 0;
  return s;
}

std::vector<int64_t> countedValues(const std::vector<StartupRun>& runs, Figure figure) {
  std::vector<int64_t> values;
  for (const StartupRun& run : runs) {
    if (!run.counted) continue;
    if (const auto v = run.figure(figure)) values.push_back(*v);
  }
  return values;
}

namespace {

// The state the launch was served in: `am start -W`'s LaunchState, else what the events log
// says (a new process is a cold launch; an old one is not, though warm and hot look alike
// there), else "" (unknown). WaitResult prints "UNKNOWN (n)" when the platform could not tell.
std::string servedState(const StartupRun& run, LaunchMode mode) {
  std::string state = run.launchState;
  std::transform(state.begin(), state.end(), state.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (state.starts_with("UNKNOWN")) state.clear();
  if (!state.empty()) return state;
  if (!run.processStarted) return "";
  if (*run.processStarted) return "COLD";
  return mode == LaunchMode::kCold ? "WARM" : "";  // an old process: warm or hot, as asked
}

}  // namespace

void judgeRuns(std::vector<StartupRun>& runs, LaunchMode mode) {
  for (StartupRun& run : runs) {
    run.counted = false;
    run.spoiledBy.clear();
    // Only a run that would count is judged spoiled: the warm-up, a failed and a traced run are
    // left out already, and their reports say why.
    if (run.index == 0 || !run.failure.empty() || run.traced) continue;
    const std::string state = servedState(run, mode);
    if (!state.empty() && state != launchStateOf(mode)) {
      run.spoiledBy = state;
      continue;
    }
    run.counted = true;
  }
}

}  // namespace mxi::core::startup
