// printf-style formatting into a std::string (report lines and HTML cells; at most 511 bytes).
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

namespace mxi::core {

__attribute__((format(printf, 1, 2))) inline std::string formatText(const char* format, ...) {
  char buf[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

}  // namespace mxi::core
