// How far before the recorder's resume point a restarted agent reads logcat again. The resume
// point is the newest logged line recorded (core/agentlink/record_translator.h), but the agent
// holds an am_anr until its dropbox report is written, at most kAnrTracesWaitMs and then the next
// poll: newer issues pass it, and an agent that dies meanwhile takes it along. Reading again from
// before it finds it; what is read twice the recorder drops by its ids. (Destroys under a leak
// check need no replay: a new agent's watch takes a new baseline and leaves older destroys in it.)
#pragma once

#include <algorithm>
#include <cstdint>

namespace mxi::core::protocol {

inline constexpr uint32_t kAnrTracesWaitMs = 10'000;

// The replay for an agent polling every `pollIntervalMs`: the ANR's wait, two polls, and 5 s for
// a loaded phone or host.
inline uint64_t logReplayMs(uint32_t pollIntervalMs) {
  return uint64_t{kAnrTracesWaitMs} + 2 * uint64_t{std::clamp<uint32_t>(pollIntervalMs, 100, 60'000)} + 5'000;
}

}  // namespace mxi::core::protocol
