// HeapDominators: the dominator tree of a heap's strong reference graph and the retained size
// of every object (the bytes that would be freed if that object were gone).
//
// Retained bytes count the shallow sizes of the objects an object dominates, itself included.
// On Android dumps the caller may count only some heaps (e.g. exclude the image and zygote
// heaps, which the app does not own): objects in other heaps stay in the tree but add 0 bytes.
// Objects no strong root reaches are not in the tree and retain nothing.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/analysis/dominators.h"
#include "core/analysis/heap_graph.h"
#include "core/base/status.h"

namespace mxi::core::analysis {

struct DominatorOptions {
  std::vector<bool> countedHeaps;  // by index into HeapIndex::heaps(); empty = every heap
  PhaseLog* phases = nullptr;      // when set, records the cost of each step (benchmarks)
  // Refuse (a resource-limit Status) when the machine cannot give the memory the tree needs
  // (memory_budget.h), instead of risking the kernel's OOM killer half way.
  bool checkMemory = true;
};

class HeapDominators {
 public:
  // Fails with a resource-limit Status naming the memory needed and available (and suggesting
  // --no-retained) when the tree would not fit in this machine's memory, before any work.
  static StatusOr<std::unique_ptr<HeapDominators>> compute(const HeapGraph& graph, const DominatorOptions& options,
                                                           ProgressSink& progress, const CancelToken& cancel);

  bool isReachable(hprof::ObjectIndex object) const { return m_tree.preorder[object.value] != kUnreached; }
  // The immediate dominator; kNoObject for objects dominated only by the virtual super root
  // (the tops of the tree) and for unreachable objects.
  hprof::ObjectIndex immediateDominator(hprof::ObjectIndex object) const;
  uint64_t retainedBytes(hprof::ObjectIndex object) const {
    const uint32_t p = m_tree.preorder[object.value];
    return p == kUnreached ? 0 : m_retained[p];
  }
  // The `n` objects whose only dominator is the super root (the tops of the tree) that retain
  // the most, biggest first.
  std::vector<hprof::ObjectIndex> topRetainers(size_t n) const;
  uint32_t reachableObjects() const { return m_tree.reached() - 1; }
  uint64_t reachableBytes() const { return m_retained.empty() ? 0 : m_retained[0]; }
  // Objects `parent` immediately dominates (kNoObject: the tops of the tree), biggest retained
  // first. Child lists are built once, on the first call (for lazy tree views).
  std::vector<hprof::ObjectIndex> children(hprof::ObjectIndex parent) const;
  // How many objects `parent` immediately dominates, without ordering them (O(1) once the child
  // lists exist; the super root, kNoObject, may have millions).
  size_t childCount(hprof::ObjectIndex parent) const;
  // Retained bytes of all instances of each class together (an instance dominated by another
  // instance of its class is counted once, through that one), by ClassIndex.
  std::vector<uint64_t> classRetainedBytes(const hprof::HeapIndex& index) const;
  // Raw tree, in DFS preorder space (see DominatorResult).
  const DominatorResult& tree() const { return m_tree; }

 private:
  DominatorResult m_tree;
  LargeArray<uint64_t> m_retained;  // by preorder
  LargeArray<uint32_t> m_tops;      // preorder positions of the tops, in preorder
  void buildChildLists() const;
  mutable std::once_flag m_childrenOnce;
  mutable LargeArray<uint32_t> m_childStart, m_childList;  // CSR by preorder, built by children()
};

}  // namespace mxi::core::analysis
