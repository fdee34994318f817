// Progress reporting for long synchronous work (house rule T3): 0..1000 per phase.
#pragma once

#include <string_view>

namespace mxi::core {

class ProgressSink {
 public:
  static constexpr int kMax = 1000;
  virtual ~ProgressSink() = default;
  // Called with the current phase name and a permille; may be called from worker threads.
  // Returns false to request cancellation.
  virtual bool report(std::string_view phase, int permille) = 0;
};

// Ignores progress; never asks to stop.
class NullProgress final : public ProgressSink {
 public:
  bool report(std::string_view, int) override { return true; }
};

}  // namespace mxi::core
