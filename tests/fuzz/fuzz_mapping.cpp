// libFuzzer target for R8 / ProGuard mapping.txt (core/mapping): the input is split at its first
// NUL byte into a mapping and a stack trace; the stack is retraced through the mapping, and every
// class, field and method the stack names is looked up.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/mapping/r8_mapping.h"

using namespace mxi::core::mapping;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  const std::string_view mappingText = input.substr(0, nul);
  const std::string_view stack = nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);
  auto mapping = R8Mapping::parse(mappingText);
  if (!mapping.ok()) return 0;
  size_t sink = retraceStack(*mapping, stack).size() + mapping->classCount();
  const size_t dot = stack.rfind('.');
  if (dot != std::string_view::npos) {
    const std::string_view cls = stack.substr(0, dot), member = stack.substr(dot + 1);
    sink += mapping->originalClass(cls).size() + mapping->minifiedClass(cls).value_or("").size();
    sink += mapping->originalField(cls, member).value_or("").size() + mapping->originalMethod(cls, member).size();
    for (std::optional<uint32_t> line :
         {std::optional<uint32_t>(), std::optional<uint32_t>(1), std::optional<uint32_t>(UINT32_MAX)}) {
      sink += mapping->retrace(cls, member, line).size();
      sink += mapping->retraceOutlineCaller(cls, member, line, 1).size();
    }
  }
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
