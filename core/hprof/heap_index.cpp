#include "core/hprof/heap_index.h"

#include <algorithm>
#include <cstring>

#include "core/base/check.h"
#include "core/hprof/byte_reader.h"

namespace mxi::core::hprof {

HeapIndex::HeapIndex(HeapIndexParts parts) : m_parts(std::move(parts)) {
  checkInvariants();
  nameThreadsFromObjects();
}

HeapIndex::~HeapIndex() = default;

void HeapIndex::checkInvariants() const {
  const HeapIndexParts& p = m_parts;
  MXI_CHECK(p.source != nullptr);
  MXI_CHECK(p.stats.idSize == 4 || p.stats.idSize == 8);
  // Per-object tables: one entry per object. The class and CSR-offset tables sit in the
  // second half of the packed words' storage (see HeapIndexParts).
  const size_t n = p.packed.size();
  MXI_CHECK(n < UINT32_MAX);
  MXI_CHECK(p.shallowSizes.size() == n);
  MXI_CHECK(n == 0 || p.packed.capacity() >= 2 * n + 1);
  MXI_CHECK(p.classOfObject == reinterpret_cast<const uint32_t*>(p.packed.data() + n));
  MXI_CHECK(p.refOffsets == p.classOfObject + n);
  // Reference segments cover every object once, in order.
  MXI_CHECK(!p.refSegments.empty() && p.segmentStart.size() == p.refSegments.size() + 1);
  MXI_CHECK(p.segmentStart.front() == 0 && p.segmentStart.back() == n);
  for (size_t k = 0; k + 1 < p.segmentStart.size(); ++k) MXI_CHECK(p.segmentStart[k] <= p.segmentStart[k + 1]);
  // The id lookup: a rank table with the ids in the records, else an id table per object and
  // buckets over the ids' whole range.
  const ObjectIds& ids = p.ids;
  MXI_CHECK(ids.minId <= ids.maxId && ids.shift <= 3);
  MXI_CHECK(ids.inRecords == !ids.ranks.empty());
  if (!ids.inRecords) {
    MXI_CHECK((ids.compact ? ids.ids32.size() : ids.ids64.size()) == n);
    MXI_CHECK(n == 0 || (ids.bucketStart.size() == ((ids.maxId - ids.minId) >> ids.bucketShift) + 2 &&
                         ids.bucketStart.back() == n));
  }
  // Classes: both orders cover the class table; per (class slot, heap) totals for every class
  // plus "class not in the dump", in every heap (heap numbers are one byte).
  const size_t classes = p.classes.size();
  MXI_CHECK(p.classByName.size() == classes && p.classByObject.size() == classes);
  MXI_CHECK(p.javaLangClass == kNoClass || p.javaLangClass.value < classes);
  MXI_CHECK(p.javaLangString == kNoClass || p.javaLangString.value < classes);
  MXI_CHECK(!p.heaps.empty() && p.heaps.size() <= 256);
  MXI_CHECK(p.classHeapCount.size() == (classes + 1) * p.heaps.size());
  MXI_CHECK(p.classHeapBytes.size() == p.classHeapCount.size());
  // Sorted orders, checked in debug builds only (a pass over every class and string).
  MXI_DCHECK(std::is_sorted(p.classByName.begin(), p.classByName.end(),
                            [&](uint32_t a, uint32_t b) { return p.classes[a].name < p.classes[b].name; }));
  MXI_DCHECK(std::is_sorted(p.classByObject.begin(), p.classByObject.end(),
                            [&](uint32_t a, uint32_t b) { return p.classes[a].id < p.classes[b].id; }));
  MXI_DCHECK(std::is_sorted(p.strings.begin(), p.strings.end(),
                            [](const StringRecord& a, const StringRecord& b) { return a.id < b.id; }));
}

void HeapIndex::nameThreadsFromObjects() {
  // A thread with no START_THREAD name (HotSpot's and ART's dumps give thread objects only)
  // takes its Thread object's `name`: reading a String needs the finished index.
  for (ThreadInfo& t : m_parts.threads) {
    if (!t.name.empty()) continue;
    if (auto object = find(t.objectId)) {
      if (auto nameField = field(*object, "name")) {
        if (auto name = find(nameField->asObjectId())) t.name = stringValue(*name).value_or("");
      }
    }
  }
}

ObjectId HeapIndex::idFromRecord(ObjectIndex object) const { return ObjectId{loadId(recordData(object), idSize())}; }

const uint8_t* HeapIndex::recordData(ObjectIndex object) const {
  return m_parts.source->bytes().data() + recordOffset(object) + 1;
}

uint64_t HeapIndex::shallowSizeFromDump(ObjectIndex object) const {
  const uint32_t id = idSize();
  const uint8_t* p = recordData(object);
  switch (kindOf(object)) {
    case ObjectKind::kInstance: {
      const ClassIndex cls = classOf(object);
      return cls != kNoClass ? m_parts.classes[cls.value].instanceSize : loadU32(p + 2 * id + 4);
    }
    case ObjectKind::kObjectArray: return uint64_t{loadU32(p + id + 4)} * id;
    case ObjectKind::kPrimitiveArray:
      return uint64_t{loadU32(p + id + 4)} * basicTypeSize(static_cast<BasicType>(p[id + 8]), id);
    case ObjectKind::kClass: {
      uint64_t size = 0;
      if (auto cls = classForObject(object)) {
        for (const StaticField& st : m_parts.classes[cls->value].staticFields) size += basicTypeSize(st.type, id);
      }
      return size;
    }
  }
  return 0;
}

std::optional<ClassIndex> HeapIndex::findClass(std::string_view javaName) const {
  return hprof::findClass(m_parts, javaName);
}

std::optional<ClassIndex> HeapIndex::classForObject(ObjectIndex classObject) const {
  const uint64_t id = idOf(classObject).value;
  auto it = std::lower_bound(m_parts.classByObject.begin(), m_parts.classByObject.end(), id,
                             [&](uint32_t c, uint64_t v) { return m_parts.classes[c].id.value < v; });
  if (it == m_parts.classByObject.end() || m_parts.classes[*it].id.value != id || id == 0) return std::nullopt;
  return ClassIndex{*it};
}

bool HeapIndex::isSubclassOf(ClassIndex cls, ClassIndex ancestor) const {
  // Bounded by the class count: superclass cycles were cut while building.
  for (uint32_t steps = 0; cls != kNoClass && steps <= m_parts.classes.size(); ++steps) {
    if (cls == ancestor) return true;
    cls = m_parts.classes[cls.value].superClass;
  }
  return false;
}

std::optional<HeapIndex::FieldSlot> HeapIndex::fieldSlot(ClassIndex cls, std::string_view name) const {
  uint32_t base = 0;
  for (uint32_t steps = 0; cls != kNoClass && steps <= m_parts.classes.size(); ++steps) {
    const ClassInfo& info = m_parts.classes[cls.value];
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
  if (cls == kNoClass || cls.value >= m_parts.classes.size()) return std::nullopt;
  for (const StaticField& st : m_parts.classes[cls.value].staticFields) {
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
  for (uint32_t steps = 0; cls != kNoClass && steps <= m_parts.classes.size(); ++steps) {
    for (const FieldInfo& f : m_parts.classes[cls.value].instanceFields) {
      const uint32_t size = basicTypeSize(f.type, id);
      if (uint64_t{offset} + size > len) return out;
      out.emplace_back(f, readValue(data + offset, f.type, id));
      offset += size;
    }
    cls = m_parts.classes[cls.value].superClass;
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

std::optional<std::string_view> HeapIndex::utf8(uint64_t stringId) const { return hprof::utf8(m_parts, stringId); }

std::pair<uint64_t, uint64_t> HeapIndex::classTotals(ClassIndex cls, std::optional<uint8_t> heap) const {
  const size_t heaps = m_parts.heaps.size();
  const size_t slot = cls == kNoClass ? m_parts.classes.size() : cls.value;
  if (heaps == 0 || (slot + 1) * heaps > m_parts.classHeapCount.size()) return {0, 0};
  if (heap) {
    if (*heap >= heaps) return {0, 0};
    return {m_parts.classHeapCount[slot * heaps + *heap], m_parts.classHeapBytes[slot * heaps + *heap]};
  }
  uint64_t count = 0, bytes = 0;
  for (size_t h = 0; h < heaps; ++h) {
    count += m_parts.classHeapCount[slot * heaps + h];
    bytes += m_parts.classHeapBytes[slot * heaps + h];
  }
  return {count, bytes};
}

const ThreadInfo* HeapIndex::threadBySerial(uint32_t serial) const {
  for (const ThreadInfo& t : m_parts.threads) {
    if (t.serial == serial) return &t;
  }
  return nullptr;
}

std::optional<uint8_t> HeapIndex::findHeap(std::string_view name) const {
  for (size_t i = 0; i < m_parts.heaps.size(); ++i) {
    if (m_parts.heaps[i].name == name) return static_cast<uint8_t>(i);
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
