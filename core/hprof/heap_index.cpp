#include "core/hprof/heap_index.h"

#include <algorithm>
#include <cstring>

#include "core/hprof/byte_reader.h"
#include "core/hprof/java_string.h"

namespace mxi::core::hprof {

HeapIndex::~HeapIndex() = default;

void HeapIndex::chooseIdLayout(uint64_t idDifferences) {
  const size_t n = m_entries.size();
  m_minId = n ? m_entries.front().id : 0;
  m_maxId = n ? m_entries.back().id : 0;
  m_idShift = idDifferences ? std::min(__builtin_ctzll(idDifferences), 3) : 0;
  m_compactIds = ((m_maxId - m_minId) >> m_idShift) <= UINT32_MAX;
}

void HeapIndex::buildRankTable() {
  if (!m_compactIds || m_entries.empty()) return;
  // At most 8 bytes per object (objects average at most 48 id slots: 384 bytes with HotSpot's
  // 8-byte alignment) or 64 KiB; sparser ids get the buckets.
  const uint64_t budget = std::max<uint64_t>(uint64_t{m_entries.size()} * 8, 64 << 10);
  const Entry* const entries = m_entries.data();
  const uint64_t minId = m_minId;
  const uint32_t shift = m_idShift;
  m_idsInRecords = m_idRanks.build(
      m_entries.size(), [=](size_t i) { return static_cast<uint32_t>((entries[i].id - minId) >> shift); }, budget);
}

uint64_t HeapIndex::compactObjectTable() {
  const size_t n = m_entries.size();
  // One pass: each entry's packed word moves, in place, from byte 16i + 8 to byte 8i — never
  // over an entry still to be read — and its id goes to the id table if one is kept.
  auto* bytes = reinterpret_cast<uint8_t*>(m_entries.data());
  uint64_t duplicates = 0;
  if (m_idsInRecords) {
    for (size_t i = 0; i < n; ++i) std::memcpy(bytes + 8 * i, &m_entries[i].packed, 8);
  } else {
    if (m_compactIds) {
      m_ids32.resize(n);
    } else {
      m_ids64.resize(n);
    }
    uint64_t previous = n ? m_entries.front().id + 1 : 0;  // differs from the first id
    for (size_t i = 0; i < n; ++i) {
      const Entry entry = m_entries[i];
      duplicates += entry.id == previous;
      previous = entry.id;
      if (m_compactIds) {
        m_ids32[i] = static_cast<uint32_t>((entry.id - m_minId) >> m_idShift);
      } else {
        m_ids64[i] = entry.id;
      }
      std::memcpy(bytes + 8 * i, &entry.packed, 8);
    }
  }
  m_packed = std::move(m_entries).reinterpretAs<uint64_t>(n);
  // The freed second half (n words, plus one spare) becomes the class and CSR-offset tables.
  MXI_CHECK(m_packed.capacity() >= 2 * n + 1);
  m_classOfObject = reinterpret_cast<uint32_t*>(m_packed.data() + n);
  m_refOffsets = m_classOfObject + n;
  m_packed.shrinkToFit(2 * n + 1);
  return duplicates;
}

void HeapIndex::buildBuckets() {
  m_bucketStart.resize(0);
  if (m_packed.empty()) return;
  // About one bucket per four objects: a search then stays within one or two cache lines,
  // and the table costs one byte per object.
  const uint64_t range = m_maxId - m_minId;
  const uint32_t n = objectCount();
  const uint64_t target = std::max<uint64_t>(1, n / 4);
  m_bucketShift = 0;
  while ((range >> m_bucketShift) >= target) ++m_bucketShift;
  const uint64_t buckets = (range >> m_bucketShift) + 1;
  m_bucketStart.resize(buckets + 1);
  uint64_t b = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t bucket = (idOf(ObjectIndex{i}).value - m_minId) >> m_bucketShift;
    while (b <= bucket) m_bucketStart[b++] = i;
  }
  while (b <= buckets) m_bucketStart[b++] = n;
}

ObjectId HeapIndex::idFromRecord(ObjectIndex object) const { return ObjectId{loadId(recordData(object), idSize())}; }

const uint8_t* HeapIndex::recordData(ObjectIndex object) const {
  return m_source->bytes().data() + recordOffset(object) + 1;
}

uint64_t HeapIndex::shallowSizeFromDump(ObjectIndex object) const {
  const uint32_t id = idSize();
  const uint8_t* p = recordData(object);
  switch (kindOf(object)) {
    case ObjectKind::kInstance: {
      const ClassIndex cls = classOf(object);
      return cls != kNoClass ? m_classes[cls.value].instanceSize : loadU32(p + 2 * id + 4);
    }
    case ObjectKind::kObjectArray: return uint64_t{loadU32(p + id + 4)} * id;
    case ObjectKind::kPrimitiveArray:
      return uint64_t{loadU32(p + id + 4)} * basicTypeSize(static_cast<BasicType>(p[id + 8]), id);
    case ObjectKind::kClass: {
      uint64_t size = 0;
      if (auto cls = classForObject(object)) {
        for (const StaticField& st : m_classes[cls->value].staticFields) size += basicTypeSize(st.type, id);
      }
      return size;
    }
  }
  return 0;
}

