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
  m_parts.source = m_source;
  m_data = m_source->bytes();
  m_heapNames.emplace_back(0, 0);  // the default heap, where roots and HotSpot objects live
  m_lastLap = nowNs();
}

unsigned IndexBuilder::threadCount() const {
  const unsigned threads = m_options.threads ? m_options.threads : hardwareThreads();
  return std::min(threads, 64u);
}

void IndexBuilder::followScanTables(PageWarmer& warmer) {
  constexpr uint64_t kAhead = 1u << 19;         // objects: 8 MiB of object table
  constexpr uint64_t kFileAhead = 48ull << 20;  // bytes of the dump mapped ahead of the scan
  const uint64_t objectCapacity = m_parts.shallowSizes.capacity();
  warmer.follow(
      [this, objectCapacity] {
        return std::min(m_scannedObjects.load(std::memory_order_relaxed) + kAhead, objectCapacity);
      },
      [this](uint64_t from, uint64_t to) {
        m_entries.populate(from, to);
        m_parts.shallowSizes.populate(from, to);
      });
  // Each reference segment will hold about 1/segments of the references.
  const uint64_t segments = m_parts.refSegments.size();
  const uint64_t refCapacity = m_parts.refSegments.front().capacity();
  warmer.follow(
      [this, segments, refCapacity] {
        return std::min(m_referenceEstimate.load(std::memory_order_relaxed) / segments + kAhead, refCapacity);
      },
      [this](uint64_t from, uint64_t to) {
        for (const auto& segment : m_parts.refSegments) segment.populate(from, to);
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
  auto& timings = m_parts.stats.timingsMs;
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
  m_parts.stats.phases = phases.phases();
  reportProgress("done", 1, 1);
  return std::make_shared<HeapIndex>(std::move(m_parts));
}

Status IndexBuilder::resolveClasses() {
  auto byId = [](const auto& a, const auto& b) { return a.id < b.id; };
  if (!std::is_sorted(m_parts.strings.begin(), m_parts.strings.end(), byId)) {
    std::stable_sort(m_parts.strings.begin(), m_parts.strings.end(), byId);
  }
  std::stable_sort(m_loadClasses.begin(), m_loadClasses.end(),
                   [](const LoadClass& a, const LoadClass& b) { return a.classId < b.classId; });
  m_parts.stats.strings = m_parts.strings.size();
  m_parts.stats.loadClassRecords = m_loadClasses.size();

  auto text = [&](uint64_t stringId) -> std::string_view {
    if (stringId == 0) return {};
    return utf8(m_parts, stringId).value_or(std::string_view());
  };
  auto hex = [](uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return std::string(buf);
  };

  m_parts.classes.reserve(m_rawClasses.size() + 8);
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
    const auto index = static_cast<uint32_t>(m_parts.classes.size());
    if (!map.insert(raw.id, index)) {
      m_parts.stats.warnings.push_back("class " + hex(raw.id) + " is dumped twice; the first dump is used");
    }
    m_parts.classes.push_back(std::move(info));
  }
  for (size_t i = 0; i < m_rawClasses.size(); ++i) {
    if (m_rawClasses[i].superId != 0) {
      const uint32_t super = map.find(m_rawClasses[i].superId);
      if (super != UINT32_MAX) m_parts.classes[i].superClass = ClassIndex{super};
    }
  }
  m_rawClasses.clear();
  m_rawClasses.shrink_to_fit();

  std::vector<uint8_t> state(m_parts.classes.size(), 0);
  for (uint32_t i = 0; i < m_parts.classes.size(); ++i) RETURN_IF_ERROR(computeLayout(i, state));

  auto sortIndices = [&](std::vector<uint32_t>& v, auto less) {
    v.resize(m_parts.classes.size());
    std::iota(v.begin(), v.end(), 0u);
    std::stable_sort(v.begin(), v.end(), less);
  };
  sortIndices(m_parts.classByName,
              [&](uint32_t a, uint32_t b) { return m_parts.classes[a].name < m_parts.classes[b].name; });
  // Primitive arrays are counted under their array class ("byte[]"); a dump without those
  // classes (ART may omit them) gets synthetic ones.
  bool added = false;
  for (uint8_t t = 4; t <= 11; ++t) {
    const std::string name = std::string(basicTypeName(static_cast<BasicType>(t))) + "[]";
    if (auto found = findClass(m_parts, name)) {
      m_primitiveArrayClass[t] = found->value;
      continue;
    }
    ClassInfo synthetic;
    synthetic.name = name;
    synthetic.isArrayClass = true;
    m_primitiveArrayClass[t] = static_cast<uint32_t>(m_parts.classes.size());
    m_parts.classes.push_back(std::move(synthetic));
    added = true;
  }
  if (added) {
    sortIndices(m_parts.classByName,
                [&](uint32_t a, uint32_t b) { return m_parts.classes[a].name < m_parts.classes[b].name; });
  }
  sortIndices(m_parts.classByObject,
              [&](uint32_t a, uint32_t b) { return m_parts.classes[a].id < m_parts.classes[b].id; });
  m_parts.javaLangClass = findClass(m_parts, "java.lang.Class").value_or(kNoClass);
  m_parts.javaLangString = findClass(m_parts, "java.lang.String").value_or(kNoClass);

  m_parts.heaps.clear();
  for (auto [heapId, nameId] : m_heapNames) {
    HeapInfo heap;
    heap.id = heapId;
    heap.name = nameId ? std::string(text(nameId)) : "default";
    m_parts.heaps.push_back(std::move(heap));
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
      m_parts.stats.warnings.push_back("superclass cycle at class " + m_parts.classes[c].name +
                                       "; its chain is cut there");
      m_parts.classes[c].superClass = kNoClass;
      break;
    }
    state[c] = 1;
    chain.push_back(c);
    const ClassIndex super = m_parts.classes[c].superClass;
    if (super == kNoClass) break;
    c = super.value;
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    ClassInfo& info = m_parts.classes[*it];
    uint32_t own = 0;
    std::vector<uint32_t> refs;
    for (const FieldInfo& f : info.instanceFields) {
      if (f.type == BasicType::kObject) refs.push_back(own);
      own += basicTypeSize(f.type, m_idSize);
    }
    if (info.superClass != kNoClass) {
      const ClassInfo& super = m_parts.classes[info.superClass.value];
      for (uint32_t off : super.referenceOffsets) refs.push_back(own + off);
      own += super.fieldBytes;
    }
    info.fieldBytes = own;
    info.referenceOffsets = std::move(refs);
    state[*it] = 2;
  }
  return okStatus();
}

