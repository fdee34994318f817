// Dominator tree of a directed graph reachable from a set of roots, by the Semi-NCA algorithm
// (Georgiadis, Tarjan, Werneck: "Finding Dominators in Practice", 2006): Lengauer–Tarjan's
// semidominators with simple path compression, then each immediate dominator as the nearest
// common ancestor of its DFS parent and its semidominator. Everything is iterative, because heap
// graphs hold reference chains millions of objects deep, and works on dense 32-bit arrays so a
// graph of tens of millions of nodes stays within a few hundred MB.
//
// A virtual super root (preorder 0) points at every root; it dominates everything reachable.
//
// The graph type G provides:
//   uint32_t nodeCount() const;
//   std::span<const uint32_t> successors(uint32_t node) const;
//   uint32_t skippedSuccessor(uint32_t node) const;  // position in successors() not to follow,
//                                                    // UINT32_MAX when every edge counts
#pragma once

#include <cstdint>
#include <span>
#include <utility>

#include "core/base/cancel_token.h"
#include "core/base/large_array.h"
#include "core/base/process_memory.h"
#include "core/base/progress.h"

namespace mxi::core::analysis {

inline constexpr uint32_t kUnreached = UINT32_MAX;

// Result, in DFS preorder space: position 0 is the super root, 1..reached-1 are the nodes
// reached from the roots in DFS preorder. Every dominator precedes what it dominates.
struct DominatorResult {
  LargeArray<uint32_t> nodeAt;    // preorder → node (nodeAt[0] is kUnreached: the super root)
  LargeArray<uint32_t> preorder;  // node → preorder, kUnreached when the node is not reachable
  LargeArray<uint32_t> idom;      // preorder → preorder of the immediate dominator (idom[0] = 0)
  uint32_t reached() const { return static_cast<uint32_t>(nodeAt.size()); }
};

namespace detail {

// Iterative depth-first search from the super root; fills nodeAt, preorder and DFS parents.
template <typename G>
bool depthFirstOrder(const G& g, std::span<const uint32_t> roots, DominatorResult& r, LargeArray<uint32_t>& parent,
                     ProgressSink& progress, const CancelToken& cancel) {
  const uint32_t n = g.nodeCount();
  r.preorder.assign(n, kUnreached);
  r.nodeAt.reserve(size_t{n} + 1);
  parent.reserve(size_t{n} + 1);
  r.nodeAt.push_back(kUnreached);
  parent.push_back(0);
  struct Frame {
    const uint32_t* next;
    const uint32_t* end;
    const uint32_t* skip;  // edge not to follow, or nullptr
    uint32_t pre;
  };
  LargeArray<Frame> stack;
  stack.reserve(size_t{n} + 2);
  auto enter = [&](uint32_t node, uint32_t parentPre) {
    const auto pre = static_cast<uint32_t>(r.nodeAt.size());
    r.preorder[node] = pre;
    r.nodeAt.push_back(node);
    parent.push_back(parentPre);
    const std::span<const uint32_t> succ = g.successors(node);
    const uint32_t skipped = g.skippedSuccessor(node);
    stack.push_back(
        {succ.data(), succ.data() + succ.size(), skipped < succ.size() ? succ.data() + skipped : nullptr, pre});
  };
  uint64_t steps = 0;
  for (uint32_t root : roots) {
    if (root >= n || r.preorder[root] != kUnreached) continue;
    enter(root, 0);
    while (!stack.empty()) {
      Frame& f = stack[stack.size() - 1];
      if (f.next == f.end) {
        stack.resize(stack.size() - 1);
        continue;
      }
      const uint32_t* edge = f.next++;
      if (edge == f.skip) continue;
      const uint32_t target = *edge;
      if (r.preorder[target] != kUnreached) continue;
      enter(target, f.pre);
      if ((++steps & 0xFFFFF) == 0) {
        if (cancel.isCancelled() || !progress.report("dominators: depth-first order", 0)) return false;
      }
    }
  }
  return true;
}

}  // namespace detail

// Computes the dominator tree. Returns false when cancelled (the result is then incomplete).
template <typename G>
bool computeDominators(const G& g, std::span<const uint32_t> roots, DominatorResult& r, ProgressSink& progress,
                       const CancelToken& cancel, PhaseLog* phases = nullptr) {
  auto mark = [&](const char* name) {
    if (phases) phases->mark(name);
  };
  LargeArray<uint32_t> parent;
  if (!detail::depthFirstOrder(g, roots, r, parent, progress, cancel)) return false;
  mark("dominators: depth-first order");
  const uint32_t count = r.reached();

  // Predecessors in preorder space (CSR). The super root precedes every root.
  LargeArray<uint32_t> predStart;
  predStart.assign(size_t{count} + 1, 0);
  auto forEachEdge = [&](auto&& visit) {
    for (uint32_t root : roots) {
      if (root < g.nodeCount() && r.preorder[root] != kUnreached) visit(0u, r.preorder[root]);
    }
    for (uint32_t p = 1; p < count; ++p) {
      const std::span<const uint32_t> succ = g.successors(r.nodeAt[p]);
      const uint32_t skipped = g.skippedSuccessor(r.nodeAt[p]);
      for (size_t k = 0; k < succ.size(); ++k) {
        if (k != skipped) visit(p, r.preorder[succ[k]]);
      }
    }
  };
  forEachEdge([&](uint32_t, uint32_t to) { ++predStart[to + 1]; });
  for (uint32_t p = 0; p < count; ++p) predStart[p + 1] += predStart[p];
  LargeArray<uint32_t> preds;
  preds.resize(predStart[count]);
  // Fill by advancing each start to its end, then shift the starts back (no second array).
  forEachEdge([&](uint32_t from, uint32_t to) { preds[predStart[to]++] = from; });
  for (uint32_t p = count; p > 0; --p) predStart[p] = predStart[p - 1];
  predStart[0] = 0;
  if (cancel.isCancelled() || !progress.report("dominators: semidominators", 0)) return false;
  mark("dominators: predecessors");

  // Semidominators, in reverse preorder. `ancestor` links a processed vertex into the forest
  // of processed vertices (initially its DFS parent); `best` is the smallest semidominator on
  // the compressed path from a vertex up to (not including) its forest root.
  LargeArray<uint32_t> semi, best, ancestor;
  semi.resize(count);
  best.resize(count);
  ancestor.resize(count);
  for (uint32_t p = 0; p < count; ++p) {
    semi[p] = best[p] = p;
    ancestor[p] = parent[p];
  }
  LargeArray<uint32_t> path;
  path.reserve(size_t{count} + 1);
  // Smallest semidominator on the forest path from v (processed, v > w) while vertices are > w.
  auto eval = [&](uint32_t v, uint32_t w) -> uint32_t {
    if (ancestor[v] <= w) return best[v];
    path.resize(0);
    uint32_t x = v;
    while (ancestor[ancestor[x]] > w) {  // climb to the highest processed vertex under the root
      path.push_back(x);
      x = ancestor[x];
    }
    // x's ancestor is processed but is the last one above w; compress top-down.
    for (size_t k = path.size(); k-- > 0;) {
      const uint32_t y = path[k];
      const uint32_t a = ancestor[y];
      if (best[a] < best[y]) best[y] = best[a];
      ancestor[y] = ancestor[a];
    }
    return std::min(best[v], best[ancestor[v]]);
  };
  for (uint32_t w = count; w-- > 1;) {
    uint32_t s = semi[w];
    for (uint32_t k = predStart[w]; k < predStart[w + 1]; ++k) {
      const uint32_t v = preds[k];
      const uint32_t candidate = v <= w ? v : eval(v, w);
      if (candidate < s) s = candidate;
    }
    semi[w] = best[w] = s;
    if ((w & 0xFFFFF) == 0 && (cancel.isCancelled() || !progress.report("dominators: semidominators", 0))) {
      return false;
    }
  }
  mark("dominators: semidominators");
  preds = {};
  predStart = {};
  best = {};
  path = {};

  // Immediate dominators: the nearest ancestor of the DFS parent not below the semidominator.
  r.idom = std::move(ancestor);
  r.idom[0] = 0;
  for (uint32_t w = 1; w < count; ++w) {
    uint32_t d = parent[w];
    while (d > semi[w]) d = r.idom[d];
    r.idom[w] = d;
  }
  mark("dominators: immediate dominators");
  return true;
}

}  // namespace mxi::core::analysis
