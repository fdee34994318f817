#include "app/gui/charts/heap/treemap_layout.h"

#include <algorithm>
#include <limits>

namespace mxi::gui {

namespace {

// The worst aspect ratio of a row of `areas` laid along a side of length `side`.
double worstRatio(const std::vector<double>& areas, size_t begin, size_t end, double side) {
  double sum = 0, low = std::numeric_limits<double>::max(), high = 0;
  for (size_t i = begin; i < end; ++i) {
    sum += areas[i];
    low = std::min(low, areas[i]);
    high = std::max(high, areas[i]);
  }
  if (sum <= 0 || low <= 0) return std::numeric_limits<double>::max();
  const double s2 = sum * sum, w2 = side * side;
  return std::max(w2 * high / s2, s2 / (w2 * low));
}

}  // namespace

std::vector<TreemapRect> squarify(const std::vector<uint64_t>& values, TreemapRect bounds) {
  std::vector<TreemapRect> out(values.size(), TreemapRect{bounds.x, bounds.y, 0, 0});
  double total = 0;
  for (uint64_t v : values) total += static_cast<double>(v);
  if (total <= 0 || bounds.w <= 0 || bounds.h <= 0) return out;
  // Areas in the bounds' units; zero values stay empty at the end of the rows they fall in.
  std::vector<double> areas;
  std::vector<size_t> order;
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] == 0) continue;
    areas.push_back(static_cast<double>(values[i]) / total * bounds.w * bounds.h);
    order.push_back(i);
  }
  TreemapRect free = bounds;
  size_t begin = 0;
  while (begin < areas.size()) {
    const double side = std::min(free.w, free.h);
    size_t end = begin + 1;
    while (end < areas.size() && worstRatio(areas, begin, end + 1, side) <= worstRatio(areas, begin, end, side)) ++end;
    double rowArea = 0;
    for (size_t i = begin; i < end; ++i) rowArea += areas[i];
    const bool alongWidth = free.w >= free.h;  // the row fills the shorter side, stacked along it
    const double thickness = alongWidth ? rowArea / free.h : rowArea / free.w;
    double offset = 0;
    for (size_t i = begin; i < end; ++i) {
      const double length = areas[i] / thickness;
      TreemapRect& r = out[order[i]];
      r = alongWidth ? TreemapRect{free.x, free.y + offset, thickness, length}
                     : TreemapRect{free.x + offset, free.y, length, thickness};
      offset += length;
    }
    if (alongWidth) {
      free.x += thickness;
      free.w = std::max(0.0, free.w - thickness);
    } else {
      free.y += thickness;
      free.h = std::max(0.0, free.h - thickness);
    }
    begin = end;
  }
  return out;
}

}  // namespace mxi::gui
