// The memory timeline's samples (docs/PROTOCOL.md MemorySample) from what the agent can read
// without calling into the app (docs/DEVICES.md "Memory"):
//  - `dumpsys meminfo --local <pid>`, preferred: system_server reads the process's smaps and the
//    memtrack HAL itself, so the sample has every App Summary category (Java heap, native, code,
//    stack, graphics, private other, system) — the stacked chart; it costs a dumpsys process and
//    a walk of the process's smaps in system_server (docs/PERFORMANCE.md has the figure);
//  - /proc/<pid>/smaps_rollup when --local gives nothing (no meminfo service, a process it will
//    not dump): one read of kernel-summed totals, cheaper, but only Rss, Pss and swap (no
//    categories, no graphics: GPU memory is not in the process's mappings). It is readable only
//    where the kernel lets the shell inspect the app (debuggable apps, or a readproc-privileged
//    shell on some builds).
// The plain `dumpsys meminfo <pid>` makes the app run a GC before counting its objects: only the
// leak watch's checks use it, and their samples carry kSampleGcForced.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/meminfo/meminfo_text.h"
#include "core/protocol/messages.h"

namespace mxi::agent {

inline constexpr const char* kSourceMeminfoLocal = "dumpsys meminfo --local";
inline constexpr const char* kSourceMeminfoGc = "dumpsys meminfo";
inline constexpr const char* kSourceSmapsRollup = "smaps_rollup";

// The process `pid` in a parsed meminfo report (the only one when the report names no pid), or null.
const core::meminfo::MeminfoProcess* meminfoProcessOf(const core::meminfo::MeminfoReport& report, int32_t pid);

// A sample from a meminfo process: the App Summary's values (-1 where the layout lacks them; a
// table without App Summary gives only totalPssKb, from its TOTAL row).
core::protocol::MemorySample sampleOfMeminfo(const core::meminfo::MeminfoProcess& process, int32_t pid,
                                             uint64_t monotonicNs, std::string source);

struct SmapsRollup {
  int64_t rssKb = -1;
  int64_t pssKb = -1;
  int64_t swapKb = -1;     // Swap:
  int64_t swapPssKb = -1;  // SwapPss: (the process's share; what meminfo's TOTAL SWAP PSS sums)
};
// /proc/<pid>/smaps_rollup's "Name: N kB" lines; nothing when it has no Pss line.
std::optional<SmapsRollup> parseSmapsRollup(std::string_view text);
core::protocol::MemorySample sampleOfSmapsRollup(const SmapsRollup& rollup, int32_t pid, uint64_t monotonicNs);

}  // namespace mxi::agent
