// Internal: builds a HeapIndex in three passes, filling a HeapIndexParts that becomes the
// index, by move, at the end.
//  1. scan (sequential): walk every record once; note each object's id, offset, kind and heap;
//     parse class dumps, strings, roots, threads and stack traces (index_scan.cpp).
//  2. organise: resolve class names and field layouts (index_builder.cpp), sort objects by id
//     and build the compact object table and its id lookup (index_object_table.cpp).
//  3. references (parallel): decode each object's outgoing references into CSR, attribute its
//     class and shallow size to its heap (index_references.cpp, index_id_resolution.cpp).
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <vector>

#include "core/base/large_array.h"
#include "core/base/page_warmer.h"
#include "core/hprof/heap_index.h"
#include "core/hprof/heap_index_parts.h"

namespace mxi::core::hprof {

class IndexBuilder {
 public:
  IndexBuilder(std::shared_ptr<const DumpSource> source, const IndexOptions& options, ProgressSink& progress,
               const CancelToken& cancel);
  StatusOr<std::shared_ptr<HeapIndex>> run();

 private:
  struct RawClass {
    uint64_t id, superId, loaderId;
    uint64_t recordOffset;
    uint32_t instanceSize;
    std::vector<std::pair<uint64_t, BasicType>> instanceFields;  // name string id, type
    struct Static {
      uint64_t nameId;
      BasicType type;
      uint64_t raw;
    };
    std::vector<Static> statics;
  };
  struct LoadClass {
    uint64_t classId;
    uint64_t nameId;
    uint32_t serial;
  };
  struct StackTrace {
    uint32_t serial, threadSerial;
    uint64_t framesOffset;  // offset of the frame ids
    uint32_t frameCount;
  };
  struct StackFrame {
    uint64_t id;
    uint64_t offset;  // offset of the record body
  };
  struct ThreadStart {
    uint32_t serial, stackSerial;
    uint64_t objectId, nameId;
  };

  // Pass 1 (index_scan.cpp).
  Status parseHeader(uint64_t& bodyStart);
  Status scanRecords(uint64_t pos);
  Status scanHeapDump(uint64_t begin, uint64_t end);
  Status scanClassDump(const uint8_t*& p, const uint8_t* end, uint64_t recordOffset);
  uint8_t heapFor(uint32_t heapId, uint64_t nameId);
  void addObject(uint64_t id, uint64_t offset, ObjectKind kind);
  void slideWindow(uint64_t pos);
  // A file that stops early: "truncated at byte <file size>: <what>; read: <what the scan has>".
  Status truncatedAt(const std::string& what, uint64_t recordOffset) const;
  std::string readSoFar() const;

  // Pass 2.
  Status resolveClasses();
  Status computeLayout(uint32_t cls, std::vector<uint8_t>& state);
  // index_object_table.cpp: the sorted build-time table (m_entries) becomes the compact one
  // (m_parts.packed, and the ids when the lookup needs them) in four steps. First the ids'
  // range and alignment from m_idDifferences.
  Status sortObjects();
  bool sortRuns();
  void chooseIdLayout();
  // The rank table, from the entries' ids, when they are compact, distinct and dense enough.
  // With it no table keeps the ids: each object's record in the dump begins with its id, and
  // only output asks for ids by object. That saves writing 4 bytes per object to fresh memory,
  // which costs more than the write itself on VMs.
  void buildRankTable();
  // Replaces m_entries by m_parts.packed, plus the ids (32 or 64 bits) when there is no rank
  // table. Returns how many entries repeat the id of the one before (counted in the same pass;
  // the rank table's ids are distinct).
  uint64_t compactObjectTable();
  // Without a rank table: buckets over the sorted ids.
  void buildBuckets();
  // The object with an id, once the object table is built (kNoObject when none has it).
  ObjectIndex objectOf(ObjectId id) const {
    const uint32_t i = m_parts.ids.find(id.value);
    return i == ObjectIds::kAbsent ? kNoObject : ObjectIndex{i};
  }
  // Pass 3 (index_references.cpp).
  Status buildReferences();
  // Object positions of a batch of target ids (UINT32_MAX when no object has the id), looked
  // up a few ids ahead of use so that the cache misses overlap.
  void resolveByRank(std::span<const uint64_t> ids, std::vector<uint32_t>& out) const;
  void resolveByBucket(std::span<const uint64_t> ids, std::vector<uint32_t>& out, std::vector<uint32_t>& lows,
                       std::vector<uint32_t>& highs) const;
  void buildThreads();
  FrameInfo frameInfo(uint64_t frameId) const;
  void finishStats();

  // The tables and the dump a PageWarmer faults in ahead of the single-threaded scan, on an
  // otherwise idle core: first-touch page faults are a large share of indexing time.
  void followScanTables(PageWarmer& warmer);
  unsigned threadCount() const;

  bool reportProgress(std::string_view phase, uint64_t done, uint64_t total);
  double lap();  // ms since last lap

  std::shared_ptr<const DumpSource> m_source;
  IndexOptions m_options;
  ProgressSink& m_progress;
  const CancelToken& m_cancel;
  HeapIndexParts m_parts;
  // While building: one entry per object, in file order, then sorted by id (sortObjects).
  LargeArray<ObjectEntry> m_entries;
  std::span<const uint8_t> m_data;
  uint32_t m_idSize = 0;

  // Objects arrive in file order as a few long runs of ascending ids (one per heap region or
  // dump thread); m_runStarts holds the first entry of each run after the first.
  std::vector<uint32_t> m_runStarts;
  uint64_t m_lastId = 0;
  // The OR of the XORs of ids scanned one after the other, whose lowest set bit is the ids'
  // common alignment (the lowest bit in which any two ids differ): see chooseIdLayout.
  uint64_t m_idDifferences = 0;
  // Sliding window over the mapped dump during the scan: pages ahead are prefetched in one
  // call, pages behind are released.
  uint64_t m_windowEnd = 0;
  uint64_t m_releasedTo = 0;
  uint32_t m_sinceCheck = 0;  // sub-records since the last progress/window check (across segments)
  // Published by the scan for the page warmer.
  std::atomic<uint64_t> m_scannedObjects{0};
  std::atomic<uint64_t> m_referenceEstimate{0};
  std::atomic<uint64_t> m_scanPosition{0};
  uint64_t m_localReferenceEstimate = 0;
  std::vector<RawClass> m_rawClasses;
  std::vector<LoadClass> m_loadClasses;
  std::vector<StackTrace> m_stackTraces;
  std::vector<StackFrame> m_stackFrames;
  std::vector<ThreadStart> m_threadStarts;
  std::vector<std::pair<uint32_t, uint64_t>> m_classNameBySerial;  // LOAD_CLASS serial → name id
  std::vector<std::pair<uint32_t, uint64_t>> m_heapNames;          // per heap index: (heap id, name string id)
  uint8_t m_currentHeap = 0;
  uint32_t m_primitiveArrayClass[12] = {};  // class index per BasicType value
  uint64_t m_lastLap = 0;
};

}  // namespace mxi::core::hprof
