// Method names for Matrix method ids: the gradle plugin's methodMapping.txt
// (`id,accessFlags,class method desc`) and, for names it left obfuscated, a ProGuard/R8 mapping.txt.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/base/status.h"
#include "core/mapping/r8_mapping.h"

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

// Whether `text` is a methodMapping.txt: its first line that is neither blank nor '#' starts with
// `id,accessFlags,` (an R8/ProGuard mapping.txt starts with `original -> minified:`).
bool isMatrixMethodMapping(std::string_view text);

class MethodMapping {
 public:
  // Blank and '#' lines are skipped; a malformed line fails with its byte offset.
  static StatusOr<MethodMapping> parse(std::string_view text);
  // Renames classes/methods through an R8/ProGuard mapping (names it does not list stay as they are).
  void applyProguard(const mapping::R8Mapping& proguard);
  void add(int64_t id, MappedMethod method) { m_methods[id] = std::move(method); }
  const MappedMethod* find(int64_t id) const;
  // Display name, "Looper dispatch (…)" for 1048574 without a mapping, else "method#<id>".
  std::string nameOf(int64_t id) const;
  size_t size() const { return m_methods.size(); }

 private:
  std::unordered_map<int64_t, MappedMethod> m_methods;
};

}  // namespace mxi::core::matrix
