// HeapGraph: the heap's strong reference graph, as the analyses (leak paths, dominators)
// see it. Nodes are ObjectIndex values; edges are the index's outgoing references except
// - java.lang.ref.Reference.referent, which does not keep its target alive (Weak, Soft, Phantom,
//   Finalizer references and every subclass);
// - ART's object header, which its hprof writer exports as fields of java.lang.Object:
//   `shadow$_klass_` (every instance → its class; `shadow$_monitor_` is an int, never an edge)
//   and, on class objects, the static `$class$shadow$_klass_` (→ java.lang.Class). They are the
//   VM's bookkeeping, not a program's references: a leak chain through them ("↓ shadow$_klass_")
//   names nothing anyone can fix. LeakCanary's Shark skips java.lang.Object's fields for the same
//   reason (FieldInstanceReferenceReader, classHierarchyWithoutJavaLangObject). Class objects are
//   held by their loader (ART: the loader's runtimeInternalObjects) or are roots, so reachability
//   does not depend on these edges.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

// ART's object header as its hprof writer exports it (runtime/hprof/hprof.cc).
inline constexpr std::string_view kArtClassField = "shadow$_klass_";
inline constexpr std::string_view kArtMonitorField = "shadow$_monitor_";
inline constexpr std::string_view kArtClassStatic = "$class$shadow$_klass_";
inline bool isArtHeaderField(std::string_view name) {
  return name == kArtClassField || name == kArtMonitorField || name == kArtClassStatic;
}

class HeapGraph {
 public:
  explicit HeapGraph(const hprof::HeapIndex& index);

  const hprof::HeapIndex& index() const { return m_index; }
  uint32_t nodeCount() const { return m_index.objectCount(); }
  uint64_t edgeCount() const { return m_index.stats().references; }  // at least what successors() yield
  std::span<const uint32_t> successors(uint32_t node) const {
    const std::span<const hprof::ObjectIndex> refs = m_index.references(hprof::ObjectIndex{node});
    static_assert(sizeof(hprof::ObjectIndex) == sizeof(uint32_t));
    // An ART instance's shadow$_klass_ edge is its last one (java.lang.Object's fields come last).
    const size_t drop = m_dropsLastEdge.empty() ? 0 : (m_dropsLastEdge[node >> 6] >> (node & 63) & 1);
    return {reinterpret_cast<const uint32_t*>(refs.data()), refs.size() - drop};
  }
  // Asks the cache for what successors(node) reads first, ahead of time.
  void prefetchSuccessors(uint32_t node) const { m_index.prefetchReferences(hprof::ObjectIndex{node}); }
  // Position among successors(node) of the one edge not to follow — a Reference's referent, or a
  // class object's `$class$shadow$_klass_` — UINT32_MAX when there is none.
  uint32_t skippedSuccessor(uint32_t node) const {
    if (!(m_hasSkipped[node >> 6] >> (node & 63) & 1)) return UINT32_MAX;
    return lookupSkippedEdge(node);
  }
  // Whether an instance's last reference is ART's shadow$_klass_ (left out of successors()).
  bool dropsClassEdge(uint32_t node) const {
    return !m_dropsLastEdge.empty() && (m_dropsLastEdge[node >> 6] >> (node & 63) & 1);
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
  uint32_t lookupSkippedEdge(uint32_t node) const;
  // The referent edges of the Reference instances among objects [from, to), as (node, position).
  void findReferentEdges(uint32_t from, uint32_t to, std::vector<std::pair<uint32_t, uint32_t>>& out);
  void findArtHeaderEdges();

  const hprof::HeapIndex& m_index;
  std::vector<uint8_t> m_referenceClass;                      // per ClassIndex
  std::vector<uint64_t> m_hasSkipped;                         // bitset over nodes: an edge to skip
  std::vector<std::pair<uint32_t, uint32_t>> m_skippedEdges;  // (node, edge position), sorted
  std::vector<uint64_t> m_dropsLastEdge;                      // bitset over nodes; empty unless ART
  std::vector<uint32_t> m_rootRecords;
  std::vector<uint32_t> m_rootObjects;
};

}  // namespace mxi::core::analysis