FrameInfo IndexBuilder::frameInfo(uint64_t frameId) const {
  auto it = std::lower_bound(m_stackFrames.begin(), m_stackFrames.end(), frameId,
                             [](const StackFrame& f, uint64_t v) { return f.id < v; });
  if (it == m_stackFrames.end() || it->id != frameId) return {"?", "<unknown frame>", "", 0};
  const uint32_t id = m_idSize;
  const uint8_t* p = m_data.data() + it->offset;
  auto text = [&](uint64_t sid) { return std::string(utf8(m_parts, sid).value_or(std::string_view())); };
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
  for (const LoadClass& lc : m_loadClasses) m_classNameBySerial.emplace_back(lc.serial, lc.nameId);
  std::sort(m_classNameBySerial.begin(), m_classNameBySerial.end());
  std::sort(m_stackFrames.begin(), m_stackFrames.end(),
            [](const StackFrame& a, const StackFrame& b) { return a.id < b.id; });
  std::stable_sort(m_threadStarts.begin(), m_threadStarts.end(),
                   [](const ThreadStart& a, const ThreadStart& b) { return a.serial < b.serial; });
  for (const ThreadStart& ts : m_threadStarts) {
    if (!m_parts.threads.empty() && m_parts.threads.back().serial == ts.serial) {
      ThreadInfo& t = m_parts.threads.back();  // START_THREAD and ROOT_THREAD_OBJECT describe one thread
      if (!t.objectId.value) t.objectId = ObjectId{ts.objectId};
      if (!t.stackTraceSerial) t.stackTraceSerial = ts.stackSerial;
      if (t.name.empty() && ts.nameId) t.name = std::string(utf8(m_parts, ts.nameId).value_or(""));
      continue;
    }
    ThreadInfo t;
    t.serial = ts.serial;
    t.objectId = ObjectId{ts.objectId};
    t.stackTraceSerial = ts.stackSerial;
    if (ts.nameId) t.name = std::string(utf8(m_parts, ts.nameId).value_or(""));
    m_parts.threads.push_back(std::move(t));
  }
  // A thread named only by its Thread object gets that name from the finished index
  // (HeapIndex's constructor).
  for (ThreadInfo& t : m_parts.threads) {
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
  uint64_t classBytes = 0;
  for (const ClassInfo& c : m_parts.classes) {
    classBytes += sizeof(ClassInfo) + c.name.capacity() + bytesOf(c.instanceFields) + bytesOf(c.staticFields) +
                  bytesOf(c.referenceOffsets);
  }
  uint64_t refBytes = 0;
  for (const auto& segment : m_parts.refSegments) refBytes += segment.bytes();
  m_parts.stats.indexBytes = m_parts.packed.bytes() + uint64_t{m_parts.packed.size()} * 8 + refBytes +
                             m_parts.ids.bytes() + m_parts.shallowSizes.bytes() + bytesOf(m_parts.classByObject) +
                             bytesOf(m_parts.classHeapCount) + bytesOf(m_parts.classHeapBytes) +
                             bytesOf(m_parts.classByName) + bytesOf(m_parts.strings) + bytesOf(m_parts.roots) +
                             classBytes;
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
