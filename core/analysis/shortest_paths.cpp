#include "core/analysis/shortest_paths.h"

#include <algorithm>
#include <array>

namespace mxi::core::analysis {

using hprof::ObjectIndex;

StatusOr<std::unique_ptr<ShortestPaths>> ShortestPaths::compute(const HeapGraph& graph,
                                                                const KnownReferenceMatcher& known,
                                                                std::span<const ObjectIndex> targets,
                                                                ProgressSink& progress, const CancelToken& cancel,
                                                                bool localsLast) {
  auto out = std::unique_ptr<ShortestPaths>(new ShortestPaths());
  const hprof::HeapIndex& index = graph.index();
  out->m_index = &index;
  const uint32_t n = index.objectCount();
  LargeArray<uint8_t>& state = out->m_state;
  static_assert(kUnseen == 0);
  state.resize(n);  // fresh pages: every object unseen, without a pass to say so
  LargeArray<uint32_t>& parent = out->m_parent;
  parent.resize(n);  // only entries of reached objects are ever read
  std::array<LargeArray<uint32_t>, kTiers> queues;
  for (auto& q : queues) q.reserve(n);  // each object enters each queue at most once

  // Targets whose path is not final yet: reached only through a later tier, or not at all. Bits:
  // asked once per object reached, they stay in cache (a byte per object did not).
  std::vector<bool> isTarget(targets.empty() ? 0 : n, false);
  size_t pending = 0;
  for (ObjectIndex t : targets) {
    if (t.value < n && !isTarget[t.value]) {
      isTarget[t.value] = true;
      ++pending;
    }
  }
  auto settle = [&](uint32_t node) {
    if (!isTarget.empty() && isTarget[node]) {
      isTarget[node] = false;
      --pending;
    }
  };
  // Offers `node` a path of `tier` (from `from`, UINT32_MAX for a root); taken when it is the
  // first one or a better tier than the one it has. A plain path is final at once.
  auto offer = [&](uint32_t node, uint8_t tier, uint32_t from) {
    if (state[node] != kUnseen && state[node] <= tier + 1) return false;
    state[node] = tier + 1;
    parent[node] = from;
    queues[tier].push_back(node);
    if (tier == kPlainTier) settle(node);
    return true;
  };

  const auto& roots = index.roots();
  for (const uint32_t r : graph.rootRecords()) {
    const hprof::GcRoot& root = roots[r];
    // A root a known reference names (a thread's locals, a JNI global) is library-held or
    // ignored: searched last or after everything else.
    const int pattern = known.matchRoot(root);
    const uint8_t tier = pattern >= 0 && known.isIgnored(pattern)                                   ? kIgnoredTier
                         : pattern >= 0 || (localsLast && root.kind == hprof::RootKind::kJavaFrame) ? kLastTier
                                                                                                    : kPlainTier;
    if (offer(root.object.value, tier, UINT32_MAX)) out->m_rootRecord[root.object.value] = r;
  }

  std::array<size_t, kTiers> heads{};
  uint64_t steps = 0;
  std::vector<uint32_t> lastTargets, ignoredTargets;
  while (!targets.empty() ? pending > 0 : true) {
    uint8_t tier = kPlainTier;
    while (tier < kTiers && heads[tier] == queues[tier].size()) ++tier;
    if (tier == kTiers) break;
    const LargeArray<uint32_t>& queue = queues[tier];
    const size_t head = heads[tier]++;
    // The queue says what comes next: where its references start, then (loaded by now) the
    // references themselves, a few objects ahead.
    if (head + 16 < queue.size()) graph.prefetchSuccessors(queue[head + 16]);
    if (head + 8 < queue.size()) __builtin_prefetch(graph.successors(queue[head + 8]).data());
    const uint32_t node = queue[head];
    if (state[node] != tier + 1) continue;  // a better tier reached it meanwhile
    // Every better queue is empty and stays so (a path never improves on its prefix's tier):
    // no better path remains.
    if (tier != kPlainTier) settle(node);
    if ((++steps & 0x3FFFF) == 0 && (cancel.isCancelled() || !progress.report("leak paths", 0))) return cancelled();

    lastTargets.clear();
    ignoredTargets.clear();
    if (known.mayMatch(ObjectIndex{node})) {
      known.forEachMatch(ObjectIndex{node}, [&](ObjectIndex t, int pattern) {
        (known.isIgnored(pattern) ? ignoredTargets : lastTargets).push_back(t.value);
      });
    }
    const std::span<const uint32_t> succ = graph.successors(node);
    const uint32_t skipped = graph.skippedSuccessor(node);
    for (size_t k = 0; k < succ.size(); ++k) {
      if (k == skipped) continue;
      const uint32_t v = succ[k];
      uint8_t edgeTier = tier;
      if (!ignoredTargets.empty() &&
          std::find(ignoredTargets.begin(), ignoredTargets.end(), v) != ignoredTargets.end()) {
        edgeTier = kIgnoredTier;
      } else if (!lastTargets.empty() && std::find(lastTargets.begin(), lastTargets.end(), v) != lastTargets.end()) {
        edgeTier = std::max(edgeTier, kLastTier);
      }
      // Only an object seen before can be a root (roots are offered first): held through `node`
      // now, not as a root. Unseen objects skip the hash lookup, the common case by far.
      const bool seen = state[v] != kUnseen;
      if (offer(v, edgeTier, node) && seen) out->m_rootRecord.erase(v);
    }
  }
  return out;
}

std::vector<ObjectIndex> ShortestPaths::pathTo(ObjectIndex object) const {
  std::vector<ObjectIndex> path;
  if (!isReached(object)) return path;
  for (uint32_t at = object.value; at != UINT32_MAX; at = m_parent[at]) path.push_back(ObjectIndex{at});
  std::reverse(path.begin(), path.end());
  return path;
}

const hprof::GcRoot* ShortestPaths::rootOf(ObjectIndex rootObject) const {
  const auto it = m_rootRecord.find(rootObject.value);
  return it == m_rootRecord.end() ? nullptr : &m_index->roots()[it->second];
}

}  // namespace mxi::core::analysis
