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
  const uint32_t n = static_cast<uint32_t>(m_parts.packed.size());
  const uint8_t* const base = m_data.data();
  const uint32_t classSlots = static_cast<uint32_t>(m_parts.classes.size()) + 1;  // + "missing class"
  const size_t heaps = m_parts.heaps.size();

  ClassIdMap classMap(m_parts.classes.size());
  for (uint32_t i = 0; i < m_parts.classes.size(); ++i) {
    if (m_parts.classes[i].id.value) classMap.insert(m_parts.classes[i].id.value, i);
  }

  // One contiguous range of objects (and one reference segment) per thread; small dumps use one.
  const unsigned segments = static_cast<unsigned>(m_parts.refSegments.size());
  const unsigned active = n < 200000 ? 1 : segments;
  m_parts.segmentStart.assign(segments + 1, n);
  for (unsigned t = 0; t < active; ++t) m_parts.segmentStart[t] = static_cast<uint32_t>(uint64_t{n} * t / active);

  m_parts.shallowSizes.resize(n);  // pages faulted in by the prefault thread during the scan
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
    LargeArray<ObjectIndex>& refs = m_parts.refSegments[t];
    w.count.assign(size_t{classSlots} * heaps, 0);
    w.bytes.assign(size_t{classSlots} * heaps, 0);
    const uint32_t lo = m_parts.segmentStart[t], hi = m_parts.segmentStart[t + 1];
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
          const uint8_t* ahead = base + (m_parts.packed[i + kRecordsAhead] & kOffsetMask);
          __builtin_prefetch(ahead);
          __builtin_prefetch(ahead + 64);
        }
        const uint64_t packed = m_parts.packed[i];
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
            const ClassInfo& info = m_parts.classes[cls];
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
            cls = m_parts.javaLangClass.value;
            const uint32_t self = classMap.find(loadId(p, id));  // a record begins with its id
            ClassTargets& tail = classTargets.emplace_back();
            if (self != UINT32_MAX) {
              const ClassInfo& info = m_parts.classes[self];
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
                addCounted(m_parts.classes[info.superClass.value].id.value, tail.superclass);
              addCounted(info.loaderId.value, tail.loader);
            }
            break;
          }
        }
        m_parts.classOfObject[i] = cls;
        m_parts.shallowSizes[i] = static_cast<uint32_t>(std::min<uint64_t>(size, kShallowSizeTooLarge));
        const size_t slot = size_t{cls == UINT32_MAX ? classSlots - 1 : cls} * heaps + heap;
        w.count[slot]++;
        w.bytes[slot] += size;
      }
      firstTarget[end - batch] = static_cast<uint32_t>(found);
      resolved.resize(found);
      if (!m_parts.ids.ranks.empty()) {
        resolveByRank({targets.data(), found}, resolved);
      } else {
        resolveByBucket({targets.data(), found}, resolved, lows, highs);
      }
      const ClassTargets* nextClass = classTargets.data();
      for (uint32_t i = batch; i < end; ++i) {
        const uint64_t before = refs.size();
        m_parts.refOffsets[i] = static_cast<uint32_t>(before);
        const auto kind = static_cast<ObjectKind>((m_parts.packed[i] >> 48) & 3);
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

  m_parts.classHeapCount.assign(size_t{classSlots} * heaps, 0);
  m_parts.classHeapBytes.assign(size_t{classSlots} * heaps, 0);
  uint64_t totalRefs = 0;
  for (unsigned t = 0; t < active; ++t) {
    Worker& w = workers[t];
    totalRefs += m_parts.refSegments[t].size();
    m_parts.stats.danglingReferences += w.dangling;
    m_parts.stats.danglingFieldReferences += w.danglingInFields;
    for (size_t k = 0; k < 4; ++k) m_parts.stats.referencesByKind[k] += w.edgesByKind[k];
    m_parts.stats.superclassReferences += w.superclasses;
    m_parts.stats.classLoaderReferences += w.classLoaders;
    for (size_t k = 0; k < w.count.size(); ++k) {
      m_parts.classHeapCount[k] += w.count[k];
      m_parts.classHeapBytes[k] += w.bytes[k];
      m_parts.heaps[k % heaps].objects += w.count[k];
      m_parts.heaps[k % heaps].shallowBytes += w.bytes[k];
    }
    if (w.missingClass) {
      m_parts.stats.warnings.push_back(std::to_string(w.missingClass) +
                                       " instances name a class that is not in the dump");
    }
  }
  for (auto& segment : m_parts.refSegments) segment.shrinkToFit();
  m_parts.stats.references = totalRefs;
  return okStatus();
}

}  // namespace mxi::core::hprof