std::optional<ClassIndex> HeapIndex::findClass(std::string_view javaName) const {
  auto it = std::lower_bound(m_classByName.begin(), m_classByName.end(), javaName,
                             [&](uint32_t c, std::string_view name) { return m_classes[c].name < name; });
  if (it == m_classByName.end() || m_classes[*it].name != javaName) return std::nullopt;
  return ClassIndex{*it};
}

std::optional<ClassIndex> HeapIndex::classForObject(ObjectIndex classObject) const {
  const uint64_t id = idOf(classObject).value;
  auto it = std::lower_bound(m_classByObject.begin(), m_classByObject.end(), id,
                             [&](uint32_t c, uint64_t v) { return m_classes[c].id.value < v; });
  if (it == m_classByObject.end() || m_classes[*it].id.value != id || id == 0) return std::nullopt;
  return ClassIndex{*it};
}

bool HeapIndex::isSubclassOf(ClassIndex cls, ClassIndex ancestor) const {
  // Bounded by the class count: superclass cycles were cut while building.
  for (uint32_t steps = 0; cls != kNoClass && steps <= m_classes.size(); ++steps) {
    if (cls == ancestor) return true;
    cls = m_classes[cls.value].superClass;
  }
  return false;
}

std::optional<HeapIndex::FieldSlot> HeapIndex::fieldSlot(ClassIndex cls, std::string_view name) const {
  uint32_t base = 0;
  for (uint32_t steps = 0; cls != kNoClass && steps <= m_classes.size(); ++steps) {
    const ClassInfo& info = m_classes[cls.value];
    uint32_t offset = base;
    for (const FieldInfo& f : info.instanceFields) {
      if (f.name == name) return FieldSlot{offset, f.type};
      offset += basicTypeSize(f.type, idSize());
    }
    base = offset;
    cls = info.superClass;
  }
  return std::nullopt;
}

namespace {
Value readValue(const uint8_t* p, BasicType type, uint32_t idSize) {
  Value v;
  v.type = type;
  const uint32_t size = basicTypeSize(type, idSize);
  for (uint32_t b = 0; b < size; ++b) v.raw = (v.raw << 8) | p[b];
  return v;
}
}  // namespace

std::optional<Value> HeapIndex::field(ObjectIndex instance, std::string_view name) const {
  if (kindOf(instance) != ObjectKind::kInstance) return std::nullopt;
  const ClassIndex cls = classOf(instance);
  if (cls == kNoClass) return std::nullopt;
  const auto slot = fieldSlot(cls, name);
  if (!slot) return std::nullopt;
  return fieldAt(instance, *slot);
}

std::optional<Value> HeapIndex::fieldAt(ObjectIndex instance, FieldSlot slot) const {
  const uint32_t id = idSize();
  const uint8_t* p = recordData(instance);
  const uint32_t len = loadU32(p + 2 * id + 4);
  if (uint64_t{slot.offset} + basicTypeSize(slot.type, id) > len) return std::nullopt;
  return readValue(p + 2 * id + 8 + slot.offset, slot.type, id);
}

std::optional<Value> HeapIndex::staticField(ClassIndex cls, std::string_view name) const {
  if (cls == kNoClass || cls.value >= m_classes.size()) return std::nullopt;
  for (const StaticField& st : m_classes[cls.value].staticFields) {
    if (st.name == name) return Value{st.type, st.rawValue};
  }
  return std::nullopt;
}

std::vector<std::pair<FieldInfo, Value>> HeapIndex::fields(ObjectIndex instance) const {
  std::vector<std::pair<FieldInfo, Value>> out;
  if (kindOf(instance) != ObjectKind::kInstance) return out;
  const uint32_t id = idSize();
  const uint8_t* p = recordData(instance);
  const uint32_t len = loadU32(p + 2 * id + 4);
  const uint8_t* data = p + 2 * id + 8;
  uint32_t offset = 0;
  ClassIndex cls = classOf(instance);
  for (uint32_t steps = 0; cls != kNoClass && steps <= m_classes.size(); ++steps) {
    for (const FieldInfo& f : m_classes[cls.value].instanceFields) {
      const uint32_t size = basicTypeSize(f.type, id);
      if (uint64_t{offset} + size > len) return out;
      out.emplace_back(f, readValue(data + offset, f.type, id));
      offset += size;
    }
    cls = m_classes[cls.value].superClass;
  }
  return out;
}

