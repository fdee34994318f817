// HeapIndex: the immutable, compact index of one heap dump that every heap feature reads.
//
// Layout (why it is fast and small; docs/HPROF.md, "Index layout"): one 8-byte word per object
// in id order (file offset, with kind and heap packed into its top bits); ids found through
// ObjectIds (a rank table, or buckets and a short binary search); outgoing references are a CSR
// array of 32-bit object indices. Object payloads (field values, array elements) are read
// straight from the memory-mapped dump on demand, so nothing is copied per object. The build
// fills a HeapIndexParts (heap_index_parts.h), which becomes the index by move.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/hprof/dump_source.h"
#include "core/hprof/heap_index_parts.h"
#include "core/hprof/heap_index_records.h"
#include "core/hprof/hprof_types.h"
#include "core/hprof/name_mapper.h"

namespace mxi::core::hprof {

// A decoded field or array value.
struct Value {
  BasicType type = BasicType::kInt;
  uint64_t raw = 0;  // big-endian decoded bits, zero-extended

  ObjectId asObjectId() const { return ObjectId{raw}; }
  bool asBool() const { return raw != 0; }
  int32_t asInt() const;    // byte/short/char/int/boolean sign- or zero-extended as Java does
  int64_t asLong() const;   // any integral type widened
  double asDouble() const;  // float/double
};

struct PrimitiveArray {
  BasicType elementType = BasicType::kByte;
  uint32_t length = 0;
  bool hasData = true;             // false for PRIMITIVE_ARRAY_NODATA (0xC3)
  std::span<const uint8_t> bytes;  // big-endian elements as in the dump
};

struct IndexOptions {
  unsigned threads = 0;  // 0 = hardware concurrency
};

class HeapIndex {
 public:
  // Builds the index. The source must outlive nothing: the index keeps it alive. Mutable only
  // until it is shared: applyNames is the one change allowed after build (share it as
  // shared_ptr<const HeapIndex>).
  static StatusOr<std::shared_ptr<HeapIndex>> build(std::shared_ptr<const DumpSource> source,
                                                    const IndexOptions& options, ProgressSink& progress,
                                                    const CancelToken& cancel);
  // Takes the parts the build filled (heap_index_parts.h) and checks that they fit together:
  // the one place the index's invariants are stated (a breach is a bug in the build, never in
  // the dump: MXI_CHECK). Cheap checks only (none per object). Threads that the dump names only
  // through their Thread object take that object's name here, which needs the finished index.
  explicit HeapIndex(HeapIndexParts parts);
  ~HeapIndex();
  HeapIndex(const HeapIndex&) = delete;
  HeapIndex& operator=(const HeapIndex&) = delete;

  // Gives a minified build's dump its source names: every class (array classes too), every
  // instance and static field (by its declaring class), every thread's frames; findClass then
  // finds classes by their source names, and every view reads source names with no code of its
  // own. Always renames from the dump's own names, so a second call replaces the first mapping.
  // Call after build and before the index is shared (it is not thread-safe; callers may read
  // the dump, e.g. the app's package and version, first). Returns what it renamed (also in
  // stats().renamed).
  NameStats applyNames(const NameMapper& mapper);

  const IndexStats& stats() const { return m_parts.stats; }
  uint32_t idSize() const { return m_parts.stats.idSize; }
  const DumpSource& source() const { return *m_parts.source; }

  // Objects -------------------------------------------------------------------------------
  uint32_t objectCount() const { return static_cast<uint32_t>(m_parts.packed.size()); }
  std::optional<ObjectIndex> find(ObjectId id) const {
    const uint32_t i = m_parts.ids.find(id.value);
    if (i == ObjectIds::kAbsent) return std::nullopt;
    return ObjectIndex{i};
  }
  // How ids are looked up: "rank table" (dense ids) or "buckets" (sparse, 64-bit or repeated
  // ids); for tests and benchmarks.
  std::string_view idLookupName() const { return m_parts.ids.lookupName(); }
  ObjectId idOf(ObjectIndex object) const {
    if (m_parts.ids.inRecords) return idFromRecord(object);
    return ObjectId{m_parts.ids.stored(object.value)};
  }
  // Inline: whole-heap passes (paths, duplicates, retained sizes) ask once per object.
  ObjectKind kindOf(ObjectIndex object) const {
    return static_cast<ObjectKind>((m_parts.packed[object.value] >> 48) & 3);
  }
  uint8_t heapOf(ObjectIndex object) const {
    return static_cast<uint8_t>(m_parts.packed[object.value] >> 56);
  }  // into heaps()
  // The class of an instance, the array class of an object array, the (possibly synthetic)
  // "T[]" class of a primitive array, java.lang.Class for a class object.
  ClassIndex classOf(ObjectIndex object) const { return ClassIndex{m_parts.classOfObject[object.value]}; }
  // Bytes the object occupies by the dump's own accounting (see docs/HPROF.md). Kept per
  // object by the index, so no analysis reads the dump for an array's length.
  uint64_t shallowSize(ObjectIndex object) const {
    const uint32_t size = m_parts.shallowSizes[object.value];
    return size != kShallowSizeTooLarge ? size : shallowSizeFromDump(object);
  }
  // Ask the cache for what shallowSize(), heapOf() and kindOf() (the packed word) or
  // references() read first, ahead of a pass that knows which objects come next.
  void prefetchShallowSize(ObjectIndex object) const { __builtin_prefetch(&m_parts.shallowSizes[object.value]); }
  void prefetchPacked(ObjectIndex object) const { __builtin_prefetch(&m_parts.packed[object.value]); }
  void prefetchReferences(ObjectIndex object) const {
    // Through a volatile: GCC 12 at -O3 dropped this prefetch from the dominator search's loop.
    const uint32_t* volatile at = m_parts.refOffsets + object.value;
    __builtin_prefetch(at);
  }
  // Offset of the object's sub-record (its tag byte) in the dump.
  uint64_t recordOffset(ObjectIndex object) const { return m_parts.packed[object.value] & ((uint64_t{1} << 48) - 1); }
  std::span<const ObjectIndex> references(ObjectIndex object) const {  // inline: once per object in every pass
    const uint32_t i = object.value;
    size_t segment = 0;
    const std::vector<uint32_t>& starts = m_parts.segmentStart;
    while (i >= starts[segment + 1]) ++segment;  // a handful of segments
    const LargeArray<ObjectIndex>& refs = m_parts.refSegments[segment];
    const uint32_t begin = m_parts.refOffsets[i];
    const uint32_t end = i + 1 == starts[segment + 1] ? static_cast<uint32_t>(refs.size()) : m_parts.refOffsets[i + 1];
    return {refs.data() + begin, end - begin};
  }

