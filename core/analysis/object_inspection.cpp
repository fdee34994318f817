#include "core/analysis/object_inspection.h"

#include <cinttypes>
#include <cstdio>

namespace mxi::core::analysis {

using hprof::BasicType;
using hprof::HeapIndex;
using hprof::ObjectId;
using hprof::ObjectIndex;
using hprof::ObjectKind;

namespace {

constexpr size_t kQuotedStringChars = 80;

std::string hexId(uint64_t id) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, id);
  return buf;
}

// A Java string literal for display: quotes, escapes, cut after `maxChars` bytes (on a UTF-8
// boundary) with an ellipsis.
std::string quoted(const std::string& s, size_t maxChars) {
  std::string out = "\"";
  size_t end = s.size();
  bool cut = false;
  if (end > maxChars) {
    end = maxChars;
    while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
    cut = true;
  }
  for (size_t i = 0; i < end; ++i) {
    const char c = s[i];
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += cut ? "\"…" : "\"";
  return out;
}

std::string primitiveText(const hprof::Value& v) {
  char buf[48];
  switch (v.type) {
    case BasicType::kBoolean: return v.asBool() ? "true" : "false";
    case BasicType::kChar: {
      const auto c = static_cast<unsigned>(v.raw & 0xFFFF);
      if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') {
        std::snprintf(buf, sizeof buf, "'%c'", static_cast<char>(c));
      } else {
        std::snprintf(buf, sizeof buf, "'\\u%04x'", c);
      }
      return buf;
    }
    case BasicType::kFloat:
    case BasicType::kDouble: std::snprintf(buf, sizeof buf, "%.17g", v.asDouble()); return buf;
    case BasicType::kLong: std::snprintf(buf, sizeof buf, "%" PRId64, v.asLong()); return buf;
    default: std::snprintf(buf, sizeof buf, "%" PRId32, v.asInt()); return buf;
  }
}

InspectedValue inspectValue(const HeapIndex& index, std::string name, const hprof::Value& value) {
  InspectedValue out;
  out.name = std::move(name);
  if (value.type != BasicType::kObject) {
    out.type = std::string(hprof::basicTypeName(value.type));
    out.text = primitiveText(value);
    return out;
  }
  out.type = "Object";
  const ObjectId id = value.asObjectId();
  out.text = describeReference(index, id);
  if (id.value != 0) {
    if (auto target = index.find(id)) out.target = *target;
  }
  return out;
}

// Element `i` of a primitive array as a Value.
hprof::Value primitiveElement(const hprof::PrimitiveArray& array, uint32_t i) {
  const uint32_t size = hprof::basicTypeSize(array.elementType, 8);
  uint64_t raw = 0;
  const uint8_t* p = array.bytes.data() + static_cast<size_t>(i) * size;
  for (uint32_t b = 0; b < size; ++b) raw = raw << 8 | p[b];
  return hprof::Value{array.elementType, raw};
}

}  // namespace

std::string describeReference(const HeapIndex& index, ObjectId id) {
  if (id.value == 0) return "null";
  const auto object = index.find(id);
  if (!object) return "@" + hexId(id.value) + " (not in dump)";
  const auto cls = index.classOf(*object);
  std::string text = cls == hprof::kNoClass ? std::string("?") : index.classInfo(cls).name;
  if (index.kindOf(*object) == ObjectKind::kClass) {
    if (auto own = index.classForObject(*object)) text = "class " + index.classInfo(*own).name;
  }
  text += "@" + hexId(id.value);
  if (auto s = index.stringValue(*object)) text += " " + quoted(*s, kQuotedStringChars);
  return text;
}

ObjectInspection inspectObject(const HeapIndex& index, ObjectIndex object, size_t maxElements) {
  ObjectInspection out;
  out.object = object;
  out.id = index.idOf(object);
  out.kind = index.kindOf(object);
  const auto cls = index.classOf(object);
  out.className = cls == hprof::kNoClass ? std::string("?") : index.classInfo(cls).name;
  const uint8_t heap = index.heapOf(object);
  if (heap < index.heaps().size()) out.heap = index.heaps()[heap].name;
  out.shallowBytes = index.shallowSize(object);
  out.recordOffset = index.recordOffset(object);
  for (const auto& root : index.roots()) {
    if (root.object == object) out.rootKinds.emplace_back(hprof::rootKindName(root.kind));
  }

  switch (out.kind) {
    case ObjectKind::kInstance:
      out.stringValue = index.stringValue(object);
      for (const auto& [info, value] : index.fields(object)) {
        out.fields.push_back(inspectValue(index, std::string(info.name), value));
      }
      break;
    case ObjectKind::kClass:
      if (auto own = index.classForObject(object)) {
        const auto& info = index.classInfo(*own);
        out.className = "class " + info.name;
        for (const auto& s : info.staticFields) {
          out.fields.push_back(inspectValue(index, std::string(s.name), hprof::Value{s.type, s.rawValue}));
        }
      }
      break;
    case ObjectKind::kObjectArray:
      if (auto elements = index.objectArrayElements(object)) {
        out.arrayLength = static_cast<uint32_t>(elements->size());
        const size_t n = std::min(elements->size(), maxElements);
        for (size_t i = 0; i < n; ++i) {
          out.elements.push_back(inspectValue(index, "[" + std::to_string(i) + "]",
                                              hprof::Value{BasicType::kObject, (*elements)[i].value}));
        }
      }
      break;
    case ObjectKind::kPrimitiveArray:
      if (auto array = index.primitiveArray(object)) {
        out.arrayLength = array->length;
        if (array->hasData) {
          const size_t n = std::min<size_t>(array->length, maxElements);
          for (size_t i = 0; i < n; ++i) {
            out.elements.push_back(
                inspectValue(index, "[" + std::to_string(i) + "]", primitiveElement(*array, static_cast<uint32_t>(i))));
          }
        }
      }
      break;
  }
  return out;
}

StatusOr<Referrers> findReferrers(const HeapIndex& index, ObjectIndex target, size_t limit, const CancelToken& cancel) {
  Referrers out;
  const uint32_t n = index.objectCount();
  for (uint32_t i = 0; i < n; ++i) {
    if ((i & 0xFFFFF) == 0 && cancel.isCancelled()) return cancelled();
    for (const ObjectIndex to : index.references(ObjectIndex{i})) {
      if (to != target) continue;
      if (out.referrers.size() < limit)
        out.referrers.push_back({ObjectIndex{i}, nameReference(index, ObjectIndex{i}, target)});
      ++out.total;
      break;  // one entry per referring object
    }
  }
  return out;
}

StatusOr<Instances> findInstances(const HeapIndex& index, hprof::ClassIndex cls, size_t limit,
                                  const CancelToken& cancel) {
  Instances out;
  const uint32_t n = index.objectCount();
  for (uint32_t i = 0; i < n; ++i) {
    if ((i & 0xFFFFF) == 0 && cancel.isCancelled()) return cancelled();
    const ObjectIndex o{i};
    if (index.classOf(o) != cls || index.kindOf(o) == ObjectKind::kClass) continue;
    if (out.objects.size() < limit) out.objects.push_back(o);
    ++out.total;
  }
  return out;
}

}  // namespace mxi::core::analysis
