// Pass 1 of the index build: one front-to-back walk over every record of the dump.
// Hot path: instance and array records are only measured and noted (id, offset, kind);
// their contents are decoded later, in parallel, by buildReferences().
#include <cstring>
#include <string>

#include "core/hprof/byte_reader.h"
#include "core/hprof/index_builder.h"

namespace mxi::core::hprof {

namespace {

constexpr uint64_t kWindow = 32ull << 20;
constexpr uint64_t kMaxOffset = (uint64_t{1} << 48) - 1;

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// "HEAP_DUMP_SEGMENT (tag 0x1c)", or "tag 0x55" for a tag the format does not define.
std::string recordTagText(uint8_t tag) {
  const std::string_view name = recordTagName(tag);
  return name.empty() ? "tag " + hex(tag) : std::string(name) + " (tag " + hex(tag) + ")";
}

Status truncatedSubRecord(const char* what, uint64_t offset, uint64_t segmentEnd) {
  return invalidInput(std::string(what) + " sub-record runs past the end of its heap dump segment (which ends at " +
                          std::to_string(segmentEnd) + ")",
                      offset);
}

}  // namespace

Status IndexBuilder::parseHeader(uint64_t& bodyStart) {
  if (m_data.empty()) return invalidInput("empty file: not a heap dump", 0);
  const size_t n = std::min<size_t>(m_data.size(), 64);
  const void* nul = std::memchr(m_data.data(), 0, n);
  static constexpr char kPrefix[] = "JAVA PROFILE ";
  if (!nul || m_data.size() < sizeof(kPrefix) - 1 || std::memcmp(m_data.data(), kPrefix, sizeof(kPrefix) - 1) != 0) {
    return invalidInput("not an HPROF heap dump (no \"JAVA PROFILE 1.0.x\" header)", 0);
  }
  const auto* formatEnd = static_cast<const uint8_t*>(nul);
  std::string format(reinterpret_cast<const char*>(m_data.data()), static_cast<size_t>(formatEnd - m_data.data()));
  if (format != "JAVA PROFILE 1.0.1" && format != "JAVA PROFILE 1.0.2" && format != "JAVA PROFILE 1.0.3") {
    return invalidInput("unsupported HPROF version \"" + format + "\"", 0);
  }
  ByteReader r(m_data, static_cast<uint64_t>(formatEnd - m_data.data()) + 1);
  uint32_t idSize = 0, hi = 0, lo = 0;
  const uint64_t idSizeAt = r.pos();
  if (!r.u32(idSize) || !r.u32(hi) || !r.u32(lo)) return invalidInput("truncated HPROF header", r.pos());
  if (idSize != 4 && idSize != 8) {
    return invalidInput("unsupported identifier size " + std::to_string(idSize) + " (expected 4 or 8)", idSizeAt);
  }
  m_idSize = idSize;
  IndexStats& s = m_parts.stats;
  s.format = format;
  s.idSize = idSize;
  s.timestampMs = (uint64_t{hi} << 32) | lo;
  s.fileBytes = m_data.size();
  if (m_data.size() > kMaxOffset) return resourceLimit("dumps over 256 TiB are not supported");
  bodyStart = r.pos();
  // The smallest object record is a no-data primitive array: tag, id, u4, u4, u1.
  const uint64_t maxObjects = m_data.size() / (10 + idSize) + 2;
  // Every table is reserved now (address space only) so the prefault thread can work ahead.
  // One spare entry: the object table's storage later also holds two 32-bit words per object.
  if (!m_entries.reserve(maxObjects + 1) || !m_parts.shallowSizes.reserve(maxObjects)) {
    return resourceLimit("cannot reserve address space for the object table");
  }
  const uint64_t maxRefs = m_data.size() / idSize + 1;
  m_parts.refSegments.resize(threadCount());
  for (auto& segment : m_parts.refSegments) {
    if (!segment.reserve(maxRefs)) return resourceLimit("cannot reserve address space for the reference table");
  }
  return okStatus();
}

Status IndexBuilder::scanRecords(uint64_t pos) {
  IndexStats& s = m_parts.stats;
  const uint32_t id = m_idSize;
  uint64_t nextReport = 0;
  while (pos < m_data.size()) {
    if (pos >= nextReport) {
      if (!reportProgress("scanning", pos, m_data.size())) return cancelled();
      nextReport = pos + (64u << 20);
    }
    ByteReader r(m_data, pos);
    uint8_t tag = 0;
    uint32_t time = 0, length = 0;
    if (!r.u8(tag) || !r.u32(time) || !r.u32(length)) {
      return truncatedAt("the file ends inside the header of the record at byte " + std::to_string(pos), pos);
    }
    const uint64_t body = r.pos();
    if (length > r.remaining()) {
      return truncatedAt(recordTagText(tag) + " record at byte " + std::to_string(pos) + " declares " +
                             std::to_string(length) + " bytes but only " + std::to_string(r.remaining()) + " remain",
                         pos);
    }
    const uint64_t end = body + length;
    s.recordCounts[tag]++;
    // Fixed-layout records must be long enough for what they declare.
    auto needs = [&](uint64_t bytes, const char* name) -> Status {
      if (length < bytes) {
        return invalidInput(std::string(name) + " record is " + std::to_string(length) + " bytes, shorter than " +
                                std::to_string(bytes),
                            pos);
      }
      return okStatus();
    };
    switch (static_cast<RecordTag>(tag)) {
      case RecordTag::kString: {
        RETURN_IF_ERROR(needs(id, "STRING"));
        m_parts.strings.push_back({loadId(m_data.data() + body, id), body + id, length - id});
        break;
      }
      case RecordTag::kLoadClass: {
        RETURN_IF_ERROR(needs(8 + 2 * id, "LOAD_CLASS"));
        const uint8_t* p = m_data.data() + body;
        m_loadClasses.push_back({loadId(p + 4, id), loadId(p + 8 + id, id), loadU32(p)});
        break;
      }
      case RecordTag::kStackFrame:
        RETURN_IF_ERROR(needs(4 * id + 8, "STACK_FRAME"));
        m_stackFrames.push_back({loadId(m_data.data() + body, id), body});
        break;
      case RecordTag::kStackTrace: {
        RETURN_IF_ERROR(needs(12, "STACK_TRACE"));
        const uint8_t* p = m_data.data() + body;
        const uint32_t frames = loadU32(p + 8);
        if (uint64_t{frames} * id != length - 12) {
          return invalidInput(
              "STACK_TRACE declares " + std::to_string(frames) + " frames but its length is " + std::to_string(length),
              pos);
        }
        m_stackTraces.push_back({loadU32(p), loadU32(p + 4), body + 12, frames});
        break;
      }
      case RecordTag::kStartThread: {
        RETURN_IF_ERROR(needs(8 + 4 * id, "START_THREAD"));
        const uint8_t* p = m_data.data() + body;
        m_threadStarts.push_back({loadU32(p), loadU32(p + 4 + id), loadId(p + 4, id), loadId(p + 8 + id, id)});
        break;
      }
      case RecordTag::kUnloadClass: RETURN_IF_ERROR(needs(4, "UNLOAD_CLASS")); break;
      case RecordTag::kEndThread: RETURN_IF_ERROR(needs(4, "END_THREAD")); break;
      case RecordTag::kHeapSummary: RETURN_IF_ERROR(needs(24, "HEAP_SUMMARY")); break;
      case RecordTag::kControlSettings: RETURN_IF_ERROR(needs(6, "CONTROL_SETTINGS")); break;
      case RecordTag::kAllocSites:
      case RecordTag::kCpuSamples:
      case RecordTag::kHeapDumpEnd: break;
      case RecordTag::kHeapDump:
      case RecordTag::kHeapDumpSegment: RETURN_IF_ERROR(scanHeapDump(body, end)); break;
      default:
        // The length makes unknown records safe to skip; keep going but say so.
        if (s.warnings.size() < 100) {
          s.warnings.push_back("skipped unknown record tag " + hex(tag) + " at byte offset " + std::to_string(pos));
        }
        break;
    }
    pos = end;
  }
  // Writers that split the heap into segments always close it with HEAP_DUMP_END; a file that
  // stops at a record boundary before it was cut short (a single HEAP_DUMP needs no end). Every
  // writer puts the heap records after the strings and classes, so a file with none stopped
  // before them: a copy or transfer cut short, whatever the JVM put first.
  const uint64_t segments = s.recordCounts[static_cast<uint8_t>(RecordTag::kHeapDumpSegment)];
  if (segments > 0 && s.recordCounts[static_cast<uint8_t>(RecordTag::kHeapDumpEnd)] == 0) {
    return truncatedAt("the heap dump segments are not closed by a HEAP_DUMP_END record", pos);
  }
  if (segments == 0 && s.recordCounts[static_cast<uint8_t>(RecordTag::kHeapDump)] == 0) {
    return truncatedAt("the file ends before any heap dump record (HEAP_DUMP or HEAP_DUMP_SEGMENT)", pos);
  }
  return okStatus();
}

Status IndexBuilder::truncatedAt(const std::string& what, uint64_t recordOffset) const {
  return invalidInput("truncated at byte " + std::to_string(m_data.size()) + ": " + what + "; read: " + readSoFar(),
                      recordOffset);
}

std::string IndexBuilder::readSoFar() const {
  const IndexStats& s = m_parts.stats;
  const auto count = [](uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  const uint64_t strings = m_parts.strings.size();
  const uint64_t classes = m_loadClasses.size();
  const uint64_t heapRecords = s.recordCounts[static_cast<uint8_t>(RecordTag::kHeapDumpSegment)] +
                               s.recordCounts[static_cast<uint8_t>(RecordTag::kHeapDump)];
  if (heapRecords == 0) {
    if (strings == 0 && classes == 0) return "the file header only, no heap records";
    if (classes == 0) return "strings only, no heap records (" + count(strings, "string", "strings") + ")";
    return "strings and classes only, no heap records (" + count(strings, "string", "strings") + ", " +
           count(classes, "class", "classes") + " loaded)";
  }
  return count(strings, "string", "strings") + ", " + count(classes, "class", "classes") + " loaded, " +
         count(m_rawClasses.size(), "class dump", "class dumps") + " and " +
         count(m_entries.size(), "object", "objects") + " in " +
         count(heapRecords, "heap dump record", "heap dump records");
}

void IndexBuilder::addObject(uint64_t objectId, uint64_t offset, ObjectKind kind) {
  auto& entries = m_entries;
  if (objectId < m_lastId) m_runStarts.push_back(static_cast<uint32_t>(entries.size()));
  if (!entries.empty()) m_idDifferences |= objectId ^ m_lastId;
  m_lastId = objectId;
  entries.push_back(
      {objectId, offset | (uint64_t{static_cast<uint8_t>(kind)} << 48) | (uint64_t{m_currentHeap} << 56)});
}

void IndexBuilder::slideWindow(uint64_t pos) {
  m_scanPosition.store(pos, std::memory_order_relaxed);
  // With a second thread, the page warmer maps the dump ahead of this position and releases it
  // behind (followScanTables); alone, the scan does both itself.
  if (threadCount() > 1 || pos + kWindow / 2 < m_windowEnd) return;
  m_source->prefetch(m_windowEnd, m_windowEnd + kWindow);
  m_windowEnd += kWindow;
  if (pos > m_releasedTo + kWindow) {
    m_source->release(m_releasedTo, pos - kWindow / 4);
    m_releasedTo = pos - kWindow / 4;
  }
}

uint8_t IndexBuilder::heapFor(uint32_t heapId, uint64_t nameId) {
  for (size_t i = 0; i < m_heapNames.size(); ++i) {
    if (m_heapNames[i].first == heapId) return static_cast<uint8_t>(i);
  }
  if (m_heapNames.size() >= 255) return 0;  // absurd input; attribute to the default heap
  m_heapNames.emplace_back(heapId, nameId);
  return static_cast<uint8_t>(m_heapNames.size() - 1);
}

Status IndexBuilder::scanHeapDump(uint64_t begin, uint64_t end) {
  IndexStats& s = m_parts.stats;
  const uint32_t id = m_idSize;
  const uint8_t* const base = m_data.data();
  const uint8_t* p = base + begin;
  const uint8_t* const stop = base + end;
  constexpr uint32_t kScanAhead = 1536;
  // Android starts every segment in the default heap until a HEAP_DUMP_INFO says otherwise.
  m_currentHeap = 0;
  auto offsetOf = [&](const uint8_t* q) { return static_cast<uint64_t>(q - base); };
  auto avail = [&](const uint8_t* q) { return static_cast<uint64_t>(stop - q); };

  while (p < stop) {
    const uint8_t* const rec = p;
    // Each record's length says where the next begins: a chain of dependent loads, which the
    // hardware prefetcher does not follow across pages. The bytes ahead are asked for here.
    __builtin_prefetch(rec + kScanAhead);
    const uint8_t tag = *p++;
    if (++m_sinceCheck == (1u << 16)) {
      m_sinceCheck = 0;
      slideWindow(offsetOf(rec));
      m_scannedObjects.store(m_entries.size(), std::memory_order_relaxed);
      m_referenceEstimate.store(m_localReferenceEstimate, std::memory_order_relaxed);
      if (m_entries.size() > UINT32_MAX - (1u << 17)) {
        return resourceLimit("dumps with more than 4 billion objects are not supported", offsetOf(rec));
      }
      if (!reportProgress("scanning", offsetOf(rec), m_data.size())) return cancelled();
    }
    switch (static_cast<SubTag>(tag)) {
      case SubTag::kInstanceDump: {
        if (avail(p) < 2u * id + 8) return truncatedSubRecord("INSTANCE_DUMP", offsetOf(rec), end);
        const uint32_t len = loadU32(p + 2 * id + 4);
        const uint64_t total = 2u * id + 8 + len;
        if (avail(p) < total) return truncatedSubRecord("INSTANCE_DUMP", offsetOf(rec), end);
        addObject(loadId(p, id), offsetOf(rec), ObjectKind::kInstance);
        s.instances++;
        m_localReferenceEstimate += 2;
        p += total;
        break;
      }
      case SubTag::kObjectArrayDump: {
        if (avail(p) < 2u * id + 8) return truncatedSubRecord("OBJECT_ARRAY_DUMP", offsetOf(rec), end);
        const uint32_t count = loadU32(p + id + 4);
        const uint64_t total = 2u * id + 8 + uint64_t{count} * id;
        if (avail(p) < total) return truncatedSubRecord("OBJECT_ARRAY_DUMP", offsetOf(rec), end);
        addObject(loadId(p, id), offsetOf(rec), ObjectKind::kObjectArray);
        s.objectArrays++;
        m_localReferenceEstimate += count;
        p += total;
        break;
      }
      case SubTag::kPrimitiveArrayDump:
      case SubTag::kPrimitiveArrayNoDataDump: {
        if (avail(p) < id + 9u) return truncatedSubRecord("PRIMITIVE_ARRAY_DUMP", offsetOf(rec), end);
        const uint32_t count = loadU32(p + id + 4);
        const uint8_t type = p[id + 8];
        if (!isValidBasicType(type) || type == static_cast<uint8_t>(BasicType::kObject)) {
          return invalidInput("primitive array has invalid element type " + std::to_string(type), offsetOf(rec));
        }
        uint64_t total = id + 9u;
        if (tag == static_cast<uint8_t>(SubTag::kPrimitiveArrayDump)) {
          total += uint64_t{count} * basicTypeSize(static_cast<BasicType>(type), id);
        } else {
          s.primitiveArraysWithoutData++;
        }
        if (avail(p) < total) return truncatedSubRecord("PRIMITIVE_ARRAY_DUMP", offsetOf(rec), end);
        addObject(loadId(p, id), offsetOf(rec), ObjectKind::kPrimitiveArray);
        s.primitiveArrays++;
        p += total;
        break;
      }
      case SubTag::kClassDump: RETURN_IF_ERROR(scanClassDump(p, stop, offsetOf(rec))); break;
      case SubTag::kHeapDumpInfo: {
        if (avail(p) < 4u + id) return truncatedSubRecord("HEAP_DUMP_INFO", offsetOf(rec), end);
        m_currentHeap = heapFor(loadU32(p), loadId(p + 4, id));
        p += 4 + id;
        break;
      }
      // Roots: id, then per kind a thread serial and/or a frame number (or, for JNI global, a ref id).
      case SubTag::kRootUnknown:
      case SubTag::kRootStickyClass:
      case SubTag::kRootMonitorUsed:
      case SubTag::kRootInternedString:
      case SubTag::kRootFinalizing:
      case SubTag::kRootDebugger:
      case SubTag::kRootReferenceCleanup:
      case SubTag::kRootVmInternal:
      case SubTag::kUnreachable:
      case SubTag::kRootJniGlobal:
      case SubTag::kRootNativeStack:
      case SubTag::kRootThreadBlock:
      case SubTag::kRootJniLocal:
      case SubTag::kRootJavaFrame:
      case SubTag::kRootJniMonitor:
      case SubTag::kRootThreadObject: {
        const auto kind = static_cast<RootKind>(tag);
        uint64_t extra = 0;  // bytes after the id
        switch (kind) {
          case RootKind::kJniGlobal: extra = id; break;
          case RootKind::kNativeStack:
          case RootKind::kThreadBlock: extra = 4; break;
          case RootKind::kJniLocal:
          case RootKind::kJavaFrame:
          case RootKind::kJniMonitor:
          case RootKind::kThreadObject: extra = 8; break;
          default: break;
        }
        if (avail(p) < id + extra) return truncatedSubRecord("GC root", offsetOf(rec), end);
        GcRoot root;
        root.id = ObjectId{loadId(p, id)};
        root.kind = kind;
        root.heap = m_currentHeap;
        if (kind != RootKind::kJniGlobal && extra > 0) root.threadSerial = loadU32(p + id);
        if (extra == 8) {
          // For thread objects the second word is the stack trace serial, not a frame.
          if (kind == RootKind::kThreadObject) {
            m_threadStarts.push_back({root.threadSerial, loadU32(p + id + 4), root.id.value, 0});
          } else {
            root.frame = loadU32(p + id + 4);
          }
        }
        m_parts.roots.push_back(root);
        p += id + extra;
        break;
      }
      default:
        return invalidInput(
            "unknown heap dump sub-record tag " + hex(tag) + " (cannot continue: its length is unknown)",
            offsetOf(rec));
    }
  }
  return okStatus();
}

Status IndexBuilder::scanClassDump(const uint8_t*& p, const uint8_t* end, uint64_t recordOffset) {
  const uint32_t id = m_idSize;
  const uint8_t* const base = m_data.data();
  ByteReader r(std::span<const uint8_t>(base, static_cast<size_t>(end - base)), static_cast<uint64_t>(p - base));
  auto truncated = [&] { return truncatedSubRecord("CLASS_DUMP", recordOffset, static_cast<uint64_t>(end - base)); };
  RawClass c{};
  c.recordOffset = recordOffset;
  uint32_t stackSerial = 0;
  uint64_t ignored = 0;
  if (!r.id(c.id, id) || !r.u32(stackSerial) || !r.id(c.superId, id) || !r.id(c.loaderId, id) || !r.id(ignored, id) ||
      !r.id(ignored, id) || !r.id(ignored, id) || !r.id(ignored, id) || !r.u32(c.instanceSize)) {
    return truncated();
  }
  auto badType = [&](uint8_t t) {
    return invalidInput("CLASS_DUMP " + hex(c.id) + " has a field of invalid type " + std::to_string(t), r.pos() - 1);
  };
  uint16_t constants = 0;
  if (!r.u16(constants)) return truncated();
  for (uint16_t i = 0; i < constants; ++i) {
    uint16_t index = 0;
    uint8_t type = 0;
    if (!r.u16(index) || !r.u8(type)) return truncated();
    if (!isValidBasicType(type)) return badType(type);
    if (!r.skip(basicTypeSize(static_cast<BasicType>(type), id))) return truncated();
  }
  uint16_t statics = 0;
  if (!r.u16(statics)) return truncated();
  c.statics.reserve(statics);
  for (uint16_t i = 0; i < statics; ++i) {
    RawClass::Static st{};
    uint8_t type = 0;
    if (!r.id(st.nameId, id) || !r.u8(type)) return truncated();
    if (!isValidBasicType(type)) return badType(type);
    st.type = static_cast<BasicType>(type);
    const uint32_t size = basicTypeSize(st.type, id);
    if (!r.has(size)) return truncated();
    for (uint32_t b = 0; b < size; ++b) st.raw = (st.raw << 8) | r.here()[b];
    r.skip(size);
    c.statics.push_back(st);
  }
  uint16_t fields = 0;
  if (!r.u16(fields)) return truncated();
  c.instanceFields.reserve(fields);
  for (uint16_t i = 0; i < fields; ++i) {
    uint64_t nameId = 0;
    uint8_t type = 0;
    if (!r.id(nameId, id) || !r.u8(type)) return truncated();
    if (!isValidBasicType(type)) return badType(type);
    c.instanceFields.emplace_back(nameId, static_cast<BasicType>(type));
  }
  addObject(c.id, recordOffset, ObjectKind::kClass);
  m_parts.stats.classes++;
  m_rawClasses.push_back(std::move(c));
  p = r.here();
  return okStatus();
}

}  // namespace mxi::core::hprof
