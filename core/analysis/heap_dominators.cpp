#include "core/analysis/heap_dominators.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/analysis/memory_budget.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

namespace {

// Orders (retained, preorder) pairs given in ascending preorder biggest first, ties in
// preorder. The super root's children are millions on a large heap (the desktop app orders
// them with the tree): there a stable radix sort on the retained bytes, one pass per byte that
// differs between keys, replaces a comparison sort that took over a second.
void orderBiggestFirst(std::vector<std::pair<uint64_t, uint32_t>>& ranked) {
  if (ranked.size() < (size_t{1} << 16)) {
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    return;
  }
  std::vector<std::pair<uint64_t, uint32_t>> buffer(ranked.size());
  for (int shift = 0; shift < 64; shift += 8) {
    // Digit 255 - byte: ascending digits are descending keys; each pass keeps the order of ties.
    auto digit = [shift](uint64_t key) { return 255 - ((key >> shift) & 0xFF); };
    std::array<size_t, 256> start{};
    for (const auto& e : ranked) ++start[digit(e.first)];
    if (std::find(start.begin(), start.end(), ranked.size()) != start.end()) continue;  // one digit: no change
    size_t at = 0;
    for (size_t& s : start) at += std::exchange(s, at);
    for (const auto& e : ranked) buffer[start[digit(e.first)]++] = e;
    ranked.swap(buffer);
  }
}

}  // namespace

StatusOr<std::unique_ptr<HeapDominators>> HeapDominators::compute(const HeapGraph& graph,
                                                                  const DominatorOptions& options,
                                                                  ProgressSink& progress, const CancelToken& cancel) {
  const hprof::HeapIndex& ix = graph.index();
  if (options.checkMemory) {
    const MemoryNeed need = dominatorMemoryNeed(ix.objectCount(), ix.stats().references);
    RETURN_IF_ERROR(checkMemory(need, readMemoryLimits(),
                                "the dominator tree of " + std::to_string(ix.objectCount()) + " objects and " +
                                    std::to_string(ix.stats().references) + " references",
                                kNoRetainedHint));
  }
  auto result = std::unique_ptr<HeapDominators>(new HeapDominators());
  DominatorResult& tree = result->m_tree;
  LargeArray<uint64_t>& retained = result->m_retained;
  // Shallow sizes from the index (no dump reads), by preorder, on the other core while the tree's
  // later passes run.
  auto shallowSizes = [&] {
    const uint32_t count = tree.reached();
    retained.resize(count);
    retained[0] = 0;
    for (uint32_t p = 1; p < count; ++p) {
      if (p + 16 < count) {  // the objects to come are known: a miss each, asked for ahead
        const ObjectIndex ahead{tree.nodeAt[p + 16]};
        ix.prefetchShallowSize(ahead);
        if (!options.countedHeaps.empty()) ix.prefetchPacked(ahead);
      }
      const ObjectIndex object{tree.nodeAt[p]};
      const uint8_t heap = options.countedHeaps.empty() ? 0 : ix.heapOf(object);
      const bool counted =
          options.countedHeaps.empty() || (heap < options.countedHeaps.size() && options.countedHeaps[heap]);
      retained[p] = counted ? ix.shallowSize(object) : 0;
    }
  };
  if (!computeDominators(graph, graph.rootObjects(), tree, progress, cancel, options.phases, shallowSizes)) {
    return cancelled();
  }
  const uint32_t count = tree.reached();
  // Children follow their dominators in preorder: one backward pass sums every subtree and
  // meets the tops, last first (so they fill their table from its end).
  LargeArray<uint32_t>& tops = result->m_tops;
  tops.resize(tree.tops);  // fresh pages, written once (a vector would zero them first)
  size_t top = tops.size();
  for (uint32_t w = count; w-- > 1;) {
    const uint32_t d = tree.idom[w];
    retained[d] += retained[w];
    if (d == 0) tops[--top] = w;
  }
  MXI_CHECK(top == 0);
  if (options.phases) options.phases->mark("retained sizes");
  return result;
}

