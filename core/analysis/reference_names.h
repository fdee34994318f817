// How one object references another: the field, array slot or class link an edge stands for,
// recovered on demand from the dump (the index stores edges without names to stay small).
#pragma once

#include <string>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

struct ReferenceName {
  enum class Type : uint8_t { kRoot, kInstanceField, kStaticField, kArrayElement, kSuperclass, kClassLoader, kUnknown };
  Type type = Type::kUnknown;
  std::string name;   // field name, "[index]", root kind name
  std::string owner;  // class declaring the field (instance/static), array class, else empty
};

std::string_view referenceTypeName(ReferenceName::Type type);  // "instanceField", "staticField"…

// The first reference from `from` to `to` in the index's edge order; ART's object-header fields
// (shadow$_klass_, HeapGraph) only when nothing else references `to`.
ReferenceName nameReference(const hprof::HeapIndex& index, hprof::ObjectIndex from, hprof::ObjectIndex to);

}  // namespace mxi::core::analysis
