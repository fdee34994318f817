// A session's span on its clock. Frames define it; every other record (issues, ANRs, marks, heap
// dumps) should lie on the same device clock. One stamped on another clock — a bad wall-to-
// monotonic conversion, a phone whose clock jumped, the demo phone before it shared one clock —
// would stretch a session of minutes to hours and put its events off the timeline. When records
// lie farther from the frames than the frames' own length (and more than a minute), the span is
// the frames' and the distance is reported instead.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace mxi::core::session {

inline constexpr int64_t kClockToleranceNs = 60'000'000'000;

struct SessionSpan {
  int64_t firstNs = 0, lastNs = 0;
  // How far the farthest record lies outside the frames' span when that is more than they can
  // explain; 0 when every record agrees.
  int64_t offClockNs = 0;
  double durationMs() const { return static_cast<double>(lastNs - firstNs) / 1e6; }
};

// `all`: the first and last time of every record; `frames`: of the frames (start to completion).
SessionSpan judgeSessionSpan(std::pair<int64_t, int64_t> all, std::optional<std::pair<int64_t, int64_t>> frames);

// "records lie 7021.8 s outside the frames' 20.0 s: they were stamped on another clock; the
// session's length is the frames'" (empty when the clocks agree).
std::string describeOffClock(const SessionSpan& span);

}  // namespace mxi::core::session