std::vector<ObjectIndex> HeapDominators::topRetainers(size_t n) const {
  // The n best (retained, preorder) pairs in a heap whose front is the worst of them, while the
  // tops (millions on a large heap) are read once in preorder: no copy of them all to sort.
  using Ranked = std::pair<uint64_t, uint32_t>;
  auto better = [](const Ranked& a, const Ranked& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  if (n == 0) return {};
  std::vector<Ranked> best;
  best.reserve(std::min(n, m_tops.size()));
  for (uint32_t w : m_tops) {
    const Ranked candidate{m_retained[w], w};
    if (best.size() < n) {
      best.push_back(candidate);
      std::push_heap(best.begin(), best.end(), better);
    } else if (better(candidate, best.front())) {
      std::pop_heap(best.begin(), best.end(), better);
      best.back() = candidate;
      std::push_heap(best.begin(), best.end(), better);
    }
  }
  std::sort_heap(best.begin(), best.end(), better);
  std::vector<ObjectIndex> out;
  out.reserve(best.size());
  for (const auto& [bytes, w] : best) out.push_back(ObjectIndex{m_tree.nodeAt[w]});
  return out;
}

void HeapDominators::buildChildLists() const {
  std::call_once(m_childrenOnce, [&] {
    const uint32_t count = m_tree.reached();
    m_childStart.resize(size_t{count} + 1);  // fresh pages: zero
    for (uint32_t w = 1; w < count; ++w) ++m_childStart[m_tree.idom[w] + 1];
    for (uint32_t p = 0; p < count; ++p) m_childStart[p + 1] += m_childStart[p];
    m_childList.resize(count > 0 ? count - 1 : 0);
    for (uint32_t w = 1; w < count; ++w) m_childList[m_childStart[m_tree.idom[w]]++] = w;
    for (uint32_t p = count; p > 0; --p) m_childStart[p] = m_childStart[p - 1];
    m_childStart[0] = 0;
  });
}

size_t HeapDominators::childCount(ObjectIndex parent) const {
  buildChildLists();
  uint32_t p = 0;
  if (parent != hprof::kNoObject) {
    p = m_tree.preorder[parent.value];
    if (p == kUnreached) return 0;
  }
  return m_childStart[p + 1] - m_childStart[p];
}

std::vector<ObjectIndex> HeapDominators::children(ObjectIndex parent) const {
  buildChildLists();
  uint32_t p = 0;
  if (parent != hprof::kNoObject) {
    p = m_tree.preorder[parent.value];
    if (p == kUnreached) return {};
  }
  std::vector<std::pair<uint64_t, uint32_t>> ranked;  // in ascending preorder, as the lists are
  ranked.reserve(m_childStart[p + 1] - m_childStart[p]);
  for (uint32_t k = m_childStart[p]; k < m_childStart[p + 1]; ++k)
    ranked.emplace_back(m_retained[m_childList[k]], m_childList[k]);
  orderBiggestFirst(ranked);
  std::vector<ObjectIndex> out;
  out.reserve(ranked.size());
  for (const auto& [bytes, w] : ranked) out.push_back(ObjectIndex{m_tree.nodeAt[w]});
  return out;
}

ObjectIndex HeapDominators::immediateDominator(ObjectIndex object) const {
  const uint32_t p = m_tree.preorder[object.value];
  if (p == kUnreached || m_tree.idom[p] == 0) return hprof::kNoObject;
  return ObjectIndex{m_tree.nodeAt[m_tree.idom[p]]};
}

std::vector<uint64_t> HeapDominators::classRetainedBytes(const hprof::HeapIndex& index) const {
  // Number the dominator tree in its own preorder (children in DFS order) without building
  // child lists: subtree sizes, then each child takes the next free slot of its parent.
  const uint32_t count = m_tree.reached();
  LargeArray<uint32_t> size, slot, next;
  size.assign(count, 1);
  for (uint32_t w = count; w-- > 1;) size[m_tree.idom[w]] += size[w];
  slot.resize(count);
  next.resize(count);
  slot[0] = 0;
  next[0] = 1;
  for (uint32_t w = 1; w < count; ++w) {
    const uint32_t d = m_tree.idom[w];
    slot[w] = next[d];
    next[d] += size[w];
    next[w] = slot[w] + 1;
  }
  // Visit objects in tree preorder; an instance inside the subtree of an instance of its own
  // class already counted is skipped (subtrees are nested intervals of that order).
  LargeArray<uint32_t>& bySlot = next;
  for (uint32_t w = 0; w < count; ++w) bySlot[slot[w]] = w;
  std::vector<uint64_t> out(index.classCount(), 0);
  std::vector<uint32_t> coveredUntil(index.classCount(), 0);
  for (uint32_t s = 1; s < count; ++s) {
    const uint32_t w = bySlot[s];
    const uint32_t cls = index.classOf(ObjectIndex{m_tree.nodeAt[w]}).value;
    if (cls >= out.size() || s < coveredUntil[cls]) continue;
    out[cls] += m_retained[w];
    coveredUntil[cls] = s + size[w];
  }
  return out;
}

}  // namespace mxi::core::analysis
