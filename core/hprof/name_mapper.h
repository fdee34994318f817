// NameMapper: what HeapIndex::applyNames asks to give a minified (R8/ProGuard) build's dump its
// source names — classes (arrays too), fields per declaring class, thread stack frames. Abstract
// so the index stays free of any mapping format (the device agent links the index alone); the
// R8/ProGuard implementation is core/analysis/heap_names.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::hprof {

// One frame of a thread's stack trace (STACK_FRAME record), names in Java source form.
struct FrameInfo {
  std::string className;   // "com.example.Cache", "?" when the dump names no class
  std::string methodName;  // "put"
  std::string sourceFile;  // "Cache.java", empty when unknown
  // The hprof line field: > 0 a line, 0 none, -1 unknown, -2 compiled method, -3 native method.
  int32_t line = 0;
};

// "com.example.Cache.put(Cache.java:12)", "….run(Native Method)", "….run(Unknown Source)".
std::string frameText(const FrameInfo& frame);

class NameMapper {
 public:
  virtual ~NameMapper() = default;
  // The source name of a class as the dump names it (ClassInfo::name's form: "a.b", "a.b$c",
  // "a.b[][]"); nullopt when it keeps its name.
  virtual std::optional<std::string> className(std::string_view dumpClass) const = 0;
  // The source name of field `dumpField` (instance or static) declared by class `dumpClass`,
  // both as the dump names them; nullopt when it keeps its name.
  virtual std::optional<std::string> fieldName(std::string_view dumpClass, std::string_view dumpField) const = 0;
  // The source frames a dump frame stands for: several when calls were inlined into it (innermost
  // first, as a stack lists them); empty when it keeps its names.
  virtual std::vector<FrameInfo> frames(const FrameInfo& dumpFrame) const = 0;
};

// What applyNames changed (a mapping that renames nothing in a dump is likely the wrong one).
struct NameStats {
  uint64_t classes = 0;
  uint64_t fields = 0;
  uint64_t frames = 0;
};

}  // namespace mxi::core::hprof
