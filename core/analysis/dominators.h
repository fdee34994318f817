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
//   uint64_t edgeCount() const;  // at least the number of edges successors() yields in all
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <latch>
#include <span>
#include <utility>
#include <vector>

#include "core/analysis/edge_buckets.h"
#include "core/base/cancel_token.h"
#include "core/base/large_array.h"
#include "core/base/page_warmer.h"
#include "core/base/process_memory.h"
#include "core/base/progress.h"
#include "core/base/worker_pool.h"

namespace mxi::core::analysis {

inline constexpr uint32_t kUnreached = UINT32_MAX;

// Result, in DFS preorder space: position 0 is the super root, 1..reached-1 are the nodes
// reached from the roots in DFS preorder. Every dominator precedes what it dominates.
struct DominatorResult {
  LargeArray<uint32_t> nodeAt;    // preorder → node (nodeAt[0] is kUnreached: the super root)
  LargeArray<uint32_t> preorder;  // node → preorder, kUnreached when the node is not reachable
  LargeArray<uint32_t> idom;      // preorder → preorder of the immediate dominator (idom[0] = 0)
  uint32_t tops = 0;              // vertices the super root immediately dominates (millions on a heap)
  uint32_t reached() const { return static_cast<uint32_t>(nodeAt.size()); }
};

namespace detail {

// How far ahead of its reading the semidominator pass looks into the predecessor lists.
inline constexpr uint32_t kListsReadAhead = 32;

// What the depth-first search leaves for the semidominator pass. A vertex's DFS parent is its
// first candidate; every other edge the search meets (forward edges from ancestors, cross and
// back edges from vertices after the target; on heap graphs about 60% of the edges, an eighth
// of them forward) it writes down as it meets it, bucketed by target, so the predecessor lists are
// built from those buckets instead of looking every edge's target up again. A forward edge is
// appended like the others rather than kept as a running minimum per vertex: that was a read
// and a write at a random place in an n-word table per edge, and the table's fresh pages.
struct SearchResult {
  LargeArray<uint32_t> parent;  // preorder → DFS parent's preorder
  // The edges other than tree edges and self-loops, as (source, target) in preorder, and
  // (0, root) for each root the search entered below another. Address space for every edge is
  // reserved; pages are touched only as far as the buckets go.
  EdgeBuckets laterEdges;
  // Room for the lists built from the buckets, one word per edge, and for where each vertex's
  // list ends, reserved beside them so that the warmer can fault them in while the search runs.
  LargeArray<uint32_t> laterLists;
  LargeArray<uint32_t> listEnds;
};

// Pays the page faults of the search's fresh arrays on the other core, ahead of the search
// (PageWarmer): a third of the search's time on a 1.5 GB dump on a VM. The search publishes how
// many vertices it has entered and how much of the buckets' storage it has carved; run() is the
// second task of a WorkerPool beside the search, until stop().
class SearchWarmer {
 public:
  // The arrays are reserved and stay where they are until the warmer is stopped.
  SearchWarmer(const DominatorResult& r, const SearchResult& out) {
    // The search writes the preorder table at random places from the start.
    m_pages.follow([all = r.preorder.capacity()] { return all; },
                   [&r](uint64_t from, uint64_t to) { r.preorder.populate(from, to); }, 1, kStep);
    m_pages.follow(
        [this, &r] { return std::min(m_vertices.load(std::memory_order_relaxed) + kAhead, r.nodeAt.capacity()); },
        [&r, &out](uint64_t from, uint64_t to) {
          r.nodeAt.populate(from, to);
          out.parent.populate(from, to);
          out.listEnds.populate(from, to);
        },
        1, kStep);
    // The lists hold one word per pair, and the pairs are at most what has been carved.
    m_pages.follow(
        [this, &out] { return std::min(m_carved.load(std::memory_order_relaxed) + kAhead, out.laterEdges.capacity()); },
        [&out](uint64_t from, uint64_t to) {
          out.laterEdges.populate(from, to);
          out.laterLists.populate(from, to);
        },
        1, kStep);
  }

  void publish(size_t vertices, size_t carved) {
    m_vertices.store(vertices, std::memory_order_relaxed);
    m_carved.store(carved, std::memory_order_relaxed);
  }
  void run() { m_pages.run(std::chrono::microseconds(200)); }
  void stop() { m_pages.stop(); }

