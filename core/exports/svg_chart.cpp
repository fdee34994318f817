#include "core/exports/svg_chart.h"

#include <algorithm>

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

std::string htmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace mxi::core::exports
