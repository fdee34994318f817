#include "core/exports/svg_chart.h"

#include <algorithm>
#include <cstdint>

namespace mxi::core::exports {

double LinearScale::operator()(double v) const {
  if (domainMax == domainMin) return rangeMin;
  const double t = std::clamp((v - domainMin) / (domainMax - domainMin), 0.0, 1.0);
  return rangeMin + t * (rangeMax - rangeMin);
}

std::vector<TimedValue> maxPerColumn(const std::vector<TimedValue>& series, int64_t t0, int64_t t1, size_t columns) {
  std::vector<TimedValue> out;
  if (series.empty() || columns == 0 || t1 <= t0) return series.size() <= columns ? series : out;
  std::vector<int> best(columns, -1);
  const double width = static_cast<double>(t1 - t0) / static_cast<double>(columns);
  for (size_t i = 0; i < series.size(); ++i) {
    auto c = static_cast<size_t>(static_cast<double>(series[i].timeNs - t0) / width);
    c = std::min(c, columns - 1);
    if (series[i].timeNs < t0) c = 0;
    if (best[c] < 0 || series[i].value > series[static_cast<size_t>(best[c])].value) best[c] = static_cast<int>(i);
  }
  for (int b : best) {
    if (b >= 0) out.push_back(series[static_cast<size_t>(b)]);
  }
  return out;
}

std::vector<size_t> lastPerColumn(const std::vector<int64_t>& times, int64_t t0, int64_t t1, size_t columns) {
  std::vector<size_t> out;
  if (times.empty() || columns == 0) return out;
  if (t1 <= t0) {
    out.push_back(times.size() - 1);
    return out;
  }
  const double width = static_cast<double>(t1 - t0) / static_cast<double>(columns);
  size_t current = SIZE_MAX;
  for (size_t i = 0; i < times.size(); ++i) {
    const double offset = std::max(0.0, static_cast<double>(times[i] - t0));
    const size_t c = std::min(static_cast<size_t>(offset / width), columns - 1);
    if (c == current && !out.empty()) {
      out.back() = i;
    } else {
      out.push_back(i);
      current = c;
    }
  }
  return out;
}

std::vector<std::vector<double>> stackLayers(const std::vector<std::vector<double>>& layers) {
  std::vector<std::vector<double>> tops;
  tops.reserve(layers.size());
  for (const auto& layer : layers) {
    std::vector<double> top = layer;
    if (!tops.empty()) {
      for (size_t k = 0; k < top.size() && k < tops.back().size(); ++k) top[k] += tops.back()[k];
    }
    tops.push_back(std::move(top));
  }
  return tops;
}

}  // namespace mxi::core::exports
