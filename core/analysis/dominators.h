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
#include <vector>

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

// What the depth-first search leaves for the semidominator pass. Of a vertex w's predecessors v,
// those before it in preorder (its DFS parent, and ancestors with a forward edge) are their own
// candidates: the search keeps their minimum in `semi`. Only those after it (cross and back
// edges; on heap graphs about half of the edges) need the forest: the search counts them
// (`laterPreds[w + 1]`) and writes each down as it meets it, so the predecessor lists are built
// by reading that log in order instead of looking every edge's target up again.
struct SearchResult {
  LargeArray<uint32_t> parent;      // preorder → DFS parent's preorder
  LargeArray<uint32_t> semi;        // preorder → smallest earlier predecessor (the parent at worst)
  LargeArray<uint32_t> laterPreds;  // [w + 1]: how many predecessors come after w
  // The cross and back edges, (source << 32) | target in preorder, in chunks that are freed as
  // the lists are built (no reservation for the worst case).
  static constexpr size_t kChunk = size_t{1} << 22;
  std::vector<LargeArray<uint64_t>> laterEdges;
};

// Iterative depth-first search from the super root; fills nodeAt, preorder and `out`.
template <typename G>
bool depthFirstOrder(const G& g, std::span<const uint32_t> roots, DominatorResult& r, SearchResult& out,
                     ProgressSink& progress, const CancelToken& cancel) {
  const uint32_t n = g.nodeCount();
  r.preorder.assign(n, kUnreached);
  r.nodeAt.reserve(size_t{n} + 1);
  out.parent.reserve(size_t{n} + 1);
  out.semi.reserve(size_t{n} + 1);
  out.laterPreds.resize(size_t{n} + 2);  // fresh pages: zero
  r.nodeAt.push_back(kUnreached);
  out.parent.push_back(0);
  out.semi.push_back(0);
  // 16 bytes a frame (the stack is as deep as the longest reference chain, millions on some
  // heaps). A node with an edge not to follow gets two frames, the edges after it below the
  // edges before it, so the order of the search is that of one frame skipping the edge.
  struct Frame {
    const uint32_t* next;
    uint32_t left;
    uint32_t pre;
  };
  LargeArray<Frame> stack;
  stack.reserve(1u << 16);
  auto push = [&](const uint32_t* first, size_t count, uint32_t pre) {
    if (count == 0) return;
    if (stack.size() == stack.capacity()) MXI_CHECK(stack.reserve(stack.capacity() * 2));
    stack.push_back({first, static_cast<uint32_t>(count), pre});
  };
  auto enter = [&](uint32_t node, uint32_t parentPre) {
    const auto pre = static_cast<uint32_t>(r.nodeAt.size());
    r.preorder[node] = pre;
    r.nodeAt.push_back(node);
    out.parent.push_back(parentPre);
    out.semi.push_back(parentPre);  // a tree edge: the parent is the first candidate
    const std::span<const uint32_t> succ = g.successors(node);
    const uint32_t skipped = g.skippedSuccessor(node);
    if (skipped < succ.size()) {
      push(succ.data() + skipped + 1, succ.size() - skipped - 1, pre);
      push(succ.data(), skipped, pre);
    } else {
      push(succ.data(), succ.size(), pre);
    }
    return pre;
  };
  uint64_t* log = nullptr;
  uint64_t* logEnd = nullptr;
  uint64_t steps = 0;
  for (uint32_t root : roots) {
    if (root >= n || r.preorder[root] != kUnreached) continue;
    enter(root, 0);
    while (!stack.empty()) {
      Frame& f = stack[stack.size() - 1];
      const uint32_t target = *f.next++;
      const uint32_t from = f.pre;
      if (--f.left == 0) stack.resize(stack.size() - 1);
      const uint32_t to = r.preorder[target];
      if (to == kUnreached) {
        enter(target, from);
        if ((++steps & 0xFFFFF) == 0) {
          if (cancel.isCancelled() || !progress.report("dominators: depth-first order", 0)) return false;
        }
      } else if (to > from) {
        if (from < out.semi[to]) out.semi[to] = from;  // a forward edge
      } else if (to < from) {
        ++out.laterPreds[size_t{to} + 1];
        if (log == logEnd) {
          if (!out.laterEdges.empty()) out.laterEdges.back().resize(SearchResult::kChunk);
          out.laterEdges.emplace_back();
          MXI_CHECK(out.laterEdges.back().reserve(SearchResult::kChunk));
          log = out.laterEdges.back().data();
          logEnd = log + SearchResult::kChunk;
        }
        *log++ = uint64_t{from} << 32 | to;
      }
    }
  }
  if (!out.laterEdges.empty()) {
    out.laterEdges.back().resize(SearchResult::kChunk - static_cast<size_t>(logEnd - log));
  }
  // The super root's edges (one per root record) precede every vertex.
  for (uint32_t root : roots) {
    if (root < n) out.semi[r.preorder[root]] = 0;
  }
  return true;
}

}  // namespace detail

