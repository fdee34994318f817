#include "core/hprof/reference_counts.h"

namespace mxi::core::hprof {

ReferenceCounts countReferences(const HeapIndex& index) {
  ReferenceCounts out;
  const uint32_t n = index.objectCount();
  for (uint32_t i = 0; i < n; ++i) {
    const ObjectIndex o{i};
    const uint64_t edges = index.references(o).size();
    switch (index.kindOf(o)) {
      case ObjectKind::kInstance: out.instanceFields += edges; break;
      case ObjectKind::kObjectArray: out.arrayElements += edges; break;
      case ObjectKind::kPrimitiveArray: break;
      case ObjectKind::kClass: {
        // A class object's edges are its resolved statics, then its superclass, then its loader
        // (index_builder.cpp); the last two are recognised from the class table.
        uint64_t rest = edges;
        if (const auto cls = index.classForObject(o)) {
          const ClassInfo& info = index.classInfo(*cls);
          if (info.superClass != kNoClass && index.find(index.classInfo(info.superClass).id) && rest > 0) {
            ++out.superclasses;
            --rest;
          }
          if (info.loaderId.value != 0 && index.find(info.loaderId) && rest > 0) {
            ++out.classLoaders;
            --rest;
          }
        }
        out.staticFields += rest;
        break;
      }
    }
  }
  const IndexStats& s = index.stats();
  out.danglingInstanceFields = s.danglingFieldReferences;
  out.danglingOther = s.danglingReferences - s.danglingFieldReferences;
  return out;
}

}  // namespace mxi::core::hprof
