// HeapIndex: the immutable, compact index of one heap dump that every heap feature reads.
//
// Layout (why it is fast and small): one 16-byte entry per object, sorted by object id
// (id + file offset with kind and heap packed into the offset's top bits); a bucket table on
// the id's high bits turns id lookup into a short binary search; outgoing references are a CSR
// array of 32-bit object indices. Object payloads (field values, array elements) are read
// straight from the memory-mapped dump on demand, so nothing is copied per object.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/cancel_token.h"
#include "core/base/large_array.h"
#include "core/base/process_memory.h"
#include "core/base/progress.h"
#include "core/base/status.h"
#include "core/hprof/dump_source.h"
#include "core/hprof/hprof_types.h"
#include "core/hprof/id_rank_table.h"
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
  ~HeapIndex();

  // Gives a minified build's dump its source names: every class (array classes too), every
  // instance and static field (by its declaring class), every thread's frames; findClass then
  // finds classes by their source names, and every view reads source names with no code of its
  // own. Always renames from the dump's own names, so a second call replaces the first mapping.
  // Call after build and before the index is shared (it is not thread-safe; callers may read
  // the dump, e.g. the app's package and version, first). Returns what it renamed (also in
  // stats().renamed).
  NameStats applyNames(const NameMapper& mapper);

  const IndexStats& stats() const { return m_stats; }
  uint32_t idSize() const { return m_stats.idSize; }
  const DumpSource& source() const { return *m_source; }

  // Objects -------------------------------------------------------------------------------
  uint32_t objectCount() const { return static_cast<uint32_t>(m_packed.size()); }
  std::optional<ObjectIndex> find(ObjectId id) const {
    const uint32_t i = lookup(id.value);
    if (i == UINT32_MAX) return std::nullopt;
    return ObjectIndex{i};
  }
  // How ids are looked up: "rank table" (dense ids) or "buckets" (sparse, 64-bit or repeated
  // ids); for tests and benchmarks.
  std::string_view idLookupName() const { return m_idRanks.empty() ? "buckets" : "rank table"; }
  ObjectId idOf(ObjectIndex object) const {
    if (m_idsInRecords) return idFromRecord(object);
    return ObjectId{m_compactIds ? m_minId + (uint64_t{m_ids32[object.value]} << m_idShift) : m_ids64[object.value]};
  }
  // Inline: whole-heap passes (paths, duplicates, retained sizes) ask once per object.
  ObjectKind kindOf(ObjectIndex object) const { return static_cast<ObjectKind>((m_packed[object.value] >> 48) & 3); }
  uint8_t heapOf(ObjectIndex object) const {
    return static_cast<uint8_t>(m_packed[object.value] >> 56);
  }  // into heaps()
  // The class of an instance, the array class of an object array, the (possibly synthetic)
  // "T[]" class of a primitive array, java.lang.Class for a class object.
  ClassIndex classOf(ObjectIndex object) const { return ClassIndex{m_classOfObject[object.value]}; }
  // Bytes the object occupies by the dump's own accounting (see docs/HPROF.md). Kept per
  // object by the index, so no analysis reads the dump for an array's length.
  uint64_t shallowSize(ObjectIndex object) const {
    const uint32_t size = m_shallowSizes[object.value];
    return size != kShallowTooLarge ? size : shallowSizeFromDump(object);
  }
  // Ask the cache for what shallowSize(), heapOf() and kindOf() (the packed word) or
  // references() read first, ahead of a pass that knows which objects come next.
  void prefetchShallowSize(ObjectIndex object) const { __builtin_prefetch(&m_shallowSizes[object.value]); }
  void prefetchPacked(ObjectIndex object) const { __builtin_prefetch(&m_packed[object.value]); }
  void prefetchReferences(ObjectIndex object) const {
    // Through a volatile: GCC 12 at -O3 dropped this prefetch from the dominator search's loop.
    const uint32_t* volatile at = m_refOffsets + object.value;
    __builtin_prefetch(at);
  }
  // Offset of the object's sub-record (its tag byte) in the dump.
  uint64_t recordOffset(ObjectIndex object) const { return m_packed[object.value] & ((uint64_t{1} << 48) - 1); }
  std::span<const ObjectIndex> references(ObjectIndex object) const {  // inline: once per object in every pass
    const uint32_t i = object.value;
    size_t segment = 0;
    while (i >= m_segmentStart[segment + 1]) ++segment;  // a handful of segments
    const LargeArray<ObjectIndex>& refs = m_refSegments[segment];
    const uint32_t begin = m_refOffsets[i];
    const uint32_t end =
        i + 1 == m_segmentStart[segment + 1] ? static_cast<uint32_t>(refs.size()) : m_refOffsets[i + 1];
    return {refs.data() + begin, end - begin};
  }

  // Classes -------------------------------------------------------------------------------
  uint32_t classCount() const { return static_cast<uint32_t>(m_classes.size()); }
  const ClassInfo& classInfo(ClassIndex index) const { return m_classes[index.value]; }
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
  std::optional<std::string> stringValue(ObjectIndex string) const;
  // Text of a STRING record (class, field and thread names) by its id.
  std::optional<std::string_view> utf8(uint64_t stringId) const;

  // Roots, threads, heaps -----------------------------------------------------------------
  const std::vector<GcRoot>& roots() const { return m_roots; }
  const std::vector<ThreadInfo>& threads() const { return m_threads; }
  const ThreadInfo* threadBySerial(uint32_t serial) const;
  const std::vector<HeapInfo>& heaps() const { return m_heaps; }
  // Objects and shallow bytes of class `cls` (kNoClass: objects whose class is missing) in
  // heap `heap`, or in all heaps when nullopt. Precomputed: O(heaps).
  std::pair<uint64_t, uint64_t> classTotals(ClassIndex cls, std::optional<uint8_t> heap) const;
  std::optional<uint8_t> findHeap(std::string_view name) const;

  // Internal layout, public for the builder (IndexBuilder, the index_*.cpp files) only.
  struct Entry {
    uint64_t id;
    uint64_t packed;  // bits 0..47 record offset, 48..49 ObjectKind, 56..63 heap
  };
  struct StringRecord {
    uint64_t id;
    uint64_t offset;
    uint32_t length;
  };

 private:
  friend class IndexBuilder;
  HeapIndex() = default;
  const uint8_t* recordData(ObjectIndex object) const;
  // m_shallowSizes' mark for 4 GiB or more (a huge array): the size is read from the record.
  static constexpr uint32_t kShallowTooLarge = UINT32_MAX;
  uint64_t shallowSizeFromDump(ObjectIndex object) const;
  // The sorted build-time table (m_entries) becomes the compact one (m_packed, and the ids when
  // the lookup needs them) in four steps. First the ids' range and alignment: `idDifferences`
  // is the OR of the XORs of ids dumped one after the other, whose lowest set bit is the ids'
  // common alignment (the lowest bit in which any two ids differ).
  void chooseIdLayout(uint64_t idDifferences);
  // The rank table, from the entries' ids, when they are compact, distinct and dense enough.
  // With it no table keeps the ids: each object's record in the dump begins with its id, and
  // only output asks for ids by object. That saves writing 4 bytes per object to fresh memory,
  // which costs more than the write itself on VMs.
  void buildRankTable();
  // Replaces m_entries by m_packed, plus the ids (32 or 64 bits) when there is no rank table.
  // Returns how many entries repeat the id of the one before (counted in the same pass; the rank
  // table's ids are distinct).
  uint64_t compactObjectTable();
  // Without a rank table: buckets over the sorted ids.
  void buildBuckets();
  ObjectId idFromRecord(ObjectIndex object) const;
  // Position of `id` among the objects, UINT32_MAX when absent.
  uint32_t lookup(uint64_t id) const {
    if (m_packed.empty() || id < m_minId || id > m_maxId) return UINT32_MAX;
    if (!m_idRanks.empty()) return m_idRanks.find(rankKey(id));
    const uint64_t bucket = (id - m_minId) >> m_bucketShift;
    return searchBucket(id, m_bucketStart[bucket], m_bucketStart[bucket + 1]);
  }
  // The rank table's key of an id: its compact form, or IdRankTable::kAbsent for an id no
  // object can have (out of range, off the ids' alignment).
  uint32_t rankKey(uint64_t id) const {
    const uint64_t delta = id - m_minId;
    if (id < m_minId || id > m_maxId || (delta & ((uint64_t{1} << m_idShift) - 1))) return IdRankTable::kAbsent;
    return static_cast<uint32_t>(delta >> m_idShift);
  }
  // Binary search for `id` (within [m_minId, m_maxId]) among positions [lo, hi).
  uint32_t searchBucket(uint64_t id, uint32_t lo, uint32_t hi) const {
    const uint32_t end = hi;
    if (m_compactIds) {
      const uint64_t delta = id - m_minId;
      if (delta & ((uint64_t{1} << m_idShift) - 1)) return UINT32_MAX;  // not on the ids' alignment
      const auto key = static_cast<uint32_t>(delta >> m_idShift);
      while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m_ids32[mid] < key)
          lo = mid + 1;
        else
          hi = mid;
      }
      return lo < end && m_ids32[lo] == key ? lo : UINT32_MAX;
    }
    while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      if (m_ids64[mid] < id)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < end && m_ids64[lo] == id ? lo : UINT32_MAX;
  }
  const void* idAddress(uint32_t i) const {
    return m_compactIds ? static_cast<const void*>(&m_ids32[i]) : static_cast<const void*>(&m_ids64[i]);
  }

  std::shared_ptr<const DumpSource> m_source;
  IndexStats m_stats;
  LargeArray<Entry> m_entries;  // while building: one entry per object, then sorted
  // Final object table, by ObjectIndex (ascending id): the record offset with kind and heap
  // (Entry::packed), and the id — in the record only, when the rank table finds ids; else as
  // 32 bits, (id - m_minId) >> m_idShift, whenever the dump's ids allow it (they are aligned
  // addresses in a span under 4 Gi slots), else as 64 bits.
  LargeArray<uint64_t> m_packed;
  bool m_idsInRecords = false;
  LargeArray<uint32_t> m_ids32;
  LargeArray<uint64_t> m_ids64;
  bool m_compactIds = true;
  uint32_t m_idShift = 0;
  // ClassIndex per object, then CSR offsets per object: both live in the half of m_packed's
  // storage that the build-time table freed when it narrowed to 8 bytes per object, so
  // indexing writes no fresh memory for them (first touch of memory is costly on VMs).
  uint32_t* m_classOfObject = nullptr;
  // CSR, split into one segment per indexing thread (no copy to join them): objects
  // [m_segmentStart[k], m_segmentStart[k+1]) keep their targets in m_refSegments[k], starting
  // at m_refOffsets[object] (relative to the segment).
  uint32_t* m_refOffsets = nullptr;
  LargeArray<uint32_t> m_shallowSizes;  // by object (kShallowTooLarge: see shallowSizeFromDump)
  std::vector<LargeArray<ObjectIndex>> m_refSegments;
  std::vector<uint32_t> m_segmentStart;
  IdRankTable m_idRanks;               // id lookup, when the ids allow it
  LargeArray<uint32_t> m_bucketStart;  // else: first entry of each id bucket
  // Instances and shallow bytes per (class, heap), filled while indexing so a histogram
  // never has to touch the dump again. Slot classCount() is "class not in the dump".
  std::vector<uint64_t> m_classHeapCount;
  std::vector<uint64_t> m_classHeapBytes;
  uint64_t m_minId = 0;
  uint64_t m_maxId = 0;
  uint32_t m_bucketShift = 0;
  std::vector<ClassInfo> m_classes;
  std::vector<uint32_t> m_classByObject;  // indices into m_classes sorted by class object id
  std::vector<uint32_t> m_classByName;    // indices into m_classes sorted by name
  std::vector<StringRecord> m_strings;    // sorted by id
  std::vector<GcRoot> m_roots;
  std::vector<ThreadInfo> m_threads;
  std::vector<HeapInfo> m_heaps;
  std::deque<std::string> m_renamedFields;  // storage of renamed field names (stable addresses)
  ClassIndex m_javaLangClass = kNoClass;
  ClassIndex m_javaLangString = kNoClass;
};

// Convenience: openDump + HeapIndex::build.
StatusOr<std::shared_ptr<HeapIndex>> openAndIndex(const std::string& path, const OpenOptions& openOptions,
                                                  const IndexOptions& indexOptions, ProgressSink& progress,
                                                  const CancelToken& cancel);

}  // namespace mxi::core::hprof
