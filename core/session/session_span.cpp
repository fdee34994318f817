#include "core/session/session_span.h"

#include <algorithm>
#include <cstdio>

namespace mxi::core::session {

SessionSpan judgeSessionSpan(std::pair<int64_t, int64_t> all, std::optional<std::pair<int64_t, int64_t>> frames) {
  SessionSpan span{all.first, all.second, 0};
  if (!frames || frames->second < frames->first) return span;
  // Unsigned: stamps from a device can be anything, their differences must not overflow.
  const auto distance = [](int64_t from, int64_t to) {
    return to > from ? static_cast<uint64_t>(to) - static_cast<uint64_t>(from) : uint64_t{0};
  };
  const uint64_t framesLength = distance(frames->first, frames->second);
  const uint64_t outside = std::max(distance(all.first, frames->first), distance(frames->second, all.second));
  if (outside <= std::max<uint64_t>(framesLength, kClockToleranceNs)) return span;
  span.firstNs = frames->first;
  span.lastNs = frames->second;
  span.offClockNs = static_cast<int64_t>(std::min<uint64_t>(outside, INT64_MAX));
  return span;
}

std::string describeOffClock(const SessionSpan& span) {
  if (span.offClockNs == 0) return {};
  char text[200];
  std::snprintf(text, sizeof text,
                "records lie %.1f s outside the frames' %.1f s: they were stamped on another clock; the session's "
                "length is the frames'",
                static_cast<double>(span.offClockNs) / 1e9, span.durationMs() / 1e3);
  return text;
}

}  // namespace mxi::core::session
