// Squarified treemap layout (Bruls, Huizing and van Wijk, 2000): rectangles whose areas are
// proportional to the values, as close to squares as the order allows, filling the bounds.
// Qt-free geometry, so it is tested on its own.
#pragma once

#include <cstdint>
#include <vector>

namespace mxi::gui {

struct TreemapRect {
  double x = 0, y = 0, w = 0, h = 0;
};

// One rectangle per value, in the values' order (biggest first gives the best shapes). Values of
// zero get empty rectangles.
std::vector<TreemapRect> squarify(const std::vector<uint64_t>& values, TreemapRect bounds);

}  // namespace mxi::gui