  // Classes -------------------------------------------------------------------------------
  uint32_t classCount() const { return static_cast<uint32_t>(m_parts.classes.size()); }
  const ClassInfo& classInfo(ClassIndex index) const { return m_parts.classes[index.value]; }
  std::optional<ClassIndex> findClass(std::string_view javaName) const;
  // For a class object, its class-table entry.
  std::optional<ClassIndex> classForObject(ObjectIndex classObject) const;
  bool isSubclassOf(ClassIndex cls, ClassIndex ancestor) const;

  // Field access --------------------------------------------------------------------------
  // Instance field by name, searching the object's class then its superclasses (the nearest
  // declaration wins, as in Java). nullopt when the object is not an instance or has no such field.
  std::optional<Value> field(ObjectIndex instance, std::string_view name) const;
  // Static field of a class by name.
  std::optional<Value> staticField(ClassIndex cls, std::string_view name) const;
  // Where an instance field lives inside the field data of an instance of `cls` (the nearest
  // declaration wins), for tools that rewrite records.
  struct FieldSlot {
    uint32_t offset;
    BasicType type;
  };
  std::optional<FieldSlot> fieldSlot(ClassIndex cls, std::string_view name) const;
  // The field at a slot found once with fieldSlot() (for loops over many instances of one class).
  std::optional<Value> fieldAt(ObjectIndex instance, FieldSlot slot) const;
  // Every instance field value in record order (declaring class first, then superclasses).
  std::vector<std::pair<FieldInfo, Value>> fields(ObjectIndex instance) const;
  // Elements of an object array (ids as written, nulls included).
  std::optional<std::vector<ObjectId>> objectArrayElements(ObjectIndex array) const;
  uint32_t arrayLength(ObjectIndex array) const;
  std::optional<PrimitiveArray> primitiveArray(ObjectIndex array) const;
  // Value of a java.lang.String as UTF-8 (char[] and byte[]+coder layouts, Android's
  // compressed strings); nullopt when the object is not a String or its value is missing.
  // Defined in java_string.cpp, with the layouts it reads.
  std::optional<std::string> stringValue(ObjectIndex string) const;
  // Text of a STRING record (class, field and thread names) by its id.
  std::optional<std::string_view> utf8(uint64_t stringId) const;

  // Roots, threads, heaps -----------------------------------------------------------------
  const std::vector<GcRoot>& roots() const { return m_parts.roots; }
  const std::vector<ThreadInfo>& threads() const { return m_parts.threads; }
  const ThreadInfo* threadBySerial(uint32_t serial) const;
  const std::vector<HeapInfo>& heaps() const { return m_parts.heaps; }
  // Objects and shallow bytes of class `cls` (kNoClass: objects whose class is missing) in
  // heap `heap`, or in all heaps when nullopt. Precomputed: O(heaps).
  std::pair<uint64_t, uint64_t> classTotals(ClassIndex cls, std::optional<uint8_t> heap) const;
  std::optional<uint8_t> findHeap(std::string_view name) const;

 private:
  void checkInvariants() const;
  ObjectId idFromRecord(ObjectIndex object) const;
  void nameThreadsFromObjects();
  const uint8_t* recordData(ObjectIndex object) const;
  uint64_t shallowSizeFromDump(ObjectIndex object) const;

  HeapIndexParts m_parts;
  std::deque<std::string> m_renamedFields;  // storage of renamed field names (stable addresses)
};

// Convenience: openDump + HeapIndex::build.
StatusOr<std::shared_ptr<HeapIndex>> openAndIndex(const std::string& path, const OpenOptions& openOptions,
                                                  const IndexOptions& indexOptions, ProgressSink& progress,
                                                  const CancelToken& cancel);

}  // namespace mxi::core::hprof
