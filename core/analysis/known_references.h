// Known references: framework and library references that hold objects for reasons the app
// does not control (LeakCanary calls the leaks through them "library leaks"). The path search
// follows them last, and a leak whose shortest strong path still goes through one is reported
// apart, with the pattern's description. The built-in list can be replaced or extended from a
// JSON file (see docs/LEAKS.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

struct KnownReference {
  enum class Kind : uint8_t { kInstanceField, kStaticField };
  Kind kind = Kind::kInstanceField;
  std::string className;    // declaring class (instance fields: also matches subclasses)
  std::string fieldName;
  std::string description;  // why it leaks and what to do
};

// The built-in list: well-known Android framework leaks.
std::vector<KnownReference> builtinKnownReferences();
// Parses `[{"kind": "instanceField"|"staticField", "className": …, "fieldName": …,
// "description": …}, …]`.
StatusOr<std::vector<KnownReference>> parseKnownReferences(std::string_view json);

// The patterns resolved against one heap: which edges out of an object match one.
class KnownReferenceMatcher {
 public:
  KnownReferenceMatcher(const hprof::HeapIndex& index, std::vector<KnownReference> patterns);
  const std::vector<KnownReference>& patterns() const { return m_patterns; }
  // Whether any pattern can apply to edges out of `object` (cheap; call before targets()).
  bool mayMatch(hprof::ObjectIndex object) const;
  // Calls visit(targetObject, patternIndex) for each edge out of `object` that matches.
  template <typename F>
  void forEachMatch(hprof::ObjectIndex object, F&& visit) const {
    for (const auto& [target, pattern] : matches(object)) visit(target, pattern);
  }
  // Index of the pattern the reference `fieldName` of `from` matches, or -1.
  int matchField(hprof::ObjectIndex from, std::string_view fieldName, bool isStatic) const;

 private:
  std::vector<std::pair<hprof::ObjectIndex, int>> matches(hprof::ObjectIndex object) const;

  const hprof::HeapIndex& m_index;
  std::vector<KnownReference> m_patterns;
  std::vector<std::vector<int>> m_instancePatterns;  // by ClassIndex: patterns its instances match
  std::vector<std::vector<int>> m_staticPatterns;    // by ClassIndex: patterns on its statics
};

}  // namespace mxi::core::analysis
