// One object looked at closely, as an instance inspector shows it: its fields (or static fields
// for a class object, elements for an array) with readable values, the objects that reference
// it, and the instances of a class. Values that are references carry the target object so a
// viewer can make every id navigable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/reference_names.h"
#include "core/base/cancel_token.h"
#include "core/base/status.h"
#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

struct InspectedValue {
  std::string name;                              // field name or "[i]"
  std::string type;                              // "int", "Object", "java.lang.String"…
  std::string text;                              // the value as a Java programmer reads it; references as "Class@0xID"
  hprof::ObjectIndex target = hprof::kNoObject;  // the referenced object when it is in the dump
};

struct ObjectInspection {
  hprof::ObjectIndex object = hprof::kNoObject;
  hprof::ObjectId id;
  hprof::ObjectKind kind = hprof::ObjectKind::kInstance;
  std::string className;
  std::string heap;
  uint64_t shallowBytes = 0;
  uint64_t recordOffset = 0;
  std::optional<std::string> stringValue;  // java.lang.String contents (UTF-8)
  std::vector<InspectedValue> fields;      // instance fields (own class first), or a class's statics
  std::optional<uint32_t> arrayLength;
  std::vector<InspectedValue> elements;  // array elements, the first `maxElements`
  std::vector<std::string> rootKinds;    // GC roots that hold this object directly
};

ObjectInspection inspectObject(const hprof::HeapIndex& index, hprof::ObjectIndex object, size_t maxElements = 1000);

// A reference value as text: "null", "java.lang.String@0x1f \"hello\"", "a.B@0x20",
// or "@0x21 (not in dump)".
std::string describeReference(const hprof::HeapIndex& index, hprof::ObjectId id);

struct Referrer {
  hprof::ObjectIndex from;
  ReferenceName reference;
};

struct Referrers {
  std::vector<Referrer> referrers;  // in object order, at most the limit asked for
  uint64_t total = 0;               // every referencing object, also beyond the limit
};

// Objects with an outgoing reference to `target` (one scan over all edges: no reverse index is
// kept, so opening a dump costs nothing extra for it).
StatusOr<Referrers> findReferrers(const hprof::HeapIndex& index, hprof::ObjectIndex target, size_t limit,
                                  const CancelToken& cancel);

// Instances of `cls` (subclasses excluded), in object order, at most `limit`; `total` counts all.
struct Instances {
  std::vector<hprof::ObjectIndex> objects;
  uint64_t total = 0;
};
StatusOr<Instances> findInstances(const hprof::HeapIndex& index, hprof::ClassIndex cls, size_t limit,
                                  const CancelToken& cancel);

}  // namespace mxi::core::analysis
