// Known references (Shark's reference matchers): references that hold objects for reasons the
// app does not control. Four kinds: an instance or static field, a Java local variable of a
// named thread (a Java-frame root), and a JNI global reference to an object of a class. A
// `library` pattern is followed only when nothing else holds the object, and a leak whose
// shortest strong path still goes through one is reported apart ("library leak") with the
// pattern's description; an `ignored` pattern is never followed. The built-in Android list
// applies by SDK version and manufacturer, read from the dump's android.os.Build. docs/LEAKS.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

struct KnownReference {
  enum class Kind : uint8_t { kInstanceField, kStaticField, kJavaLocal, kNativeGlobal };
  enum class Type : uint8_t { kLibrary, kIgnored };
  Kind kind = Kind::kInstanceField;
  Type type = Type::kLibrary;
  std::string className;    // fields: the declaring class (instance fields match subclasses too);
                            // nativeGlobal: the held object's class, or a superclass of it
  std::string fieldName;    // fields only
  std::string threadName;   // javaLocal only
  std::string description;  // why it holds the object and what to do
  // Platforms it applies to (0 / empty: any). A dump without Build$VERSION.SDK_INT (a JVM's) is
  // taken as a current platform: a pattern with a maxSdk does not apply to it.
  int minSdk = 0, maxSdk = 0;
  std::string manufacturer;  // as Build.MANUFACTURER says it ("samsung", "LGE", …), any case
};

std::string_view knownReferenceKindName(KnownReference::Kind kind);  // "instanceField", …
// "ViewRootImpl.mContext", "thread main (local)", "JNI global android.os.Binder"
std::string knownReferenceText(const KnownReference& pattern);

// What a dump says about the device that wrote it (android.os.Build and Build$VERSION).
struct AndroidBuild {
  std::optional<int> sdk;    // Build$VERSION.SDK_INT
  std::string manufacturer;  // Build.MANUFACTURER
};
AndroidBuild readAndroidBuild(const hprof::HeapIndex& index);
bool appliesTo(const KnownReference& pattern, const AndroidBuild& build);

// Android's well-known framework and vendor references (facts from LeakCanary's Shark
// AndroidReferenceMatchers), with their platform conditions, and its ignored references.
std::vector<KnownReference> builtinKnownReferences();
// Parses `[{"kind": "instanceField"|"staticField"|"javaLocal"|"nativeGlobal", "className",
// "fieldName", "threadName", "description", "type": "library"|"ignored", "minSdk", "maxSdk",
// "manufacturer"}, …]` (what each kind needs is required; type defaults to library).
StatusOr<std::vector<KnownReference>> parseKnownReferences(std::string_view json);
// The same from a file; errors name the file.
StatusOr<std::vector<KnownReference>> readKnownReferencesFile(const std::string& path);

// The patterns that apply to one heap, resolved against it.
class KnownReferenceMatcher {
 public:
  KnownReferenceMatcher(const hprof::HeapIndex& index, std::vector<KnownReference> patterns);
  const std::vector<KnownReference>& patterns() const { return m_patterns; }
  bool isIgnored(int pattern) const {
    return m_patterns[static_cast<size_t>(pattern)].type == KnownReference::Type::kIgnored;
  }
  // Whether any field pattern can apply to edges out of `object` (cheap; call before forEachMatch()).
  bool mayMatch(hprof::ObjectIndex object) const;
  // Calls visit(targetObject, patternIndex) for each edge out of `object` that a field pattern matches.
  template <typename F>
  void forEachMatch(hprof::ObjectIndex object, F&& visit) const {
    for (const auto& [target, pattern] : matches(object)) visit(target, pattern);
  }
  // Index of the field pattern the reference `fieldName` of `from` matches, or -1.
  int matchField(hprof::ObjectIndex from, std::string_view fieldName, bool isStatic) const;
  // Index of the javaLocal / nativeGlobal pattern a GC root matches, or -1.
  int matchRoot(const hprof::GcRoot& root) const;

 private:
  std::vector<std::pair<hprof::ObjectIndex, int>> matches(hprof::ObjectIndex object) const;

  const hprof::HeapIndex& m_index;
  std::vector<KnownReference> m_patterns;
  std::vector<std::vector<int>> m_instancePatterns;  // by ClassIndex: patterns its instances match
  std::vector<std::vector<int>> m_staticPatterns;    // by ClassIndex: patterns on its statics
  std::vector<std::vector<int>> m_globalPatterns;    // by ClassIndex: nativeGlobal patterns its instances match
  std::vector<int> m_localPatterns;                  // javaLocal patterns
};

}  // namespace mxi::core::analysis
