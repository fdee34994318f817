// HeapIndexParts: everything a HeapIndex holds, as plain data. The index build (IndexBuilder,
// the index_*.cpp files) fills one; HeapIndex is then made from it by move, and its
// constructor checks that the parts fit together (heap_index.h). The few lookups the build
// needs before the index exists (a string by id, a class by name) are functions over the
// parts here, which HeapIndex answers with too.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/base/large_array.h"
#include "core/hprof/dump_source.h"
#include "core/hprof/heap_index_records.h"
#include "core/hprof/hprof_types.h"
#include "core/hprof/object_ids.h"

namespace mxi::core::hprof {

// One object as the scan notes it, before the object table is compacted to `packed` words.
struct ObjectEntry {
  uint64_t id;
  uint64_t packed;  // bits 0..47 record offset, 48..49 ObjectKind, 56..63 heap
};

// A STRING record: its id and where its text lies in the dump.
struct StringRecord {
  uint64_t id;
  uint64_t offset;
  uint32_t length;
};

// shallowSizes' mark for 4 GiB or more (a huge array): the size is read from the record.
inline constexpr uint32_t kShallowSizeTooLarge = UINT32_MAX;

struct HeapIndexParts {
  std::shared_ptr<const DumpSource> source;
  IndexStats stats;

  // The object table, by ObjectIndex (ascending id): the record offset with kind and heap
  // (ObjectEntry::packed), and the ids, kept as `ids` says.
  LargeArray<uint64_t> packed;
  ObjectIds ids;
  // ClassIndex per object, then CSR offsets per object: both live in the second half of
  // `packed`'s storage, which the build-time table (16 bytes per object) freed when it
  // narrowed to 8, so indexing writes no fresh memory for them (first touch of memory is
  // costly on VMs): classOfObject = packed.data() + n words, refOffsets = classOfObject + n.
  uint32_t* classOfObject = nullptr;
  uint32_t* refOffsets = nullptr;
  LargeArray<uint32_t> shallowSizes;  // by object (kShallowSizeTooLarge: read from the dump)
  // CSR, split into one segment per indexing thread (no copy to join them): objects
  // [segmentStart[k], segmentStart[k+1]) keep their targets in refSegments[k], starting at
  // refOffsets[object] (relative to the segment).
  std::vector<LargeArray<ObjectIndex>> refSegments;
  std::vector<uint32_t> segmentStart;
  // Instances and shallow bytes per (class slot, heap), slot-major, filled while indexing so a
  // histogram never has to touch the dump again. Slot classes.size() is "class not in the dump".
  std::vector<uint64_t> classHeapCount;
  std::vector<uint64_t> classHeapBytes;

  std::vector<ClassInfo> classes;
  std::vector<uint32_t> classByObject;  // indices into classes sorted by class object id
  std::vector<uint32_t> classByName;    // indices into classes sorted by name
  std::vector<StringRecord> strings;    // sorted by id
  std::vector<GcRoot> roots;
  std::vector<ThreadInfo> threads;
  std::vector<HeapInfo> heaps;
  ClassIndex javaLangClass = kNoClass;
  ClassIndex javaLangString = kNoClass;
};

// Text of a STRING record by its id (HeapIndex::utf8).
std::optional<std::string_view> utf8(const HeapIndexParts& parts, uint64_t stringId);
// A class by its Java name, through classByName (HeapIndex::findClass).
std::optional<ClassIndex> findClass(const HeapIndexParts& parts, std::string_view javaName);

}  // namespace mxi::core::hprof
