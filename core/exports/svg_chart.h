// Coordinate math for the inline SVG charts of the HTML reports (house rule M3: pure functions,
// tested; the HTML code only prints what these compute).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/html_escape.h"  // htmlEscape, which the exports' markup uses

namespace mxi::core::exports {

// Maps [domainMin, domainMax] linearly onto [rangeMin, rangeMax]; values outside are clamped.
struct LinearScale {
  double domainMin = 0, domainMax = 1, rangeMin = 0, rangeMax = 1;
  double operator()(double v) const;
};

struct TimedValue {
  int64_t timeNs = 0;
  double value = 0;
};

// At most `columns` points: the series split into equal time columns over [t0, t1], keeping the
// maximum of each non-empty column (a frame-time chart must not hide its spikes).
std::vector<TimedValue> maxPerColumn(const std::vector<TimedValue>& series, int64_t t0, int64_t t1, size_t columns);

// Indices of at most `columns` points of a time-ordered series: the last point of each non-empty
// equal time column over [t0, t1] (a memory curve is smooth: thinning keeps its shape).
std::vector<size_t> lastPerColumn(const std::vector<int64_t>& timesNs, int64_t t0, int64_t t1, size_t columns);

// Stacked areas: tops[i][k] = layers[0][k] + … + layers[i][k] (every layer as long as the first).
std::vector<std::vector<double>> stackLayers(const std::vector<std::vector<double>>& layers);

}  // namespace mxi::core::exports
