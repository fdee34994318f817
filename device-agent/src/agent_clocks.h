// The device's two clocks as the agent stamps with them: CLOCK_MONOTONIC (frames, scenes, issues,
// samples) and CLOCK_REALTIME (logcat's wall clock).
#pragma once

#include <time.h>

#include <cstdint>

namespace mxi::agent {

inline uint64_t monotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(ts.tv_nsec);
}

inline uint64_t wallMs() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000u + static_cast<uint64_t>(ts.tv_nsec) / 1'000'000u;
}

}  // namespace mxi::agent
