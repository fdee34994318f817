#include "core/hprof/heap_index_parts.h"

#include <algorithm>

namespace mxi::core::hprof {

std::optional<std::string_view> utf8(const HeapIndexParts& parts, uint64_t stringId) {
  auto it = std::lower_bound(parts.strings.begin(), parts.strings.end(), stringId,
                             [](const StringRecord& s, uint64_t v) { return s.id < v; });
  if (it == parts.strings.end() || it->id != stringId) return std::nullopt;
  return std::string_view(reinterpret_cast<const char*>(parts.source->bytes().data() + it->offset), it->length);
}

std::optional<ClassIndex> findClass(const HeapIndexParts& parts, std::string_view javaName) {
  const std::vector<ClassInfo>& classes = parts.classes;
  auto it = std::lower_bound(parts.classByName.begin(), parts.classByName.end(), javaName,
                             [&](uint32_t c, std::string_view name) { return classes[c].name < name; });
  if (it == parts.classByName.end() || classes[*it].name != javaName) return std::nullopt;
  return ClassIndex{*it};
}

}  // namespace mxi::core::hprof
