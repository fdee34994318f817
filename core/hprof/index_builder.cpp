#include "core/hprof/index_builder.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>

#include "core/base/process_memory.h"
#include "core/base/worker_pool.h"

#include "core/hprof/byte_reader.h"
#include "core/hprof/class_id_map.h"
#include "core/hprof/class_name.h"

namespace mxi::core::hprof {

namespace {

uint64_t nowNs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

template <typename T>
uint64_t bytesOf(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

}  // namespace

IndexBuilder::IndexBuilder(std::shared_ptr<const DumpSource> source, const IndexOptions& options,
                           ProgressSink& progress, const CancelToken& cancel)
    : m_source(std::move(source)), m_options(options), m_progress(progress), m_cancel(cancel) {
  m_index.reset(new HeapIndex());
  m_index->m_source = m_source;
  m_data = m_source->bytes();
  m_heapNames.emplace_back(0, 0);  // the default heap, where roots and HotSpot objects live
  m_lastLap = nowNs();
}

unsigned IndexBuilder::threadCount() const {
  const unsigned threads = m_options.threads ? m_options.threads : hardwareThreads();
  return std::min(threads, 64u);
}

void IndexBuilder::followScanTables(PageWarmer& warmer) {
  HeapIndex& ix = *m_index;
  constexpr uint64_t kAhead = 1u << 19;         // objects: 8 MiB of object table
  constexpr uint64_t kFileAhead = 48ull << 20;  // bytes of the dump mapped ahead of the scan
  const uint64_t objectCapacity = ix.m_shallowSizes.capacity();
  warmer.follow(
      [this, objectCapacity] {
        return std::min(m_scannedObjects.load(std::memory_order_relaxed) + kAhead, objectCapacity);
      },
      [&ix](uint64_t from, uint64_t to) {
        ix.m_entries.populate(from, to);
        ix.m_shallowSizes.populate(from, to);
      });
  // Each reference segment will hold about 1/segments of the references.
  const uint64_t segments = ix.m_refSegments.size();
  const uint64_t refCapacity = ix.m_refSegments.front().capacity();
  warmer.follow(
      [this, segments, refCapacity] {
        return std::min(m_referenceEstimate.load(std::memory_order_relaxed) / segments + kAhead, refCapacity);
      },
      [&ix](uint64_t from, uint64_t to) {
        for (const auto& segment : ix.m_refSegments) segment.populate(from, to);
      });
  // Never behind the scan: a warmer that fell behind (a busy machine, a dump not in the page
  // cache) would map again what the scan has released, and those pages would stay.
  warmer.follow(
      [this] { return std::min<uint64_t>(m_scanPosition.load(std::memory_order_relaxed) + kFileAhead, m_data.size()); },
      [this](uint64_t from, uint64_t to) {
        from = std::max(from, m_scanPosition.load(std::memory_order_relaxed));
        if (from < to) m_source->prefetch(from, to);
      },
      /*minStep=*/8u << 20);
  // Behind the scan its pages go back (the references pass maps them again, a batch at a
  // time), here rather than on the scan's thread: unmapping costs about what mapping does.
  constexpr uint64_t kReleaseLag = 8ull << 20;
  warmer.follow(
      [this] {
        const uint64_t position = m_scanPosition.load(std::memory_order_relaxed);
        return position > kReleaseLag ? position - kReleaseLag : 0;
      },
      [this](uint64_t from, uint64_t to) { m_source->release(from, to); },
      /*minStep=*/32u << 20);
}

bool IndexBuilder::reportProgress(std::string_view phase, uint64_t done, uint64_t total) {
  if (m_cancel.isCancelled()) return false;
  const int permille = total ? static_cast<int>(std::min<uint64_t>(done * 1000 / total, 1000)) : 1000;
  return m_progress.report(phase, permille) && !m_cancel.isCancelled();
}

double IndexBuilder::lap() {
  const uint64_t now = nowNs();
  const double ms = static_cast<double>(now - m_lastLap) / 1e6;
  m_lastLap = now;
  return ms;
}

StatusOr<std::shared_ptr<HeapIndex>> IndexBuilder::run() {
  auto& timings = m_index->m_stats.timingsMs;
  PhaseLog phases;
  uint64_t body = 0;
  RETURN_IF_ERROR(parseHeader(body));
  // The scan runs on this thread (task 0); with a second thread, task 1 faults the tables and
  // the dump in ahead of it until the scan is done, failed or not.
  PageWarmer warmer;
  followScanTables(warmer);
  RETURN_IF_ERROR(WorkerPool(2).run(threadCount() > 1 ? 2 : 1, [&](size_t task) {
    if (task == 1) {
      warmer.run(std::chrono::milliseconds(1));
      return okStatus();
    }
    const Status scanned = scanRecords(body);
    warmer.stop();
    return scanned;
  }));
  timings.emplace_back("scan", lap());
  phases.mark("index: scan");
  RETURN_IF_ERROR(resolveClasses());
  RETURN_IF_ERROR(sortObjects());
  timings.emplace_back("organise", lap());
  phases.mark("index: organise");
  RETURN_IF_ERROR(buildReferences());
  timings.emplace_back("references", lap());
  phases.mark("index: references");
  buildThreads();
  finishStats();
  timings.emplace_back("finish", lap());
  // Hand back every page of the dump the passes left mapped: the analyses read few records,
  // and what they read should not count against this process until they read it.
  m_source->release(0, m_data.size());
  phases.mark("index: finish");
  m_index->m_stats.phases = phases.phases();
  reportProgress("done", 1, 1);
  return std::shared_ptr<HeapIndex>(m_index.release());
}

Status IndexBuilder::resolveClasses() {
  HeapIndex& ix = *m_index;
  auto byId = [](const auto& a, const auto& b) { return a.id < b.id; };
  if (!std::is_sorted(ix.m_strings.begin(), ix.m_strings.end(), byId)) {
    std::stable_sort(ix.m_strings.begin(), ix.m_strings.end(), byId);
  }
  std::stable_sort(m_loadClasses.begin(), m_loadClasses.end(),
                   [](const LoadClass& a, const LoadClass& b) { return a.classId < b.classId; });
  ix.m_stats.strings = ix.m_strings.size();
  ix.m_stats.loadClassRecords = m_loadClasses.size();

  auto text = [&](uint64_t stringId) -> std::string_view {
    if (stringId == 0) return {};
    return ix.utf8(stringId).value_or(std::string_view());
  };
  auto hex = [](uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return std::string(buf);
  };

  ix.m_classes.reserve(m_rawClasses.size() + 8);
  ClassIdMap map(m_rawClasses.size());
  for (RawClass& raw : m_rawClasses) {
    ClassInfo info;
    info.id = ObjectId{raw.id};
    auto lc = std::lower_bound(m_loadClasses.begin(), m_loadClasses.end(), raw.id,
                               [](const LoadClass& l, uint64_t v) { return l.classId < v; });
    if (lc != m_loadClasses.end() && lc->classId == raw.id) {
      info.name = javaClassName(text(lc->nameId));
      info.loadSerial = lc->serial;
    }
    if (info.name.empty()) info.name = "<unnamed class " + hex(raw.id) + ">";
    info.isArrayClass = info.name.ends_with("[]");
    info.loaderId = ObjectId{raw.loaderId};
    info.instanceSize = raw.instanceSize;
    info.instanceFields.reserve(raw.instanceFields.size());
    for (auto [nameId, type] : raw.instanceFields) info.instanceFields.push_back({text(nameId), type});
    info.staticFields.reserve(raw.statics.size());
    for (const auto& st : raw.statics) info.staticFields.push_back({text(st.nameId), st.type, st.raw});
    const auto index = static_cast<uint32_t>(ix.m_classes.size());
    if (!map.insert(raw.id, index)) {
      ix.m_stats.warnings.push_back("class " + hex(raw.id) + " is dumped twice; the first dump is used");
    }
    ix.m_classes.push_back(std::move(info));
  }
  for (size_t i = 0; i < m_rawClasses.size(); ++i) {
    if (m_rawClasses[i].superId != 0) {
      const uint32_t super = map.find(m_rawClasses[i].superId);
      if (super != UINT32_MAX) ix.m_classes[i].superClass = ClassIndex{super};
    }
  }
  m_rawClasses.clear();
  m_rawClasses.shrink_to_fit();

  std::vector<uint8_t> state(ix.m_classes.size(), 0);
  for (uint32_t i = 0; i < ix.m_classes.size(); ++i) RETURN_IF_ERROR(computeLayout(i, state));

  auto sortIndices = [&](std::vector<uint32_t>& v, auto less) {
    v.resize(ix.m_classes.size());
    std::iota(v.begin(), v.end(), 0u);
    std::stable_sort(v.begin(), v.end(), less);
  };
  sortIndices(ix.m_classByName, [&](uint32_t a, uint32_t b) { return ix.m_classes[a].name < ix.m_classes[b].name; });
  // Primitive arrays are counted under their array class ("byte[]"); a dump without those
  // classes (ART may omit them) gets synthetic ones.
  bool added = false;
  for (uint8_t t = 4; t <= 11; ++t) {
    const std::string name = std::string(basicTypeName(static_cast<BasicType>(t))) + "[]";
    if (auto found = ix.findClass(name)) {
      m_primitiveArrayClass[t] = found->value;
      continue;
    }
    ClassInfo synthetic;
    synthetic.name = name;
    synthetic.isArrayClass = true;
    m_primitiveArrayClass[t] = static_cast<uint32_t>(ix.m_classes.size());
    ix.m_classes.push_back(std::move(synthetic));
    added = true;
  }
  if (added) {
    sortIndices(ix.m_classByName, [&](uint32_t a, uint32_t b) { return ix.m_classes[a].name < ix.m_classes[b].name; });
  }
  sortIndices(ix.m_classByObject, [&](uint32_t a, uint32_t b) { return ix.m_classes[a].id < ix.m_classes[b].id; });
  ix.m_javaLangClass = ix.findClass("java.lang.Class").value_or(kNoClass);
  ix.m_javaLangString = ix.findClass("java.lang.String").value_or(kNoClass);

  ix.m_heaps.clear();
  for (auto [heapId, nameId] : m_heapNames) {
    HeapInfo heap;
    heap.id = heapId;
    heap.name = nameId ? std::string(text(nameId)) : "default";
    ix.m_heaps.push_back(std::move(heap));
  }
  return okStatus();
}

// Flattens the reference-field offsets of a class and its superclasses. Instance data holds
// the class's own fields first, then each superclass's, so a class's layout is its own fields
// followed by its superclass's layout shifted by the own fields' size.
Status IndexBuilder::computeLayout(uint32_t cls, std::vector<uint8_t>& state) {
  // state: 0 = not done, 1 = in progress (a cycle if seen again), 2 = done. Iterative, because
  // a hostile dump can chain superclasses deeper than the stack.
  std::vector<uint32_t> chain;
  for (uint32_t c = cls; state[c] != 2;) {
    if (state[c] == 1) {
      m_index->m_stats.warnings.push_back("superclass cycle at class " + m_index->m_classes[c].name +
                                          "; its chain is cut there");
      m_index->m_classes[c].superClass = kNoClass;
      break;
    }
    state[c] = 1;
    chain.push_back(c);
    const ClassIndex super = m_index->m_classes[c].superClass;
    if (super == kNoClass) break;
    c = super.value;
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    ClassInfo& info = m_index->m_classes[*it];
    uint32_t own = 0;
    std::vector<uint32_t> refs;
    for (const FieldInfo& f : info.instanceFields) {
      if (f.type == BasicType::kObject) refs.push_back(own);
      own += basicTypeSize(f.type, m_idSize);
    }
    if (info.superClass != kNoClass) {
      const ClassInfo& super = m_index->m_classes[info.superClass.value];
      for (uint32_t off : super.referenceOffsets) refs.push_back(own + off);
      own += super.fieldBytes;
    }
    info.fieldBytes = own;
    info.referenceOffsets = std::move(refs);
    state[*it] = 2;
  }
  return okStatus();
}

// Orders the object table by id. Dumps arrive as runs of ascending ids (heap regions, dump
// threads, a few stragglers); sortRuns() exploits that in O(n), a full sort is the fallback.
Status IndexBuilder::sortObjects() {
  HeapIndex& ix = *m_index;
  auto& e = ix.m_entries;
  e.shrinkToFit();
  if (!m_runStarts.empty() && !sortRuns()) {
    if (!reportProgress("sorting", 0, 1)) return cancelled();
    auto byId = [](const HeapIndex::Entry& a, const HeapIndex::Entry& b) { return a.id < b.id; };
    HeapIndex::Entry* const halves[] = {e.begin(), e.begin() + e.size() / 2, e.end()};
    WorkerPool(2).run(2, [&](size_t half) {
      std::sort(halves[half], halves[half + 1], byId);
      return okStatus();
    });
    std::inplace_merge(halves[0], halves[1], halves[2], byId);
  }
  m_runStarts.clear();
  m_runStarts.shrink_to_fit();
  ix.chooseIdLayout(m_idDifferences);
  ix.buildRankTable();  // reads the ids before compactObjectTable overwrites them
  const uint64_t duplicates = ix.compactObjectTable();
  if (duplicates) {
    ix.m_stats.warnings.push_back(std::to_string(duplicates) +
                                  " object ids occur more than once; lookups return one of them");
  }
  if (ix.m_idRanks.empty()) ix.buildBuckets();
  for (GcRoot& root : ix.m_roots) root.object = ix.find(root.id).value_or(kNoObject);
  for (ClassInfo& c : ix.m_classes) {
    if (c.id.value) c.object = ix.find(c.id).value_or(kNoObject);
  }
  return okStatus();
}

bool IndexBuilder::sortRuns() {
  auto& e = m_index->m_entries;
  struct Run {
    uint32_t begin, end;
    uint32_t size() const { return end - begin; }
  };
  std::vector<Run> runs;
  uint32_t begin = 0;
  for (uint32_t start : m_runStarts) {
    runs.push_back({begin, start});
    begin = start;
  }
  runs.push_back({begin, static_cast<uint32_t>(e.size())});

  // Case 1: the runs cover disjoint id ranges (regions dumped out of address order).
  std::vector<Run> byFirstId = runs;
  std::sort(byFirstId.begin(), byFirstId.end(),
            [&](const Run& a, const Run& b) { return e[a.begin].id < e[b.begin].id; });
  bool disjoint = true;
  for (size_t r = 1; r < byFirstId.size() && disjoint; ++r) {
    disjoint = e[byFirstId[r - 1].end - 1].id < e[byFirstId[r].begin].id;
  }
  if (disjoint) {
    LargeArray<HeapIndex::Entry> sorted;
    if (!sorted.reserve(e.size())) return false;
    sorted.resize(e.size());
    size_t at = 0;
    for (const Run& r : byFirstId) {
      std::memcpy(sorted.data() + at, e.data() + r.begin, r.size() * sizeof(HeapIndex::Entry));
      at += r.size();
    }
    e = std::move(sorted);
    return true;
  }

  // Case 2: one run holds nearly everything and a few stragglers sit inside its range
  // (HotSpot dumps a handful of objects out of order). Sort the stragglers, then merge them
  // into the long run from the back, in place.
  const Run longest =
      *std::max_element(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.size() < b.size(); });
  const size_t others = e.size() - longest.size();
  if (others > e.size() / 4) return false;
  std::vector<HeapIndex::Entry> stragglers;
  stragglers.reserve(others);
  for (const Run& r : runs) {
    if (r.begin != longest.begin) stragglers.insert(stragglers.end(), e.data() + r.begin, e.data() + r.end);
  }
  std::sort(stragglers.begin(), stragglers.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  if (longest.end == e.size()) {
    // Every straggler precedes the long run (HotSpot: a few thousand objects dumped first).
    // Merge forwards in place: output position k never passes the next run entry to read
    // (longest.begin + k - j, with j ≤ longest.begin stragglers placed), and once every straggler
    // is placed the rest of the run is where it belongs already. When the stragglers' ids are
    // low, that is after a few thousand entries instead of a pass over the whole table.
    size_t i = longest.begin, j = 0, k = 0;
    for (; j < others; ++k) {
      e[k] = (i < e.size() && e[i].id <= stragglers[j].id) ? e[i++] : stragglers[j++];  // ties: as below
    }
    return true;
  }
  if (longest.begin != 0) std::memmove(e.data(), e.data() + longest.begin, longest.size() * sizeof(HeapIndex::Entry));
  int64_t i = static_cast<int64_t>(longest.size()) - 1, j = static_cast<int64_t>(others) - 1;
  for (int64_t k = static_cast<int64_t>(e.size()) - 1; j >= 0; --k) {
    e[static_cast<size_t>(k)] = (i >= 0 && e[static_cast<size_t>(i)].id > stragglers[static_cast<size_t>(j)].id)
                                    ? e[static_cast<size_t>(i--)]
                                    : stragglers[static_cast<size_t>(j--)];
  }
  return true;
}

FrameInfo IndexBuilder::frameInfo(uint64_t frameId) const {
  auto it = std::lower_bound(m_stackFrames.begin(), m_stackFrames.end(), frameId,
                             [](const StackFrame& f, uint64_t v) { return f.id < v; });
  if (it == m_stackFrames.end() || it->id != frameId) return {"?", "<unknown frame>", "", 0};
  const uint32_t id = m_idSize;
  const uint8_t* p = m_data.data() + it->offset;
  const HeapIndex& ix = *m_index;
  auto text = [&](uint64_t sid) { return std::string(ix.utf8(sid).value_or(std::string_view())); };
  FrameInfo frame;
  frame.methodName = text(loadId(p + id, id));
  frame.sourceFile = text(loadId(p + 3 * id, id));
  const uint32_t classSerial = loadU32(p + 4 * id);
  frame.line = static_cast<int32_t>(loadU32(p + 4 * id + 4));
  auto lc = std::lower_bound(m_classNameBySerial.begin(), m_classNameBySerial.end(), classSerial,
                             [](const std::pair<uint32_t, uint64_t>& e, uint32_t v) { return e.first < v; });
  if (lc != m_classNameBySerial.end() && lc->first == classSerial) frame.className = javaClassName(text(lc->second));
  if (frame.className.empty()) frame.className = "?";
  return frame;
}

void IndexBuilder::buildThreads() {
  HeapIndex& ix = *m_index;
  for (const LoadClass& lc : m_loadClasses) m_classNameBySerial.emplace_back(lc.serial, lc.nameId);
  std::sort(m_classNameBySerial.begin(), m_classNameBySerial.end());
  std::sort(m_stackFrames.begin(), m_stackFrames.end(),
            [](const StackFrame& a, const StackFrame& b) { return a.id < b.id; });
  std::stable_sort(m_threadStarts.begin(), m_threadStarts.end(),
                   [](const ThreadStart& a, const ThreadStart& b) { return a.serial < b.serial; });
  for (const ThreadStart& ts : m_threadStarts) {
    if (!ix.m_threads.empty() && ix.m_threads.back().serial == ts.serial) {
      ThreadInfo& t = ix.m_threads.back();  // START_THREAD and ROOT_THREAD_OBJECT describe one thread
      if (!t.objectId.value) t.objectId = ObjectId{ts.objectId};
      if (!t.stackTraceSerial) t.stackTraceSerial = ts.stackSerial;
      if (t.name.empty() && ts.nameId) t.name = std::string(ix.utf8(ts.nameId).value_or(""));
      continue;
    }
    ThreadInfo t;
    t.serial = ts.serial;
    t.objectId = ObjectId{ts.objectId};
    t.stackTraceSerial = ts.stackSerial;
    if (ts.nameId) t.name = std::string(ix.utf8(ts.nameId).value_or(""));
    ix.m_threads.push_back(std::move(t));
  }
  for (ThreadInfo& t : ix.m_threads) {
    if (t.name.empty()) {
      if (auto obj = ix.find(t.objectId)) {
        if (auto nameField = ix.field(*obj, "name")) {
          if (auto o = ix.find(nameField->asObjectId())) t.name = ix.stringValue(*o).value_or("");
        }
      }
    }
    for (const StackTrace& st : m_stackTraces) {
      if (st.serial != t.stackTraceSerial || t.stackTraceSerial == 0) continue;
      for (uint32_t k = 0; k < st.frameCount; ++k) {
        t.dumpFrames.push_back(frameInfo(loadId(m_data.data() + st.framesOffset + uint64_t{k} * m_idSize, m_idSize)));
        t.frames.push_back(frameText(t.dumpFrames.back()));
      }
      break;
    }
  }
}

void IndexBuilder::finishStats() {
  HeapIndex& ix = *m_index;
  uint64_t classBytes = 0;
  for (const ClassInfo& c : ix.m_classes) {
    classBytes += sizeof(ClassInfo) + c.name.capacity() + bytesOf(c.instanceFields) + bytesOf(c.staticFields) +
                  bytesOf(c.referenceOffsets);
  }
  uint64_t refBytes = 0;
  for (const auto& segment : ix.m_refSegments) refBytes += segment.bytes();
  ix.m_stats.indexBytes = ix.m_packed.bytes() + ix.m_ids32.bytes() + ix.m_ids64.bytes() +
                          uint64_t{ix.objectCount()} * 8 + refBytes + ix.m_bucketStart.bytes() + ix.m_idRanks.bytes() +
                          ix.m_shallowSizes.bytes() + bytesOf(ix.m_classByObject) + bytesOf(ix.m_classHeapCount) +
                          bytesOf(ix.m_classHeapBytes) + bytesOf(ix.m_classByName) + bytesOf(ix.m_strings) +
                          bytesOf(ix.m_roots) + classBytes;
}

StatusOr<std::shared_ptr<HeapIndex>> HeapIndex::build(std::shared_ptr<const DumpSource> source,
                                                      const IndexOptions& options, ProgressSink& progress,
                                                      const CancelToken& cancel) {
  if (!source) return internalError("HeapIndex::build without a source");
  const std::string name = source->path();
  IndexBuilder builder(std::move(source), options, progress, cancel);
  auto result = builder.run();
  if (!result.ok() && !name.empty()) return result.status().withContext(name);
  return result;
}

}  // namespace mxi::core::hprof
