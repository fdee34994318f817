// Method names for Matrix method ids: the gradle plugin's methodMapping.txt
// (`id,accessFlags,class method desc`) and, for names it left obfuscated, a ProGuard/R8 mapping.txt.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::matrix {

// AppMethodBeat.METHOD_ID_DISPATCH: Matrix's pseudo-method for Looper message dispatch.
inline constexpr int64_t kDispatchMethodId = 1048574;

struct MappedMethod {
  int32_t accessFlags = 0;
  std::string className;  // dots
  std::string methodName;
  std::string descriptor;           // "(Landroid.os.Message;)V"; empty for native methods
  std::string displayName() const;  // "android.os.Handler.dispatchMessage(Landroid.os.Message;)V"
};

// ProGuard/R8 mapping.txt: obfuscated class → original, and per class obfuscated member → originals.
class ProguardMapping {
 public:
  static StatusOr<ProguardMapping> parse(std::string_view text);
  // Original class name, or the argument unchanged.
  std::string originalClass(const std::string& obfuscated) const;
  // Original method name(s) of `obfuscatedMethod` in obfuscated class `obfuscatedClass`; several
  // overloads sharing one obfuscated name are joined with '|'. Empty when unknown.
  std::string originalMethod(const std::string& obfuscatedClass, const std::string& obfuscatedMethod) const;
  size_t classCount() const { return m_classes.size(); }

 private:
  struct ClassEntry {
    std::string original;
    std::unordered_map<std::string, std::vector<std::string>> methods;
  };
  std::unordered_map<std::string, ClassEntry> m_classes;
};

class MethodMapping {
 public:
  // Blank and '#' lines are skipped; a malformed line fails with its byte offset.
  static StatusOr<MethodMapping> parse(std::string_view text);
  // Renames classes/methods through `proguard` (names already clear stay as they are).
  void applyProguard(const ProguardMapping& proguard);
  void add(int64_t id, MappedMethod method) { m_methods[id] = std::move(method); }
  const MappedMethod* find(int64_t id) const;
  // Display name, "Looper dispatch (…)" for 1048574 without a mapping, else "method#<id>".
  std::string nameOf(int64_t id) const;
  size_t size() const { return m_methods.size(); }

 private:
  std::unordered_map<int64_t, MappedMethod> m_methods;
};

}  // namespace mxi::core::matrix
