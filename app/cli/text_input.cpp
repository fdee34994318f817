#include "app/cli/text_input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

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

}  // namespace mxi::cli