 private:
  static constexpr size_t kStep = size_t{1} << 19;   // elements per madvise (2 MB of 32-bit words)
  static constexpr size_t kAhead = size_t{1} << 20;  // how far ahead, in vertices and in pairs
  PageWarmer m_pages;
  std::atomic<size_t> m_vertices{0};
  std::atomic<size_t> m_carved{0};
};

// The search itself (see depthFirstOrder); publishes its progress to `warmer` when there is one.
template <typename G>
bool searchDepthFirst(const G& g, std::span<const uint32_t> roots, DominatorResult& r, SearchResult& out,
                      SearchWarmer* warmer, ProgressSink& progress, const CancelToken& cancel) {
  const uint32_t n = g.nodeCount();
  // Fresh pages read 0, the super root's preorder, which no node has: during the search 0 means
  // unreached (markUnreached turns it into kUnreached later), so the table needs no filling pass.
  r.preorder.resize(n);
  r.nodeAt.push_back(kUnreached);
  out.parent.push_back(0);
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
  auto enter = [&](uint32_t node, uint32_t parentPre) __attribute__((always_inline)) {
    const auto pre = static_cast<uint32_t>(r.nodeAt.size());
    r.preorder[node] = pre;
    r.nodeAt.push_back(node);
    out.parent.push_back(parentPre);
    const std::span<const uint32_t> succ = g.successors(node);
    // The search enters one of these next, and meets the others later: where their references
    // start, and their preorders, are asked for now (search 528 → 486 ms on a 1.5 GB dump).
    if constexpr (requires { g.prefetchSuccessors(node); }) {
      for (uint32_t t : succ) {
        g.prefetchSuccessors(t);
        __builtin_prefetch(&r.preorder[t]);
      }
    }
    const uint32_t skipped = g.skippedSuccessor(node);
    if (skipped < succ.size()) {
      push(succ.data() + skipped + 1, succ.size() - skipped - 1, pre);
      push(succ.data(), skipped, pre);
    } else {
      push(succ.data(), succ.size(), pre);
    }
    return pre;
  };
  uint64_t steps = 0;
  for (uint32_t root : roots) {
    if (root >= n || r.preorder[root] != 0) continue;
    enter(root, 0);
    while (!stack.empty()) {
      Frame& f = stack[stack.size() - 1];
      const uint32_t target = *f.next++;
      const uint32_t from = f.pre;
      if (--f.left == 0) stack.resize(stack.size() - 1);
      const uint32_t to = r.preorder[target];
      if (to == 0) {
        enter(target, from);
        if ((++steps & 0x3FFF) == 0) {
          if (warmer) warmer->publish(r.nodeAt.size(), out.laterEdges.carved());
          if ((steps & 0xFFFFF) == 0 &&
              (cancel.isCancelled() || !progress.report("dominators: depth-first order", 0))) {
            return false;
          }
        }
      } else if (to != from) {
        out.laterEdges.add(from, to);
      }
    }
  }
  return true;
}

// Iterative depth-first search from the super root; fills nodeAt, preorder and `out`. With a
// core to spare, a SearchWarmer runs beside it.
template <typename G>
bool depthFirstOrder(const G& g, std::span<const uint32_t> roots, DominatorResult& r, SearchResult& out,
                     ProgressSink& progress, const CancelToken& cancel) {
  const uint32_t n = g.nodeCount();
  // Every edge and one pair per root at most.
  const uint64_t edges = std::max<uint64_t>(g.edgeCount() + roots.size(), 1);
  MXI_CHECK(r.preorder.reserve(n) && r.nodeAt.reserve(size_t{n} + 1) && out.parent.reserve(size_t{n} + 1) &&
            out.listEnds.reserve(size_t{n} + 1) && out.laterEdges.reserve(n + 1, edges) &&
            out.laterLists.reserve(edges + kListsReadAhead));
  bool searched = false;
  if (worthTwoCores(n)) {
    SearchWarmer warmer(r, out);
    // Task 0, the search, runs on this thread; the warmer stops when it is done.
    const Status ran = WorkerPool(2).run(2, [&](size_t task) {
      if (task == 1) {
        warmer.run();
      } else {
        searched = searchDepthFirst(g, roots, r, out, &warmer, progress, cancel);
        warmer.stop();
      }
      return okStatus();
    });
    MXI_CHECK(ran.ok());
  } else {
    searched = searchDepthFirst(g, roots, r, out, nullptr, progress, cancel);
  }
  if (!searched) return false;
  // The super root's edges: a root the search entered below another gets one more earlier
  // predecessor, the super root (once, however many root records name it).
  std::vector<uint32_t> entered;
  for (uint32_t root : roots) {
    if (root < n && out.parent[r.preorder[root]] != 0) entered.push_back(r.preorder[root]);
  }
  std::sort(entered.begin(), entered.end());
  entered.erase(std::unique(entered.begin(), entered.end()), entered.end());
  for (uint32_t pre : entered) out.laterEdges.add(0, pre);
  // What the warmer faulted in ahead of the search's end goes back.
  for (LargeArray<uint32_t>* a : {&r.nodeAt, &out.parent}) a->shrinkToFit();
  out.listEnds.resize(r.nodeAt.size());  // written before read, like the lists
  out.listEnds.shrinkToFit();
  out.laterLists.resize(out.laterEdges.size());
  out.laterLists.shrinkToFit();
  return true;
}

// Turns the search's "0: unreached" into kUnreached (nodes the roots do not reach).
inline void markUnreached(LargeArray<uint32_t>& preorder) {
  for (uint32_t& p : preorder) {
    if (p == 0) p = kUnreached;
  }
}

}  // namespace detail

namespace detail {

// The predecessor lists in preorder space (CSR) of the targets in buckets [first, last), from
// list position `at` (the pairs of the buckets before `first`): p's list is
// [predEnd[p - 1], predEnd[p]) (p > 0; the super root has none). A bucket's counts, which
// become its vertices' list cursors, stay in cache. Disjoint ranges of buckets may be listed on
// two threads. Progress is reported when `progress` is given (from one thread only).
// Its own function (like the semidominators'), so that each hot loop gets the registers.
[[gnu::noinline]] inline bool listPredecessors(const EdgeBuckets& buckets, uint32_t first, uint32_t last,
                                               uint32_t count, uint32_t at, LargeArray<uint32_t>& predEnd,
                                               LargeArray<uint32_t>& preds, ProgressSink* progress,
                                               const CancelToken& cancel) {
  std::vector<uint32_t> cursor(size_t{1} << EdgeBuckets::kTargetBits);
  uint32_t listed = at;
  for (uint32_t k = first; k < last; ++k) {
    const uint32_t lo = k << EdgeBuckets::kTargetBits;
    const uint32_t span = std::min(count - lo, uint32_t{1} << EdgeBuckets::kTargetBits);
    std::fill_n(cursor.begin(), span, 0u);
    buckets.forEach(k, [&](uint32_t, uint32_t to) { ++cursor[to - lo]; });
    for (uint32_t i = 0; i < span; ++i) {
      listed += std::exchange(cursor[i], listed);
      predEnd[lo + i] = listed;
    }
    buckets.forEach(k, [&](uint32_t from, uint32_t to) { preds[cursor[to - lo]++] = from; });
    if ((k & 63) == 63 && (cancel.isCancelled() || (progress && !progress->report("dominators: predecessors", 0)))) {
      return false;
    }
  }
  return true;
}

// Buckets that hold targets below `count`, and where to cut them into two runs of about as many
// pairs each: buckets [0, middle) hold the first `middleAt` pairs.
struct ListSplit {
  uint32_t buckets = 0;
  uint32_t middle = 0;
  uint32_t middleAt = 0;
};
inline ListSplit splitLists(const EdgeBuckets& buckets, uint32_t count) {
  ListSplit split;
  split.buckets = std::min(buckets.bucketCount(), ((count - 1) >> EdgeBuckets::kTargetBits) + 1);
  uint64_t total = 0;
  for (uint32_t k = 0; k < split.buckets; ++k) total += buckets.bucketSize(k);
  uint64_t at = 0;
  while (split.middle < split.buckets && 2 * (at + buckets.bucketSize(split.middle)) <= total) {
    at += buckets.bucketSize(split.middle++);
  }
  split.middleAt = static_cast<uint32_t>(at);
  return split;
}

// One vertex's entry in the semidominator pass's forest of processed vertices: its link
// (initially its DFS parent) and the smallest semidominator on the compressed path from it up to
// (not including) its forest root. Side by side, because both are read for every candidate after
// w and along every path compressed: one cache miss where two arrays took two.
struct ForestLink {
  uint32_t ancestor;
  uint32_t best;
};

// Semidominators, in reverse preorder. `parentThenSemi` holds the DFS parents; once a vertex is
// processed its entry holds its semidominator, and its parent moves to predEnd[w] (no later vertex
// reads predEnd[w]). `forest` has an entry per vertex, written when the vertex is processed, read only
// after: its contents at the start do not matter.
[[gnu::noinline]] inline bool semidominators(LargeArray<uint32_t>& parentThenSemi, LargeArray<ForestLink>& forest,
                                             LargeArray<uint32_t>& predEnd, const LargeArray<uint32_t>& preds,
                                             uint32_t count, ProgressSink& progress, const CancelToken& cancel) {
  LargeArray<uint32_t> path;
  path.reserve(1u << 16);
  // Smallest semidominator on the forest path from v (processed, v > w) while vertices are > w.
  // Every entry it reads is a processed vertex's.
  auto eval = [&](uint32_t v, uint32_t w) -> uint32_t {
    const ForestLink lv = forest[v];
    if (lv.ancestor <= w) return lv.best;
    path.resize(0);
    uint32_t x = v;
    while (forest[forest[x].ancestor].ancestor > w) {  // climb to the highest processed vertex under the root
      if (path.size() == path.capacity()) MXI_CHECK(path.reserve(path.capacity() * 2));
      path.push_back(x);
      x = forest[x].ancestor;
    }
    // x's ancestor is processed but is the last one above w; compress top-down.
    for (size_t k = path.size(); k-- > 0;) {
      ForestLink& y = forest[path[k]];
      const ForestLink a = forest[y.ancestor];
      if (a.best < y.best) y.best = a.best;
      y.ancestor = a.ancestor;
    }
    const ForestLink top = forest[v];
    return std::min(top.best, forest[top.ancestor].best);
  };
  // The lists are read in order, so the candidates to come are known: their forest entries are
  // asked for kListsReadAhead list entries ahead, and the entries their links point to (read by
  // then) half as far ahead: the first two steps of eval. Semidominators 590 → 440 ms on a
  // 1.5 GB dump, and 380 ms with the entries side by side (docs/PERFORMANCE.md, eighth round:
  // without the prefetching, side by side did not pay). Past the last list the storage reads 0 or
  // stale preorders (depthFirstOrder reserves it), an unprocessed vertex's entry is stale too, and
  // a prefetch of a useless address is harmless.
  auto prefetchAhead = [&](uint32_t k) __attribute__((always_inline)) {
    __builtin_prefetch(&forest[preds.data()[k + kListsReadAhead]]);
    __builtin_prefetch(&forest[forest[preds.data()[k + kListsReadAhead / 2]].ancestor]);
  };
  for (uint32_t w = count; w-- > 1;) {
    const uint32_t parentOfW = parentThenSemi[w];
    uint32_t s = parentOfW;  // the first candidate
    // Once a candidate is the super root nothing is smaller: the rest of the list is skipped (a
    // quarter of the evaluations on large heaps, whose shared objects are held from many roots).
    for (uint32_t k = predEnd[w - 1]; k < predEnd[w] && s != 0; ++k) {
      prefetchAhead(k);
      const uint32_t v = preds[k];
      const uint32_t candidate = v < w ? v : eval(v, w);  // an ancestor is its own candidate
      if (candidate < s) s = candidate;
    }
    forest[w] = {parentOfW, s};
    parentThenSemi[w] = s;
    predEnd[w] = parentOfW;
    if ((w & 0xFFFFF) == 0 && (cancel.isCancelled() || !progress.report("dominators: semidominators", 0))) {
      return false;
    }
  }
  return true;
}

// The passes after the predecessor lists: semidominators, immediate dominators. `parent` is the
// search's (it becomes the semidominators, then the immediate dominators). The forest takes the
// storage of the buckets the lists were built from, when it is large enough: those pages are
// faulted in already, where fresh ones would be zeroed first (docs/PERFORMANCE.md).
template <typename Mark>
bool dominatorsFromLists(DominatorResult& r, LargeArray<uint32_t>&& parent, LargeArray<uint32_t>& predEnd,
                         LargeArray<uint32_t>& preds, LargeArray<uint8_t>&& spare, ProgressSink& progress,
                         const CancelToken& cancel, const Mark& mark) {
  const uint32_t count = r.reached();
  LargeArray<ForestLink> forest;
  if (spare.capacity() >= size_t{count} * sizeof(ForestLink)) {
    forest = std::move(spare).reinterpretAs<ForestLink>(count);
    forest.shrinkToFit();
  } else {
    spare = {};
    forest.resize(count);
  }
  LargeArray<uint32_t> semi = std::move(parent);
  if (!semidominators(semi, forest, predEnd, preds, count, progress, cancel)) return false;
  mark("dominators: semidominators");
  preds = {};
  forest = {};

  // Immediate dominators: the nearest ancestor of the DFS parent not below the semidominator.
  // Each overwrites its vertex's semidominator, which only it reads.
  const LargeArray<uint32_t>& parentOf = predEnd;
  r.idom = std::move(semi);
  r.idom[0] = 0;
  r.tops = 0;
  for (uint32_t w = 1; w < count; ++w) {
    const uint32_t s = r.idom[w];
    uint32_t d = parentOf[w];
    while (d > s) d = r.idom[d];
    r.idom[w] = d;
    r.tops += d == 0;
  }
  mark("dominators: immediate dominators");
  return true;
}

}  // namespace detail

// Computes the dominator tree. Returns false when cancelled (the result is then incomplete).
//
// `beside`, when given, runs once the search is done (nodeAt and preorder are final). On a
// large graph with a second core it runs there, after that core has listed half of the
// predecessors, while the semidominator and immediate-dominator passes run on this one (they use
// one core and wait on memory); it must leave the tree's arrays alone. Otherwise it runs before
// those passes.
//
// Memory (n nodes, e edges, b pairs: the edges other than tree edges, and the roots entered
// below another), in 32-bit words beside the three result arrays: at the end of the search,
// 2 n + 1.5 b + b (parent, the lists' ends, the pairs in buckets, their lists, which the warmer
// has faulted in; the address space of both is reserved for all e edges); during the
// semidominators 4 n + b (the forest, 2 n, takes the buckets' pages and the rest of them are
// freed; the DFS parents become the semidominators, and the predecessor offsets keep each
// processed vertex's DFS parent once its own list has been read); the lists and the forest are
// freed before the immediate dominators, which overwrite the semidominators.
template <typename G>
bool computeDominators(const G& g, std::span<const uint32_t> roots, DominatorResult& r, ProgressSink& progress,
                       const CancelToken& cancel, PhaseLog* phases = nullptr,
                       const std::function<void()>& beside = {}) {
  auto mark = [&](const char* name) {
    if (phases) phases->mark(name);
  };
  detail::SearchResult search;
  if (!detail::depthFirstOrder(g, roots, r, search, progress, cancel)) return false;
  mark("dominators: depth-first order");
  const uint32_t count = r.reached();
  LargeArray<uint32_t> predEnd = std::move(search.listEnds);
  LargeArray<uint32_t> preds = std::move(search.laterLists);
  const detail::ListSplit split = detail::splitLists(search.laterEdges, count);
  auto finishOrder = [&] {
    detail::markUnreached(r.preorder);
    if (beside) beside();
  };
  LargeArray<uint8_t> spare;
  auto listed = [&] {
    MXI_CHECK(predEnd[count - 1] == preds.size());  // every pair listed
    spare = std::move(search.laterEdges).takeStorage();
    if (cancel.isCancelled() || !progress.report("dominators: semidominators", 0)) return false;
    mark("dominators: predecessors");
    return true;
  };
  if (!worthTwoCores(count)) {
    if (!detail::listPredecessors(search.laterEdges, 0, split.buckets, count, 0, predEnd, preds, &progress, cancel)) {
      return false;
    }
    finishOrder();
    return listed() && detail::dominatorsFromLists(r, std::move(search.parent), predEnd, preds, std::move(spare),
                                                   progress, cancel, mark);
  }
  // The second core lists the buckets' second half, then finishes the order and runs `beside`.
  std::latch secondHalfListed(1);
  bool secondHalf = false;
  bool done = false;
  const Status ran = WorkerPool(2).run(2, [&](size_t task) {
    if (task == 1) {
      secondHalf = detail::listPredecessors(search.laterEdges, split.middle, split.buckets, count, split.middleAt,
                                            predEnd, preds, nullptr, cancel);
      secondHalfListed.count_down();
      finishOrder();
    } else {
      const bool firstHalf =
          detail::listPredecessors(search.laterEdges, 0, split.middle, count, 0, predEnd, preds, &progress, cancel);
      secondHalfListed.wait();
      done = firstHalf && secondHalf && listed() &&
             detail::dominatorsFromLists(r, std::move(search.parent), predEnd, preds, std::move(spare), progress,
                                         cancel, mark);
    }
    return okStatus();
  });
  MXI_CHECK(ran.ok());
  return done;
}

}  // namespace mxi::core::analysis
