#include "sim_launch_times.h"

#include <cmath>

namespace mxi::sim {

namespace {

// splitmix64's finaliser: every input bit moves about half of the output's.
uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// `median` ± `spread` (a fraction), drawn for this launch and figure.
int64_t around(const SimConfig& config, LaunchKind kind, int64_t nth, uint64_t figure, double median, double spread) {
  const double u = seededUnit(config.startupSeed, static_cast<uint64_t>(kind), static_cast<uint64_t>(nth), figure);
  return std::llround(median * (1.0 + spread * (2.0 * u - 1.0)));
}

}  // namespace

double seededUnit(uint64_t seed, uint64_t a, uint64_t b, uint64_t salt) {
  const uint64_t h = mix(mix(mix(mix(seed) ^ a) ^ b) ^ salt);
  return static_cast<double>(h >> 11) / static_cast<double>(uint64_t{1} << 53);
}

LaunchTimes launchTimes(const SimConfig& config, LaunchKind kind, int64_t nth) {
  // Medians and first-frame draw times of a small app on a mid-range phone: a cold launch forks
  // the process and inflates everything, a warm one recreates the activity in the live process,
  // a hot one only brings the stopped activity back and redraws it.
  static constexpr double kTotal[] = {850, 350, 125}, kFirstFrame[] = {170, 80, 18};
  const auto k = static_cast<size_t>(kind);
  LaunchTimes t;
  t.totalMs = around(config, kind, nth, 1, kTotal[k], 0.08) + (kind == LaunchKind::kCold ? config.startupExtraMs : 0);
  t.waitMs = t.totalMs + around(config, kind, nth, 2, 20, 0.5);  // 10–30 ms of am's round trip
  t.firstFrameMs = around(config, kind, nth, 3, kFirstFrame[k], 0.1);
  // ActivityMetricsLogger reports fully drawn for cold and warm launches only.
  if (kind != LaunchKind::kHot) t.fullyDrawnMs = t.totalMs + around(config, kind, nth, 4, 275, 125.0 / 275.0);
  return t;
}

}  // namespace mxi::sim
