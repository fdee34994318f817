#include "core/analysis/heap_graph.h"

#include <algorithm>

#include "core/analysis/dump_page_release.h"

namespace mxi::core::analysis {

using hprof::ClassIndex;
using hprof::ObjectIndex;

HeapGraph::HeapGraph(const hprof::HeapIndex& index) : m_index(index) {
  const uint32_t classes = index.classCount();
  m_referenceClass.assign(classes, 0);
  if (const auto reference = index.findClass("java.lang.ref.Reference")) {
    for (uint32_t c = 0; c < classes; ++c) {
      m_referenceClass[c] = index.isSubclassOf(ClassIndex{c}, *reference) ? 1 : 0;
    }
  }
  const uint32_t n = index.objectCount();
  m_hasReferent.assign((size_t{n} + 63) / 64, 0);
  if (std::find(m_referenceClass.begin(), m_referenceClass.end(), 1) != m_referenceClass.end()) {
    DumpPageRelease pages(index);  // referents are read from the instances' records
    for (uint32_t i = 0; i < n; ++i) {
      pages.advance();
      const ClassIndex cls = index.classOf(ObjectIndex{i});
      if (!isReferenceClass(cls) || index.kindOf(ObjectIndex{i}) != hprof::ObjectKind::kInstance) continue;
      pages.read(ObjectIndex{i});
      const ObjectIndex referent = referentOf(ObjectIndex{i});
      if (referent == hprof::kNoObject) continue;
      const auto refs = index.references(ObjectIndex{i});
      const auto at = std::find(refs.begin(), refs.end(), referent);
      if (at == refs.end()) continue;
      m_referentEdges.emplace_back(i, static_cast<uint32_t>(at - refs.begin()));
      m_hasReferent[i >> 6] |= uint64_t{1} << (i & 63);
    }
  }
  const auto& roots = index.roots();
  for (uint32_t r = 0; r < roots.size(); ++r) {
    if (roots[r].object == hprof::kNoObject || !hprof::isStrongRoot(roots[r].kind)) continue;
    m_rootRecords.push_back(r);
    m_rootObjects.push_back(roots[r].object.value);
  }
}

ObjectIndex HeapGraph::referentOf(ObjectIndex reference) const {
  const auto value = m_index.field(reference, "referent");
  if (!value || value->type != hprof::BasicType::kObject || value->raw == 0) return hprof::kNoObject;
  return m_index.find(value->asObjectId()).value_or(hprof::kNoObject);
}

uint32_t HeapGraph::lookupReferentEdge(uint32_t node) const {
  const auto at =
      std::lower_bound(m_referentEdges.begin(), m_referentEdges.end(), std::pair<uint32_t, uint32_t>{node, 0});
  return at != m_referentEdges.end() && at->first == node ? at->second : UINT32_MAX;
}

}  // namespace mxi::core::analysis
