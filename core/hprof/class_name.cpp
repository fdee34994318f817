#include "core/hprof/class_name.h"

namespace mxi::core::hprof {

namespace {
const char* primitiveName(char code) {
  switch (code) {
    case 'Z': return "boolean";
    case 'C': return "char";
    case 'F': return "float";
    case 'D': return "double";
    case 'B': return "byte";
    case 'S': return "short";
    case 'I': return "int";
    case 'J': return "long";
    default: return nullptr;
  }
}
}  // namespace

std::string javaClassName(std::string_view name) {
  size_t dims = 0;
  while (dims < name.size() && name[dims] == '[') ++dims;
  std::string base;
  if (dims == 0) {
    base = std::string(name);
  } else {
    std::string_view element = name.substr(dims);
    if (element.size() == 1 && primitiveName(element[0])) {
      base = primitiveName(element[0]);
    } else if (element.size() >= 2 && element.front() == 'L' && element.back() == ';') {
      base = std::string(element.substr(1, element.size() - 2));
    } else {
      return std::string(name);  // not a descriptor we know; keep it as written
    }
  }
  for (char& c : base) {
    if (c == '/') c = '.';
  }
  for (size_t i = 0; i < dims; ++i) base += "[]";
  return base;
}

}  // namespace mxi::core::hprof
