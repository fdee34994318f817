#include "core/base/mann_whitney.h"

#include <algorithm>
#include <cmath>

namespace mxi::core {

MannWhitneyResult mannWhitney(std::vector<int64_t> base, std::vector<int64_t> next) {
  MannWhitneyResult r;
  if (base.empty() || next.empty()) return r;
  std::sort(base.begin(), base.end());
  std::sort(next.begin(), next.end());
  const double n1 = static_cast<double>(base.size()), n2 = static_cast<double>(next.size());
  const double n = n1 + n2;
  // Merge walk: the rank sum of `next`, with average ranks for ties.
  double rankSumNext = 0, tieTerm = 0;
  size_t i = 0, j = 0;
  double rank = 1;
  while (i < base.size() || j < next.size()) {
    const int64_t v = (j == next.size() || (i < base.size() && base[i] <= next[j])) ? base[i] : next[j];
    size_t ci = 0, cj = 0;
    while (i < base.size() && base[i] == v) ++i, ++ci;
    while (j < next.size() && next[j] == v) ++j, ++cj;
    const double t = static_cast<double>(ci + cj);
    const double averageRank = rank + (t - 1) / 2;
    rankSumNext += averageRank * static_cast<double>(cj);
    tieTerm += t * t * t - t;
    rank += t;
  }
  r.u = rankSumNext - n2 * (n2 + 1) / 2;
  r.effect = r.u / (n1 * n2);
  const double mean = n1 * n2 / 2;
  const double variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)));
  if (variance <= 0) return r;
  const double sigma = std::sqrt(variance);
  const double diff = r.u - mean;
  r.z = diff / sigma;
  const double zGreater = (diff - 0.5) / sigma;
  const double zLess = (diff + 0.5) / sigma;
  r.pGreater = 0.5 * std::erfc(zGreater / std::sqrt(2.0));
  r.pLess = 0.5 * std::erfc(-zLess / std::sqrt(2.0));
  return r;
}

}  // namespace mxi::core
