// How often `dumpsys gfxinfo <pkg> framestats` must be read so that no frame goes unseen. The
// platform lists only a window's last 120 frames (frameworks/base/libs/hwui/JankTracker.h and
// renderthread/CanvasContext.h: RingBuffer<FrameInfo, 120>): 2 s at 60 Hz, 0.83 s at 144 Hz. A
// poll at least every half ring keeps two polls overlapping, with room for a slow dumpsys; the
// agent shortens the asked interval to it and the recorder says so.
#pragma once

#include <algorithm>
#include <cstdint>

namespace mxi::core::protocol {

inline constexpr uint32_t kFramestatsRingFrames = 120;
inline constexpr uint32_t kMinPollIntervalMs = 100;

// The interval the agent polls at: the asked one, or less on a display fast enough to fill
// half the ring sooner (60 Hz: 1000 ms, 90 Hz: 666 ms, 120 Hz: 500 ms, 144 Hz: 416 ms).
inline uint32_t framestatsPollIntervalMs(uint32_t requestedMs, uint32_t refreshMilliHz) {
  if (refreshMilliHz == 0) return requestedMs;
  const uint64_t halfRingMs = uint64_t{kFramestatsRingFrames / 2} * 1'000'000 / refreshMilliHz;
  return static_cast<uint32_t>(std::max<uint64_t>(kMinPollIntervalMs, std::min<uint64_t>(requestedMs, halfRingMs)));
}

}  // namespace mxi::core::protocol
