// Pass 3 of the index build: each object's record decoded (its class, shallow size and
// outgoing ids), the ids resolved to object positions, the CSR filled, and the per-class,
// per-heap and per-kind counts taken on the way; one contiguous range of objects per thread.
#include <algorithm>
#include <atomic>

#include "core/base/worker_pool.h"
#include "core/hprof/byte_reader.h"
#include "core/hprof/class_id_map.h"
#include "core/hprof/index_builder.h"

namespace mxi::core::hprof {

namespace {
constexpr uint64_t kOffsetMask = (uint64_t{1} << 48) - 1;
}  // namespace

Status IndexBuilder::buildReferences() {
  HeapIndex& ix = *m_index;
  const uint32_t n = ix.objectCount();
  const uint8_t* const base = m_data.data();
  const uint32_t classSlots = static_cast<uint32_t>(ix.m_classes.size()) + 1;  // + "missing class"
  const size_t heaps = ix.m_heaps.size();

  ClassIdMap classMap(ix.m_classes.size());
  for (uint32_t i = 0; i < ix.m_classes.size(); ++i) {
    if (ix.m_classes[i].id.value) classMap.insert(ix.m_classes[i].id.value, i);
  }

  // One contiguous range of objects (and one reference segment) per thread; small dumps use one.
  const unsigned segments = static_cast<unsigned>(ix.m_refSegments.size());
  const unsigned active = n < 200000 ? 1 : segments;
  ix.m_segmentStart.assign(segments + 1, n);
  for (unsigned t = 0; t < active; ++t) ix.m_segmentStart[t] = static_cast<uint32_t>(uint64_t{n} * t / active);

  ix.m_shallowSizes.resize(n);  // pages faulted in by the prefault thread during the scan
  struct Worker {
    uint64_t dangling = 0;
    uint64_t danglingInFields = 0;  // of which from instance fields (what Perfetto counts as references)
    uint64_t missingClass = 0;
    std::vector<uint64_t> count, bytes;  // per (class slot, heap)
    uint64_t edgesByKind[4] = {};
    uint64_t superclasses = 0, classLoaders = 0;
  };
  std::vector<Worker> workers(active);
  std::atomic<uint64_t> done{0};

  // Compiled once per id size, so that every id load is a single load and byte swap.
  auto decode = [&]<uint32_t id>(size_t t) -> Status {
    Worker& w = workers[t];
    LargeArray<ObjectIndex>& refs = ix.m_refSegments[t];
    w.count.assign(size_t{classSlots} * heaps, 0);
    w.bytes.assign(size_t{classSlots} * heaps, 0);
    const uint32_t lo = ix.m_segmentStart[t], hi = ix.m_segmentStart[t + 1];
    uint64_t lastClassId = UINT64_MAX;
    uint32_t lastClass = UINT32_MAX;
    auto classFor = [&](uint64_t classId) {
      if (classId != lastClassId) {
        lastClassId = classId;
        lastClass = classMap.find(classId);
      }
      return lastClass;
    };
    // Objects are decoded a batch at a time: their target ids are collected first, then
    // resolved in a software-pipelined loop that prefetches each id's bucket and entries a
    // few ids ahead, so the cache misses of the lookups overlap instead of adding up.
    constexpr uint32_t kBatch = 1024;
    constexpr uint32_t kRecordsAhead = 16;
    // The targets of a batch, null ones included until the next is written over them: an
    // unpredictable branch per reference costs more than the store.
    std::vector<uint64_t> targets(kBatch * 8);
    size_t found = 0;
    std::vector<uint32_t> firstTarget(kBatch + 1);
    std::vector<uint32_t> resolved, lows, highs;
    // Per class object of the batch, where its superclass and loader sit among the targets.
    struct ClassTargets {
      uint32_t superclass = UINT32_MAX, loader = UINT32_MAX;
    };
    std::vector<ClassTargets> classTargets;
    uint64_t batchMin = UINT64_MAX, batchMax = 0;
    for (uint32_t batch = lo; batch < hi; batch += kBatch) {
      const uint32_t end = std::min(hi, batch + kBatch);
      if (((batch - lo) & 0xFFFF) < kBatch && batch != lo) {
        // Release the pages of records already decoded when they lie close together.
        if (batchMax > batchMin && batchMax - batchMin < (64ull << 20)) m_source->release(batchMin, batchMax);
        batchMin = UINT64_MAX;
        batchMax = 0;
        if (t == 0 && !reportProgress("references", done.load(std::memory_order_relaxed), n)) return cancelled();
      }
      found = 0;
      classTargets.clear();
      for (uint32_t i = batch; i < end; ++i) {
        firstTarget[i - batch] = static_cast<uint32_t>(found);
        if (i + kRecordsAhead < hi) {  // the records lie in the dump's order: ask for them ahead
          const uint8_t* ahead = base + (ix.m_packed[i + kRecordsAhead] & kOffsetMask);
          __builtin_prefetch(ahead);
          __builtin_prefetch(ahead + 64);
        }
        const uint64_t packed = ix.m_packed[i];
        const uint64_t offset = packed & kOffsetMask;
        batchMin = std::min(batchMin, offset);
        batchMax = std::max(batchMax, offset);
        const uint8_t* const p = base + offset + 1;  // after the sub-record tag
        const auto kind = static_cast<ObjectKind>((packed >> 48) & 3);
        const auto heap = static_cast<uint8_t>(packed >> 56);
        uint64_t size = 0;
        uint32_t cls = UINT32_MAX;
        auto room = [&](uint64_t more) {
          if (found + more > targets.size()) targets.resize(std::max<uint64_t>(2 * targets.size(), found + more));
        };
        auto add = [&](uint64_t target) {
          targets[found] = target;
          found += target != 0;
        };
        switch (kind) {
          case ObjectKind::kInstance: {
            const uint32_t len = loadU32(p + 2 * id + 4);
            const uint8_t* fields = p + 2 * id + 8;
            cls = classFor(loadId(p + id + 4, id));
            if (cls == UINT32_MAX) {
              w.missingClass++;
              size = len;
              break;
            }
            const ClassInfo& info = ix.m_classes[cls];
            room(info.referenceOffsets.size());
            for (uint32_t off : info.referenceOffsets) {
              if (off + id <= len) add(loadId(fields + off, id));
            }
            size = info.instanceSize;
            break;
          }
          case ObjectKind::kObjectArray: {
            const uint32_t count = loadU32(p + id + 4);
            cls = classFor(loadId(p + id + 8, id));
            const uint8_t* elements = p + 2 * id + 8;
            room(count);
            for (uint32_t k = 0; k < count; ++k) add(loadId(elements + uint64_t{k} * id, id));
            size = uint64_t{count} * id;
            break;
          }
          case ObjectKind::kPrimitiveArray: {
            const uint32_t count = loadU32(p + id + 4);
            const uint8_t type = p[id + 8];
            cls = m_primitiveArrayClass[type];
            size = uint64_t{count} * basicTypeSize(static_cast<BasicType>(type), id);
            break;
          }
          case ObjectKind::kClass: {
            cls = ix.m_javaLangClass.value;
            const uint32_t self = classMap.find(ix.idOf(ObjectIndex{i}).value);
            ClassTargets& tail = classTargets.emplace_back();
            if (self != UINT32_MAX) {
              const ClassInfo& info = ix.m_classes[self];
              room(info.staticFields.size() + 2);
              for (const StaticField& st : info.staticFields) {
                if (st.type == BasicType::kObject) add(st.rawValue);
                size += basicTypeSize(st.type, id);
              }
              auto addCounted = [&](uint64_t target, uint32_t& at) {
                if (target) at = static_cast<uint32_t>(found);
                add(target);
              };
              if (info.superClass != kNoClass)
                addCounted(ix.m_classes[info.superClass.value].id.value, tail.superclass);
              addCounted(info.loaderId.value, tail.loader);
            }
            break;
          }
        }
        ix.m_classOfObject[i] = cls;
        ix.m_shallowSizes[i] = static_cast<uint32_t>(std::min<uint64_t>(size, HeapIndex::kShallowTooLarge));
        const size_t slot = size_t{cls == UINT32_MAX ? classSlots - 1 : cls} * heaps + heap;
        w.count[slot]++;
        w.bytes[slot] += size;
      }
      firstTarget[end - batch] = static_cast<uint32_t>(found);
      resolved.resize(found);
      if (!ix.m_idRanks.empty()) {
        resolveByRank({targets.data(), found}, resolved);
      } else {
        resolveByBucket({targets.data(), found}, resolved, lows, highs);
      }
      const ClassTargets* nextClass = classTargets.data();
      for (uint32_t i = batch; i < end; ++i) {
        const uint64_t before = refs.size();
        ix.m_refOffsets[i] = static_cast<uint32_t>(before);
        const auto kind = static_cast<ObjectKind>((ix.m_packed[i] >> 48) & 3);
        const bool instance = kind == ObjectKind::kInstance;
        for (uint32_t k = firstTarget[i - batch]; k < firstTarget[i - batch + 1]; ++k) {
          if (resolved[k] == UINT32_MAX) {
            w.dangling++;
            w.danglingInFields += instance ? 1 : 0;
          } else {
            refs.push_back(ObjectIndex{resolved[k]});
          }
        }
        w.edgesByKind[static_cast<size_t>(kind)] += refs.size() - before;
        if (kind == ObjectKind::kClass) {
          const ClassTargets tail = *nextClass++;
          w.superclasses += tail.superclass != UINT32_MAX && resolved[tail.superclass] != UINT32_MAX;
          w.classLoaders += tail.loader != UINT32_MAX && resolved[tail.loader] != UINT32_MAX;
        }
      }
      if (refs.size() >= UINT32_MAX - uint64_t{kBatch} * 65536) {
        return resourceLimit("dumps with more than 4 billion references per thread are not supported");
      }
      done.fetch_add(end - batch, std::memory_order_relaxed);
    }
    return okStatus();
  };
  auto work = [&](size_t t) {
    return m_idSize == 4 ? decode.template operator()<4>(t) : decode.template operator()<8>(t);
  };
  // One thread per segment; segment 0, which reports progress, on this thread.
  RETURN_IF_ERROR(WorkerPool(active).run(active, work));

  ix.m_classHeapCount.assign(size_t{classSlots} * heaps, 0);
  ix.m_classHeapBytes.assign(size_t{classSlots} * heaps, 0);
  uint64_t totalRefs = 0;
  for (unsigned t = 0; t < active; ++t) {
    Worker& w = workers[t];
    totalRefs += ix.m_refSegments[t].size();
    ix.m_stats.danglingReferences += w.dangling;
    ix.m_stats.danglingFieldReferences += w.danglingInFields;
    for (size_t k = 0; k < 4; ++k) ix.m_stats.referencesByKind[k] += w.edgesByKind[k];
    ix.m_stats.superclassReferences += w.superclasses;
    ix.m_stats.classLoaderReferences += w.classLoaders;
    for (size_t k = 0; k < w.count.size(); ++k) {
      ix.m_classHeapCount[k] += w.count[k];
      ix.m_classHeapBytes[k] += w.bytes[k];
      ix.m_heaps[k % heaps].objects += w.count[k];
      ix.m_heaps[k % heaps].shallowBytes += w.bytes[k];
    }
    if (w.missingClass) {
      ix.m_stats.warnings.push_back(std::to_string(w.missingClass) + " instances name a class that is not in the dump");
    }
  }
  for (auto& segment : ix.m_refSegments) segment.shrinkToFit();
  ix.m_stats.references = totalRefs;
  return okStatus();
}

}  // namespace mxi::core::hprof