uint32_t HeapIndex::arrayLength(ObjectIndex array) const {
  const ObjectKind kind = kindOf(array);
  if (kind != ObjectKind::kObjectArray && kind != ObjectKind::kPrimitiveArray) return 0;
  return loadU32(recordData(array) + idSize() + 4);
}

std::optional<std::vector<ObjectId>> HeapIndex::objectArrayElements(ObjectIndex array) const {
  if (kindOf(array) != ObjectKind::kObjectArray) return std::nullopt;
  const uint32_t id = idSize();
  const uint8_t* p = recordData(array);
  const uint32_t count = loadU32(p + id + 4);
  std::vector<ObjectId> out(count);
  for (uint32_t k = 0; k < count; ++k) out[k] = ObjectId{loadId(p + 2 * id + 8 + uint64_t{k} * id, id)};
  return out;
}

std::optional<PrimitiveArray> HeapIndex::primitiveArray(ObjectIndex array) const {
  if (kindOf(array) != ObjectKind::kPrimitiveArray) return std::nullopt;
  const uint32_t id = idSize();
  const uint8_t* tag = recordData(array) - 1;
  const uint8_t* p = tag + 1;
  PrimitiveArray out;
  out.length = loadU32(p + id + 4);
  out.elementType = static_cast<BasicType>(p[id + 8]);
  out.hasData = *tag == static_cast<uint8_t>(SubTag::kPrimitiveArrayDump);
  if (out.hasData)
    out.bytes = {p + id + 9, static_cast<size_t>(uint64_t{out.length} * basicTypeSize(out.elementType, id))};
  return out;
}

std::optional<std::string> HeapIndex::stringValue(ObjectIndex string) const {
  // Every layout (Java 8 / Dalvik char[] windows, Java 9+ coder, ART's compressed byte[] and
  // flagged counts) is read in java_string.cpp, shared with the duplicate-string finder.
  if (m_javaLangString == kNoClass || kindOf(string) != ObjectKind::kInstance || classOf(string) != m_javaLangString) {
    return std::nullopt;
  }
  const auto data = stringData(*this, string, StringFieldSlots::of(*this, m_javaLangString));
  if (!data) return std::nullopt;
  return decodeString(*data);
}

std::optional<std::string_view> HeapIndex::utf8(uint64_t stringId) const {
  auto it = std::lower_bound(m_strings.begin(), m_strings.end(), stringId,
                             [](const StringRecord& s, uint64_t v) { return s.id < v; });
  if (it == m_strings.end() || it->id != stringId) return std::nullopt;
  return std::string_view(reinterpret_cast<const char*>(m_source->bytes().data() + it->offset), it->length);
}

std::pair<uint64_t, uint64_t> HeapIndex::classTotals(ClassIndex cls, std::optional<uint8_t> heap) const {
  const size_t heaps = m_heaps.size();
  const size_t slot = cls == kNoClass ? m_classes.size() : cls.value;
  if (heaps == 0 || (slot + 1) * heaps > m_classHeapCount.size()) return {0, 0};
  if (heap) {
    if (*heap >= heaps) return {0, 0};
    return {m_classHeapCount[slot * heaps + *heap], m_classHeapBytes[slot * heaps + *heap]};
  }
  uint64_t count = 0, bytes = 0;
  for (size_t h = 0; h < heaps; ++h) {
    count += m_classHeapCount[slot * heaps + h];
    bytes += m_classHeapBytes[slot * heaps + h];
  }
  return {count, bytes};
}

const ThreadInfo* HeapIndex::threadBySerial(uint32_t serial) const {
  for (const ThreadInfo& t : m_threads) {
    if (t.serial == serial) return &t;
  }
  return nullptr;
}

std::optional<uint8_t> HeapIndex::findHeap(std::string_view name) const {
  for (size_t i = 0; i < m_heaps.size(); ++i) {
    if (m_heaps[i].name == name) return static_cast<uint8_t>(i);
  }
  return std::nullopt;
}

int32_t Value::asInt() const {
  switch (type) {
    case BasicType::kByte: return static_cast<int8_t>(raw);
    case BasicType::kShort: return static_cast<int16_t>(raw);
    default: return static_cast<int32_t>(static_cast<uint32_t>(raw));
  }
}

int64_t Value::asLong() const {
  if (type == BasicType::kLong) return static_cast<int64_t>(raw);
  return asInt();
}

double Value::asDouble() const {
  if (type == BasicType::kDouble) {
    double d;
    std::memcpy(&d, &raw, 8);
    return d;
  }
  if (type == BasicType::kFloat) {
    const auto bits = static_cast<uint32_t>(raw);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  return static_cast<double>(asLong());
}

}  // namespace mxi::core::hprof
