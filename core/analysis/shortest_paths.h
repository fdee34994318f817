// ShortestPaths: one prioritized breadth-first search from the GC roots over strong references
// that yields a shortest strong path to every reachable object at once (never one search per
// object). It starts at exactly the roots the dominator tree starts at (HeapGraph::rootRecords),
// so every object that retains bytes has a path. Three queues, as LeakCanary's Shark has two:
// paths through known library references (KnownReferenceMatcher) and from Java-local roots are
// only taken when no other path exists, so a leak is blamed on app code whenever app code holds
// it; paths through ignored known references only when nothing else at all holds the object.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/analysis/heap_graph.h"
#include "core/analysis/known_references.h"
#include "core/base/large_array.h"
#include "core/base/status.h"

namespace mxi::core::analysis {

class ShortestPaths {
 public:
  // Searches until every object of `targets` has its final path (or the whole graph when
  // `targets` is empty). `localsLast`: Java-frame roots only when nothing else holds the object
  // (false: every root alike, as VisualVM and Eclipse MAT search).
  static StatusOr<std::unique_ptr<ShortestPaths>> compute(const HeapGraph& graph, const KnownReferenceMatcher& known,
                                                          std::span<const hprof::ObjectIndex> targets,
                                                          ProgressSink& progress, const CancelToken& cancel,
                                                          bool localsLast = true);

  bool isReached(hprof::ObjectIndex object) const { return m_state[object.value] != kUnseen; }
  // Whether the path to `object` runs through an ignored known reference (root or field):
  // nothing else holds it. Leak analysis does not count such an object as a leak.
  bool onlyThroughIgnored(hprof::ObjectIndex object) const { return m_state[object.value] == kIgnoredTier + 1; }
  // The path, GC-root object first, `object` last; empty when no strong path reaches it.
  std::vector<hprof::ObjectIndex> pathTo(hprof::ObjectIndex object) const;
  // The root record that holds a root object (the first strong one in dump order that the
  // search started from), nullptr for other objects.
  const hprof::GcRoot* rootOf(hprof::ObjectIndex rootObject) const;

 private:
  // Tiers of paths, best first: plain; through a library reference or a Java local; through an
  // ignored reference.
  static constexpr uint8_t kPlainTier = 0, kLastTier = 1, kIgnoredTier = 2, kTiers = 3;
  static constexpr uint8_t kUnseen = 0;  // otherwise 1 + the tier of the best path found so far
  const hprof::HeapIndex* m_index = nullptr;
  LargeArray<uint8_t> m_state;                          // by object (fresh pages: kUnseen)
  LargeArray<uint32_t> m_parent;                        // by object; UINT32_MAX for root objects
  std::unordered_map<uint32_t, uint32_t> m_rootRecord;  // root object → index into roots()
};

}  // namespace mxi::core::analysis
