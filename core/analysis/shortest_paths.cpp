#include "core/analysis/shortest_paths.h"

#include <algorithm>

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
  std::vector<uint8_t>& state = out->m_state;
  state.assign(n, kUnseen);
  LargeArray<uint32_t>& parent = out->m_parent;
  parent.resize(n);  // only entries of reached objects are ever read
  LargeArray<uint32_t> queue, lastQueue;
  queue.reserve(n);
  lastQueue.reserve(n);

  // Targets whose path is not final yet: reached only through the last queue, or not at all.
  std::vector<uint8_t> isTarget(targets.empty() ? 0 : n, 0);
  size_t pending = 0;
  for (ObjectIndex t : targets) {
    if (t.value < n && !isTarget[t.value]) {
      isTarget[t.value] = 1;
      ++pending;
    }
  }
  auto settle = [&](uint32_t node) {
    if (!isTarget.empty() && isTarget[node]) {
      isTarget[node] = 0;
      --pending;
    }
  };

  const auto& roots = index.roots();
  for (uint32_t r = 0; r < roots.size(); ++r) {
    const hprof::GcRoot& root = roots[r];
    if (root.object == hprof::kNoObject || !hprof::isStrongRoot(root.kind)) continue;
    const uint32_t node = root.object.value;
    // A root a known reference names (a thread's locals, a JNI global) is library-held: searched
    // last, or never when ignored.
    const int pattern = known.matchRoot(root);
    if (pattern >= 0 && known.isIgnored(pattern)) continue;
    const bool local = pattern >= 0 || (localsLast && root.kind == hprof::RootKind::kJavaFrame);
    if (state[node] == kUnseen || (state[node] == kQueuedLast && !local)) {
      state[node] = local ? kQueuedLast : kQueued;
      parent[node] = UINT32_MAX;
      out->m_rootRecord[node] = r;
      (local ? lastQueue : queue).push_back(node);
      if (!local) settle(node);
    }
  }

  size_t head = 0, lastHead = 0;
  uint64_t steps = 0;
  std::vector<std::pair<ObjectIndex, int>> matches;
  std::vector<uint32_t> lastTargets, ignoredTargets;
  while (!targets.empty() ? pending > 0 : true) {
    uint32_t node;
    bool viaLast;
    if (head < queue.size()) {
      node = queue[head++];
      viaLast = false;
    } else if (lastHead < lastQueue.size()) {
      node = lastQueue[lastHead++];
      if (state[node] != kQueuedLast) continue;  // promoted to the first queue meanwhile
      viaLast = true;
      settle(node);  // no shorter first-queue path remains
    } else {
      break;
    }
    state[node] = kDone;
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
      if (!ignoredTargets.empty() &&
          std::find(ignoredTargets.begin(), ignoredTargets.end(), v) != ignoredTargets.end()) {
        continue;  // an ignored reference is never a path
      }
      const bool last = viaLast || std::find(lastTargets.begin(), lastTargets.end(), v) != lastTargets.end();
      if (state[v] == kUnseen) {
        parent[v] = node;
        state[v] = last ? kQueuedLast : kQueued;
        (last ? lastQueue : queue).push_back(v);
        if (!last) settle(v);
      } else if (state[v] == kQueuedLast && !last) {
        parent[v] = node;  // a path that avoids known references wins
        state[v] = kQueued;
        queue.push_back(v);
        out->m_rootRecord.erase(v);
        settle(v);
      }
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
