// The records a HeapIndex keeps per class, GC root, thread and heap, and what indexing counted
// (IndexStats). HeapIndexParts holds them while the index is built; HeapIndex hands them out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/process_memory.h"
#include "core/hprof/hprof_types.h"
#include "core/hprof/name_mapper.h"

namespace mxi::core::hprof {

struct FieldInfo {
  std::string_view name;  // into the mapped dump (modified UTF-8), or the index's own storage once renamed
  BasicType type;
  std::string_view dumpName = {};  // the name in the dump when applyNames renamed the field, else empty
};

// A static field with its value (raw bits; for kObject the referenced ObjectId).
struct StaticField {
  std::string_view name;  // as FieldInfo::name
  BasicType type;
  uint64_t rawValue;
  std::string_view dumpName = {};  // as FieldInfo::dumpName
};

struct ClassInfo {
  ObjectId id;       // the class object's id (0 for synthetic primitive-array classes)
  std::string name;  // Java source form: "java.lang.String", "int[]", "a.B$C[]"
  // The name in the dump when applyNames renamed the class ("a.b", for a "(was a.b)" hint), else empty.
  std::string dumpName;
  ClassIndex superClass = kNoClass;
  ObjectId loaderId;
  uint32_t instanceSize = 0;              // as the dump declares it (ART: real size; HotSpot: field bytes)
  std::vector<FieldInfo> instanceFields;  // declared by this class only, in record order
  std::vector<StaticField> staticFields;
  ObjectIndex object = kNoObject;  // the class object in the object table
  uint32_t loadSerial = 0;         // LOAD_CLASS serial, 0 when the class has no LOAD_CLASS
  // Byte offsets (into an instance's field data) of every reference field, superclasses included.
  std::vector<uint32_t> referenceOffsets;
  // Total field-data bytes of an instance, superclasses included.
  uint32_t fieldBytes = 0;
  bool isArrayClass = false;
};

struct GcRoot {
  ObjectId id;
  ObjectIndex object = kNoObject;  // kNoObject when the id is not in the dump
  RootKind kind = RootKind::kUnknown;
  uint32_t threadSerial = 0;    // thread-related kinds only, else 0
  uint32_t frame = UINT32_MAX;  // Java frame / JNI local: frame number in the thread's trace
  uint8_t heap = 0;             // heap the root record appeared under
};

struct ThreadInfo {
  uint32_t serial = 0;
  ObjectId objectId;
  std::string name;  // from START_THREAD when present, else from the Thread object
  uint32_t stackTraceSerial = 0;
  // "Class.method(File.java:12)", outermost last; source names once applyNames ran (an inlined
  // frame then becomes several).
  std::vector<std::string> frames;
  // The frames as the dump writes them (GcRoot::frame numbers these), outermost last.
  std::vector<FrameInfo> dumpFrames;
};

struct HeapInfo {
  uint32_t id = 0;   // Android heap id ('A' app, 'I' image, 'Z' zygote, 0 default)
  std::string name;  // "app", "image", "zygote", "default"
  uint64_t objects = 0;
  uint64_t shallowBytes = 0;
};

struct IndexStats {
  std::string format;  // "JAVA PROFILE 1.0.2" / "JAVA PROFILE 1.0.3"
  uint32_t idSize = 0;
  uint64_t timestampMs = 0;  // dump time from the header
  uint64_t fileBytes = 0;
  uint64_t instances = 0;
  uint64_t objectArrays = 0;
  uint64_t primitiveArrays = 0;
  uint64_t primitiveArraysWithoutData = 0;
  uint64_t classes = 0;  // CLASS_DUMP records
  uint64_t loadClassRecords = 0;
  uint64_t strings = 0;                  // STRING records
  uint64_t references = 0;               // resolved outgoing references (CSR edges)
  uint64_t danglingReferences = 0;       // non-null ids with no object (e.g. Matrix-shrunk dumps)
  uint64_t danglingFieldReferences = 0;  // of those, the ones in instance fields
  // The resolved references by where they sit (see reference_counts.h), counted while indexing.
  uint64_t referencesByKind[4] = {};                      // by the ObjectKind of the object holding them
  uint64_t superclassReferences = 0;                      // of a class object's: the one to its superclass
  uint64_t classLoaderReferences = 0;                     // and the one to its class loader
  uint64_t recordCounts[256] = {};                        // top-level records by tag
  uint64_t indexBytes = 0;                                // memory held by the index, excluding the mapped dump
  NameStats renamed;                                      // what applyNames renamed (all 0 without a mapping)
  std::vector<std::pair<std::string, double>> timingsMs;  // phase → wall milliseconds
  std::vector<PhaseCost> phases;                          // the same phases: CPU time and memory too
  std::vector<std::string> warnings;                      // recoverable oddities, with offsets
};

}  // namespace mxi::core::hprof
