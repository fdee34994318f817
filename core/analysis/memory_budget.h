// Memory budget of a heap analysis: what indexing a dump and computing its dominator tree will
// need, as documented functions of the dump's size and counts, checked against what the machine
// can give this process (core/base/process_memory.h) before the work starts, so a dump too big
// for the machine gets a clear refusal instead of the kernel's OOM killer (docs/HPROF.md,
// "Memory budget").
#pragma once

#include <cstdint>
#include <string>

#include "core/base/process_memory.h"
#include "core/base/status.h"
#include "core/hprof/dump_source.h"

namespace mxi::core::analysis {

// Resident bytes (anonymous memory: our tables) and address space (reservations and mappings,
// what RLIMIT_AS limits) a step needs.
struct MemoryNeed {
  uint64_t resident = 0;
  uint64_t addressSpace = 0;
};

// Indexing a dump of `fileBytes` with `idSize`-byte ids on `threads` threads, beyond the mapped
// dump itself (which is already mapped when this is checked). Before the scan the counts are not
// known, so this is a bound from the file's size:
//   resident     = fileBytes / 2 + 64 MiB    (measured: 0.33× the dump for the index plus the scan
//                                              window and sort buffers, at most 0.49× the dump)
//   addressSpace = 16 (N + 3) + 4 (N + 2) + threads · 4 (fileBytes / idSize + 1), where
//                  N = fileBytes / (10 + idSize) is the most objects the file can hold (the
//                  object, shallow-size and reference tables are reserved for the worst case)
MemoryNeed indexMemoryNeed(uint64_t fileBytes, uint32_t idSize, unsigned threads);

// The dominator tree, retained sizes and the shortest paths to the tops, once the index exists,
// from its counts (n objects, e references), in bytes:
//   predecessors:   2 (9 n + 6 e)             — in 32-bit words: preorder, node table, DFS
//                                               parents, the lists' ends (4 n), the edges other
//                                               than tree edges in buckets (1.5 b: 6 bytes a pair,
//                                               and n / 8 for the buckets' last chunks) and their
//                                               lists (b), where b ≤ e − r + 1 + R for r reached
//                                               nodes and R distinct root objects (the tree edges
//                                               are not among them; a root entered below another
//                                               adds one): with the retained sizes (8 n), filled
//                                               beside this pass, at most 14.4 n + 10 e + 10 R + 20
//                                               bytes, within the formula while R ≤ 0.36 n (heaps
//                                               have far fewer roots); the page warmer's lead
//                                               (≤ 28 MB) is in the margin
//   semidominators: 4 (8 n + e)               — preorder, node table, DFS parents (which become
//                                               the semidominators), the lists' ends, the pass's
//                                               forest (2 n, in the buckets' pages), the retained
//                                               sizes (2 n) and the lists (b)
//   paths:          12 n + 8 n + 13 n + 4 n   — the tree (3 arrays), retained sizes, the path
//                                               search's state, parents and queues
//   need = max(all three) + 64 MiB for the stacks, the result and the allocator
// Address space: the same, but at least 2 (12 n + 6 e) + 64 MiB, because the search reserves its
// buckets and the lists for every edge (it touches only the b entries it writes), and the
// buckets' reservation stays until the predecessor pass has read them, beside the retained sizes.
MemoryNeed dominatorMemoryNeed(uint64_t objects, uint64_t references);
// The same with the leak search running beside the tree (the desktop app's two lanes): its
// 13 n bytes are held during the predecessor and semidominator passes too:
//   need = max(2 (9 n + 6 e) + 13 n, 4 (8 n + e) + 13 n, 37 n) + 64 MiB
MemoryNeed dominatorWithPathsMemoryNeed(uint64_t objects, uint64_t references);

// Checks that indexing `source` fits (indexMemoryNeed, with `threads` as IndexOptions has it,
// 0 = every core), against the limits in force now.
Status checkIndexMemory(const hprof::DumpSource& source, unsigned threads);

// The hint every refusal of the dominator tree carries.
inline constexpr const char* kNoRetainedHint =
    "run with --no-retained to skip retained sizes (the index-only views: info, histogram, leak paths, "
    "instances, still work)";

// OK when `need` fits in `limits`; otherwise a resource-limit Status naming `what`, the figure
// needed, what is available and which limit binds, and `hint` (e.g. "run with --no-retained").
Status checkMemory(const MemoryNeed& need, const MemoryLimits& limits, const std::string& what,
                   const std::string& hint);

}  // namespace mxi::core::analysis
