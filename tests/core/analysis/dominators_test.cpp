// Semi-NCA dominators against brute force: on thousands of small random graphs, a node's
// dominators are exactly the nodes whose removal cuts it off from the roots, and its retained
// weight is exactly what that removal makes unreachable. Plus degenerate shapes.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "core/analysis/dominators.h"

namespace mxi::core::analysis {
namespace {

struct TestGraph {
  std::vector<std::vector<uint32_t>> succ;
  std::vector<uint32_t> skipped;  // per node: position not to follow, UINT32_MAX none
  uint32_t nodeCount() const { return static_cast<uint32_t>(succ.size()); }
  std::span<const uint32_t> successors(uint32_t n) const { return succ[n]; }
  uint64_t edgeCount() const {
    uint64_t e = 0;
    for (const auto& s : succ) e += s.size();
    return e;
  }
  uint32_t skippedSuccessor(uint32_t n) const { return skipped[n]; }
};

// Nodes reachable from the roots without passing through `removed`.
std::vector<bool> reachable(const TestGraph& g, const std::vector<uint32_t>& roots, uint32_t removed) {
  std::vector<bool> seen(g.nodeCount(), false);
  std::vector<uint32_t> stack;
  for (uint32_t r : roots) {
    if (r != removed && !seen[r]) {
      seen[r] = true;
      stack.push_back(r);
    }
  }
  while (!stack.empty()) {
    const uint32_t u = stack.back();
    stack.pop_back();
    for (size_t k = 0; k < g.succ[u].size(); ++k) {
      const uint32_t v = g.succ[u][k];
      if (k == g.skipped[u] || v == removed || seen[v]) continue;
      seen[v] = true;
      stack.push_back(v);
    }
  }
  return seen;
}

// Retained weight per node from the result (weights = node index + 1, so sets differ in sum).
std::vector<uint64_t> retainedFrom(const DominatorResult& r, uint32_t n) {
  std::vector<uint64_t> byPre(r.reached(), 0);
  for (uint32_t p = 1; p < r.reached(); ++p) byPre[p] = r.nodeAt[p] + 1;
  for (uint32_t p = r.reached(); p-- > 1;) byPre[r.idom[p]] += byPre[p];
  std::vector<uint64_t> out(n, 0);
  for (uint32_t p = 1; p < r.reached(); ++p) out[r.nodeAt[p]] = byPre[p];
  return out;
}

TEST(DominatorsTest, MatchesBruteForceOnRandomGraphs) {
  std::mt19937 rng(20261122);
  NullProgress progress;
  CancelToken cancel;
  for (int round = 0; round < 3000; ++round) {
    const uint32_t n = 1 + rng() % 40;
    TestGraph g;
    g.succ.resize(n);
    g.skipped.assign(n, UINT32_MAX);
    const uint32_t edges = rng() % (3 * n + 1);
    for (uint32_t e = 0; e < edges; ++e) g.succ[rng() % n].push_back(rng() % n);  // self loops, duplicates
    for (uint32_t u = 0; u < n; ++u) {
      if (!g.succ[u].empty() && rng() % 5 == 0) g.skipped[u] = rng() % g.succ[u].size();  // "referent" edges
    }
    std::vector<uint32_t> roots;
    for (uint32_t k = 0, count = 1 + rng() % 3; k < count; ++k) roots.push_back(rng() % n);

    DominatorResult r;
    ASSERT_TRUE(computeDominators(g, roots, r, progress, cancel));
    const std::vector<bool> all = reachable(g, roots, UINT32_MAX);
    // Dominator sets by brute force: d dominates w iff removing d cuts w off.
    std::vector<std::set<uint32_t>> dominators(n);
    std::vector<uint64_t> expectedRetained(n, 0);
    for (uint32_t d = 0; d < n; ++d) {
      if (!all[d]) continue;
      const std::vector<bool> without = reachable(g, roots, d);
      for (uint32_t w = 0; w < n; ++w) {
        if (all[w] && !without[w]) {
          if (w != d) dominators[w].insert(d);
          expectedRetained[d] += w + 1;
        }
      }
    }
    uint32_t undominated = 0;  // reached, with no strict dominator: the super root's children
    for (uint32_t w = 0; w < n; ++w) undominated += all[w] && dominators[w].empty();
    ASSERT_EQ(r.tops, undominated) << "round " << round;
    for (uint32_t w = 0; w < n; ++w) {
      ASSERT_EQ(r.preorder[w] != kUnreached, all[w]) << "round " << round << " node " << w;
      if (!all[w]) continue;
      // The immediate dominator is the strict dominator every other strict dominator dominates.
      uint32_t expectedIdom = kUnreached;
      for (uint32_t d : dominators[w]) {
        bool closest = true;
        for (uint32_t other : dominators[w]) closest = closest && (other == d || dominators[d].count(other));
        if (closest) expectedIdom = d;
      }
      const uint32_t idomPre = r.idom[r.preorder[w]];
      const uint32_t actual = idomPre == 0 ? kUnreached : r.nodeAt[idomPre];
      ASSERT_EQ(actual, expectedIdom) << "round " << round << " node " << w;
    }
    const auto retained = retainedFrom(r, n);
    for (uint32_t w = 0; w < n; ++w) ASSERT_EQ(retained[w], expectedRetained[w]) << "round " << round << " node " << w;
  }
}

TEST(DominatorsTest, ChainOfAMillionNodes) {
  const uint32_t n = 1'000'000;
  TestGraph g;
  g.succ.resize(n);
  g.skipped.assign(n, UINT32_MAX);
  for (uint32_t i = 0; i + 1 < n; ++i) g.succ[i].push_back(i + 1);
  g.succ[n - 1].push_back(0);  // a back edge to the head changes nothing
  const std::vector<uint32_t> roots{0};
  DominatorResult r;
  NullProgress progress;
  CancelToken cancel;
  ASSERT_TRUE(computeDominators(g, roots, r, progress, cancel));
  ASSERT_EQ(r.reached(), n + 1);
  for (uint32_t i = 1; i < n; ++i) ASSERT_EQ(r.nodeAt[r.idom[r.preorder[i]]], i - 1);
  EXPECT_EQ(r.idom[r.preorder[0]], 0u);
  const auto retained = retainedFrom(r, n);
  // Node i retains nodes i..n-1 with weights i+1..n.
  EXPECT_EQ(retained[0], uint64_t{n} * (n + 1) / 2);
  EXPECT_EQ(retained[n - 1], uint64_t{n});
  EXPECT_EQ(retained[n / 2], uint64_t{n} * (n + 1) / 2 - uint64_t{n / 2} * (n / 2 + 1) / 2);
}

// Large enough for the search's page warmer and its log of edges to earlier vertices: a ladder
// (i → i + 1 everywhere, i → i + 2 from even i) with a back edge from every third node to a third
// of it. Every path to node j passes the even nodes below it, so an even j ≥ 2 is dominated by
// j − 2 and an odd j by j − 1; the back edges go to nodes those paths pass anyway.
TestGraph ladderWithBackEdges(uint32_t n) {
  TestGraph g;
  g.succ.resize(n);
  g.skipped.assign(n, UINT32_MAX);
  for (uint32_t i = 0; i + 1 < n; ++i) {
    g.succ[i].push_back(i + 1);
    if (i % 2 == 0 && i + 2 < n) g.succ[i].push_back(i + 2);
    if (i % 3 == 0 && i > 0) g.succ[i].push_back(i / 3);
  }
  return g;
}

// The ladder's n nodes are the first n; `reached` counts the super root and any nodes beyond them.
void expectLadderDominators(const DominatorResult& r, uint32_t n, uint32_t reached) {
  ASSERT_EQ(r.reached(), reached);
  EXPECT_EQ(r.idom[r.preorder[0]], 0u);
  EXPECT_EQ(r.nodeAt[r.idom[r.preorder[1]]], 0u);
  for (uint32_t j = 2; j < n; ++j) ASSERT_EQ(r.nodeAt[r.idom[r.preorder[j]]], j % 2 == 0 ? j - 2 : j - 1) << j;
}

TEST(DominatorsTest, LadderOfThreeMillionNodesWithBackEdges) {
  const uint32_t n = 3'000'000;
  const TestGraph g = ladderWithBackEdges(n);
  DominatorResult r;
  NullProgress progress;
  CancelToken cancel;
  ASSERT_TRUE(computeDominators(g, std::vector<uint32_t>{0}, r, progress, cancel));
  expectLadderDominators(r, n, n + 1);
}

// The task given to run beside the passes after the search runs once, sees the search's final
// order, and what it writes is there when the tree is.
TEST(DominatorsTest, TheTaskBesideThePassesSeesTheFinalOrder) {
  const uint32_t n = 2'000'000;
  const TestGraph g = ladderWithBackEdges(n);
  DominatorResult r;
  NullProgress progress;
  CancelToken cancel;
  int calls = 0;
  uint32_t seenReached = 0;
  std::vector<uint32_t> weights;  // by preorder: the node + 1
  auto beside = [&] {
    ++calls;
    seenReached = r.reached();
    weights.assign(r.reached(), 0);
    for (uint32_t p = 1; p < r.reached(); ++p) weights[p] = r.nodeAt[p] + 1;
  };
  ASSERT_TRUE(computeDominators(g, std::vector<uint32_t>{0}, r, progress, cancel, nullptr, beside));
  EXPECT_EQ(calls, 1);
  ASSERT_EQ(seenReached, n + 1);
  expectLadderDominators(r, n, n + 1);
  for (uint32_t j = 0; j < n; ++j) ASSERT_EQ(weights[r.preorder[j]], j + 1) << j;
}

// On a graph large enough for the passes to share two cores: a root the search enters below
// another root is still dominated by nothing but the super root, and nodes no root reaches (even
// with edges into the reached part) stay unreached.
TEST(DominatorsTest, ARootEnteredBelowAnotherAndUnreachedNodesOnALargeGraph) {
  const uint32_t ladder = 2'000'000;
  TestGraph g = ladderWithBackEdges(ladder);
  const uint32_t second = ladder, held = ladder + 1, unreached = ladder + 2;
  const uint32_t n = unreached + 1000;
  g.succ.resize(n);
  g.skipped.assign(n, UINT32_MAX);
  g.succ[5].push_back(second);  // the search meets `second` from 5 before it starts from it
  g.succ[second].push_back(held);
  for (uint32_t u = unreached; u < n; ++u) g.succ[u].push_back(u % 7);
  DominatorResult r;
  NullProgress progress;
  CancelToken cancel;
  ASSERT_TRUE(computeDominators(g, std::vector<uint32_t>{0, second}, r, progress, cancel));
  expectLadderDominators(r, ladder, ladder + 3);
  EXPECT_GT(r.preorder[second], r.preorder[5]);
  EXPECT_EQ(r.idom[r.preorder[second]], 0u);
  EXPECT_EQ(r.nodeAt[r.idom[r.preorder[held]]], second);
  for (uint32_t u = unreached; u < n; ++u) ASSERT_EQ(r.preorder[u], kUnreached) << u;
}

TEST(DominatorsTest, DiamondsAndSharedChildren) {
  // 0 → 1, 0 → 2, 1 → 3, 2 → 3, 3 → 4; root 0: 3 is dominated by 0, not by 1 or 2.
  TestGraph g{{{1, 2}, {3}, {3}, {4}, {}}, std::vector<uint32_t>(5, UINT32_MAX)};
  DominatorResult r;
  NullProgress progress;
  CancelToken cancel;
  ASSERT_TRUE(computeDominators(g, std::vector<uint32_t>{0}, r, progress, cancel));
  auto idomOf = [&](uint32_t node) { return r.nodeAt[r.idom[r.preorder[node]]]; };
  EXPECT_EQ(idomOf(1), 0u);
  EXPECT_EQ(idomOf(2), 0u);
  EXPECT_EQ(idomOf(3), 0u);
  EXPECT_EQ(idomOf(4), 3u);
  // Skipping the edge 2 → 3 (a weak referent) makes 1 the dominator of 3.
  g.skipped[2] = 0;
  DominatorResult weak;
  ASSERT_TRUE(computeDominators(g, std::vector<uint32_t>{0}, weak, progress, cancel));
  EXPECT_EQ(weak.nodeAt[weak.idom[weak.preorder[3]]], 1u);
}

TEST(DominatorsTest, CancellationStopsTheWork) {
  TestGraph g;
  g.succ.resize(3'000'000);
  g.skipped.assign(g.succ.size(), UINT32_MAX);
  for (uint32_t i = 0; i + 1 < g.succ.size(); ++i) g.succ[i].push_back(i + 1);
  CancelToken cancel;
  cancel.cancel();
  NullProgress progress;
  DominatorResult r;
  EXPECT_FALSE(computeDominators(g, std::vector<uint32_t>{0}, r, progress, cancel));
}

}  // namespace
}  // namespace mxi::core::analysis
