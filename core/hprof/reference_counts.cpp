#include "core/hprof/reference_counts.h"

namespace mxi::core::hprof {

ReferenceCounts countReferences(const HeapIndex& index) {
  const IndexStats& s = index.stats();
  auto byKind = [&](ObjectKind kind) { return s.referencesByKind[static_cast<size_t>(kind)]; };
  ReferenceCounts out;
  out.instanceFields = byKind(ObjectKind::kInstance);
  out.arrayElements = byKind(ObjectKind::kObjectArray);
  // A class object's edges are its resolved statics, then its superclass, then its loader.
  out.superclasses = s.superclassReferences;
  out.classLoaders = s.classLoaderReferences;
  out.staticFields = byKind(ObjectKind::kClass) - s.superclassReferences - s.classLoaderReferences;
  out.danglingInstanceFields = s.danglingFieldReferences;
  out.danglingOther = s.danglingReferences - s.danglingFieldReferences;
  return out;
}

}  // namespace mxi::core::hprof
