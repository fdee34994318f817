// The device's two clocks as the agent stamps with them: CLOCK_MONOTONIC (frames, scenes, issues,
// samples) and CLOCK_REALTIME (logcat's wall clock), and the one mapped onto the other.
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

// A device wall-clock time (logcat's) on CLOCK_MONOTONIC, the clock frames and scenes use; 0 when
// it would fall before boot.
inline uint64_t wallMsToMonotonicNs(uint64_t wallMsValue) {
  timespec mono{}, real{};
  clock_gettime(CLOCK_MONOTONIC, &mono);
  clock_gettime(CLOCK_REALTIME, &real);
  const int64_t offsetNs =
      (static_cast<int64_t>(real.tv_sec) - mono.tv_sec) * 1'000'000'000 + (real.tv_nsec - mono.tv_nsec);
  const int64_t ns = static_cast<int64_t>(wallMsValue) * 1'000'000 - offsetNs;
  return ns > 0 ? static_cast<uint64_t>(ns) : 0;
}

}  // namespace mxi::agent
