#include "core/analysis/reference_names.h"

#include <optional>

#include "core/analysis/heap_graph.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;
using Type = ReferenceName::Type;

std::string_view referenceTypeName(Type type) {
  switch (type) {
    case Type::kRoot: return "root";
    case Type::kInstanceField: return "instanceField";
    case Type::kStaticField: return "staticField";
    case Type::kArrayElement: return "arrayElement";
    case Type::kSuperclass: return "superclass";
    case Type::kClassLoader: return "classLoader";
    case Type::kUnknown: break;
  }
  return "unknown";
}

ReferenceName nameReference(const hprof::HeapIndex& index, ObjectIndex from, ObjectIndex to) {
  const hprof::ObjectId target = index.idOf(to);
  std::optional<ReferenceName> header;  // a match through ART's object header, the last resort
  switch (index.kindOf(from)) {
    case hprof::ObjectKind::kInstance: {
      // fields() lists the object's class's fields first, then each superclass's.
      const auto values = index.fields(from);
      hprof::ClassIndex cls = index.classOf(from);
      size_t left = cls == hprof::kNoClass ? 0 : index.classInfo(cls).instanceFields.size();
      for (const auto& [info, value] : values) {
        while (left == 0 && cls != hprof::kNoClass) {
          cls = index.classInfo(cls).superClass;
          left = cls == hprof::kNoClass ? 0 : index.classInfo(cls).instanceFields.size();
        }
        if (left > 0) --left;
        if (info.type == hprof::BasicType::kObject && value.raw == target.value) {
          ReferenceName name{Type::kInstanceField, std::string(info.name),
                             cls == hprof::kNoClass ? std::string() : index.classInfo(cls).name};
          // ART's header field names a step only when nothing else holds the target.
          if (!isArtHeaderField(info.name)) return name;
          if (!header) header = std::move(name);
        }
      }
      if (header) return *header;
      break;
    }
    case hprof::ObjectKind::kObjectArray: {
      const auto elements = index.objectArrayElements(from);
      if (!elements) break;
      for (size_t k = 0; k < elements->size(); ++k) {
        if ((*elements)[k] == target) {
          return {Type::kArrayElement, "[" + std::to_string(k) + "]", index.classInfo(index.classOf(from)).name};
        }
      }
      break;
    }
    case hprof::ObjectKind::kClass: {
      const auto cls = index.classForObject(from);
      if (!cls) break;
      const hprof::ClassInfo& info = index.classInfo(*cls);
      for (const hprof::StaticField& st : info.staticFields) {
        if (st.type == hprof::BasicType::kObject && st.rawValue == target.value) {
          ReferenceName name{Type::kStaticField, std::string(st.name), info.name};
          if (!isArtHeaderField(st.name)) return name;
          if (!header) header = std::move(name);
        }
      }
      if (info.superClass != hprof::kNoClass && index.classInfo(info.superClass).id == target) {
        return {Type::kSuperclass, "<superclass>", info.name};
      }
      if (info.loaderId == target) return {Type::kClassLoader, "<classloader>", info.name};
      if (header) return *header;
      break;
    }
    case hprof::ObjectKind::kPrimitiveArray: break;
  }
  return {Type::kUnknown, "?", ""};
}

}  // namespace mxi::core::analysis
