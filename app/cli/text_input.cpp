#include "app/cli/text_input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace mxi::cli {

core::StatusOr<std::string> readTextInput(const std::string& path) {
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) {
    return errno == ENOENT ? core::notFound("no such file: " + path)
                           : core::ioError("cannot open " + path + ": " + std::strerror(errno));
  }
  std::string text;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  const bool failed = std::ferror(f);
  if (f != stdin) std::fclose(f);
  if (failed) return core::ioError("cannot read " + path);
  return text;
}

bool parseDropLevels(const std::string& text, int (&out)[4]) {
  std::istringstream in(text);
  std::string part;
  int i = 0, previous = 0;
  while (std::getline(in, part, ',')) {
    if (i == 4) return false;
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    if (end == part.c_str() || *end != '\0' || v <= previous || v > 100000) return false;
    out[i++] = static_cast<int>(v);
    previous = static_cast<int>(v);
  }
  return i == 4;
}

}  // namespace mxi::cli
