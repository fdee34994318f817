// HeapGraph: the heap's strong reference graph, as the analyses (leak paths, dominators)
// see it. Nodes are ObjectIndex values; edges are the index's outgoing references except
// java.lang.ref.Reference.referent, which does not keep its target alive (Weak, Soft, Phantom,
// Finalizer references and every subclass).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

class HeapGraph {
 public:
  explicit HeapGraph(const hprof::HeapIndex& index);

  const hprof::HeapIndex& index() const { return m_index; }
  uint32_t nodeCount() const { return m_index.objectCount(); }
  std::span<const uint32_t> successors(uint32_t node) const {
    const std::span<const hprof::ObjectIndex> refs = m_index.references(hprof::ObjectIndex{node});
    static_assert(sizeof(hprof::ObjectIndex) == sizeof(uint32_t));
    return {reinterpret_cast<const uint32_t*>(refs.data()), refs.size()};
  }
  // Position of the referent edge among successors(node), UINT32_MAX when there is none.
  uint32_t skippedSuccessor(uint32_t node) const {
    if (!(m_hasReferent[node >> 6] >> (node & 63) & 1)) return UINT32_MAX;
    return lookupReferentEdge(node);
  }
  // The one definition of "held by a GC root", for the dominator tree and the path search alike:
  // every root record of a strong kind (all but Android's "unreachable") whose object is in the
  // dump, as indexes into HeapIndex::roots(), in dump order. Which of them a path prefers is
  // ShortestPaths' business; none is left out.
  const std::vector<uint32_t>& rootRecords() const { return m_rootRecords; }
  // The objects of rootRecords(), in the same order (an object held by several roots repeats).
  const std::vector<uint32_t>& rootObjects() const { return m_rootObjects; }
  // Whether a class is java.lang.ref.Reference or a subclass.
  bool isReferenceClass(hprof::ClassIndex cls) const {
    return cls.value < m_referenceClass.size() && m_referenceClass[cls.value];
  }
  // The object a Reference instance points at through `referent`, kNoObject if none.
  hprof::ObjectIndex referentOf(hprof::ObjectIndex reference) const;

 private:
  uint32_t lookupReferentEdge(uint32_t node) const;

  const hprof::HeapIndex& m_index;
  std::vector<uint8_t> m_referenceClass;                       // per ClassIndex
  std::vector<uint64_t> m_hasReferent;                         // bitset over nodes: a referent edge to skip
  std::vector<std::pair<uint32_t, uint32_t>> m_referentEdges;  // (node, edge position), sorted
  std::vector<uint32_t> m_rootRecords;
  std::vector<uint32_t> m_rootObjects;
};

}  // namespace mxi::core::analysis