// Computes the dominator tree. Returns false when cancelled (the result is then incomplete).
//
// Memory (n nodes, e edges, b ≤ e − n + 1 of them later in preorder than their target), in
// 32-bit words beside the three result arrays: while the later predecessors are listed,
// 3 n + 2 b + b (parent, semi, their counts, the log of those edges, the lists; the log's chunks
// are freed as they are read); during the semidominators 4 n + b (the DFS parents double as the
// forest links, and the predecessor offsets keep each processed vertex's DFS parent once its own
// list has been read); the lists are freed before the immediate dominators.
template <typename G>
bool computeDominators(const G& g, std::span<const uint32_t> roots, DominatorResult& r, ProgressSink& progress,
                       const CancelToken& cancel, PhaseLog* phases = nullptr) {
  auto mark = [&](const char* name) {
    if (phases) phases->mark(name);
  };
  detail::SearchResult search;
  if (!detail::depthFirstOrder(g, roots, r, search, progress, cancel)) return false;
  mark("dominators: depth-first order");
  const uint32_t count = r.reached();

  // The later predecessors in preorder space (CSR), from the search's log. predEnd[p] becomes
  // the start of p's list, then, once filled, its end: p's list is [predEnd[p - 1], predEnd[p])
  // (p > 0; the super root has none).
  LargeArray<uint32_t> predEnd = std::move(search.laterPreds);
  for (uint32_t p = 0; p < count; ++p) predEnd[p + 1] += predEnd[p];
  LargeArray<uint32_t> preds;
  preds.resize(predEnd[count]);
  for (LargeArray<uint64_t>& chunk : search.laterEdges) {
    for (const uint64_t edge : chunk) preds[predEnd[static_cast<uint32_t>(edge)]++] = static_cast<uint32_t>(edge >> 32);
    chunk = {};
    if (cancel.isCancelled() || !progress.report("dominators: predecessors", 0)) return false;
  }
  search.laterEdges.clear();
  if (cancel.isCancelled() || !progress.report("dominators: semidominators", 0)) return false;
  mark("dominators: predecessors");

  // Semidominators, in reverse preorder. `ancestor` links a processed vertex into the forest
  // of processed vertices (initially its DFS parent); `best` is the smallest semidominator on
  // the compressed path from a vertex up to (not including) its forest root.
  LargeArray<uint32_t>& semi = search.semi;
  LargeArray<uint32_t> ancestor = std::move(search.parent);
  LargeArray<uint32_t> best;
  best.resize(count);  // written as each vertex is processed, read only then
  LargeArray<uint32_t> path;
  path.reserve(1u << 16);
  // Smallest semidominator on the forest path from v (processed, v > w) while vertices are > w.
  auto eval = [&](uint32_t v, uint32_t w) -> uint32_t {
    if (ancestor[v] <= w) return best[v];
    path.resize(0);
    uint32_t x = v;
    while (ancestor[ancestor[x]] > w) {  // climb to the highest processed vertex under the root
      if (path.size() == path.capacity()) MXI_CHECK(path.reserve(path.capacity() * 2));
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
    // No vertex compressed so far is w (only processed ones are): ancestor[w] is still its parent.
    const uint32_t parentOfW = ancestor[w];
    for (uint32_t k = predEnd[w - 1]; k < predEnd[w]; ++k) {
      const uint32_t candidate = eval(preds[k], w);
      if (candidate < s) s = candidate;
    }
    semi[w] = best[w] = s;
    predEnd[w] = parentOfW;  // w's list is read and no later vertex reads predEnd[w]
    if ((w & 0xFFFFF) == 0 && (cancel.isCancelled() || !progress.report("dominators: semidominators", 0))) {
      return false;
    }
  }
  mark("dominators: semidominators");
  preds = {};
  best = {};
  path = {};

  // Immediate dominators: the nearest ancestor of the DFS parent not below the semidominator.
  const LargeArray<uint32_t>& parent = predEnd;
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
