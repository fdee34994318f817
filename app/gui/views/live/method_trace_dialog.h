// The Trace methods… dialog of the live view: how long to trace, how often to sample, and
// whether from a cold launch.
#pragma once

#include <cstdint>
#include <optional>

class QWidget;

namespace mxi::gui {

struct MethodTraceChoice {
  double seconds = 5;
  uint32_t samplingUs = 1000;  // 0: every call
  bool launch = false;
};

// Asks; nothing when cancelled.
std::optional<MethodTraceChoice> askMethodTrace(QWidget* parent);

}  // namespace mxi::gui
