// Mann–Whitney U test (normal approximation with tie correction and continuity correction):
// is one sample of frame times stochastically larger than another? Robust to the heavy tails of
// frame-time distributions, unlike a t-test on means.
#pragma once

#include <cstdint>
#include <vector>

namespace mxi::core {

struct MannWhitneyResult {
  double u = 0;         // U statistic of the second sample (`next`)
  double z = 0;         // > 0 when `next` tends to be larger
  double pGreater = 1;  // one-sided p-value for "next > base"
  double pLess = 1;     // one-sided p-value for "next < base"
  double effect = 0.5;  // P(next > base) + P(tie) / 2 (common-language effect size)
};

// Both inputs are copied and sorted; empty inputs give the neutral result.
MannWhitneyResult mannWhitney(std::vector<int64_t> base, std::vector<int64_t> next);

}  // namespace mxi::core
