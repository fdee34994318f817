#include "core/analysis/heap_graph.h"

#include <algorithm>

#include "core/analysis/dump_page_release.h"
#include "core/base/check.h"
#include "core/base/worker_pool.h"

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
  m_hasSkipped.assign((size_t{n} + 63) / 64, 0);
  if (std::find(m_referenceClass.begin(), m_referenceClass.end(), 1) != m_referenceClass.end()) {
    // Two halves on two cores on a large heap; they split at a multiple of 64 so that no word of
    // m_hasSkipped is written by both.
    const unsigned parts = worthTwoCores(n) ? 2 : 1;
    const uint32_t middle = parts == 2 ? n / 2 / 64 * 64 : n;
    std::vector<std::pair<uint32_t, uint32_t>> found[2];
    const Status ran = WorkerPool(parts).run(parts, [&](size_t part) {
      findReferentEdges(part == 0 ? 0 : middle, part == 0 ? middle : n, found[part]);
      return okStatus();
    });
    MXI_CHECK(ran.ok());
    for (const auto& edges : found) m_skippedEdges.insert(m_skippedEdges.end(), edges.begin(), edges.end());
  }
  findArtHeaderEdges();
  std::sort(m_skippedEdges.begin(), m_skippedEdges.end());
  const auto& roots = index.roots();
  for (uint32_t r = 0; r < roots.size(); ++r) {
    if (roots[r].object == hprof::kNoObject || !hprof::isStrongRoot(roots[r].kind)) continue;
    m_rootRecords.push_back(r);
    m_rootObjects.push_back(roots[r].object.value);
  }
}

void HeapGraph::findReferentEdges(uint32_t from, uint32_t to, std::vector<std::pair<uint32_t, uint32_t>>& out) {
  DumpPageRelease pages(m_index);  // referents are read from the instances' records
  for (uint32_t i = from; i < to; ++i) {
    pages.advance();
    const ClassIndex cls = m_index.classOf(ObjectIndex{i});
    if (!isReferenceClass(cls) || m_index.kindOf(ObjectIndex{i}) != hprof::ObjectKind::kInstance) continue;
    pages.read(ObjectIndex{i});
    const ObjectIndex referent = referentOf(ObjectIndex{i});
    if (referent == hprof::kNoObject) continue;
    const auto refs = m_index.references(ObjectIndex{i});
    const auto at = std::find(refs.begin(), refs.end(), referent);
    if (at == refs.end()) continue;
    out.emplace_back(i, static_cast<uint32_t>(at - refs.begin()));
    m_hasSkipped[i >> 6] |= uint64_t{1} << (i & 63);
  }
}

ObjectIndex HeapGraph::referentOf(ObjectIndex reference) const {
  const auto value = m_index.field(reference, "referent");
  if (!value || value->type != hprof::BasicType::kObject || value->raw == 0) return hprof::kNoObject;
  return m_index.find(value->asObjectId()).value_or(hprof::kNoObject);
}

uint32_t HeapGraph::lookupSkippedEdge(uint32_t node) const {
  const auto at =
      std::lower_bound(m_skippedEdges.begin(), m_skippedEdges.end(), std::pair<uint32_t, uint32_t>{node, 0});
  return at != m_skippedEdges.end() && at->first == node ? at->second : UINT32_MAX;
}

void HeapGraph::findArtHeaderEdges() {
  // Only dumps whose java.lang.Object declares shadow$_klass_ (ART, Android 5+) have them.
  const auto object = m_index.findClass("java.lang.Object");
  if (!object) return;
  bool art = false;
  for (const hprof::FieldInfo& f : m_index.classInfo(*object).instanceFields) {
    art = art || (f.name == kArtClassField && f.type == hprof::BasicType::kObject);
  }
  if (!art) return;
  const uint32_t n = m_index.objectCount();
  m_dropsLastEdge.assign((size_t{n} + 63) / 64, 0);
  for (uint32_t i = 0; i < n; ++i) {
    const ObjectIndex o{i};
    const auto kind = m_index.kindOf(o);
    if (kind == hprof::ObjectKind::kInstance) {
      // shadow$_klass_ is java.lang.Object's only reference field, so the instance's last
      // reference field: its edge, when it resolved, is the last one and names the class.
      const ClassIndex cls = m_index.classOf(o);
      const auto refs = m_index.references(o);
      if (cls != hprof::kNoClass && !refs.empty() && refs.back() == m_index.classInfo(cls).object) {
        m_dropsLastEdge[i >> 6] |= uint64_t{1} << (i & 63);
      }
    } else if (kind == hprof::ObjectKind::kClass) {
      // ART exports Object's fields of a class object as statics named `$class$<field>`; the
      // edge's position counts the statics before it that resolved (index_references.cpp's order).
      const auto cls = m_index.classForObject(o);
      if (!cls) continue;
      uint32_t position = 0;
      for (const hprof::StaticField& st : m_index.classInfo(*cls).staticFields) {
        if (st.type != hprof::BasicType::kObject || st.rawValue == 0 || !m_index.find(hprof::ObjectId{st.rawValue})) {
          continue;
        }
        if (st.name == kArtClassStatic) {
          m_skippedEdges.emplace_back(i, position);
          m_hasSkipped[i >> 6] |= uint64_t{1} << (i & 63);
          break;
        }
        ++position;
      }
    }
  }
}

}  // namespace mxi::core::analysis
